import Foundation
import XCTest

/// Inputs made to break things, as a hostile-minded new user would try them (issue 11).
final class HardeningTests: TemporaryFolderTestCase {
    /// One-character names trapped Foundation's path methods (exit 132, SIGILL).
    func testOneCharacterNamesForOutputsAndInputs() throws {
        try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.examples + "/coffee.jpg", toPath: folder + "/photos/c.jpg")
        try FileManager.default.copyItem(atPath: Repository.examples + "/chelsea.jpg", toPath: folder + "/a")
        for output in ["t", "x/thumbs", "Z/"] {
            let run = try Vitrine.run(["thumbs", "photos", "-o", output, "--size", "32"], currentDirectory: folder)
            XCTAssertEqual(run.status, 0, "-o \(output): \(run.stderr)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/" + output + "/c-32.jpg"), output)
        }
        let single = try Vitrine.run(["scan", "a"], currentDirectory: folder)
        XCTAssertEqual(single.status, 0, single.stderr)
        XCTAssertEqual(items(try single.json()).map { $0["id"] as? String }, ["a"])
        let listed = try Vitrine.run(["scan", "-"], stdin: "a\n", currentDirectory: folder)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(items(try listed.json()).map { $0["id"] as? String }, ["a"])
        try listed.stdout.write(to: URL(fileURLWithPath: folder + "/m.json"))
        let chosen = try Vitrine.run(["select", "m.json", "--add", "a"], currentDirectory: folder)
        try chosen.stdout.write(to: URL(fileURLWithPath: folder + "/s.json"))
        let exported = try Vitrine.run(["export", "s.json", "--selection", "-o", "P"], currentDirectory: folder)
        XCTAssertEqual(exported.status, 0, exported.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/P/01-a"))
    }
}

extension HardeningTests {
    /// A manifest whose one selected item's source is `path`.
    func manifest(selecting path: String) throws -> String {
        let scan = try Vitrine.run(["scan", Repository.examples + "/coffee.jpg"])
        var object = try scan.json()
        var list = items(object)
        list[0]["selection"] = 1
        var source = list[0]["source"] as! [String: Any]
        source["path"] = path
        list[0]["source"] = source
        object["items"] = list
        let file = folder + "/m-\(UUID().uuidString.prefix(6)).json"
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Export copies regular files only: a FIFO used to hang it forever, a folder was copied
    /// whole (/etc, shadow included), /dev/zero gave an empty mode-666 file.
    func testExportCopiesRegularFilesOnly() throws {
        let fifo = folder + "/pipe.jpg"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        try FileManager.default.createDirectory(atPath: folder + "/album/out", withIntermediateDirectories: true)
        for (source, kind) in [(fifo, "a FIFO"), (folder + "/album", "a folder"), ("/dev/zero", "a character device")] {
            for link in [false, true] {
                let output = folder + "/album/out/x"
                let run = try Vitrine.run(["export", try manifest(selecting: source), "--selection", "-o", output]
                    + (link ? ["--link"] : []), timeout: 20)
                XCTAssertEqual(run.status, 1, "\(source): \(run.stderr)")
                XCTAssertTrue(run.stderr.contains("not a regular file (\(kind))"), run.stderr)
                XCTAssertEqual(run.stdoutText, "")
                XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? [], [], "nothing left behind")
            }
        }
    }
}

extension HardeningTests {
    /// An output that cannot be used is said before anything is decoded (it used to decode every
    /// file, then fail each with "cannot write", exit 1).
    func testAnUnusableOutputIsAUsageErrorBeforeAnyWork() throws {
        let file = folder + "/thumbs.jpg"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let run = try Vitrine.run(["thumbs", Repository.examples, "-o", file, "--progress", "json"])
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stdoutText, "")
        XCTAssertEqual(run.stderrLines, ["vitrine: error: the output folder \(file) is a file (see 'vitrine thumbs --help')"],
            "no file was read: no progress event at all")
        // Even root cannot write into sysfs folders.
        if FileManager.default.fileExists(atPath: "/sys/kernel") {
            let sys = try Vitrine.run(["thumbs", Repository.examples, "-o", "/sys/kernel"])
            XCTAssertEqual(sys.status, 2)
            XCTAssertTrue(sys.stderr.contains("cannot write into the output folder /sys/kernel"), sys.stderr)
        }
    }
}

