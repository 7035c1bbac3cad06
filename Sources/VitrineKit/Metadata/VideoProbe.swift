import Foundation

/// What ffprobe says of a video.
public struct VideoHeader: Codable, Equatable, Sendable {
    /// The container, as ffprobe names it first (`mov`, `matroska`, `ogg`, `avi`…).
    public var format: String
    /// Display size: the stream's rotation applied (a phone's portrait clip is portrait).
    public var width: Int
    public var height: Int
    /// Seconds, 3 decimals.
    public var duration: Double?
    /// The video codec (`h264`, `hevc`, `theora`, `vp9`…).
    public var codec: String
    /// Frames per second, 3 decimals.
    public var fps: Double?
    public var hasAudio: Bool
    /// Profile, level, pixel format and the audio's codec: what browsers' support depends on.
    public var coding: VideoCoding?
    /// PQ or HLG (BT.2020): tone-mapped for every picture made of it; nil for SDR.
    public var hdr: HDRTransfer?
    /// The container's creation time as `YYYY-MM-DDTHH:MM:SS` (UTC, as containers store it).
    public var takenAt: String?
    /// Clockwise rotation a player applies (0, 90, 180, 270).
    public var rotation: Int
    /// Hex SHA-256 of the file's bytes (only with `--hash`).
    public var sha256: String?
    /// Apple's Live Photo identifier (``LivePhoto/videoTag``): the photo it belongs with.
    public var contentIdentifier: String?
    /// Cut off or corrupt, kept because damage was allowed, and what ffprobe said of it.
    public var damaged: Bool?
    public var damage: String?
    /// Captions and the like from an XMP sidecar beside it (when asked for).
    public var text: EmbeddedText?
}

