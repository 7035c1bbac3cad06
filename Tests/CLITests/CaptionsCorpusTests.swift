import Foundation
import XCTest

/// Captions on the shared corpus: sigal's sample gallery (sidecars, index.md, Order:) and its
/// IPTC pictures, checked against the exiv2 program.
final class CaptionsCorpusTests: XCTestCase {
    func scan(_ arguments: [String]) throws -> [String: Any] {
        let run = try Vitrine.run(["scan"] + arguments)
        XCTAssertEqual(run.status, 0, run.stderr)
        return try run.json()
    }

    func testSigalSidecarsLandOnTheRightItems() throws {
        let root = try Corpus.path("mixed/sigal-sample")
        let manifest = try scan([root])
        let list = Dictionary(uniqueKeysWithValues: items(manifest).map { ($0["id"] as! String, $0) })

        let eleven = try XCTUnwrap(list["dir1/test1/11"])
        XCTAssertEqual(eleven["title"] as? String, "Foo Bar")
        XCTAssertEqual(eleven["location"] as? [String: String], ["name": "Bavaria"])
        let caption = try XCTUnwrap(eleven["caption"] as? [String: String])
        XCTAssertEqual(caption["style"], "markup")
        XCTAssertEqual(caption["source"], "sidecar")
        XCTAssertEqual(caption["markup"], """
            <p>This is a <em>funny</em> <strong>description</strong> of this image</p>
            <p>With a nice list</p>
            <ul>
            <li>item 1</li>
            <li>item 2</li>
            <li>item 3</li>
            </ul>
            """)
        XCTAssertEqual(caption["text"], "This is a funny description of this image\n\nWith a nice list\n\n• item 1\n• item 2\n• item 3")

        let flickr = try XCTUnwrap(list["dir1/test1/flickr-jerquiaga-2394751088-cc-by-nc"])
        let special = try XCTUnwrap(flickr["title"] as? String)
        XCTAssertEqual(special, "WÎth spécial chÆracters")
        XCTAssertEqual(special, special.precomposedStringWithCanonicalMapping, "titles are NFC")
        XCTAssertEqual((flickr["caption"] as? [String: String])?["markup"], "<p>This is a funny description of this image</p>")

        XCTAssertEqual(list["dir1/test2/21"]?["title"] as? String, "in\"title\"")
        XCTAssertEqual((list["dir1/test2/21"]?["caption"] as? [String: String])?["text"], "in\"description")
        XCTAssertNil(list["dir1/test2/22"]?["caption"], "22.md has only an Order: header")
        XCTAssertEqual(list["iptctest/2"]?["title"] as? String, "Markdown title beats iptc")
        XCTAssertEqual((list["iptctest/2"]?["caption"] as? [String: String])?["text"], "Markdown description beats iptc")
        XCTAssertEqual(list["video/example-video"]?["takenAt"] as? String, "2020-01-01T09:00:00", "Date: in the sidecar")

        // index.md: the gallery's own title, and each folder's.
        XCTAssertEqual(manifest["title"] as? String, "Sigal test gallery")
        XCTAssertTrue(((manifest["description"] as? [String: String])?["markup"] ?? "").hasPrefix("<h2>This is a testing gallery for sigal.</h2>"))
        // Each folder an album, titled by its index.md.
        let albums = Dictionary(uniqueKeysWithValues: (manifest["albums"] as? [[String: Any]] ?? []).map { ($0["path"] as! String, $0) })
        XCTAssertEqual(albums[""]?["title"] as? String, "Sigal test gallery")
        XCTAssertEqual(albums["dir1"]?["title"] as? String, "An example gallery")
        XCTAssertEqual(albums["dir1/test1"]?["title"] as? String, "An example sub-category")
        XCTAssertEqual(albums["dir1/test1"]?["cover"] as? String, "dir1/test1/11")
        XCTAssertEqual(albums["dir1/test3"]?["title"] as? String, "01 First title alphabetically")
        XCTAssertEqual(albums["dir2"]?["title"] as? String, "Another example gallery with a very long name")
        XCTAssertEqual(albums["dir2"]?["cover"] as? String, "dir2/m57-the-ring-nebula-587px", "Thumbnail: names it")
        XCTAssertEqual(albums["iptcTest"]?["title"] as? String, "iptc test gallery")
        XCTAssertEqual(albums["iptcTest"]?["id"] as? String, "iptctest")
        XCTAssertEqual(albums["webp"]?["title"] as? String, "webp", "no index.md: the folder's name")
        let folders = albums
        let link = (folders["dir2"]?["description"] as? [String: String])?["markup"] ?? ""
        XCTAssertTrue(link.contains(#"<a href="http://example.com/" title="With a Title">example link</a>"#), link)
    }

    /// sigal's `medias_sort_attr = "meta.order"` and `albums_sort_attr = "meta.order"`.
    func testOrderSidecarFollowsSigalsOrderHeaders() throws {
        let dir1 = try Corpus.path("mixed/sigal-sample/dir1")
        let ids = items(try scan(["--order", "sidecar", dir1])).map { $0["id"] as! String }
        // Files first (22.jpg), then folders by Order: test2 (-10), test3 (02), test1 (03);
        // inside test2, media by Order: 21 (-10), 22 (02), CMB (03); test1 has none: natural.
        XCTAssertEqual(ids, ["22", "test2/21", "test2/22", "test2/cmb-timeline300-no-wmap", "test3/3", "test1/11",
            "test1/cmb-timeline300-no-wmap", "test1/example", "test1/flickr-jerquiaga-2394751088-cc-by-nc", "test1/outdoor"])
        let natural = items(try scan([dir1])).map { $0["id"] as! String }
        XCTAssertNotEqual(natural, ids)
        // --reverse reverses the items within each album; the albums keep their order.
        let reversed = items(try scan(["--order", "sidecar", "--reverse", dir1])).map { $0["id"] as! String }
        XCTAssertEqual(reversed, ["22", "test2/cmb-timeline300-no-wmap", "test2/22", "test2/21", "test3/3", "test1/outdoor",
            "test1/flickr-jerquiaga-2394751088-cc-by-nc", "test1/example", "test1/cmb-timeline300-no-wmap", "test1/11"])
        let flat = items(try scan(["--order", "sidecar", "--reverse", "--albums", "none", dir1])).map { $0["id"] as! String }
        XCTAssertEqual(flat, ids.reversed())
        let albumsReversed = try scan(["--order", "sidecar", "--reverse-albums", dir1])
        XCTAssertEqual((albumsReversed["albums"] as? [[String: Any]])?.map { $0["id"] as! String }, ["", "test1", "test3", "test2"])
    }

    func testIPTCCaptionsMatchExiv2() throws {
        let folder = try Corpus.path("mixed/sigal-sample/iptcTest")
        let manifest = try scan(["--captions-from", "iptc", folder])
        let pictures = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".jpg") }.sorted()
        XCTAssertEqual(pictures.count, 3)
        var captioned = 0
        for name in pictures {
            let path = folder + "/" + name
            let item = try XCTUnwrap(items(manifest).first { $0["source"].flatMap { ($0 as? [String: Any])?["path"] as? String } == path })
            let keys = Set(try exiv2(["-pi", path]).split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
            let caption = keys.contains("Iptc.Application2.Caption") ? try exiv2Value("Iptc.Application2.Caption", path) : nil
            XCTAssertEqual((item["caption"] as? [String: String])?["text"], caption, name)
            XCTAssertEqual((item["caption"] as? [String: String])?["source"], caption == nil ? nil : "iptc", name)
            if caption != nil { captioned += 1 }
            let title = keys.contains("Iptc.Application2.ObjectName") ? try exiv2Value("Iptc.Application2.ObjectName", path)
                : keys.contains("Iptc.Application2.Headline") ? try exiv2Value("Iptc.Application2.Headline", path) : nil
            XCTAssertEqual(item["title"] as? String, title, name)
            let keywords = keys.contains("Iptc.Application2.Keywords")
                ? try exiv2Value("Iptc.Application2.Keywords", path).split(separator: "\n").map(String.init) : nil
            XCTAssertEqual(item["keywords"] as? [String], keywords, name)
        }
        XCTAssertEqual(captioned, 2, "1.jpg and 2.jpg carry IPTC captions")
    }

    private func exiv2Value(_ key: String, _ path: String) throws -> String {
        var value = try exiv2(["-K", key, "-Pv", path])
        if value.hasSuffix("\n") { value.removeLast() }
        return value
    }

    private func exiv2(_ arguments: [String]) throws -> String { try Program.run("exiv2", arguments).stdout }
}
