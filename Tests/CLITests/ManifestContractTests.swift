import Foundation
import XCTest

/// The manifest as a contract: every manifest vitrine writes passes the published schema (with a
/// real JSON Schema validator) and `vitrine manifest validate`; broken ones are caught by place.
final class ManifestContractTests: TemporaryFolderTestCase {
    let root = Repository.root

    func testPrintedSchemaIsThePublishedOne() throws {
        let printed = try Vitrine.run(["manifest", "schema"])
        let published = try String(contentsOf: root.appendingPathComponent("docs/manifest.schema.json"), encoding: .utf8)
        XCTAssertEqual(printed.stdoutText, published)
    }

    /// Manifests from the commands, on the Examples and (in CI) the corpus.
    func manifests() throws -> [String] {
        let examples = root.appendingPathComponent("Examples/media").path
        let captions = folder + "/captions.json"
        try Data(#"""
            [{"path": "coffee.jpg", "style": "custom", "caption": {"lines": ["a", "b"], "n": 1.50}},
             {"path": "astronaut.jpg", "style": "markdown", "caption": "*in orbit* <script>x</script>", "keywords": ["space"],
              "location": "ISS", "rating": 5}]
            """#.utf8).write(to: URL(fileURLWithPath: captions))
        var runs: [[String]] = [
            ["scan", examples, "--hash", "--cyclic"],
            ["scan", examples, "--captions", captions, "--order", "captions", "--caption-fallback", "filename"],
            ["scan", examples, "--shard", "2/3", "--order", "date"],
            ["thumbs", examples, "-o", folder + "/t", "--fill", "--retina", "--badge", "duration"],
            ["tiles", examples, "-o", folder + "/z", "--min-size", "500", "--double-tap", "none"],
            ["thumbs", examples, "-o", folder + "/i", "--tiles", "--layout", "iiif3", "--base-url", "http://127.0.0.1:8000/g/",
             "--container", "zip", "--min-scale", "0.5", "--viewport", "300x300"],
        ]
        if ProcessInfo.processInfo.environment["VITRINE_CORPUS"] != nil {
            runs.append(["scan", try Corpus.path("mixed/sigal-sample")])
            runs.append(["scan", "--order", "sidecar", "--lang", "fr", try Corpus.path("mixed/sigal-sample")])
            runs.append(["scan", "--timeout", "3", try Corpus.path("mixed/broken"), try Corpus.path("mixed/video")])
            runs.append(["thumbs", try Corpus.path("mixed/orientation"), "-o", folder + "/o", "--format", "webp"])
        }
        var files: [String] = []
        for (number, arguments) in runs.enumerated() {
            let run = try Vitrine.run(arguments)
            XCTAssertTrue([0, 1].contains(run.status), "\(arguments): \(run.stderr)")
            let file = folder + "/m\(number).json"
            try run.stdout.write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        let selected = try Vitrine.run(["select", files[3], "--add", "2", "--add", "0"])
        try selected.stdout.write(to: URL(fileURLWithPath: folder + "/selected.json"))
        return files + [folder + "/selected.json"]
    }

    func testEveryManifestPassesTheSchemaAndValidate() throws {
        let files = try manifests()
        for file in files {
            let run = try Vitrine.run(["manifest", "validate", file])
            XCTAssertEqual(run.status, 0, "\(file): \(run.stderr)")
        }
        // A real JSON Schema validator (check-jsonschema, from PyPI; .ci/install-deps puts it in .venv/).
        guard let validator = Repository.venvTool("check-jsonschema") else {
            if ProcessInfo.processInfo.environment["VITRINE_CORPUS"] != nil { XCTFail("no .venv/bin/check-jsonschema: run .ci/install-deps") }
            throw XCTSkip("no .venv/bin/check-jsonschema: run .ci/install-deps")
        }
        let check = Process()
        check.executableURL = URL(fileURLWithPath: validator)
        check.arguments = ["--schemafile", root.appendingPathComponent("docs/manifest.schema.json").path] + files
        let out = Pipe()
        check.standardOutput = out
        check.standardError = out
        try check.run()
        let said = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        XCTAssertEqual(check.terminationStatus, 0, said)
    }

    func testBrokenManifestsAreCaughtByPointer() throws {
        let run = try Vitrine.run(["select", "-", "--add", "1", "--add", "3"],
            stdin: try Vitrine.run(["scan", root.appendingPathComponent("Examples/media").path]).stdoutText)
        let good = try XCTUnwrap(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        let cases: [(String, ([String: Any]) -> [String: Any], String)] = [
            ("duplicate id", { var m = $0; var items = m["items"] as! [[String: Any]]; items[1]["id"] = items[0]["id"]; m["items"] = items; return m },
             "/items/1/id: duplicate id 'astronaut' (also /items/0/id)"),
            ("dangling next", { var m = $0; var items = m["items"] as! [[String: Any]]; items[2]["next"] = "nowhere"; m["items"] = items; return m },
             "/items/2/next: is 'nowhere', should be 'coffee'"),
            ("selection gap", { var m = $0; var items = m["items"] as! [[String: Any]]; items[3]["selection"] = 3; m["items"] = items; return m },
             "/items/3/selection: 3 breaks the selection numbering (1 to 2, each once)"),
            ("dangling folder thumbnail", { var m = $0; m["folders"] = [["path": "x", "thumbnail": "nope"]]; return m },
             "/folders/0/thumbnail: 'nope' is not an item's id"),
            ("sort key outside a part", { var m = $0; var items = m["items"] as! [[String: Any]]; items[0]["sortKey"] = ["input": 0, "path": "a.jpg", "walk": 0]; m["items"] = items; return m },
             "/items/0/sortKey: only parts (--shard) have one"),
        ]
        for (name, edit, expected) in cases {
            let data = try JSONSerialization.data(withJSONObject: edit(good))
            let check = try Vitrine.run(["manifest", "validate", "-"], stdin: String(decoding: data, as: UTF8.self))
            XCTAssertEqual(check.status, 1, name)
            XCTAssertTrue(check.stderrLines.contains("vitrine: error: -: " + expected), "\(name): \(check.stderr)")
        }
        // A rendition path that climbs out of the gallery.
        let thumbs = try Vitrine.run(["thumbs", root.appendingPathComponent("Examples/media/coffee.jpg").path, "-o", folder + "/x"])
        let escaped = thumbs.stdoutText.replacingOccurrences(of: "\"coffee-256x256.jpg\"", with: "\"../coffee-256x256.jpg\"")
        let check = try Vitrine.run(["manifest", "validate", "-"], stdin: escaped)
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stderr.contains("/items/0/renditions/0/path: '../coffee-256x256.jpg' is not a relative path"), check.stderr)
        // A pyramid outside the gallery, and a zoom policy that contradicts itself.
        let tiles = try Vitrine.run(["tiles", root.appendingPathComponent("Examples/media/coffee.jpg").path, "-o", folder + "/z"])
        XCTAssertEqual(tiles.status, 0, tiles.stderr)
        let broken = tiles.stdoutText.replacingOccurrences(of: "\"coffee.dzi\"", with: "\"/srv/coffee.dzi\"")
            .replacingOccurrences(of: "\"enabled\" : false", with: "\"enabled\" : true")
        XCTAssertNotEqual(broken, tiles.stdoutText)
        let tileCheck = try Vitrine.run(["manifest", "validate", "-"], stdin: broken)
        XCTAssertEqual(tileCheck.status, 1)
        XCTAssertTrue(tileCheck.stderr.contains("/items/0/tiles/path: '/srv/coffee.dzi' is not a relative path inside the gallery"),
            tileCheck.stderr)
        XCTAssertTrue(tileCheck.stderr.contains("/items/0/zoom/enabled: is true, but maxScale 1.0 and minScale 1.0 say otherwise"),
            tileCheck.stderr)
    }
}
