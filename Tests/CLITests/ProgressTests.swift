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
}
