import Foundation
import XCTest

/// `vitrine scan` on media made here (no corpus needed).
final class ScanCommandTests: TemporaryFolderTestCase {

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        // Made with the real libvips CLI tools would be circular; use vitrine's own test-free path:
        // copy the bundled Examples, which are real JPEGs with EXIF orientation.
        let examples = Repository.examples
        for name in ["astronaut.jpg", "coffee.jpg", "orientation-landscape-6.jpg"] {
            try FileManager.default.copyItem(atPath: examples + "/" + name, toPath: folder + "/" + name)
        }
        try FileManager.default.copyItem(atPath: examples + "/chelsea.jpg", toPath: folder + "/sub/img10.jpg")
        try FileManager.default.copyItem(atPath: examples + "/chelsea.jpg", toPath: folder + "/sub/img2.jpg")
        try Data("just text".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        try Data("not really a jpeg".utf8).write(to: URL(fileURLWithPath: folder + "/broken.jpg"))
    }

    func testManifestOnStdoutErrorsOnStderrExitOne() throws {
        let run = try Vitrine.run(["scan", folder])
        XCTAssertEqual(run.status, 1, run.stderr)
        let manifest = try run.json()
        XCTAssertEqual(manifest["schema"] as? String, "vitrine-manifest/3")
        let list = items(manifest)
        XCTAssertEqual(list.map { $0["id"] as? String }, ["astronaut", "coffee", "orientation-landscape-6", "sub/img2", "sub/img10"])
        // Counters are the album's: the folder's three, then sub/'s two.
        XCTAssertEqual(list.map { $0["position"] as? String }, ["1 of 3", "2 of 3", "3 of 3", "1 of 2", "2 of 2"])
        XCTAssertEqual(list.map { $0["album"] as? String }, ["", "", "", "sub", "sub"])
        let rotated = try XCTUnwrap(list.first { $0["id"] as? String == "orientation-landscape-6" })
        XCTAssertEqual(rotated["width"] as? Int, 600)
        XCTAssertEqual(rotated["height"] as? Int, 400)
        XCTAssertEqual(rotated["orientation"] as? Int, 6)
        XCTAssertEqual(errors(manifest).map { $0["path"] as? String }, [folder + "/broken.jpg"])
        XCTAssertEqual(run.stderrLines, ["vitrine: error: \(folder!)/broken.jpg: not a recognised image format"])
        XCTAssertNil(list.first?["prev"])
        XCTAssertNil(list.last?["next"])
    }

    func testCyclicWrapsAndOutputIsByteIdentical() throws {
        let first = try Vitrine.run(["scan", "--cyclic", "--jobs", "2", folder])
        let second = try Vitrine.run(["scan", folder, "--cyclic", "-j", "1"])
        XCTAssertEqual(first.stdout, second.stdout)
        // Each album wraps on itself.
        let list = items(try first.json())
        XCTAssertEqual(list[2]["next"] as? String, list[0]["id"] as? String)
        XCTAssertEqual(list[0]["prev"] as? String, list[2]["id"] as? String)
        XCTAssertEqual(list[4]["next"] as? String, "sub/img2")
        XCTAssertEqual(list[3]["prev"] as? String, "sub/img10")
        XCTAssertEqual(try first.json()["cyclic"] as? Bool, true)
    }

