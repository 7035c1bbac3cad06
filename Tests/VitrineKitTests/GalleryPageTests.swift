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
        let html = try GalleryPage(site: "/tmp/site").html(for: manifest)
        let policy = try XCTUnwrap(html.range(of: #"Content-Security-Policy" content="[^"]+""#, options: .regularExpression)
            .map { String(html[$0]) })
        XCTAssertTrue(policy.contains("default-src 'none'"))
        XCTAssertTrue(policy.contains("script-src '\(PageDocument.hashSource(PageScript.text))'"), policy)
        XCTAssertTrue(policy.contains("style-src '\(PageDocument.hashSource(PageStyle.text))'"), policy)
        XCTAssertFalse(policy.contains("unsafe"), policy)
        XCTAssertTrue(html.contains("<script>\(PageScript.text)</script>"), "the script hashed is the script inline")
        XCTAssertTrue(html.contains("<style>\(PageStyle.text)</style>"))
        XCTAssertTrue(html.contains("<title>A &amp; B &lt;i&gt;</title>"))
        // The hash is SHA-256 in base64, as `openssl dgst -sha256 -binary | base64` gives it.
        XCTAssertEqual(PageDocument.hashSource("window.done=1;"), "sha256-" + Data(hex: Checksum.sha256(of: Data("window.done=1;".utf8))).base64EncodedString())
        XCTAssertEqual(PageDocument.hashSource(""), "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
    }

    func testPageHasNoLiveMarkupOrEvaluation() {
        let script = PageScript.text
        for banned in ["eval(", "new Function", "setTimeout('", "setTimeout(\"", "javascript:", ".innerHTML", "outerHTML",
                       "insertAdjacentHTML", "document.write", "fetch(", "XMLHttpRequest", "import("] {
            XCTAssertFalse(script.contains(banned), "the script uses \(banned)")
        }
        let html = String(decoding: PageDocument.html(manifestJSON: Data("{}".utf8), pageJSON: Data("{}".utf8), title: nil), as: UTF8.self)
        XCTAssertNil(html.range(of: #"\son[a-z]+="#, options: .regularExpression), "no inline event handler")
        XCTAssertNil(html.range(of: #"\sstyle="#, options: .regularExpression), "no style attribute")
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 3, "two data blocks and the script")
    }

    func testDataBlockCannotBeEndedByACaption() throws {
        var manifest = Manifest()
        manifest.description = Caption(style: .plain, text: "</script><script>alert(1)</script><!--", source: "file")
        let html = try GalleryPage(site: "/tmp/site").html(for: manifest)
        XCTAssertFalse(html.contains("</script><script>alert"))
        XCTAssertFalse(html.contains("<!--"))
        XCTAssertTrue(html.contains(#"\u003c/script>\u003cscript>alert(1)\u003c/script>\u003c!--"#))
        // What the page reads back is the manifest.
        let start = try XCTUnwrap(html.range(of: #"<script type="application/json" id="vitrine-manifest">"#))
        let end = try XCTUnwrap(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let decoded = try ManifestFile.decode(Data(html[start.upperBound..<end.lowerBound].utf8))
        XCTAssertEqual(decoded, manifest)
    }

    /// The data block made from pieces (the manifest read back from its file a block at a
    /// time) is the block made from the whole: every `<` escaped wherever the cuts fall, and
    /// only the final line ends left out, even when they come in pieces of their own.
    func testDataBlockFromPiecesIsTheBlockFromTheWhole() {
        let json = Array("{\"a\": \"<b>\n\n<\",\n \"c\": 1}\n\n".utf8)
        func block(cuts: [Int]) -> String {
            var out: [UInt8] = []
            PageDocument.emitDataBlock({ emit in
                json.withUnsafeBytes { raw in for (from, to) in zip(cuts, cuts.dropFirst()) { emit(UnsafeRawBufferPointer(rebasing: raw[from..<to])) } }
            }) { out += $0 }
            return String(decoding: out, as: UTF8.self)
        }
        let whole = block(cuts: [0, json.count])
        XCTAssertEqual(whole, "{\"a\": \"\\u003cb>\n\n\\u003c\",\n \"c\": 1}")
        for cut in 0...json.count { XCTAssertEqual(block(cuts: [0, cut, json.count]), whole, "cut at \(cut)") }
        XCTAssertEqual(block(cuts: [0, 10, 11, 12, json.count - 1, json.count]), whole)
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
        for (placement, expected) in [(VideoPlacement.copy, ["trips/holiday": "trips/holiday.mp4"]), (.link, ["trips/holiday": "trips/holiday.mp4"]),
                                      (.none, [:])] {
            let placed = GalleryPage.placeVideos(of: manifest, in: site, from: source, how: placement)
            XCTAssertEqual(placed.sources, expected, "\(placement)")
            XCTAssertEqual(placed.failures, [])
        }
        let target = site + "/trips/holiday.mp4"
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: target), source + "/Holiday.MP4")
        let missing = GalleryPage.placeVideos(of: manifest, in: site, from: site, how: .copy)
        XCTAssertEqual(missing.failures.map(\.reason), [.write])
        let page = GalleryPage(site: site, videoSources: ["trips/holiday": "trips/holiday.mp4"])
        XCTAssertEqual(page.missingFiles(of: manifest), ["trips/holiday-256x256.jpg"])
        XCTAssertEqual(try page.write(manifest), site + "/index.html")
        XCTAssertTrue(try String(contentsOfFile: site + "/index.html", encoding: .utf8).contains(#"{"videos":{"trips/holiday":"trips/holiday.mp4"}}"#))
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
