import Foundation
import VitrineKit
import XCTest

/// Issue 26's page acceptance in headless Chromium: albums and their URLs, history and scroll
/// positions, a link to an item in a nested album, the info panel, alt text, 1:1 zoom in a
/// 1280×757 window, and a virtual grid that keeps the document small at 20,000 items.
final class PageBrowserAlbumTests: TemporaryFolderTestCase {
    func copy(_ source: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: Path.parent(of: path), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: source, toPath: path)
    }

    /// A library: a large photo at the top, 24 one-photo albums, and `2019/rome/day2/` three
    /// dated photos deep (one with a caption sidecar); `thumbs` then `page`, read from disk and over HTTP.
    func makeLibrary() throws -> (site: String, manifest: Manifest) {
        let library = folder + "/library", site = folder + "/site"
        let astronaut = Repository.examples + "/astronaut.jpg", coffee = Repository.examples + "/coffee.jpg"
        let elephants = try Corpus.path("photos") + "/mate__Elephants_3840x2160.jpg"  // large, and dated
        try copy(elephants, to: library + "/elephants.jpg")
        for number in 1...24 { try copy(coffee, to: library + String(format: "/a%02d/c%02d.jpg", number, number)) }
        try copy(astronaut, to: library + "/2019/rome/colosseum.jpg")
        for name in ["b", "c", "forum"] { try copy(elephants, to: library + "/2019/rome/day2/\(name).jpg") }
        try Data("The Forum at dawn\nand a second line\n".utf8).write(to: URL(fileURLWithPath: library + "/2019/rome/day2/forum.txt"))
        let thumbs = try Vitrine.run(["thumbs", library, "-o", site, "--size", "128", "--size", "1024"])
        XCTAssertEqual(thumbs.status, 0, thumbs.stderr)
        try thumbs.stdout.write(to: URL(fileURLWithPath: site + "/manifest.json"))
        let page = try Vitrine.run(["page", site + "/manifest.json", "-o", site, "--title", "Our trips"])
        XCTAssertEqual(page.status, 0, page.stderr)
        return (site, try ManifestFile.decode(thumbs.stdout))
    }

    func testAlbumsHistoryDeepLinkInfoAltAndOneToOne() throws {
        let (site, manifest) = try makeLibrary()
        let day2 = manifest.items.filter { $0.album == "2019/rome/day2" }
        XCTAssertEqual(day2.count, 3)
        let second = day2[1]
        let server = try LocalServer(serving: site)
        defer { server.stop() }
        for url in ["file://" + site + "/index.html", server.base + "index.html"] {
            let report = try Browser.check(url, ["--window", "1280x757", "--journey", "a05", "--deep-link", second.id, "--zoom", "0"],
                in: folder)
            XCTAssertEqual(report["ready"] as? String, "true")
            XCTAssertEqual(report["title"] as? String, "Our trips")
            let steps = try XCTUnwrap(report["journey"] as? [[String: Any]])
            XCTAssertEqual(steps.map { $0["hash"] as? String }, ["", "#/a/a05", "#/i/" + "a05%2Fc05", "#/a/a05", "", "#/a/a05"], url)
            XCTAssertGreaterThan(steps[0]["scrollY"] as? Double ?? 0, 100, "the album list was scrolled down")
            XCTAssertEqual(steps[4]["scrollY"] as? Double, steps[0]["scrollY"] as? Double, "Back, Back: the album list where it was")
            XCTAssertEqual(steps[3]["scrollY"] as? Double, steps[1]["scrollY"] as? Double, "Back from the item: the album where it was")
            XCTAssertEqual(steps[2]["viewer"] as? Bool, true)
            XCTAssertEqual(steps[2]["counter"] as? String, "1 of 1", "the album's counter")
            XCTAssertEqual(steps[3]["viewer"] as? Bool, false, "Back leaves the viewer")
            XCTAssertEqual(steps[3]["focus"] as? String, "0", "the focus back on the cell it was opened from")
            XCTAssertEqual(steps[1]["crumbs"] as? [String], ["Our trips", "a05"])
            XCTAssertEqual(steps[5]["album"] as? String, "a05", "Forward opens the album again")

            let link = try XCTUnwrap(report["deepLink"] as? [String: Any])
            XCTAssertEqual(link["viewer"] as? Bool, true)
            XCTAssertEqual(link["counter"] as? String, "2 of 3", "the counter within the nested album")
            XCTAssertEqual(link["album"] as? String, "day2")
            XCTAssertEqual(link["crumbs"] as? [String], ["Our trips", "2019", "rome", "day2"])
            XCTAssertEqual(link["alt"] as? String, "c.jpg", "no title or caption: the file's name")
            let info = try XCTUnwrap(link["info"] as? [String: Any])
            XCTAssertEqual(info["shown"] as? Bool, true)
            XCTAssertEqual(info["File"] as? String, "c.jpg")
            XCTAssertEqual(info["Taken"] as? String, try XCTUnwrap(second.takenAt))
            XCTAssertEqual(info["Dimensions"] as? String, "\(second.width) × \(second.height)")
            XCTAssertEqual(link["infoAfterEscape"] as? Bool, false, "Escape closes the panel first")
            let stepped = try XCTUnwrap(link["afterStep"] as? [String: Any])
            XCTAssertEqual(stepped["counter"] as? String, "3 of 3")
            XCTAssertEqual(stepped["hash"] as? String, "#/i/" + day2[2].id.replacingOccurrences(of: "/", with: "%2F"), "the URL follows the viewer")
            let closed = try XCTUnwrap(link["afterClose"] as? [String: Any])
            XCTAssertEqual(closed["viewer"] as? Bool, false)
            XCTAssertEqual(closed["hash"] as? String, "#/a/" + "2019%2Frome%2Fday2")
            XCTAssertEqual(link["cellAlts"] as? [String], ["b.jpg", "c.jpg", "The Forum at dawn"], "alt text from captions or names")

            // The large photo in a 1280×757 window: the wheel reaches 1:1 (the manifest's
            // scales were computed for 1920×1080).
            let window = try XCTUnwrap(report["window"] as? [Double])
            XCTAssertEqual(window, [1280, 757])
            XCTAssertEqual(try XCTUnwrap(report["wheelWidth"] as? Double), 3840, accuracy: 1, "1:1")
            XCTAssertEqual(Browser.consoleErrors(report), [], url)
            XCTAssertEqual(Browser.requestsOutside(url.hasPrefix("file:") ? "file://" + site + "/" : server.base, report), [])
        }
    }

    /// 20,000 items in one album (the manifest made here, every rendition one real thumbnail):
    /// fewer than 2,000 elements at the top, middle and end of the album; its end reached and
    /// its last item opened at once.
    func testTwentyThousandItemsKeepTheDocumentSmall() throws {
        let site = folder + "/site"
        let thumbs = try Vitrine.run(["thumbs", Repository.examples + "/coffee.jpg", "-o", site, "--size", "128"])
        XCTAssertEqual(thumbs.status, 0, thumbs.stderr)
        var manifest = try ManifestFile.decode(thumbs.stdout)
        let model = try XCTUnwrap(manifest.items.first)
        manifest.albums = AlbumTree.ordered([Album(id: "", path: ""), Album(id: "big", path: "big", parent: "")], members: [],
            by: AlbumTree.Ordering())
        manifest.items = (0..<20_000).map { number in
            var item = model
            item.id = String(format: "big/p%05d", number)
            item.album = "big"
            return item
        }
        AlbumTree.arrange(&manifest)
        try manifest.encoded().write(to: URL(fileURLWithPath: site + "/manifest.json"))
        let page = try Vitrine.run(["page", site + "/manifest.json", "-o", site])
        XCTAssertEqual(page.status, 0, page.stderr)
        let html = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: site + "/index.html")[.size] as? Int)
        XCTAssertLessThan(html, 200_000, "index.html does not grow with the gallery")
        let report = try Browser.check("file://" + site + "/index.html", ["--window", "1280x757", "--elements", "big"], in: folder)
        let facts = try XCTUnwrap(report["elements"] as? [String: Any])
        for place in ["top", "middle", "end"] {
            let at = try XCTUnwrap(facts[place] as? [String: Any], place)
            XCTAssertLessThan(at["elements"] as? Int ?? .max, 2_000, place)
            XCTAssertFalse((at["indices"] as? [Int] ?? []).isEmpty, "cells shown at the \(place)")
        }
        XCTAssertEqual((facts["top"] as? [String: Any])?["indices"].flatMap { ($0 as? [Int])?.first }, 0)
        let middle = try XCTUnwrap((facts["middle"] as? [String: Any])?["indices"] as? [Int])
        XCTAssertTrue(middle.contains { abs($0 - 10_000) < 100 }, "the middle of the album: \(middle.prefix(3))")
        XCTAssertEqual((facts["end"] as? [String: Any])?["indices"].flatMap { ($0 as? [Int])?.last }, 19_999, "the end of the album")
        XCTAssertLessThan((facts["end"] as? [String: Any])?["seconds"] as? Double ?? 99, 1, "the jump to the end")
        let last = try XCTUnwrap(facts["openLast"] as? [String: Any])
        XCTAssertEqual(last["counter"] as? String, "20000 of 20000")
        XCTAssertLessThan(last["seconds"] as? Double ?? 99, 1, "its last item opened at once")
        XCTAssertEqual(Browser.consoleErrors(report), [])
    }
}
