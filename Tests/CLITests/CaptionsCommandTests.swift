import Foundation
import XCTest

/// Captions end to end: `vitrine scan` with sidecars, captions files, precedence and hostile text.
final class CaptionsCommandTests: TemporaryFolderTestCase {
    let examples = Repository.examples

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: folder + "/g", withIntermediateDirectories: true)
        for name in ["a", "b", "c", "d", "e"] {
            try FileManager.default.copyItem(atPath: examples + "/coffee.jpg", toPath: folder + "/g/\(name).jpg")
        }
    }

    func write(_ relative: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + relative))
    }

    func byID(_ manifest: [String: Any]) -> [String: [String: Any]] {
        Dictionary(uniqueKeysWithValues: items(manifest).map { ($0["id"] as! String, $0) })
    }

    func testCaptionsCSVSetsCaptionsStylesTitlesAndTheOrder() throws {
        try write("captions.csv", #"""
            path,caption,style,title
            g/d.jpg,"Fourth, ""quoted""",plain,Dee
            g/b.jpg,<b>Bold</b> and <i>italic,markup,
            g/missing.jpg,nobody,plain,
            """#)
        let run = try Vitrine.run(["scan", "g", "--captions", "captions.csv", "--order", "captions"], currentDirectory: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderrLines, ["vitrine: warning: captions.csv: line 4: no item has the path 'g/missing.jpg'"])
        let manifest = try run.json()
        // Listed items first, in file order; the rest after, in natural order.
        XCTAssertEqual(items(manifest).map { $0["id"] as? String }, ["d", "b", "a", "c", "e"])
        let list = byID(manifest)
        XCTAssertEqual(list["d"]?["caption"] as? [String: String], ["style": "plain", "text": "Fourth, \"quoted\"", "source": "file"])
        XCTAssertEqual(list["d"]?["title"] as? String, "Dee")
        XCTAssertEqual(list["b"]?["caption"] as? [String: String],
            ["style": "markup", "markup": "<b>Bold</b> and <i>italic</i>", "text": "Bold and italic", "source": "file"])
        XCTAssertNil(list["a"]?["caption"])
    }

    func testJSONCaptionsFileCustomObjectRoundTripsByteForByte() throws {
        let custom = #"{"layout": "split",   "lines": ["Ünïcode", 1.50, true, null], "nested": {"z": 1, "a": {}}}"#
        try write("captions.json", """
            {
              "g/c.jpg": {"style": "custom", "caption": \(custom), "title": "See"},
              "g/a.jpg": "**Markdown**? No: plain."
            }
            """)
        let run = try Vitrine.run(["scan", "g", "--captions", "captions.json", "--order", "captions"], currentDirectory: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(items(try run.json()).map { $0["id"] as? String }, ["c", "a", "b", "d", "e"])
        XCTAssertTrue(run.stdoutText.contains(#""custom" : "# + custom + ","), "the object's bytes are not in the manifest")
        let list = byID(try run.json())
        XCTAssertEqual(list["a"]?["caption"] as? [String: String], ["style": "plain", "text": "**Markdown**? No: plain.", "source": "file"])
        // And a viewer reading it with a JSON parser gets the same value.
        let given = try JSONSerialization.jsonObject(with: Data(custom.utf8)) as! NSDictionary
        XCTAssertEqual((list["c"]?["caption"] as? [String: Any])?["custom"] as? NSDictionary, given)
        // NDJSON keeps each item on one line.
        let lines = try Vitrine.run(["scan", "g", "--captions", "captions.json", "--ndjson"], currentDirectory: folder)
        XCTAssertEqual(lines.stdoutText.split(separator: "\n").count, 5)
        XCTAssertTrue(lines.stdoutText.contains(#""custom":{"layout":"split","lines":["Ünïcode",1.50,true,null],"nested":{"z":1,"a":{}}}"#))
    }

    func testCaptionsFromDecidesPrecedenceBetweenSidecarAndEmbedded() throws {
        try runExiv2(["-M", "set Iptc.Application2.Caption Embedded caption", "-M", "set Iptc.Application2.ObjectName Embedded title",
            "-M", "set Iptc.Application2.Keywords embedded", folder + "/g/a.jpg"])
        try write("g/a.md", "Title: Sidecar title\n\nSidecar *caption*")
        func first(_ arguments: [String]) throws -> [String: Any] {
            let run = try Vitrine.run(["scan", folder + "/g/a.jpg"] + arguments)
            XCTAssertEqual(run.status, 0, run.stderr)
            return try XCTUnwrap(items(try run.json()).first)
        }
        let sidecarFirst = try first([])
        XCTAssertEqual((sidecarFirst["caption"] as? [String: Any])?["text"] as? String, "Sidecar caption")
        XCTAssertEqual((sidecarFirst["caption"] as? [String: Any])?["source"] as? String, "sidecar")
        XCTAssertEqual(sidecarFirst["title"] as? String, "Sidecar title")
        XCTAssertEqual(sidecarFirst["keywords"] as? [String], ["embedded"], "each field from the first source that has it")
        let iptcFirst = try first(["--captions-from", "iptc,sidecar"])
        XCTAssertEqual((iptcFirst["caption"] as? [String: Any])?["text"] as? String, "Embedded caption")
        XCTAssertEqual(iptcFirst["title"] as? String, "Embedded title")
        let none = try first(["--captions-from", "none", "--caption-fallback", "filename"])
        XCTAssertEqual(none["caption"] as? [String: String], ["style": "plain", "text": "a", "source": "filename"])
        XCTAssertNil(none["title"])
    }

    /// darktable's `name.ext.xmp` and Lightroom's `name.xmp` beside a photo or a video: their
    /// fields win over the same fields inside the file, which fill in the rest.
    func testXMPSidecarsBesidePhotosAndVideos() throws {
        try runExiv2(["-M", "set Xmp.dc.title lang=x-default Inside title", "-M", "set Xmp.dc.description lang=x-default Inside words",
            folder + "/g/a.jpg"])
        try write("g/a.jpg.xmp", """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
              xmp:Rating="4"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">Sidecar title</rdf:li></rdf:Alt></dc:title>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """)
        try FileManager.default.copyItem(atPath: examples + "/clip.mp4", toPath: folder + "/g/clip.mp4")
        try write("g/clip.xmp", """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:description><rdf:Alt>
            <rdf:li xml:lang="x-default">A test card</rdf:li></rdf:Alt></dc:description></rdf:Description></rdf:RDF></x:xmpmeta>
            """)
        let run = try Vitrine.run(["scan", "g"], currentDirectory: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let list = byID(try run.json())
        XCTAssertEqual(list["a"]?["title"] as? String, "Sidecar title")
        XCTAssertEqual(list["a"]?["rating"] as? Int, 4)
        XCTAssertEqual(list["a"]?["caption"] as? [String: String], ["style": "plain", "text": "Inside words", "source": "xmp"])
        XCTAssertEqual(list["clip"]?["caption"] as? [String: String], ["style": "plain", "text": "A test card", "source": "xmp"])
        XCTAssertNil(list["b"]?["title"])
        // Not a source when xmp is not asked for.
        let without = try Vitrine.run(["scan", "g", "--captions-from", "sidecar"], currentDirectory: folder)
        XCTAssertNil(byID(try without.json())["clip"]?["caption"])
    }

    func testHostileTextIsSanitisedOrCutWithWarningsAndNothingCrashes() throws {
        try write("g/a.md", "Title: <script>alert(1)</script>T\n\nHi <script>document.cookie</script><b>open <i>tags <a href=\"javascript:x\">x</a>")
        try Data([0x43, 0x61, 0x66, 0xE9, 0x0A, 0x00, 0x01]).write(to: URL(fileURLWithPath: folder + "/g/b.txt"))
        try write("g/c.txt", String(repeating: "lorem ipsum ", count: 90_000))
        try write("g/d.md", "</b></i></p>" + String(repeating: "<span style=\"color:red\">", count: 1000) + "deep")
        let run = try Vitrine.run(["scan", "g"], currentDirectory: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(Set(run.stderrLines), [
            "vitrine: warning: g/a.jpg: caption markup: removed <script>",
            "vitrine: warning: g/a.jpg: caption markup: removed an unsafe link",
            "vitrine: warning: g/b.jpg: b.txt: not valid UTF-8: read as Latin-1 (Windows-1252)",
            "vitrine: warning: g/c.jpg: caption: text of 1.0 MiB cut to 64 KiB",
        ])
        let list = byID(try run.json())
        let a = try XCTUnwrap(list["a"]?["caption"] as? [String: String])
        XCTAssertEqual(a["markup"], "<p>Hi <b>open <i>tags <a>x</a></i></b></p>")
        XCTAssertEqual(list["a"]?["title"] as? String, "<script>alert(1)</script>T", "a title is plain text, escaped by whoever shows it")
        XCTAssertEqual((list["b"]?["caption"] as? [String: String])?["text"], "Café")
        XCTAssertEqual((list["c"]?["caption"] as? [String: String])?["text"]?.utf8.count, 65_536)
        XCTAssertEqual((list["d"]?["caption"] as? [String: String])?["text"], "deep")
    }

    func testBadCaptionOptionsAreUsageErrors() throws {
        let missing = try Vitrine.run(["scan", "g", "--captions", "nope.csv"], currentDirectory: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("--captions nope.csv: no such file"), missing.stderr)
        let typo = try Vitrine.run(["scan", "g", "--captions-from", "sidecar,iptx"], currentDirectory: folder)
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("did you mean 'iptc'?"), typo.stderr)
        let order = try Vitrine.run(["scan", "g", "--order", "captions"], currentDirectory: folder)
        XCTAssertEqual(order.status, 2)
        XCTAssertTrue(order.stderr.contains("--order captions needs --captions FILE"), order.stderr)
        try write("bad.json", "{\"g/a.jpg\": ")
        let bad = try Vitrine.run(["scan", "g", "--captions", "bad.json"], currentDirectory: folder)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("bad.json: not valid JSON"), bad.stderr)
    }

    func runExiv2(_ arguments: [String]) throws { try Program.output("exiv2", arguments) }
}
