import Foundation
import XCTest

/// Issue #11, item 8: a part with a broken shard is refused by name; JSON that is not an
/// object is "not a manifest" to every command; a UTF-8 byte-order mark is accepted by every
/// command that reads a manifest or a captions file.
final class RefuseEarlyTests: TemporaryFolderTestCase {
    /// Two parts of the Examples gallery, as files; part 2's text as printed.
    func parts() throws -> (first: String, second: String, secondText: String) {
        var files: [String] = []
        for index in 1...2 {
            let part = try Vitrine.run(["scan", Repository.examples, "--shard", "\(index)/2"])
            XCTAssertEqual(part.status, 0, part.stderr)
            files.append(folder + "/part\(index).json")
            try part.stdout.write(to: URL(fileURLWithPath: files.last!))
        }
        return (files[0], files[1], try String(contentsOfFile: files[1], encoding: .utf8))
    }

    func testMergeNamesThePartWhoseShardIsBroken() throws {
        let (first, second, text) = try parts()
        XCTAssertTrue(text.contains(#""shard" : "2/2""#))
        for shard in ["0/0", "3/2", "", "2/0", "x/2", "+1/2", "01/2"] {
            try Data(text.replacingOccurrences(of: #""shard" : "2/2""#, with: #""shard" : "\#(shard)""#).utf8)
                .write(to: URL(fileURLWithPath: second))
            let expected = "vitrine: error: \(second): partial.shard \"\(shard)\" is not K/N with 1 <= K <= N"
            for order in [[first, second], [second, first]] {
                let merge = try Vitrine.run(["manifest", "merge"] + order)
                XCTAssertEqual(merge.status, 1, shard)
                XCTAssertEqual(merge.stderrLines, [expected], "shard '\(shard)', parts \(order)")
                XCTAssertTrue(merge.stdout.isEmpty)
            }
        }
        try Data(text.replacingOccurrences(of: #""shard" : "2/2""#, with: #""shard" : "2/20000""#).utf8).write(to: URL(fileURLWithPath: second))
        XCTAssertEqual(try Vitrine.run(["manifest", "merge", first, second]).stderrLines,
            ["vitrine: error: \(second): partial.shard \"2/20000\" has more than 10000 parts"])
    }

    func testJSONThatIsNotAnObjectIsNotAManifestToEveryCommand() throws {
        let values: [(String, String)] = [("null", "null"), (#""str""#, "a string"), ("[]", "an array"), ("42", "a number"), ("true", "a boolean")]
        for (text, kind) in values {
            let file = folder + "/value.json"
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            let commands: [[String]] = [
                ["select", file, "--add", "0"], ["select", file, "--list"], ["export", file, "--selection", "-o", folder + "/out"],
                ["manifest", "get", file, "--at", "0"], ["manifest", "validate", file], ["manifest", "merge", file],
            ]
            for command in commands {
                let run = try Vitrine.run(command)
                XCTAssertEqual(run.status, 1, "\(command)")
                XCTAssertEqual(run.stderrLines, ["vitrine: error: \(file): not a vitrine manifest (the top level is \(kind), not an object)"], "\(command)")
            }
            let piped = try Vitrine.run(["manifest", "validate", "-"], stdin: text)
            XCTAssertEqual(piped.stderrLines, ["vitrine: error: -: not a vitrine manifest (the top level is \(kind), not an object)"])
        }
    }

    /// Each command reads a manifest with a byte-order mark as it reads the same manifest
    /// without one; `select` keeps the mark in what it prints.
    func testByteOrderMarkIsAcceptedByEveryCommand() throws {
        let mark = Data([0xEF, 0xBB, 0xBF])
        let selected = try Vitrine.run(["select", "-", "--add", "3", "--add", "1"],
            stdin: try Vitrine.run(["scan", Repository.examples]).stdoutText)
        let plain = folder + "/plain.json", marked = folder + "/marked.json"
        try selected.stdout.write(to: URL(fileURLWithPath: plain))
        try (mark + selected.stdout).write(to: URL(fileURLWithPath: marked))
        let same: [[String]] = [
            ["select", "FILE", "--add", "0"], ["select", "FILE", "--list"], ["manifest", "get", "FILE", "--at", "1"],
            ["manifest", "get", "FILE", "--id", "coffee", "--field", "position"], ["manifest", "validate", "FILE"],
        ]
        for command in same {
            let without = try Vitrine.run(command.map { $0 == "FILE" ? plain : $0 })
            let with = try Vitrine.run(command.map { $0 == "FILE" ? marked : $0 })
            XCTAssertEqual(with.status, 0, "\(command): \(with.stderr)")
            XCTAssertEqual(with.status, without.status, "\(command)")
            let expected = command[0] == "select" && command.count == 4 ? mark + without.stdout : without.stdout
            XCTAssertEqual(with.stdout, expected, "\(command)")
            let piped = try Vitrine.run(command.map { $0 == "FILE" ? "-" : $0 }, stdin: "\u{FEFF}" + selected.stdoutText)
            XCTAssertEqual(piped.stdout, expected, "\(command) on stdin")
        }
        let export = try Vitrine.run(["export", marked, "--selection", "-o", folder + "/exported"])
        XCTAssertEqual(export.status, 0, export.stderr)
        XCTAssertEqual(export.stdoutText, "\(folder!)/exported/01-coffee.jpg\n\(folder!)/exported/02-chelsea.jpg\n")

        let (first, second, _) = try parts()
        let merged = try Vitrine.run(["manifest", "merge", first, second])
        try (mark + Data(contentsOf: URL(fileURLWithPath: first))).write(to: URL(fileURLWithPath: first))
        let mergedWithMark = try Vitrine.run(["manifest", "merge", first, second])
        XCTAssertEqual(mergedWithMark.status, 0, mergedWithMark.stderr)
        XCTAssertEqual(mergedWithMark.stdout, merged.stdout)
    }

    /// Captions files (JSON, CSV, TSV) and sidecars with a byte-order mark give what they
    /// give without one, with no warning.
    func testByteOrderMarkInCaptionsFilesAndSidecars() throws {
        let files: [(String, String)] = [
            ("captions.json", #"[{"path": "coffee.jpg", "caption": "From JSON"}]"#),
            ("object.json", #"{"coffee.jpg": "From an object"}"#),
            ("captions.csv", "path,caption\ncoffee.jpg,From CSV\n"),
            ("captions.tsv", "path\tcaption\ncoffee.jpg\tFrom TSV\n"),
        ]
        for (name, text) in files {
            let plain = folder + "/" + name, marked = folder + "/marked-" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: plain))
            try Data(("\u{FEFF}" + text).utf8).write(to: URL(fileURLWithPath: marked))
            for command in ["scan", "thumbs"] {
                let output = command == "thumbs" ? ["-o", folder + "/t-" + name, "--size", "32"] : []
                let without = try Vitrine.run([command, Repository.examples, "--captions", plain] + output)
                let with = try Vitrine.run([command, Repository.examples, "--captions", marked] + output)
                XCTAssertEqual(with.status, 0, "\(command) \(name): \(with.stderr)")
                XCTAssertEqual(with.stderr, without.stderr, "\(command) \(name)")
                XCTAssertEqual(with.stdout, without.stdout, "\(command) \(name)")
                XCTAssertTrue(with.stdoutText.contains(#""text" : "From "#), "\(command) \(name)")
            }
        }
        let gallery = folder + "/sidecar"
        try FileManager.default.createDirectory(atPath: gallery, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.examples + "/coffee.jpg", toPath: gallery + "/coffee.jpg")
        try Data(("\u{FEFF}" + "From a sidecar").utf8).write(to: URL(fileURLWithPath: gallery + "/coffee.txt"))
        let scan = try Vitrine.run(["scan", gallery])
        XCTAssertTrue(scan.stdoutText.contains(#""text" : "From a sidecar""#), scan.stdoutText)
    }
}