extension HardeningTests {
    /// Control characters in file names are shown escaped on stderr, as `ls -b` does: a name
    /// cannot move the cursor, recolour the terminal or break the one-line-per-error format.
    func testControlCharactersInNamesAreEscapedOnStderr() throws {
        let name = "bad\r\u{1B}[31mred\nline.jpg"
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        let run = try Vitrine.run(["scan", folder])
        XCTAssertEqual(run.status, 1)
        XCTAssertFalse(run.stderr.utf8.contains(0x1B), run.stderr.debugDescription)
        XCTAssertFalse(run.stderr.utf8.contains(0x0D), run.stderr.debugDescription)
        XCTAssertEqual(run.stderrLines.count, 1, run.stderr.debugDescription)
        XCTAssertTrue(run.stderr.contains(#"bad\r\x1b[31mred\nline.jpg: "#), run.stderr.debugDescription)
        XCTAssertEqual(errors(try run.json()).first?["path"] as? String, folder + "/" + name, "the manifest keeps the real name")
    }
}

extension HardeningTests {
    /// Long names: the temporary name used to pass 255 bytes (227-byte sources failed with
    /// "File name too long"), and an id part longer than 180 characters is cut with a hash.
    func testLongNamesAreRendered() throws {
        let long = String(repeating: "a", count: 150) + "-" + String(repeating: "b", count: 96) + ".jpg"  // 251 bytes
        let medium = String(repeating: "m", count: 227) + ".jpg"
        for name in [long, medium] {
            try FileManager.default.copyItem(atPath: Repository.examples + "/coffee.jpg", toPath: folder + "/" + name)
        }
        let run = try Vitrine.run(["thumbs", folder, "-o", folder + "/t", "--size", "32", "--retina"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let ids = items(try run.json()).map { $0["id"] as! String }
        XCTAssertEqual(ids.count, 2)
        XCTAssertTrue(ids.contains(String(repeating: "m", count: 180 - 9) + "-" + ids.first { $0.hasPrefix("m") }!.suffix(8)), "\(ids)")
        for id in ids {
            XCTAssertLessThanOrEqual(id.utf8.count, 180)
            XCTAssertNotNil(id.range(of: "^[a-z0-9]+(-[a-z0-9]+)*$", options: .regularExpression), id)
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/t/\(id)-32.jpg"), id)
        }
    }
}

extension HardeningTests {
    /// A path whose bytes are not UTF-8, below `folder`.
    func rawPath(_ name: [UInt8]) -> [UInt8] { Array(folder.utf8) + [UInt8(ascii: "/")] + name }

    func copyExample(_ example: String, toRaw name: [UInt8]) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Repository.examples + "/" + example))
        let path = rawPath(name) + [0]
        let fd = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) } }
        XCTAssertGreaterThanOrEqual(fd, 0)
        _ = data.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        close(fd)
    }

    /// Linux file names are bytes: `\xff.jpg` and `caf\xe9.jpg` were "broken symbolic links" in a
    /// folder and "no such file" when given. They are read through their bytes, shown with
    /// U+FFFD, and kept exactly in source.pathBytes, which export opens.
    func testNamesThatAreNotUTF8AreReadByTheirBytes() throws {
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
        try copyExample("coffee.jpg", toRaw: [0xFF] + Array(".jpg".utf8))
        try copyExample("chelsea.jpg", toRaw: latin1)
        let run = try Vitrine.run(["thumbs", folder, "-o", folder + "/t", "--size", "32"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let list = items(try run.json())
        XCTAssertEqual(list.count, 2)
        let sources = list.map { $0["source"] as! [String: Any] }
        XCTAssertEqual(Set(sources.map { $0["path"] as? String }), [folder + "/caf\u{FFFD}.jpg", folder + "/\u{FFFD}.jpg"])
        XCTAssertEqual(Set(sources.compactMap { ($0["pathBytes"] as? String).flatMap { Data(base64Encoded: $0) } }),
            [Data(rawPath(latin1)), Data(rawPath([0xFF] + Array(".jpg".utf8)))])
        for item in list {
            let id = item["id"] as! String
            XCTAssertTrue(id.allSatisfy { $0.isASCII }, id)
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/t/\(id)-32.jpg"), id)
        }
        // Given directly on the command line, bytes and all.
        let direct = try Program.run("sh", ["-c", "exec \"$0\" scan \"$(printf '\(folder!)/caf\\351.jpg')\"", Vitrine.executable.path])
        XCTAssertEqual(direct.status, 0, direct.stderr)
        XCTAssertTrue(direct.stdout.contains("caf\u{FFFD}.jpg"), direct.stdout)
        // The manifest validates, and export opens the bytes.
        try run.stdout.write(to: URL(fileURLWithPath: folder + "/m.json"))
        XCTAssertEqual(try Vitrine.run(["manifest", "validate", folder + "/m.json"]).status, 0)
        let selected = try Vitrine.run(["select", folder + "/m.json", "--add", "0", "--add", "1"])
        try selected.stdout.write(to: URL(fileURLWithPath: folder + "/s.json"))
        let exported = try Vitrine.run(["export", folder + "/s.json", "--selection", "-o", folder + "/x"])
        XCTAssertEqual(exported.status, 0, exported.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/x").count, 2)
    }
}