    func testInitialIndexIsValidated() throws {
        let good = try Vitrine.run(["scan", "--initial-index", "4", folder])
        XCTAssertEqual(try good.json()["initialIndex"] as? Int, 4)
        let bad = try Vitrine.run(["scan", "--initial-index", "5", folder])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stdout.isEmpty)
        XCTAssertEqual(bad.stderrLines.last,
            "vitrine: error: --initial-index 5 is out of range: the gallery has 5 items (0 to 4) (see 'vitrine scan --help')")
    }

    func testOrderOptionsAndReverse() throws {
        let byName = items(try Vitrine.run(["scan", "--order", "name", folder]).json()).map { $0["id"] as? String }
        XCTAssertEqual(byName.suffix(2), ["sub/img10", "sub/img2"])
        // --reverse reverses the items within each album; the albums keep their order.
        let reversed = items(try Vitrine.run(["scan", "--reverse", folder]).json()).map { $0["id"] as? String }
        XCTAssertEqual(reversed, ["orientation-landscape-6", "coffee", "astronaut", "sub/img10", "sub/img2"])
        let flat = items(try Vitrine.run(["scan", "--reverse", "--albums", "none", folder]).json()).map { $0["id"] as? String }
        XCTAssertEqual(flat.first, "sub/img10")
    }

    func testNDJSONPrintsOneItemPerLine() throws {
        let run = try Vitrine.run(["scan", "--ndjson", folder])
        let lines = run.stdoutText.split(separator: "\n")
        XCTAssertEqual(lines.count, 5)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            XCTAssertNotNil(object?["id"])
        }
    }

    func testStdinListAndVerboseIgnored() throws {
        let run = try Vitrine.run(["scan", "-v", "-"], stdin: "\(folder!)/coffee.jpg\n\(folder!)/notes.txt\n")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(items(try run.json()).count, 1)
        XCTAssertTrue(run.stderr.contains("notes.txt: ignored"), run.stderr)
    }

    func testHashMatchesTheFileBytes() throws {
        let run = try Vitrine.run(["scan", "--hash", folder + "/coffee.jpg"])
        let sha = items(try run.json()).first.flatMap { ($0["source"] as? [String: Any])?["sha256"] as? String }
        let sum = Process()
        sum.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sum.arguments = ["sha256sum", folder + "/coffee.jpg"]
        let pipe = Pipe()
        sum.standardOutput = pipe
        try sum.run()
        sum.waitUntilExit()
        let expected = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).prefix(64)
        XCTAssertEqual(sha, String(expected))
    }

    func testSourceFilesAreNeverWritten() throws {
        let before = try FileManager.default.subpathsOfDirectory(atPath: folder).sorted().map {
            ($0, try? Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0)))
        }
        _ = try Vitrine.run(["scan", "--hash", "--verify", folder])
        let after = try FileManager.default.subpathsOfDirectory(atPath: folder).sorted().map {
            ($0, try? Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0)))
        }
        XCTAssertEqual(before.map(\.0), after.map(\.0))
        XCTAssertEqual(before.map(\.1), after.map(\.1))
    }

    func testMissingInputNamedAndRunGoesOn() throws {
        let run = try Vitrine.run(["scan", folder + "/nope", folder + "/coffee.jpg"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(items(try run.json()).count, 1)
        XCTAssertTrue(run.stderr.contains("nope: no such file or folder"), run.stderr)
    }

    func testWorkersLeakNothing() throws {
        // The worker is what touches libvips; drive it directly with VIPS_LEAK on.
        let task = #"{"sequence":0,"task":{"probe":{"path":"\#(folder!)/coffee.jpg","options":{"maxPixels":1000000,"hash":true,"verify":true}}}}"#
        let broken = #"{"sequence":1,"task":{"probe":{"path":"\#(folder!)/broken.jpg","options":{"maxPixels":1000000,"hash":false,"verify":false}}}}"#
        let run = try Vitrine.run(["__worker"], stdin: task + "\n" + broken + "\n", environment: ["VIPS_LEAK": "1"])
        XCTAssertEqual(run.status, 0)
        // (libvips prints its thread statistics on stdout at shutdown when VIPS_LEAK is set.)
        XCTAssertEqual(run.stdoutText.split(separator: "\n").filter { $0.hasPrefix("{") }.count, 2)
        XCTAssertTrue(run.stdoutText.contains("\"width\":600"), run.stdoutText)
        XCTAssertFalse(run.stderr.lowercased().contains("leak"), run.stderr)
        XCTAssertFalse(run.stderr.contains("alive"), run.stderr)
    }

    func testListsWithCRLFAndNulSeparators() throws {
        let crlf = try Vitrine.run(["scan", "-"], stdin: "\(folder!)/coffee.jpg\r\n\(folder!)/astronaut.jpg\r\n")
        XCTAssertEqual(crlf.status, 0, crlf.stderr)
        XCTAssertEqual(items(try crlf.json()).count, 2)
        let nul = try Vitrine.run(["scan", "--null", "-"], stdin: "\(folder!)/coffee.jpg\u{0}\(folder!)/sub/img2.jpg\u{0}")
        XCTAssertEqual(nul.status, 0, nul.stderr)
        XCTAssertEqual(items(try nul.json()).count, 2)
    }

    func testNonRegularInputIsAnError() throws {
        let run = try Vitrine.run(["scan", "/dev/null", folder + "/coffee.jpg"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(errors(try run.json()).first?["message"] as? String, "not a regular file or folder")
        XCTAssertEqual(items(try run.json()).count, 1)
    }

    func testAFailingFileKeepsItsIdReserved() throws {
        // broken.jpg fails; a readable broken.png must not take its place as "broken" one day
        // and "broken-2" the next: ids are shared among all files named like media.
        try FileManager.default.copyItem(atPath: folder + "/coffee.jpg", toPath: folder + "/broken.png")
        let ids = items(try Vitrine.run(["scan", folder]).json()).compactMap { $0["id"] as? String }
        XCTAssertTrue(ids.contains("broken-2"), "\(ids)")
        XCTAssertFalse(ids.contains("broken"))
    }

    func testClosedStdoutEndsQuietly() throws {
        // `vitrine scan … | head -1`: no crash report, no error message. Enough items that the
        // output is larger than a pipe's buffer, so the write really meets a closed pipe.
        try FileManager.default.createDirectory(atPath: folder + "/many", withIntermediateDirectories: true)
        for n in 0..<400 { try FileManager.default.copyItem(atPath: folder + "/coffee.jpg", toPath: folder + "/many/\(n).jpg") }
        let script = "'\(Vitrine.executable.path)' scan --ndjson '\(folder!)/many' | head -c 10 >/dev/null; echo ${PIPESTATUS[0]}"
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = ["-c", script]
        let out = Pipe(), err = Pipe()
        shell.standardOutput = out
        shell.standardError = err
        try shell.run()
        shell.waitUntilExit()
        let status = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertFalse(stderr.contains("crash") || stderr.contains("Fatal"), stderr)
        XCTAssertEqual(status.trimmingCharacters(in: .whitespacesAndNewlines), "141", "ended by SIGPIPE, as a pipeline member")
    }
}
