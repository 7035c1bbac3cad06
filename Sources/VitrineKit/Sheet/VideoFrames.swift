import Foundation
import VipsKit

/// Frames of a video for its contact sheet: when to take them, and taking them with ffmpeg.
public enum VideoFrames {
    /// The share of the video left out at each end: openings and endings (titles, black, a
    /// fade) say little of a clip.
    public static let skippedEnds = 0.02

    /// `count` times evenly spread over the middle 96 % of `duration`, one in the middle of
    /// each of `count` equal parts, so none falls on the very last frame (whose seek can come
    /// back empty) and a clip shorter than a second still gets them all; increasing.
    public static func times(count: Int, duration: Double) -> [Double] {
        guard count > 0, duration > 0, duration.isFinite else { return Array(repeating: 0, count: max(0, count)) }
        let start = duration * skippedEnds, span = duration * (1 - 2 * skippedEnds)
        return (0..<count).map { start + span * (Double($0) + 0.5) / Double(count) }
    }

    /// A frame's time as a cell shows it: `m:ss`, `h:mm:ss` from an hour on, in whole seconds;
    /// with tenths (`0:01.3`) when frames are less than a second apart, so that the labels of
    /// a short clip still tell its frames apart.
    public static func label(_ seconds: Double, spacing: Double = 1) -> String {
        let time = max(0, seconds)
        // DurationLabel truncates to whole seconds and has no label for 0: half a second more
        // keeps the same whole second and is never 0.
        let whole = DurationLabel.text(for: time.rounded(.down) + 0.5) ?? "0:00"
        guard spacing < 1 else { return whole }
        return whole + "." + String(Int((time * 10).rounded(.down)) % 10)
    }

    /// What ffprobe says of the video stream itself, which a sheet spreads its times over: a
    /// container can be longer than its video (a longer sound track), and seeks past the last
    /// frame give nothing.
    public struct Stream: Equatable, Sendable {
        /// The video stream's duration, else the container's.
        public var duration: Double?
        public var codec: String?
        /// The file's size.
        public var bytes: Int?
    }

