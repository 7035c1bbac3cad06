import Foundation
import XCTest

/// `vitrine manifest validate` checks everything docs/manifest.schema.json says: broken
/// manifests get the same verdict from it as from check-jsonschema (a real JSON Schema
/// validator), each with its line; and the checks of meaning the schema cannot make.
final class ManifestValidateTests: TemporaryFolderTestCase {
    typealias Edit = (inout [String: Any]) -> Void

    /// A gallery with renditions, placeholders, a video, captions (plain and custom),
    /// keywords, a place and a rating: `thumbs` of Examples/media with a captions file.
    func base() throws -> [String: Any] {
        let captions = folder + "/captions.json"
        try Data(#"""
            [{"path": "coffee.jpg", "style": "custom", "caption": {"lines": ["a", "b"], "n": 1.50}},
             {"path": "astronaut.jpg", "caption": "In orbit", "keywords": ["space", "nasa"], "location": "ISS", "rating": 5}]
            """#.utf8).write(to: URL(fileURLWithPath: captions))
        return try Vitrine.run(["thumbs", Repository.examples, "-o", folder + "/t", "--captions", captions]).json()
    }

    static func item(_ index: Int, _ edit: @escaping (inout [String: Any]) -> Void) -> Edit {
        { manifest in
            var items = manifest["items"] as! [[String: Any]]
            edit(&items[index])
            manifest["items"] = items
        }
    }

    static func source(_ index: Int, _ edit: @escaping (inout [String: Any]) -> Void) -> Edit {
        item(index) { item in
            var source = item["source"] as! [String: Any]
            edit(&source)
            item["source"] = source
        }
    }

    static func rendition(_ index: Int, _ edit: @escaping (inout [String: Any]) -> Void) -> Edit {
        item(index) { item in
            var renditions = item["renditions"] as! [[String: Any]]
            edit(&renditions[0])
            item["renditions"] = renditions
        }
    }

    /// Edits the schema forbids, and a line validate prints for each (nil: both accept it).
    nonisolated(unsafe) static let schemaEdits: [(String, Edit, String?)] = [
        ("width -5", item(0) { $0["width"] = -5 }, "/items/0/width: is -5, should be at least 1"),
        ("height 0", item(1) { $0["height"] = 0 }, "/items/1/height: is 0, should be at least 1"),
        ("bytes -1", source(0) { $0["bytes"] = -1 }, "/items/0/source/bytes: is -1, should be at least 0"),
        ("kind pdf", item(0) { $0["kind"] = "pdf" }, #"/items/0/kind: is "pdf", should be one of "image", "video", "custom""#),
        ("schema 99", { $0["schema"] = "vitrine-manifest/99" }, #"/schema: is "vitrine-manifest/99", should be "vitrine-manifest/3""#),
        ("rating 9", item(0) { $0["rating"] = 9 }, "/items/0/rating: is 9, should be one of -1, 1, 2, 3, 4, 5"),
        ("takenAt yesterday", item(0) { $0["takenAt"] = "yesterday" },
         #"/items/0/takenAt: is "yesterday", should match /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$/"#),
        ("sha256 xyz", source(0) { $0["sha256"] = "xyz" }, #"/items/0/source/sha256: is "xyz", should match /^[0-9a-f]{64}$/"#),
        ("unknown direction", { $0["direction"] = "diagonal" }, #"/direction: is "diagonal", should be one of "horizontal", "vertical""#),
        ("extra property", { $0["extra"] = true }, "/extra: is not a member this object may have"),
        ("extra item property", item(4) { $0["colour"] = "red" }, "/items/4/colour: is not a member this object may have"),
        ("empty generator", { $0["generator"] = "" }, #"/generator: is "", should match /^vitrine /"#),
        ("pages 0", item(0) { $0["pages"] = 0 }, "/items/0/pages: is 0, should be at least 2"),
        ("unknown error reason", { $0["errors"] = [["path": "x.jpg", "message": "m", "reason": "gremlins"]] },
         #"/errors/0/reason: is "gremlins", should be one of "unreadable", "unsupported", "too-large", "timeout", "crashed", "not-found", "permission", "loop", "damaged", "write", "network", "changed""#),
        ("error message of two lines", { $0["errors"] = [["path": "x.jpg", "message": "a\nb", "reason": "damaged"]] },
         #"/errors/0/message: is "a\nb", should match /^[^\n]*$/"#),
        ("width as text", item(0) { $0["width"] = "5" }, #"/items/0/width: is "5", should be an integer"#),
        ("width 2.5", item(0) { $0["width"] = 2.5 }, "/items/0/width: is 2.5, should be an integer"),
        ("id not URL-safe", item(6) { $0["id"] = "Portraits/x" },
         #"/items/6/id: is "Portraits/x", should match /^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*$/"#),
        ("duration label 1:5", item(2) { $0["durationLabel"] = "1:5" },
         #"/items/2/durationLabel: is "1:5", should match /^([0-9]+:[0-5][0-9]:[0-5][0-9]|[0-9]+:[0-5][0-9])$/"#),
        ("fps -1", item(2) { $0["fps"] = -1 }, "/items/2/fps: is -1, should be at least 0"),
        ("latitude 91", item(0) { $0["location"] = ["latitude": 91, "longitude": 0] }, "/items/0/location/latitude: is 91, should be at most 90"),
        ("latitude alone", item(0) { $0["location"] = ["latitude": 1] }, "/items/0/location/longitude: missing (required with 'latitude')"),
        ("keywords twice", item(0) { $0["keywords"] = ["a", "a"] }, #"/items/0/keywords/1: is "a", the same as element 0 (elements should differ)"#),
        ("no keywords", item(0) { $0["keywords"] = [String]() }, "/items/0/keywords: has 0 elements, should have at least 1"),
        ("plain caption with markup", item(0) { $0["caption"] = ["style": "plain", "text": "a", "markup": "<p>a</p>", "source": "file"] },
         "/items/0/caption: should not have 'markup' or 'custom'"),
        ("custom caption with text", item(3) { $0["caption"] = ["style": "custom", "custom": [:] as [String: Any], "text": "a", "source": "file"] },
         "/items/3/caption: should not have 'text' or 'markup'"),
        ("empty placeholder", item(1) { $0["placeholder"] = [String: Any]() }, "/items/1/placeholder: has 0 members, should have at least 1"),
        ("rendition format gif", rendition(1) { $0["format"] = "gif" }, #"/items/1/renditions/0/format: is "gif", should be one of "jpeg", "webp", "avif", "png""#),
        ("rendition scale 0", rendition(1) { $0["scale"] = 0 }, "/items/1/renditions/0/scale: is 0, should be at least 1"),
        ("rendition outside", rendition(1) { $0["path"] = "../x.jpg" }, "/items/1/renditions/0/path: '../x.jpg' is not a relative path inside the gallery"),
        ("folder without path", { $0["folders"] = [["title": "x"]] }, "/folders/0/path: missing (required)"),
        ("items missing", { $0["items"] = nil }, "/items: missing (required)"),
        // The schema and a check of meaning both object: the latter says it.
        ("negative index", item(3) { $0["index"] = -1 }, "/items/3/index: is -1, should be 3"),
        // Both accept these.
        ("rejected rating", item(0) { $0["rating"] = -1 }, nil),
        ("any custom caption", item(3) { $0["caption"] = ["style": "custom", "custom": ["x": [1, [true, NSNull()]]], "source": "file"] }, nil),
        ("title and folders", { $0["title"] = "T"; $0["folders"] = [["path": "p", "thumbnail": "astronaut"]] }, nil),
    ]

    func testSchemaEditsGetTheVerdictOfCheckJSONSchema() throws {
        guard let checker = Repository.venvTool("check-jsonschema") else {
            if ProcessInfo.processInfo.environment["VITRINE_CORPUS"] != nil { XCTFail("no .venv/bin/check-jsonschema: run .ci/install-deps") }
            throw XCTSkip("no .venv/bin/check-jsonschema: run .ci/install-deps")
        }
        let good = try base()
        var files: [String] = []
        for (number, (_, edit, _)) in Self.schemaEdits.enumerated() {
            var manifest = good
            edit(&manifest)
            let file = folder + "/edit\(number).json"
            try JSONSerialization.data(withJSONObject: manifest, options: .withoutEscapingSlashes).write(to: URL(fileURLWithPath: file))
            files.append(file)
        }
        // One run for all: its JSON report names the files that fail.
        let report = try Program.run(checker, ["-o", "json", "--schemafile", Repository.root.appendingPathComponent("docs/manifest.schema.json").path] + files)
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any], report.stdout + report.stderr)
        XCTAssertEqual((parsed["parse_errors"] as? [Any])?.count, 0, report.stdout)
        let rejected = Set(((parsed["errors"] as? [[String: Any]]) ?? []).compactMap { $0["filename"] as? String })
        for ((name, _, line), file) in zip(Self.schemaEdits, files) {
            let run = try Vitrine.run(["manifest", "validate", file])
            XCTAssertEqual(rejected.contains(file), line != nil, "\(name): check-jsonschema's verdict")
            XCTAssertEqual(run.status, line == nil ? 0 : 1, "\(name): \(run.stderr)")
            if let line { XCTAssertTrue(run.stderrLines.contains("vitrine: error: \(file): \(line)"), "\(name): \(run.stderr)") }
        }
    }

    /// What the schema cannot say: check-jsonschema passes these, validate does not.
    func testChecksOfMeaning() throws {
        let good = try base()
        var part = try Vitrine.run(["scan", Repository.examples, "--shard", "1/2"]).json()
        part["partial"] = (part["partial"] as! [String: Any]).merging(["shard": "3/2"]) { $1 }
        let cases: [(String, [String: Any], Edit, [String])] = [
            ("duplicate id", good, Self.item(1) { $0["id"] = "astronaut" },
             ["/albums/0/items: are not the 6 items whose album is '', in gallery order",
              "/items/0/next: is 'chelsea', should be 'astronaut'", "/items/1/id: duplicate id 'astronaut' (also /items/0/id)",
              "/items/2/prev: is 'chelsea', should be 'astronaut'"]),
            ("dangling next", good, Self.item(2) { $0["next"] = "nowhere" }, ["/items/2/next: is 'nowhere', should be 'coffee'"]),
            ("missing prev", good, Self.item(2) { $0["prev"] = nil }, ["/items/2/prev: is absent, should be 'chelsea'"]),
            ("index", good, Self.item(3) { $0["index"] = 5 }, ["/items/3/index: is 5, should be 3"]),
            ("position", good, Self.item(3) { $0["position"] = "9 of 7" }, ["/items/3/position: is '9 of 7', should be '4 of 6'"]),
            ("album of no album", good, Self.item(6) { $0["album"] = "nowhere" },
             ["/albums/1/itemCount: is 1, should be 0", "/albums/1/items: are not the 0 items whose album is 'portraits', in gallery order",
              "/items/6/album: 'nowhere' is not an album's id"]),
            ("album cover", good, { manifest in
                var albums = manifest["albums"] as! [[String: Any]]
                albums[1]["cover"] = "nope"
                manifest["albums"] = albums
            },
             ["/albums/1/cover: 'nope' is not an item's id"]),
            ("selection gap", good, Self.item(3) { $0["selection"] = 3 }, ["/items/3/selection: 3 breaks the selection numbering (1 to 1, each once)"]),
            ("folder thumbnail", good, { $0["folders"] = [["path": "x", "thumbnail": "nope"]] }, ["/folders/0/thumbnail: 'nope' is not an item's id"]),
            ("sort key outside a part", good, Self.item(0) { $0["sortKey"] = ["input": 0, "path": "a.jpg", "walk": 0] },
             ["/items/0/sortKey: only parts (--shard) have one"]),
            ("initial index", good, { $0["initialIndex"] = 7 }, ["/initialIndex: 7 is not an item's index (0 to 6)"]),
            ("path bytes", good, Self.source(0) { $0["pathBytes"] = Data("other".utf8).base64EncodedString() },
             ["/items/0/source/path: is not source.pathBytes read as UTF-8"]),
            ("shard 3/2", part, { _ in }, [#"/partial/shard: "3/2" is not K/N with 1 <= K <= N"#]),
        ]
        let checker = Repository.venvTool("check-jsonschema")
        for (name, start, edit, lines) in cases {
            var manifest = start
            edit(&manifest)
            let file = folder + "/meaning.json"
            try JSONSerialization.data(withJSONObject: manifest, options: [.withoutEscapingSlashes, .sortedKeys]).write(to: URL(fileURLWithPath: file))
            if let checker {
                let schema = try Program.run(checker, ["--schemafile", Repository.root.appendingPathComponent("docs/manifest.schema.json").path, file])
                XCTAssertEqual(schema.status, 0, "\(name): the schema cannot see it: \(schema.stdout)")
            }
            let run = try Vitrine.run(["manifest", "validate", file])
            XCTAssertEqual(run.status, 1, name)
            XCTAssertEqual(run.stderrLines, lines.map { "vitrine: error: \(file): \($0)" }, name)
        }
    }
}