/// Recognises videos by their first bytes and reads them with ffprobe.
public enum VideoProbe {
    /// Whether the first bytes are those of a video container (MP4/MOV, Matroska/WebM, Ogg,
    /// AVI, MPEG-TS/PS, ASF/WMV, FLV). ffprobe then confirms; this only spares it every text file.
    public static func looksLikeVideo(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 192)) ?? Data())
        guard head.count >= 12 else { return false }
        let ascii = { (range: Range<Int>) in String(decoding: head[range], as: UTF8.self) }
        if ascii(4..<8) == "ftyp" {
            // ISO media: HEIC/AVIF are images (libvips has them), the rest is video.
            let brand = ascii(8..<12)
            return !["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1", "avif", "avis"].contains(brand)
        }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return true }  // Matroska, WebM
        if ascii(0..<4) == "OggS" { return true }
        if ascii(0..<4) == "RIFF" && ascii(8..<12) == "AVI " { return true }
        if head[0] == 0x47 && head.count > 188 && head[188] == 0x47 { return true }  // MPEG-TS: sync byte every 188
        if head.starts(with: [0x00, 0x00, 0x01, 0xBA]) { return true }  // MPEG program stream
        if head.starts(with: [0x00, 0x00, 0x01, 0xB3]) { return true }  // MPEG-1/2 video sequence
        if head.starts(with: [0x30, 0x26, 0xB2, 0x75]) { return true }  // ASF
        if ascii(0..<3) == "FLV" { return true }
        if ascii(4..<8) == "moov" || ascii(4..<8) == "mdat" || ascii(4..<8) == "wide" { return true }  // old QuickTime
        return false
    }

    public enum Outcome: Sendable {
        case video(VideoHeader)
        case failed(message: String, reason: ErrorReason)
    }

    /// Runs ffprobe on the file (JSON, no shell) within `timeout` seconds. It also walks every
    /// packet (reading, not decoding) so that a cut-off file is caught: its header alone reads fine.
    /// - Parameter clip: the bytes of the file that hold the video (a Motion Photo's); default all.
    public static func probe(path: String, clip: EmbeddedClip? = nil, timeout: Double, allowDamaged: Bool = false) -> Outcome {
        let result: Subprocess.Result
        do {
            result = try Subprocess.run("ffprobe", ["-v", "error", "-count_packets", "-print_format", "json",
                "-show_format", "-show_streams", "--", ffmpegInput(path, clip: clip)], timeout: timeout)
        } catch {
            return .failed(message: "\(error)", reason: .unsupported)
        }
        if result.timedOut { return .failed(message: "ffprobe did not finish in time", reason: .timeout) }
        let said = firstLine(of: result.errors, path: path)
        guard result.status == 0, let report = try? JSONDecoder().decode(Report.self, from: result.output) else {
            return .failed(message: "ffprobe cannot read it" + (said.map { ": \($0)" } ?? ""), reason: .unreadable)
        }
        guard let stream = report.streams.first(where: { $0.codec_type == "video" && $0.disposition?.attached_pic != 1 }),
            let width = stream.width, let height = stream.height, width > 0, height > 0
        else {
            let audio = report.streams.contains { $0.codec_type == "audio" }
            return .failed(message: audio ? "no video stream (audio only)" : "no video stream", reason: .unsupported)
        }
        // Errors while walking the packets, or (in MP4/MOV, whose index lists every sample) fewer
        // packets than the index promises: cut off or corrupt. AVI's frame count is not that exact.
        let isoMedia = report.format.format_name?.hasPrefix("mov") ?? false
        let promised = isoMedia ? stream.nb_frames.flatMap(Int.init) ?? 0 : 0
        let found = stream.nb_read_packets.flatMap(Int.init) ?? promised
        let damaged = found < promised || said != nil
        let damage = "truncated or corrupt (\(said ?? "\(found) of \(promised) frames present"))"
        if damaged && !allowDamaged { return .failed(message: "damaged: " + damage, reason: .damaged) }
        let rotation = Self.rotation(of: stream)
        let audio = report.streams.first { $0.codec_type == "audio" }
        let turned = rotation == 90 || rotation == 270
        // As players show it: non-square pixels widen (or narrow) the stored picture.
        let sampleAspect = VideoCoding.sampleAspect(stream.sample_aspect_ratio)
        let shownWidth = sampleAspect.map { max(1, Int((Double(width) * $0).rounded())) } ?? width
        let duration = (report.format.duration.flatMap(Double.init) ?? stream.duration.flatMap(Double.init))
            .map { ($0 * 1000).rounded() / 1000 }
        return .video(VideoHeader(
            format: report.format.format_name?.split(separator: ",").first.map(String.init) ?? "video",
            width: turned ? height : shownWidth,
            height: turned ? shownWidth : height,
            duration: duration,
            codec: stream.codec_name ?? "unknown",
            fps: Self.rate(stream.avg_frame_rate) ?? Self.rate(stream.r_frame_rate),
            hasAudio: audio != nil,
            coding: VideoCoding(profile: stream.profile, level: stream.level.flatMap { $0 > 0 ? $0 : nil }, pixelFormat: stream.pix_fmt,
                audioCodec: audio?.codec_name, audioProfile: audio?.profile,
                sampleAspectRatio: sampleAspect == nil ? nil : stream.sample_aspect_ratio),
            hdr: HDRTransfer(colorTransfer: stream.color_transfer),
            takenAt: Self.creationTime(report.format.tags?["creation_time"] ?? stream.tags?["creation_time"]),
            rotation: rotation, contentIdentifier: LivePhoto.contentIdentifier(videoTags: report.format.tags),
            damaged: damaged ? true : nil,
            damage: damaged ? damage : nil))
    }

    /// Clockwise degrees a player turns the picture: the display matrix's rotation is
    /// counter-clockwise in ffprobe's report, the old `rotate` tag clockwise.
    static func rotation(of stream: Report.Stream) -> Int {
        if let matrix = stream.side_data_list?.first(where: { $0.rotation != nil })?.rotation { return rotation(ofMatrix: matrix) }
        if let tag = stream.tags?["rotate"], let degrees = Int(tag) { return ((degrees % 360) + 360) % 360 }
        return 0
    }

    /// Clockwise degrees of a display matrix's counter-clockwise rotation; 0 for none.
    static func rotation(ofMatrix degrees: Double?) -> Int {
        guard let degrees else { return 0 }
        return ((-Int(degrees.rounded()) % 360) + 360) % 360
    }

    /// The path as ffmpeg's tools must get it: `file:` first, so that a name like `cache:x.mp4`
    /// or `concat:…` is never taken for a protocol.
    static func ffmpegInput(_ path: String) -> String { "file:" + path }

    /// The input URL of the bytes of `path` that `clip` names (FFmpeg's `subfile` protocol: a
    /// seekable byte range, so no copy is written), or of the whole file.
    static func ffmpegInput(_ path: String, clip: EmbeddedClip?) -> String {
        guard let clip else { return ffmpegInput(path) }
        return "subfile,,start,\(clip.offset),end,\(clip.offset + clip.length),,:" + ffmpegInput(path)
    }

    /// ffprobe's first line about the file, without its own repetition of the path and without
    /// the memory addresses it prints (`[mov,mp4 @ 0x55c5…]`), so that messages are repeatable.
    static func firstLine(of text: String, path: String) -> String? {
        guard let line = text.split(whereSeparator: \.isNewline).first.map(String.init) else { return nil }
        return line.replacingOccurrences(of: #"\[[^\]]* @ 0x[0-9a-fA-F]+\] ?"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: ffmpegInput(path) + ": ", with: "")
            .replacingOccurrences(of: path + ": ", with: "")
            .trimmingCharacters(in: .whitespaces)
    }

    /// A container's creation time; nil for the placeholders muxers write when they know none
    /// (the Unix epoch, QuickTime's 1904).
    static func creationTime(_ text: String?) -> String? {
        guard let value = ExifValue.dateTime(text), let year = Int(value.prefix(4)), year > 1970 else { return nil }
        return value
    }

    /// `30000/1001` → 29.97; nil for `0/0`.
    static func rate(_ text: String?) -> Double? {
        guard let parts = text?.split(separator: "/"), parts.count == 2, let top = Double(parts[0]),
            let bottom = Double(parts[1]), bottom > 0, top > 0
        else { return nil }
        return (top / bottom * 1000).rounded() / 1000
    }

    /// The parts of ffprobe's JSON that vitrine reads.
    struct Report: Decodable {
        var format: Format
        var streams: [Stream]

        struct Format: Decodable {
            var format_name: String?
            var duration: String?
            var tags: [String: String]?
        }

        struct Stream: Decodable {
            init() {}

            var codec_type: String?
            var codec_name: String?
            var profile: String?
            var level: Int?
            var pix_fmt: String?
            var sample_aspect_ratio: String?
            var color_transfer: String?
            var width: Int?
            var height: Int?
            var duration: String?
            var nb_frames: String?
            var nb_read_packets: String?
            var avg_frame_rate: String?
            var r_frame_rate: String?
            var tags: [String: String]?
            var side_data_list: [SideData]?
            var disposition: Disposition?
        }

        struct SideData: Decodable { var rotation: Double? }
        struct Disposition: Decodable { var attached_pic: Int? }
    }
}
