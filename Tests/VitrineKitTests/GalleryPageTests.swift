import Foundation
import VipsKit
import XCTest
@testable import VitrineKit

/// The gallery page's document (policy, data block, no live markup of its own) and the
/// sanitiser's rules that keep its output a fixed point of a browser's parser.
final class GalleryPageTests: XCTestCase {
    func testMarkupIsWrittenAsABrowserReadsIt() {
        let cases: [(String, String)] = [
            ("<p>before<li>item</li>after</p>", "<p>before</p><li>item</li>after"),
            (#"<a href="http://a.example/">one<a href="http://b.example/">two</a></a>"#,
             #"<a href="http://a.example/">one</a><a href="http://b.example/">two</a>"#),
            ("<h1>big<h2>smaller</h2></h1>", "<h1>big</h1><h2>smaller</h2>"),
            ("<h1><b>big<h2>in bold</h2></b></h1>", "<h1><b>big<h2>in bold</h2></b></h1>"),
            ("<pre>\n\ncode\n</pre>", "<pre>code\n</pre>"),
            ("<pre><b>\nkept</b></pre>", "<pre><b>\nkept</b></pre>"),
            ("a&nbsp;b <a title=\"x&nbsp;y\" href=\"/\">c</a>", "a&nbsp;b <a title=\"x&nbsp;y\" href=\"/\">c</a>"),
            ("<p>one\r\ntwo\rthree</p>", "<p>one\ntwo\nthree</p>"),
        ]
        for (input, expected) in cases { XCTAssertEqual(Markup.sanitize(input).html, expected, input) }
        // Pango knows no &nbsp;: contact sheets keep the character itself.
        XCTAssertEqual(Markup.pango("a&nbsp;b"), "a\u{A0}b")
    }

    func testDocumentAllowsOnlyItsOwnScriptAndStyleByHash() throws {
        var manifest = Manifest()
        manifest.title = "A & B <i>"
        let html = GalleryPage(site: "/tmp/site").html(for: manifest)
        let policy = try XCTUnwrap(html.range(of: #"Content-Security-Policy" content="[^"]+""#, options: .regularExpression)
            .map { String(html[$0]) })
        XCTAssertTrue(policy.contains("default-src 'none'"))
        XCTAssertTrue(policy.contains("; script-src '\(PageDocument.hashSource(PageAssets.script))' 'strict-dynamic';"), policy)
        // The style element: the base, then the theme's CSS (grid's by default).
        let style = PageAssets.style + PageTheme.standard.style
        XCTAssertEqual(PageTheme.standard.style, PageAssets.themeStyle("grid"))
        XCTAssertTrue(policy.contains("style-src '\(PageDocument.hashSource(style))'"), policy)
        XCTAssertFalse(policy.contains("unsafe"), policy)
        XCTAssertTrue(html.contains("<script>\(PageAssets.script)</script>"), "the script hashed is the script inline")
        XCTAssertTrue(html.contains("<style>\(style)</style>"))
        XCTAssertTrue(html.contains(#"<body data-layout="grid">"#))
        // Another theme and a site's CSS: both in the style element, after the base, and hashed with it.
        var page = GalleryPage(site: "/tmp/site")
        (page.theme, page.pageCSS) = (PageTheme.builtIn(.justified), "main{--site:1}")
        let themed = page.html(for: manifest)
        let themedStyle = try PageAssets.style + XCTUnwrap(PageAssets.themeStyle("justified")) + "main{--site:1}"
        XCTAssertTrue(themed.contains("<style>\(themedStyle)</style>"))
        XCTAssertTrue(themed.contains("style-src '\(PageDocument.hashSource(themedStyle))'"))
        XCTAssertTrue(themed.contains(#"<body data-layout="justified">"#))
        XCTAssertTrue(html.contains("<title>A &amp; B &lt;i&gt;</title>"))
        XCTAssertEqual(GalleryPage(site: "/tmp/site", title: "Given").html(for: manifest).components(separatedBy: "Given").count - 1, 2,
            "--title names the document and heads the views")
        // The hash is SHA-256 in base64, as `openssl dgst -sha256 -binary | base64` gives it.
        XCTAssertEqual(PageDocument.hashSource("window.done=1;"), "sha256-" + Data(hex: Checksum.sha256(of: Data("window.done=1;".utf8))).base64EncodedString())
        XCTAssertEqual(PageDocument.hashSource(""), "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
    }

    /// The template's placeholders are filled in one pass: a title that spells a placeholder stays
    /// text, and the document keeps none of them.
    func testTemplateIsFilledOnce() {
        XCTAssertEqual(PageDocument.fill("<t>{{title}}</t>{{x}}{{", with: ["title": "{{script}}", "script": "S"]), "<t>{{script}}</t>{{x}}{{")
        let html = String(decoding: PageDocument.html(title: "{{script}}"), as: UTF8.self)
        XCTAssertEqual(html.components(separatedBy: "{{script}}").count - 1, 2, "the title twice, as text")
        XCTAssertNil(html.range(of: #"\{\{(policy|version|title|style)\}\}"#, options: .regularExpression))
        XCTAssertTrue(html.hasPrefix("<!doctype html>\n<html lang=\"en\">"))
        XCTAssertTrue(html.contains(#"<meta name="generator" content="vitrine \#(VitrineVersion.string)">"#))
    }

    func testPageHasNoLiveMarkupOrEvaluation() {
        let script = PageAssets.script
        for banned in ["eval(", "new Function", "setTimeout('", "setTimeout(\"", "javascript:", ".innerHTML", "outerHTML",
                       "insertAdjacentHTML", "document.write", "fetch(", "XMLHttpRequest", "import("] {
            XCTAssertFalse(script.contains(banned), "the script uses \(banned)")
        }
        let html = String(decoding: PageDocument.html(title: "t"), as: UTF8.self)
        XCTAssertNil(html.range(of: #"\son[a-z]+="#, options: .regularExpression), "no inline event handler")
        XCTAssertNil(html.range(of: #"\sstyle="#, options: .regularExpression), "no style attribute")
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 1, "the script only: the data is in pieces beside it")
        XCTAssertLessThan(html.utf8.count, 200_000)
    }

    /// A gallery of albums: `index.html` stays the same size whatever the gallery's, an album's
    /// items come in chunks, the lookup finds every item, and a caption edited in one album
    /// rewrites that album's piece only; pieces no longer made go, other files stay.
    func testPiecesPerAlbumRewrittenOnlyWhenTheyChange() throws {
        let site = NSTemporaryDirectory() + "vitrine-pieces-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: site) }
        var manifest = Manifest()
        manifest.title = "Trips"
        var rome = Album(id: "2019/rome", path: "2019/rome", title: "Rome", parent: "2019")
        rome.description = Caption(style: .markup, text: "In Rome", markup: "<p>In <b>Rome</b></p>", source: "file")
        let records = [Album(id: "", path: ""), Album(id: "2019", path: "2019", parent: ""), rome]
        func item(_ id: String, album: String?) -> Item {
            var item = Item(id: id, format: "jpeg", width: 40, height: 30, source: Item.Source(path: id + ".JPG", bytes: 1))
            item.album = album
            item.renditions = [Rendition(role: .thumbnail, path: "thumbs/\(id).jpg", width: 40, height: 30, format: .jpeg, box: "256x256",
                fit: .fit, scale: 1, bytes: 1)]
            return item
        }
        manifest.items = [item("alone", album: nil), item("2019/first", album: "2019")]
            + (0..<1_201).map { item("2019/rome/p\($0)", album: "2019/rome") }
        manifest.items[5].caption = Caption(style: .plain, text: "The Forum at dawn\nsecond line", source: "sidecar")
        manifest.items[5].camera = Camera(make: "Canon", model: "EOS 70D", lens: "EF50mm f/1.8 II")
        manifest.items[5].exposure = Exposure(time: "1/250", aperture: 2.8, iso: 100, focalLength: 50, focalLength35mm: 80)
        manifest.albums = AlbumTree.ordered(records, members: [], by: AlbumTree.Ordering())
        AlbumTree.arrange(&manifest)
        let page = GalleryPage(site: site)
        let first = try page.write(manifest)
        let chunks = ["data/0001.js", "data/2019/0001.js", "data/2019/rome/0001.js", "data/2019/rome/0002.js", "data/2019/rome/0003.js"]
        XCTAssertEqual(Set(first.rewritten), Set(chunks + ["data/index.js", "index.html"] + (0..<8).map(PageData.bucketPath)))
        XCTAssertEqual(first.kept, 0)
        let index = try String(contentsOfFile: site + "/data/index.js", encoding: .utf8)
        XCTAssertTrue(index.hasPrefix(#"vitrinePiece("data/index.js",{"#), index)
        XCTAssertTrue(index.contains(#""chunks":3"#) && index.contains(#""title":"Rome""#) && index.contains("<b>Rome</b>"), index)
        XCTAssertTrue(index.contains(#""title":"Trips""#))
        let last = try String(contentsOfFile: site + "/data/2019/rome/0003.js", encoding: .utf8)
        XCTAssertTrue(last.contains(#""start":1000"#) && last.contains(#""id":"2019/rome/p1200""#), String(last.prefix(300)))
        XCTAssertTrue(last.contains(#""position":"1201 of 1201""#), "positions are the album's")
        let chunk = try String(contentsOfFile: site + "/data/2019/rome/0001.js", encoding: .utf8)
        XCTAssertTrue(chunk.contains(#""alt":"The Forum at dawn""#), "alt: the caption's first line")
        XCTAssertTrue(chunk.contains(#""alt":"p0.JPG""#), "alt: the file's name, never the id")
        XCTAssertTrue(chunk.contains(#""camera":{"lens":"EF50mm f/1.8 II","make":"Canon","model":"EOS 70D"}"#), "the info panel's camera")
        XCTAssertTrue(chunk.contains(#""aperture":2.8"#) && chunk.contains(#""time":"1/250""#), "and exposure")
        // Every item in its bucket, with its album and position.
        let target = "2019/rome/p700"
        let bucket = try String(contentsOfFile: site + "/" + PageData.bucketPath(PageData.bucket(of: target, among: 8)), encoding: .utf8)
        XCTAssertTrue(bucket.contains(#""2019/rome/p700":["2019/rome",700]"#), String(bucket.prefix(200)))
        XCTAssertEqual(PageData.bucket(of: "a", among: 256), 0x2C, "FNV-1a of \"a\" is 0xe40c292c")
        XCTAssertEqual([0, 250, 251, 1_203, 150_000, 10_000_000].map(PageData.bucketCount(for:)), [1, 1, 2, 8, 1_024, 4_096])

        // A caption edited in the root album: its chunk only (the dry run says so first).
        let before = try modificationTimes(site)
        Thread.sleep(forTimeInterval: 0.02)
        var edited = manifest
        edited.items[0].caption = Caption(style: .plain, text: "Edited", source: "sidecar")
        XCTAssertEqual(try page.write(edited, dryRun: true).rewritten, ["data/0001.js"])
        XCTAssertEqual(try modificationTimes(site), before, "a dry run writes nothing")
        let second = try page.write(edited)
        XCTAssertEqual(second.rewritten, ["data/0001.js"])
        XCTAssertEqual(second.kept, first.rewritten.count - 1)
        let after = try modificationTimes(site)
        // The search index's pieces of the caption's terms change too (SearchBuildTests).
        XCTAssertEqual(after.filter { before[$0.key] != $0.value && !$0.key.hasPrefix("search/") }.map(\.key), ["data/0001.js"])

        // Rome gone: its pieces go, its folder too; a file of someone else's in data/ stays.
        try Data("mine".utf8).write(to: URL(fileURLWithPath: site + "/data/2019/notes.txt"))
        var fewer = edited
        fewer.items.removeAll { $0.album == "2019/rome" }
        AlbumTree.arrange(&fewer)
        let third = try page.write(fewer)
        XCTAssertEqual(Set(third.removed), Set(chunks.filter { $0.hasPrefix("data/2019/rome/") } + (1..<8).map(PageData.bucketPath)),
            "Rome's chunks, and the buckets a gallery of two items no longer needs")
        XCTAssertFalse(FileManager.default.fileExists(atPath: site + "/data/2019/rome"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/data/2019/notes.txt"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/data/2019/0001.js"))
    }

    /// A flat gallery (no albums: `--albums none`, a /1 manifest) is one root album.
    func testGalleryWithoutAlbumsIsOneRootAlbum() throws {
        var manifest = Manifest()
        manifest.items = (0..<3).map { Item(id: "p\($0)", format: "jpeg", width: 4, height: 3) }
        manifest.items[1].title = "Titled"
        let pieces = try PagePieces(manifest, title: "Gallery", videos: [:], viewport: (1920, 1080)).pieces
        XCTAssertEqual(pieces.map(\.path).filter { !$0.contains("ids-") }, ["data/0001.js", "data/index.js"])
        let chunk = String(decoding: pieces[0].bytes, as: UTF8.self)
        XCTAssertTrue(chunk.contains(#""alt":"Titled""#))
        XCTAssertEqual(PageData.alt(of: manifest.items[0]), "", "no source, no title: no words, never the id")
        var long = Item(id: "x", format: "jpeg", width: 1, height: 1, source: Item.Source(path: "a/b/IMG_1.jpg", bytes: 1))
        XCTAssertEqual(PageData.alt(of: long), "IMG_1.jpg")
        long.caption = Caption(style: .plain, text: String(repeating: "word ", count: 60), source: "file")
        XCTAssertEqual(PageData.alt(of: long).count, PageData.altLength)
        XCTAssertTrue(PageData.alt(of: long).hasSuffix("…"))
    }

    func modificationTimes(_ site: String) throws -> [String: Date] {
        var times: [String: Date] = [:]
        let enumerator = FileManager.default.enumerator(atPath: site)
        while let path = enumerator?.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: site + "/" + path)
            if attributes[.type] as? FileAttributeType == .typeRegular { times[path] = attributes[.modificationDate] as? Date }
        }
        return times
    }

    func testWriteAndVideosAndMissingFiles() throws {
        let site = NSTemporaryDirectory() + "vitrine-page-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: site) }
        let source = site + "-sources"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: source) }
        try Data("not really a video".utf8).write(to: URL(fileURLWithPath: source + "/Holiday.MP4"))
        var manifest = Manifest()
        var clip = Item(id: "trips/holiday", format: "mov", width: 320, height: 240,
            source: Item.Source(path: "Holiday.MP4", bytes: 18))
        clip.kind = .video
        clip.renditions = [Rendition(role: .thumbnail, path: "trips/holiday-256x256.jpg", width: 256, height: 192, format: .jpeg,
            box: "256x256", fit: .fit, scale: 1, bytes: 10)]
        manifest.items = [clip]
        let copied = ["trips/holiday": [PageVideo(path: "trips/holiday.mp4", type: nil)]]
        for (placement, expected) in [(VideoPlacement.copy, copied), (.link, copied), (.none, [:])] {
            let placed = GalleryPage.placeVideos(of: manifest, in: site, from: source, how: placement)
            XCTAssertEqual(placed.sources, expected, "\(placement)")
            XCTAssertEqual(placed.failures, [])
        }
        let target = site + "/trips/holiday.mp4"
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: target), source + "/Holiday.MP4")
        let missing = GalleryPage.placeVideos(of: manifest, in: site, from: site, how: .copy)
        XCTAssertEqual(missing.failures.map(\.reason), [.write])
        let page = GalleryPage(site: site, videoSources: ["trips/holiday": [PageVideo(path: "trips/holiday.mp4", type: "video/mp4")]])
        XCTAssertEqual(page.missingFiles(of: manifest), ["trips/holiday-256x256.jpg"])
        XCTAssertTrue(try page.write(manifest).rewritten.contains("index.html"))
        let chunk = try String(contentsOfFile: site + "/data/0001.js", encoding: .utf8)
        XCTAssertTrue(chunk.contains(#""videos":[{"#) && chunk.contains(#""path":"trips/holiday.mp4""#) && chunk.contains(#""type":"video/mp4""#), chunk)
    }
}

private extension Data {
    init(hex: String) {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        self.init(bytes)
    }
}
