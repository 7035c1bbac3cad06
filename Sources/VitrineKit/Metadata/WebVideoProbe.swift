import Foundation

/// Reads a web rendition back with ffprobe: its size and the RFC 6381 `codecs` string a
/// `<source type>` needs, from the streams' own codec configuration where it has one.
enum WebVideoProbe {
    static func describe(_ file: String, path: String, method: WebVideoPlan.Method, timeout: Double) throws(ItemFailure) -> WebVideo {
        let result: Subprocess.Result
        do {
            result = try Subprocess.run("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", "-show_data",
                "--", VideoProbe.ffmpegInput(file)], timeout: timeout)
        } catch {
            throw ItemFailure.unreadable("\(error)")
        }
        guard result.status == 0, let report = try? JSONDecoder().decode(Report.self, from: result.output),
            let video = report.streams.first(where: { $0.codec_type == "video" }), let width = video.width, let height = video.height
        else { throw ItemFailure.write("ffprobe cannot read the web video it made") }
        let audio = report.streams.first { $0.codec_type == "audio" }
        let rotation = VideoProbe.rotation(ofMatrix: video.side_data_list?.first(where: { $0.rotation != nil })?.rotation)
        let turned = rotation == 90 || rotation == 270
        let format = report.format.format_name ?? ""
        let mime = Self.mime(format: format, file: file)
        let codecs = [videoCodecs(video), audio.flatMap(audioCodecs)]
        let bytes = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        return WebVideo(path: path, mime: mime, codecs: codecs.contains(nil) && (audio != nil || codecs[0] == nil)
            ? nil : codecs.compactMap { $0 }.joined(separator: ", "),
            width: turned ? height : width, height: turned ? width : height, bytes: bytes, method: method)
    }

    static func mime(format: String, file: String) -> String {
        let name = Path.plainExtension(of: file) ?? ""
        if name == "webm" { return "video/webm" }
        if format.hasPrefix("mov") { return name == "mov" ? "video/quicktime" : "video/mp4" }
        if format.hasPrefix("matroska") { return "video/x-matroska" }
        if format == "ogg" { return "video/ogg" }
        return "video/" + (name.isEmpty ? "octet-stream" : name)
    }

    /// `avc1.PPCCLL` from the avcC record (profile, constraints, level), `vp09.PP.LL.DD` with
    /// the level from VP9's table of picture sizes and sample rates (ffprobe reports -99),
    /// `av01.P.LLT.DD` from the av1C record.
    static func videoCodecs(_ stream: Report.Stream) -> String? {
        let extra = bytes(ofHexDump: stream.extradata ?? "")
        switch stream.codec_name {
        case "h264":
            if extra.count >= 4, extra[0] == 1 { return String(format: "avc1.%02X%02X%02X", extra[1], extra[2], extra[3]) }
            if let sps = annexBSequenceParameters(extra) { return String(format: "avc1.%02X%02X%02X", sps.0, sps.1, sps.2) }
            return nil
        case "vp9":
            let profile = stream.profile.flatMap { Int($0.filter(\.isNumber)) } ?? 0
            let depth = (stream.pix_fmt ?? "").contains("10") ? 10 : 8
            let level = vp9Level(width: stream.width ?? 0, height: stream.height ?? 0, fps: VideoProbe.rate(stream.avg_frame_rate) ?? 30)
            return String(format: "vp09.%02d.%02d.%02d", profile, level, depth)
        case "av1":
            guard extra.count >= 4, extra[0] & 0x80 != 0 else { return nil }
            let profile = Int(extra[1] >> 5), level = Int(extra[1] & 0x1F)
            let tier = extra[2] & 0x80 != 0 ? "H" : "M"
            let depth = extra[2] & 0x40 == 0 ? 8 : (extra[2] & 0x20 != 0 ? 12 : 10)
            return String(format: "av01.%d.%02d%@.%02d", profile, level, tier, depth)
        default:
            return nil
        }
    }

    static func audioCodecs(_ stream: Report.Stream) -> String? {
        switch stream.codec_name {
        case "aac":
            switch stream.profile {
            case "HE-AAC": "mp4a.40.5"
            case "HE-AACv2": "mp4a.40.29"
            default: "mp4a.40.2"
            }
        case "mp3": "mp4a.40.34"
        case "opus": "opus"
        case "vorbis": "vorbis"
        case "flac": "flac"
        default: nil
        }
    }

    /// VP9's levels (the WebM project's table): the smallest whose picture size and luma
    /// sample rate hold the stream's, as `10` for 1, `41` for 4.1.
    static func vp9Level(width: Int, height: Int, fps: Double) -> Int {
        let levels: [(level: Int, picture: Double, rate: Double)] = [
            (10, 36864, 829_440), (11, 73728, 2_764_800), (20, 122_880, 4_608_000), (21, 245_760, 9_216_000),
            (30, 552_960, 20_736_000), (31, 983_040, 36_864_000), (40, 2_228_224, 83_558_400), (41, 2_228_224, 160_432_128),
            (50, 8_912_896, 311_951_360), (51, 8_912_896, 588_251_136), (52, 8_912_896, 1_176_502_272),
            (60, 35_651_584, 1_176_502_272), (61, 35_651_584, 2_353_004_544), (62, 35_651_584, 4_706_009_088),
        ]
        let picture = Double(width * height)
        return levels.first { picture <= $0.picture && picture * fps <= $0.rate }?.level ?? 62
    }

    /// An Annex B stream's first SPS: its profile, constraint and level bytes.
    static func annexBSequenceParameters(_ bytes: [UInt8]) -> (UInt8, UInt8, UInt8)? {
        var index = 0
        while index + 6 < bytes.count {
            if bytes[index] == 0, bytes[index + 1] == 0, bytes[index + 2] == 1, bytes[index + 3] & 0x1F == 7 {
                return (bytes[index + 4], bytes[index + 5], bytes[index + 6])
            }
            index += 1
        }
        return nil
    }

    /// ffprobe's `-show_data` dump (`00000000: 0164 0015 ffe1 …  .d..`) as bytes.
    static func bytes(ofHexDump dump: String) -> [UInt8] {
        var result: [UInt8] = []
        for line in dump.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            // The hex is the 40 characters after the offset; the rest is the ASCII column.
            let hex = line[line.index(after: colon)...].prefix(41).filter(\.isHexDigit)
            var digits = hex.makeIterator()
            while let high = digits.next(), let low = digits.next() {
                if let byte = UInt8(String([high, low]), radix: 16) { result.append(byte) }
            }
        }
        return result
    }

    struct Report: Decodable {
        var format: Format
        var streams: [Stream]

        struct Format: Decodable { var format_name: String? }

        struct Stream: Decodable {
            var codec_type: String?
            var codec_name: String?
            var profile: String?
            var pix_fmt: String?
            var width: Int?
            var height: Int?
            var avg_frame_rate: String?
            var extradata: String?
            var side_data_list: [VideoProbe.Report.SideData]?
        }
    }
}