    public static func probe(path: String, timeout: Double) throws -> Stream {
        let result = try Subprocess.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-print_format", "json",
            "-show_entries", "stream=codec_name,duration:stream_tags=DURATION:format=duration,size", "--", VideoProbe.ffmpegInput(path)],
            timeout: timeout)
        if result.timedOut { throw ItemFailure.timeout("ffprobe did not finish in time") }
        guard result.status == 0, let report = try? JSONDecoder().decode(Report.self, from: result.output) else {
            throw ItemFailure.unreadable("ffprobe cannot read it" + (VideoProbe.firstLine(of: result.errors, path: path).map { ": \($0)" } ?? ""))
        }
        let stream = report.streams?.first
        // Matroska keeps a stream's length in a DURATION tag (`00:00:10.010000000`).
        let tagged = stream?.tags?["DURATION"].flatMap { text -> Double? in
            let parts = text.split(separator: ":").compactMap { Double($0) }
            return parts.count == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : nil
        }
        let duration = [stream?.duration.flatMap(Double.init), tagged, report.format?.duration.flatMap(Double.init)]
            .compactMap { $0 }.first { $0 > 0 && $0.isFinite }
        return Stream(duration: duration, codec: stream?.codec_name, bytes: report.format?.size.flatMap(Int.init))
    }

    private struct Report: Decodable {
        struct Format: Decodable {
            var duration: String?
            var size: String?
        }

        struct Stream: Decodable {
            var codec_name: String?
            var duration: String?
            var tags: [String: String]?
        }

        var format: Format?
        var streams: [Stream]?
    }

    /// Whether one pass over the whole video (ffmpeg's `select` filter) should take the frames
    /// rather than one seek each: each seek decodes from a keyframe, which a phone clip has only
    /// at its start, so a short clip is read faster in one pass (bench/README.md). A pass
    /// decodes every frame, so it loses on long videos: it is used up to
    /// ``passSecondsPerFrame`` seconds a frame.
    static func prefersOnePass(duration: Double, frames: Int) -> Bool { duration <= passSecondsPerFrame * Double(frames) }

    /// See ``prefersOnePass(duration:frames:)``.
    static let passSecondsPerFrame = 2.0

    /// ffmpeg's filter that makes a frame upright (ffmpeg turns it before any filter), applies
    /// its pixel aspect ratio and shrinks it into `box`, so that it is never stretched; an HDR
    /// frame is tone-mapped to SDR first.
    static func shrinking(into box: Box, hdr: HDRTransfer? = nil) -> String {
        (hdr.map { $0.toneMapFilter + "," } ?? "") + "scale=iw*sar:ih,setsar=1,scale=w=\(box.width ?? -2):h=\(box.height ?? -2):force_original_aspect_ratio=decrease"
    }

    /// The first frame at or after each of `times`, in one pass of ffmpeg over the video; nil
    /// when it does not give one frame a time (two times between the same two frames).
    static func onePass(path: String, times: [Double], box: Box, hdr: HDRTransfer? = nil, deadline: Double) throws -> [Image]? {
        let chosen = times.map { String(format: "%.3f", $0) }.map { "gte(t\\,\($0))*(isnan(prev_selected_t)+lt(prev_selected_t\\,\($0)))" }
        let result = try Subprocess.run("ffmpeg", ["-v", "error", "-nostdin", "-i", VideoProbe.ffmpegInput(path),
            "-vf", "select='" + chosen.joined(separator: "+") + "'," + shrinking(into: box, hdr: hdr), "-vsync", "vfr",
            "-an", "-sn", "-f", "image2pipe", "-c:v", "png", "-compression_level", "1", "-"], timeout: max(0.1, deadline - WorkerProcess.now()))
        if result.timedOut { throw ItemFailure.timeout("ffmpeg did not give every frame in time") }
        guard result.status == 0 else { return nil }
        let pictures = PNGStream.split(result.output)
        guard pictures.count == times.count else { return nil }
        do {
            return try pictures.map { data throws(VipsError) in try Operation.image("pngload_buffer", ["buffer": .blob(data)]).copyToMemory() }
        } catch {
            throw DecodeFailure(error: error)
        }
    }

    /// Whether a frame is black (a fade, a lens cap), as posters judge it.
    static func isBlack(_ frame: Image) throws -> Bool {
        (try Operation.call("avg", ["in": .image(frame)])["out"]?.double ?? 0) <= PosterFrame.blackLevel
    }

    /// The frame at or after `time` and before `limit` that is not black, shrunk by ffmpeg into
    /// `box` (its pixel aspect ratio applied, upright); the first one found when all are black.
    /// A seek that gives nothing (past the last frame) is tried again earlier, down to `floor`.
    /// - Returns: the frame and the time it was taken at.
    /// - Parameter skipFirst: `time` itself is known to be black (a pass took it).
    static func frame(path: String, at time: Double, limit: Double, floor: Double, box: Box, hdr: HDRTransfer? = nil, deadline: Double,
                      skipFirst: Bool = false) throws
        -> (image: Image, time: Double)
    {
        let filter = shrinking(into: box, hdr: hdr)
        let step = max(0, limit - time)
        var first: (Image, Double)?
        for candidate in (skipFirst ? [] : [time]) + [time + step * 0.3, time + step * 0.6] {
            guard let frame = try grab(path: path, at: candidate, filter: filter, deadline: deadline) else { continue }
            if first == nil { first = (frame, candidate) }
            if try !isBlack(frame) { return (frame, candidate) }
        }
        if let first { return first }
        // Nothing at or after `time`: the stream ends sooner than it said. Earlier, then.
        var earlier = time
        while earlier > floor {
            earlier = max(floor, earlier - max(0.04, (time - floor) / 4))
            if let frame = try grab(path: path, at: earlier, filter: filter, deadline: deadline) { return (frame, earlier) }
        }
        throw ItemFailure.unreadable("ffmpeg gave no frame near \(String(format: "%.3f", time)) s")
    }

    private static func grab(path: String, at time: Double, filter: String, deadline: Double) throws -> Image? {
        let remaining = deadline - WorkerProcess.now()
        guard remaining > 0 else { throw ItemFailure.timeout("ffmpeg did not give every frame in time") }
        return try PosterFrame.frame(path: path, at: time, timeout: remaining, filter: filter)
    }
}

/// PNG files one after another, as ffmpeg's `image2pipe` writes them.
enum PNGStream {
    /// Each whole PNG in `data`: the signature, then chunks up to and with `IEND`.
    static func split(_ data: Data) -> [Data] {
        let bytes = [UInt8](data), signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var pictures: [Data] = [], start = 0
        while start + 8 <= bytes.count, Array(bytes[start..<start + 8]) == signature {
            var at = start + 8
            var ended = false
            while at + 12 <= bytes.count {
                let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
                let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
                at += 12 + length
                if type == "IEND" {
                    ended = true
                    break
                }
            }
            guard ended, at <= bytes.count else { break }
            pictures.append(Data(bytes[start..<at]))
            start = at
        }
        return pictures
    }
}
