import Foundation
import XCTest

/// `vitrine select` and `vitrine manifest get` on a manifest of the bundled Examples.
final class SelectAndGetTests: TemporaryFolderTestCase {
    var file: String { folder + "/gallery.json" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let examples = Repository.examples
        let scan = try Vitrine.run(["scan", examples])
        XCTAssertEqual(scan.status, 0, scan.stderr)
        try scan.stdout.write(to: URL(fileURLWithPath: file))
    }

    func testStepsApplyInOrderAndRenumber() throws {
        let run = try Vitrine.run(["select", file, "--add", "coffee", "--add", "0", "--add", "clip", "--remove", "0",
            "--add", "chelsea", "--list"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdoutText, "coffee\nclip\nchelsea\n")
        let written = try Vitrine.run(["select", file, "--add", "coffee", "--add", "clip", "--in-place"])
        XCTAssertEqual(written.status, 0)
        XCTAssertTrue(written.stdout.isEmpty)
        let again = try Vitrine.run(["select", file, "--toggle", "coffee", "-a", "astronaut", "--list"])
        XCTAssertEqual(again.stdoutText, "clip\nastronaut\n", "the selection stored in the file goes on")
        let manifest = try Vitrine.run(["select", file]).json()
        XCTAssertEqual(items(manifest).compactMap { $0["selection"] as? Int }.sorted(), [1, 2])
    }

    func testInPlaceWritesThroughLinksAndKeepsPermissions() throws {
        chmod(file, 0o600)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.json", withDestinationPath: file)
        let run = try Vitrine.run(["select", folder + "/link.json", "--add", "0", "--in-place"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.json"), file)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int, 0o600)
        XCTAssertEqual(try Vitrine.run(["select", file, "--list"]).stdoutText, "astronaut\n")
        XCTAssertEqual(try Vitrine.run(["manifest"]).status, 2, "a command group alone is a usage mistake")
        // A link holding a relative path, given as a relative path.
        try FileManager.default.createSymbolicLink(atPath: folder + "/relative.json", withDestinationPath: "gallery.json")
        let relative = try Vitrine.run(["select", "relative.json", "--add", "1", "--in-place"], currentDirectory: folder)
        XCTAssertEqual(relative.status, 0, relative.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/relative.json"), "gallery.json")
        XCTAssertEqual(try Vitrine.run(["select", file, "--list"]).stdoutText, "astronaut\nchelsea\n")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int, 0o600)
    }

    func testFieldsVitrineDoesNotKnowAreKept() throws {
        var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        object["theme"] = "dark"
        var list = try XCTUnwrap(object["items"] as? [[String: Any]])
        list[0]["viewer"] = ["kind": "map", "zoom": 3]
        object["items"] = list
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: file))
        XCTAssertEqual(try Vitrine.run(["select", file, "--add", "0", "--in-place"]).status, 0)
        let after = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        XCTAssertEqual(after["theme"] as? String, "dark")
        let first = try XCTUnwrap((after["items"] as? [[String: Any]])?.first)
        XCTAssertEqual((first["viewer"] as? [String: Any])?["kind"] as? String, "map")
        XCTAssertEqual(first["selection"] as? Int, 1)
        // Untouched, a manifest comes out byte for byte as vitrine writes it.
        let plain = try Vitrine.run(["scan", Repository.examples])
        XCTAssertEqual(try Vitrine.run(["select", "-"], stdin: plain.stdoutText).stdout, plain.stdout)
    }

    func testUnknownItemAndBadManifest() throws {
        let unknown = try Vitrine.run(["select", file, "--add", "nope"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("no item 'nope'"), unknown.stderr)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/bad.json"))
        let bad = try Vitrine.run(["manifest", "get", folder + "/bad.json", "--at", "0"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.stderrLines, ["vitrine: error: \(folder!)/bad.json: not a vitrine manifest: 'schema' missing"])
    }

    func testGetNavigatesWithValidation() throws {
        let fifth = try Vitrine.run(["manifest", "get", file, "--at", "2", "--delta", "2", "--field", "id"])
        XCTAssertEqual(fifth.stdoutText, "orientation-landscape-1\n")
        let past = try Vitrine.run(["manifest", "get", file, "--at", "6", "--delta", "1"])
        XCTAssertEqual(past.status, 1)
        XCTAssertTrue(past.stdout.isEmpty)
        XCTAssertTrue(past.stderr.contains("out of range"), past.stderr)
        let wrapped = try Vitrine.run(["manifest", "get", file, "--at", "0", "--delta", "-8", "--cyclic", "--field", "position"])
        // --at counts through the gallery: index 6 is the portraits/ album's only item, whose
        // counter is its album's (manifest /2).
        XCTAssertEqual(wrapped.stdoutText, "1 of 1\n", "-8 from 0 in 7 items is index 6")
        // Steps from an item stay in its album, as its prev and next do; --album names one.
        let lastOfRoot = try Vitrine.run(["manifest", "get", file, "--id", "astronaut", "--delta", "-1", "--cyclic", "--field", "id"])
        XCTAssertEqual(lastOfRoot.stdoutText, "orientation-landscape-6\n")
        let end = try Vitrine.run(["manifest", "get", file, "--id", "orientation-landscape-6", "--delta", "1"])
        XCTAssertEqual(end.status, 1)
        XCTAssertTrue(end.stderr.contains("the root album has 6 items (0 to 5) and is not cyclic"), end.stderr)
        let inAlbum = try Vitrine.run(["manifest", "get", file, "--album", "portraits", "--at", "0", "--field", "id"])
        XCTAssertEqual(inAlbum.stdoutText, "portraits/orientation-portrait-8\n")
        let noAlbum = try Vitrine.run(["manifest", "get", file, "--album", "nope", "--at", "0"])
        XCTAssertEqual(noAlbum.stderrLines, ["vitrine: error: \(file): no album with id 'nope'"])
        let flat = try Vitrine.run(["scan", "--albums", "none", Repository.examples])
        let flatWrapped = try Vitrine.run(["manifest", "get", "-", "--at", "0", "--delta", "-8", "--cyclic", "--field", "position"],
            stdin: flat.stdoutText)
        XCTAssertEqual(flatWrapped.stdoutText, "7 of 7\n", "--albums none: one flat gallery")
        let byID = try Vitrine.run(["manifest", "get", "-", "--id", "clip", "--field", "durationLabel"],
            stdin: try String(contentsOfFile: file, encoding: .utf8))
        XCTAssertEqual(byID.stdoutText, "0:04\n")
        let whole = try Vitrine.run(["manifest", "get", file, "--id", "coffee"])
        XCTAssertEqual((try JSONSerialization.jsonObject(with: whole.stdout) as? [String: Any])?["index"] as? Int, 3)
        XCTAssertEqual(try Vitrine.run(["manifest", "get", file]).status, 2, "one of --at or --id is needed")
    }
}

final class ExportTests: TemporaryFolderTestCase {
    func testSelectionIsCopiedInOrderOrLinked() throws {
        let examples = Repository.examples
        let scan = try Vitrine.run(["scan", examples])
        let chosen = try Vitrine.run(["select", "-", "--add", "coffee", "--add", "clip", "--add", "astronaut"],
            stdin: scan.stdoutText)
        try chosen.stdout.write(to: URL(fileURLWithPath: folder + "/g.json"))
        let copy = try Vitrine.run(["export", folder + "/g.json", "--selection", "-o", folder + "/out"])
        XCTAssertEqual(copy.status, 0, copy.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted(),
            ["01-coffee.jpg", "02-clip.mp4", "03-astronaut.jpg"])
        XCTAssertEqual(FileManager.default.contents(atPath: folder + "/out/01-coffee.jpg"),
            FileManager.default.contents(atPath: examples + "/coffee.jpg"))
        let link = try Vitrine.run(["export", folder + "/g.json", "--selection", "--link", "-o", folder + "/links"])
        XCTAssertEqual(link.status, 0, link.stderr)
        let target = try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/links/02-clip.mp4")
        XCTAssertTrue(target.hasSuffix("Examples/media/clip.mp4"), target)
        XCTAssertEqual(try Vitrine.run(["export", folder + "/g.json", "-o", folder + "/x"]).status, 2, "--selection is required")
    }
}
