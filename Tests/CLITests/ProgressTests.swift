import Foundation
import XCTest

/// What a run says on stderr while it works: a progress line on a terminal only, NDJSON
/// events with `--progress json`.
final class ProgressTests: TemporaryFolderTestCase {
    /// stderr under a pseudo-terminal (`script` from bsdutils), stdout thrown away.
    func terminalStderr(_ arguments: [String], environment: String = "") throws -> String {
        let quoted = ([Vitrine.executable.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let result = try Program.run("script", ["-qfec", environment + quoted.joined(separator: " ") + " >/dev/null", "/dev/null"])
        return result.stdout
    }

    func testATerminalGetsAProgressLineThatIsClearedAtTheEnd() throws {
        let shown = try terminalStderr(["thumbs", Repository.examples, "-o", folder + "/t", "--size", "64"])
        XCTAssertTrue(shown.contains("vitrine: scan "), shown)
        XCTAssertTrue(shown.contains("vitrine: render "), shown)
        XCTAssertTrue(shown.contains("/7"), "render counts the seven items: \(shown)")
        XCTAssertTrue(shown.hasSuffix("\r\u{1B}[K"), "the line is erased at the end: \(shown.debugDescription)")
        // No colour, ever (so NO_COLOR has nothing to turn off): the only escape is erase-line.
        let noColour = try terminalStderr(["thumbs", Repository.examples, "-o", folder + "/u", "--size", "64", "--timeout", "0.001"],
            environment: "NO_COLOR=1 ")
        for text in [shown, noColour] {
            XCTAssertEqual(text.components(separatedBy: "\u{1B}").count - 1, text.components(separatedBy: "\u{1B}[K").count - 1,
                "only erase-line escapes: \(text.debugDescription)")
        }
        XCTAssertTrue(noColour.contains("vitrine: error: "), "messages (here: time limits) are plain text: \(noColour.debugDescription)")
        let dumb = try terminalStderr(["scan", Repository.examples], environment: "TERM=dumb ")
        XCTAssertFalse(dumb.contains("vitrine: scan"), "no progress line on a dumb terminal")
        let quiet = try terminalStderr(["scan", Repository.examples, "--quiet"])
        XCTAssertFalse(quiet.contains("\u{1B}"), "--quiet draws nothing")
    }

    func testWithoutATerminalStderrHoldsNoProgressBytes() throws {
        let run = try Vitrine.run(["thumbs", Repository.examples, "-o", folder + "/t", "--size", "64"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "")
    }

    func testProgressJSONIsNDJSONWhoseCountsMatchTheManifest() throws {
        let broken = folder + "/in/broken.jpg"
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        try Data("not a jpeg".utf8).write(to: URL(fileURLWithPath: broken))
        try FileManager.default.copyItem(atPath: Repository.examples + "/coffee.jpg", toPath: folder + "/in/coffee.jpg")
        let run = try Vitrine.run(["thumbs", folder + "/in", Repository.examples, "-o", folder + "/t", "--size", "64",
            "--progress", "json"])
        XCTAssertEqual(run.status, 1)
        let events = try run.stderrLines.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], $0) }
        XCTAssertEqual(events.first?["event"] as? String, "start")
        XCTAssertEqual(events.first?["phase"] as? String, "scan")
        let done = try XCTUnwrap(events.last)
        XCTAssertEqual(done["event"] as? String, "done")
        let manifest = try run.json()
        XCTAssertEqual(done["items"] as? Int, items(manifest).count)
        XCTAssertEqual(done["errors"] as? Int, errors(manifest).count)
        XCTAssertEqual(done["errors"] as? Int, 1)
        let failed = events.filter { $0["event"] as? String == "error" }
        XCTAssertEqual(failed.map { $0["path"] as? String }, [broken])
        XCTAssertEqual(failed.first?["reason"] as? String, "unreadable")
        let rendered = events.filter { $0["event"] as? String == "item" && $0["phase"] as? String == "render" }
        XCTAssertEqual(rendered.count, items(manifest).count)
        let start = events.first { $0["event"] as? String == "start" && $0["phase"] as? String == "render" }
        XCTAssertEqual(start?["total"] as? Int, items(manifest).count)
    }

    /// A clip browsers cannot play (HEVC), long enough that its transcode takes several of
    /// ffmpeg's half-second progress reports.
    func hevcClip() throws -> String {
        let input = folder + "/videos"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        let made = try Program.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc2=d=10:s=1280x720:r=30",
            "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", input + "/clip.mov"])
        XCTAssertEqual(made.status, 0, made.stderr)
        return input
    }

    func testATranscodeReportsItsShareOfTheClipAsItGoes() throws {
        let input = try hevcClip()
        let run = try Vitrine.run(["build", input, "-o", folder + "/site", "--progress", "json", "--no-page"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let events = try run.stderrLines.map { try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], $0) }
        let kinds = events.map { ($0["event"] as? String ?? "") + " " + ($0["phase"] as? String ?? "") }
        let fractions = events.filter { $0["event"] as? String == "progress" }.map { $0["fraction"] as? Double ?? -1 }
        XCTAssertGreaterThanOrEqual(fractions.count, 3, "several reports while ffmpeg works: \(fractions)")
        XCTAssertEqual(fractions, fractions.sorted(), "fractions only grow")
        XCTAssertEqual(fractions.last, 1, "the last says the clip is done")
        XCTAssertTrue(fractions.dropLast().contains { $0 > 0 && $0 < 1 }, "some say part of it: \(fractions)")
        for event in events where event["event"] as? String == "progress" {
            XCTAssertEqual(event["path"] as? String, input + "/clip.mov")
            XCTAssertEqual(event["phase"] as? String, "render")
        }
        // Said while the item is made: after the render phase starts, before its item event.
        let firstReport = try XCTUnwrap(kinds.firstIndex(of: "progress render"))
        let lastReport = try XCTUnwrap(kinds.lastIndex(of: "progress render"))
        XCTAssertLessThan(try XCTUnwrap(kinds.firstIndex(of: "start render")), firstReport)
        XCTAssertGreaterThan(try XCTUnwrap(kinds.firstIndex(of: "item render")), lastReport)
        let media = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: folder + "/site/media").first { $0.hasSuffix(".mp4") })
        XCTAssertEqual(try Program.output("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name",
            "-of", "csv=p=0", folder + "/site/media/" + media]).trimmingCharacters(in: .whitespacesAndNewlines), "h264")

        // On a terminal the same reports show at the end of the progress line, by file name.
        let shown = try terminalStderr(["build", input, "-o", folder + "/again", "--no-page"])
        let percentages = shown.components(separatedBy: "\r\u{1B}[K").compactMap { line -> Int? in
            guard line.hasPrefix("vitrine: render 0/1 · clip.mov "), line.hasSuffix("%") else { return nil }
            return Int(line.dropFirst("vitrine: render 0/1 · clip.mov ".count).dropLast())
        }
        XCTAssertTrue(percentages.contains { $0 > 0 && $0 < 100 }, "the line shows the share done: \(shown.debugDescription)")
        XCTAssertEqual(percentages, percentages.sorted())
        XCTAssertTrue(shown.contains("\r\u{1B}[Kvitrine: 1 item: "), "and is erased before the summary: \(shown.debugDescription)")
    }
}
