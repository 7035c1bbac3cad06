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

    /// A frame's time as a cell shows it: `m:ss`, `h:mm:ss` from an hour on (whole seconds).
    public static func label(_ seconds: Double) -> String {
        // DurationLabel truncates to whole seconds and has no label for 0: half a second more
        // keeps the same whole second and is never 0.
        DurationLabel.text(for: max(0, seconds).rounded(.down) + 0.5) ?? "0:00"
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

    /// The frame at or after `time` and before `limit` that is not black, shrunk by ffmpeg into
    /// `box` (its pixel aspect ratio applied, upright); the first one found when all are black.
    /// A seek that gives nothing (past the last frame) is tried again earlier, down to `floor`.
    /// - Returns: the frame and the time it was taken at.
    static func frame(path: String, at time: Double, limit: Double, floor: Double, box: Box, deadline: Double) throws
        -> (image: Image, time: Double)
    {
        let filter = "scale=iw*sar:ih,setsar=1,scale=w=\(box.width ?? -2):h=\(box.height ?? -2):force_original_aspect_ratio=decrease"
        let step = max(0, limit - time)
        var first: (Image, Double)?
        for candidate in [time, time + step * 0.3, time + step * 0.6] {
            guard let frame = try grab(path: path, at: candidate, filter: filter, deadline: deadline) else { continue }
            if first == nil { first = (frame, candidate) }
            let mean = try Operation.call("avg", ["in": .image(frame)])["out"]?.double ?? 0
            if mean > PosterFrame.blackLevel { return (frame, candidate) }
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
