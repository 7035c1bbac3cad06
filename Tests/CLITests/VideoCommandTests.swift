import Foundation
import VipsKit
import XCTest

/// Video items through the real binary, ffprobe and ffmpeg, on clips made here.
final class VideoCommandTests: TemporaryFolderTestCase {
    let clip = Repository.examples + "/clip.mp4"

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: clip, toPath: folder + "/in/clip.mp4")
    }

    /// Runs a program (ffmpeg, ffprobe) and returns its stdout.
    @discardableResult
    func tool(_ name: String, _ arguments: [String]) throws -> String { try Program.output(name, arguments) }

    func testScanReportsDurationLabelAndStreams() throws {
        let run = try Vitrine.run(["scan", folder + "/in"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let item = try XCTUnwrap(items(try run.json()).first)
        XCTAssertEqual(item["kind"] as? String, "video")
        let reference = try tool("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", folder + "/in/clip.mp4"])
        let duration = try XCTUnwrap(item["duration"] as? Double)
        XCTAssertEqual(duration, Double(reference.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1, accuracy: 0.01)
        XCTAssertEqual(item["durationLabel"] as? String, "0:04")
        XCTAssertEqual(item["codec"] as? String, "h264")
        XCTAssertEqual(item["hasAudio"] as? Bool, true)
        XCTAssertEqual(item["width"] as? Int, 320)
        XCTAssertEqual(item["height"] as? Int, 240)
    }

    func testRotatedClipReportsAndRendersItsDisplaySize() throws {
        try tool("ffmpeg", ["-v", "error", "-y", "-i", clip, "-c", "copy", "-metadata:s:v:0", "rotate=90", folder + "/in/turned.mp4"])
        let run = try Vitrine.run(["thumbs", folder + "/in/turned.mp4", "-o", folder + "/out"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let item = try XCTUnwrap(items(try run.json()).first)
        XCTAssertEqual(item["width"] as? Int, 240)
        XCTAssertEqual(item["height"] as? Int, 320)
        let poster = try Image.load(folder + "/out/turned-256x256.jpg")
        XCTAssertEqual(poster.width, 192)
        XCTAssertEqual(poster.height, 256)
    }

    /// A clip with non-square pixels (a DV or anamorphic recording) has the width players show:
    /// its stored width times its sample aspect ratio, which its poster and renditions have too.
    /// It was laid out at its stored size, so the page letterboxed it.
    func testNonSquarePixelsGiveTheDisplayWidth() throws {
        let stored = folder + "/in/dv.mp4"
        try tool("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=352x288:rate=10", "-t", "1", "-vf", "setsar=128/117",
            "-pix_fmt", "yuv420p", stored])
        let said = try tool("ffprobe", ["-v", "error", "-show_entries", "stream=sample_aspect_ratio", "-of", "csv=p=0", stored])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let ratio = said.split(separator: ":").compactMap { Double($0) }
        XCTAssertEqual(ratio.count, 2, said)
        XCTAssertNotEqual(ratio.first, ratio.last, "the clip's pixels are not square: \(said)")
        let shown = Int((352 * ratio[0] / ratio[1]).rounded())
        let run = try Vitrine.run(["thumbs", folder + "/in", "-o", folder + "/out", "--size", "400x400", "--fit"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let listed = Dictionary(uniqueKeysWithValues: items(try run.json()).map { ($0["id"] as? String ?? "", $0) })
        let item = try XCTUnwrap(listed["dv"])
        XCTAssertEqual([item["width"] as? Int, item["height"] as? Int], [shown, 288])
        XCTAssertEqual((item["coding"] as? [String: Any])?["sampleAspectRatio"] as? String, said)
        XCTAssertNil((listed["clip"]?["coding"] as? [String: Any])?["sampleAspectRatio"], "square pixels say nothing")
        let poster = try Image.load(folder + "/out/dv-400x400.jpg")
        XCTAssertEqual([poster.width, poster.height], [shown, 288], "the poster as a player shows it")
    }

    func testBrokenAndAudioOnlyFilesAreErrorsAndTheRestGoesOn() throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: clip))
        try whole.prefix(whole.count / 5).write(to: URL(fileURLWithPath: folder + "/in/cut.mp4"))
        // Sound only, in a file named like a video: an error. Named like music: ignored.
        try tool("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-c:a", "aac",
            folder + "/in/tone.mp4"])
        try FileManager.default.copyItem(atPath: folder + "/in/tone.mp4", toPath: folder + "/in/song.m4a")
        for command in [["scan"], ["thumbs", "-o", folder + "/out"]] {
            let run = try Vitrine.run(command + [folder + "/in"])
            XCTAssertEqual(run.status, 1, run.stderr)
            let manifest = try run.json()
            XCTAssertEqual(items(manifest).compactMap { $0["id"] as? String }, ["clip"])
            let messages = Dictionary(uniqueKeysWithValues: errors(manifest).map {
                (($0["path"] as? NSString)?.lastPathComponent ?? "", $0["message"] as? String ?? "")
            })
            XCTAssertEqual(messages["tone.mp4"], "no video stream (audio only)")
            XCTAssertNil(messages["song.m4a"])
            XCTAssertNotNil(messages["cut.mp4"], "\(messages)")
            XCTAssertEqual(run.stderrLines.filter { $0.hasPrefix("vitrine: error: ") }.count, 2, run.stderr)
            XCTAssertFalse(run.stderr.contains("0x"), "no memory addresses from ffprobe: \(run.stderr)")
        }
        XCTAssertEqual(try Vitrine.run(["scan", folder + "/in"]).stdout, try Vitrine.run(["scan", folder + "/in"]).stdout)
    }

    func testNamesThatLookLikeProtocolsAreFiles() throws {
        try FileManager.default.createDirectory(atPath: folder + "/in/cache:x", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: folder + "/in/clip.mp4", toPath: folder + "/in/cache:x/concat:a.mp4")
        let run = try Vitrine.run(["thumbs", "cache:x/concat:a.mp4", "-o", folder + "/out"], currentDirectory: folder + "/in")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(items(try run.json()).first?["durationLabel"] as? String, "0:04")
    }

    func testWithoutFFmpegPhotosWorkAndVideosSayWhatToInstall() throws {
        let photo = URL(fileURLWithPath: clip).deletingLastPathComponent().appendingPathComponent("coffee.jpg").path
        try FileManager.default.copyItem(atPath: photo, toPath: folder + "/in/coffee.jpg")
        let run = try Vitrine.run(["scan", folder + "/in"], environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(items(try run.json()).compactMap { $0["id"] as? String }, ["coffee"])
        XCTAssertEqual(run.stderrLines, ["vitrine: error: \(folder!)/in/clip.mp4: ffprobe is not installed (install the ffmpeg package)"])
    }

    func testBadgeChangesOnlyTheBottomRightOfTheThumbnail() throws {
        let plain = try Vitrine.run(["thumbs", folder + "/in", "-o", folder + "/plain", "--format", "png"])
        let badged = try Vitrine.run(["thumbs", folder + "/in", "-o", folder + "/badged", "--format", "png", "--badge", "duration"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertEqual(badged.status, 0, badged.stderr)
        let a = try Image.load(folder + "/plain/clip-256x256.png"), b = try Image.load(folder + "/badged/clip-256x256.png")
        XCTAssertEqual(a.width, b.width)
        let (pa, pb) = (try a.pixels(), try b.pixels())
        var changed = 0, outside = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let offset = (y * a.width + x) * a.bands
                if pa[offset..<offset + a.bands] != pb[offset..<offset + b.bands] {
                    changed += 1
                    if x < a.width / 2 || y < a.height / 2 { outside += 1 }
                }
            }
        }
        XCTAssertGreaterThan(changed, 50)
        XCTAssertEqual(outside, 0, "only the bottom-right quarter changes")
    }
}
