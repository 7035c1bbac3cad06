import Foundation
import XCTest

/// Issue 41's phones and viewer, in Debian's headless Chromium driven by
/// `Tests/Support/phone_check.py`: a corpus gallery (Examples/media and twelve corpus photos, one
/// large enough for tiles) over HTTP, on a 1280×800 desktop and on a 390×844 phone with touch.
final class PagePhoneTests: TemporaryFolderTestCase {
    /// The corpus photos beside Examples/media; the first is tiled.
    static let photos = ["mate__Elephants_3840x2160.jpg", "mate__LadyBird.jpg", "forensics__IMG_1054.jpg", "mate__Aqua.jpg",
                         "mate__Dune.jpg", "mate__Garden.jpg", "mate__Storm.jpg", "mate__Wood.jpg", "mate__Blinds.jpg",
                         "mate__TwoWings.jpg", "orient__Landscape_0.jpg", "orient__Landscape_1.jpg"]

    struct Gallery {
        var site: String
        /// Positions in the root album: the tiled photo, and the last item with a caption.
        var tiled: Int
        var captioned: Int
        var album: String
        var tiledWidth: Double
        var doubleTapScale: Double
    }

    /// `thumbs` with a 2,048-pixel display rendition and tiles for the large photo, then `page`.
    func makeGallery() throws -> Gallery {
        let corpus = try Corpus.path("photos")
        let site = folder + "/site"
        let inputs = [Repository.examples] + Self.photos.map { corpus + "/" + $0 }
        let thumbs = try Vitrine.run(["thumbs"] + inputs + ["-o", site, "--size", "256", "--size", "2048", "--tiles", "--min-size", "3000"])
        XCTAssertEqual(thumbs.status, 0, thumbs.stderr)
        try thumbs.stdout.write(to: URL(fileURLWithPath: site + "/manifest.json"))
        let page = try Vitrine.run(["page", site + "/manifest.json", "-o", site])
        XCTAssertEqual(page.status, 0, page.stderr)
        let manifest = try XCTUnwrap(try JSONSerialization.jsonObject(with: thumbs.stdout) as? [String: Any])
        let all = try XCTUnwrap(manifest["items"] as? [[String: Any]])
        let root = all.filter { ($0["album"] as? String ?? "") == "" }
        let tiled = try XCTUnwrap(root.firstIndex { $0["tiles"] != nil }, "the large photo has tiles")
        let captioned = try XCTUnwrap(root.lastIndex { $0["caption"] != nil }, "an item with a caption")
        let album = try XCTUnwrap(all.compactMap { $0["album"] as? String }.first { !$0.isEmpty }, "an album below the root")
        let zoom = try XCTUnwrap(root[tiled]["zoom"] as? [String: Any])
        return Gallery(site: site, tiled: tiled, captioned: captioned, album: album,
                       tiledWidth: try XCTUnwrap(root[tiled]["width"] as? Double),
                       doubleTapScale: try XCTUnwrap(zoom["doubleTapScale"] as? Double))
    }

    /// phone_check.py's report for `gallery` served over HTTP.
    func check(_ gallery: Gallery, phone: Bool, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let python = try Browser.python(file: file, line: line)
        let server = try LocalServer(serving: gallery.site)
        defer { server.stop() }
        let report = folder + "/report-\(phone ? "phone" : "desktop").json"
        let script = Repository.root.appendingPathComponent("Tests/Support/phone_check.py").path
        let result = try Program.run(python, [script, server.base + "index.html", "--report", report, "--tiled", String(gallery.tiled),
            "--captioned", String(gallery.captioned), "--album", gallery.album] + (phone ? ["--phone"] : []))
        XCTAssertEqual(result.status, 0, "phone_check.py: \(result.stderr)", file: file, line: line)
        let data = try Data(contentsOf: URL(fileURLWithPath: report))
        let facts = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any], file: file, line: line)
        XCTAssertEqual(facts["ready"] as? String, "true", file: file, line: line)
        let errors = (facts["console"] as? [Any]) ?? []
        XCTAssertEqual(errors.count, 0, "console errors: \(errors)", file: file, line: line)
        return facts
    }

    /// The picture's box after each zoom (`boxes[0]` before): one change of width for each double
    /// tap or click, in to the double-tap scale and back out, the tap point kept where it was.
    func assertOneZoomEach(_ facts: [String: Any], _ gallery: Gallery, file: StaticString = #filePath, line: UInt = #line) throws {
        let boxes = try XCTUnwrap(facts["boxes"] as? [[String: Double]], file: file, line: line)
        let widths = try XCTUnwrap(facts["widths"] as? [[String]], file: file, line: line)
        XCTAssertEqual(boxes.count, 3, file: file, line: line)
        let fitted = try XCTUnwrap(boxes[0]["width"]), zoomed = try XCTUnwrap(boxes[1]["width"]), back = try XCTUnwrap(boxes[2]["width"])
        XCTAssertEqual(zoomed / fitted, gallery.doubleTapScale, accuracy: 0.01, "the first zooms in to doubleTapScale: \(boxes)",
                       file: file, line: line)
        XCTAssertEqual(back, fitted, accuracy: 0.5, "the second zooms out", file: file, line: line)
        XCTAssertEqual(widths.map(\.count), [2, 2], "exactly one zoom each (the widths it went through: \(widths))", file: file, line: line)
        // The point tapped is at the same place in the picture (the second tap is 2 px right of the first).
        let point = try XCTUnwrap(facts["point"] as? [Double], file: file, line: line)
        let before = (point[0] - boxes[0]["left"]!) / fitted, after = (point[0] + 2 - boxes[1]["left"]!) / zoomed
        XCTAssertEqual(after, before, accuracy: 0.01, "zoomed at the tap point", file: file, line: line)
    }

    /// axe-core's violations that count: critical, serious and moderate, printed when there are any.
    func assertNoAxeViolations(_ report: [String: Any], views: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let axe = try XCTUnwrap(report["axe"] as? [String: Any], file: file, line: line)
        for view in views {
            let violations = try XCTUnwrap(axe[view] as? [[String: Any]], "axe in \(view): \(axe[view] ?? "none")",
                                           file: file, line: line)
            let counted = violations.filter { ["critical", "serious", "moderate"].contains($0["impact"] as? String ?? "") }
            let described = counted.map { violation in
                "\(violation["impact"] ?? "") \(violation["id"] ?? ""): \(violation["help"] ?? "") at "
                    + ((violation["nodes"] as? [[String: Any]]) ?? []).map { "\($0["target"] ?? "") \($0["html"] ?? "")" }
                    .joined(separator: "; ")
            }
            XCTAssertEqual(counted.count, 0, "axe in the \(view) view:\n" + described.joined(separator: "\n"), file: file, line: line)
        }
    }

    /// The root view's one <h1> is the gallery's title.
    func assertHeading(_ report: [String: Any], _ gallery: Gallery, file: StaticString = #filePath, line: UInt = #line) throws {
        let heading = try XCTUnwrap(report["heading"] as? [String: Any], file: file, line: line)
        let h1 = try XCTUnwrap(heading["h1"] as? [[String: Any]], file: file, line: line)
        XCTAssertEqual(h1.count, 1, "one <h1>: \(h1)", file: file, line: line)
        XCTAssertEqual(h1.first?["text"] as? String, heading["title"] as? String, "the gallery's title", file: file, line: line)
        XCTAssertEqual(h1.first?["shown"] as? Bool, true, file: file, line: line)
    }

    /// Tiles: none fetched when the tiled photo opens; some once it is zoomed to 1:1.
    func assertTilesOnZoom(_ report: [String: Any], _ gallery: Gallery, file: StaticString = #filePath, line: UInt = #line) throws {
        let tiles = try XCTUnwrap(report["tiles"] as? [String: Any], file: file, line: line)
        XCTAssertEqual(tiles["beforeZoom"] as? Int, 0, "no tile before any zoom: the 2048-pixel rendition covers the screen",
                       file: file, line: line)
        XCTAssertEqual(try XCTUnwrap(tiles["oneToOneWidth"] as? Double, file: file, line: line), gallery.tiledWidth, accuracy: 1, "1:1",
                       file: file, line: line)
        XCTAssertGreaterThan(tiles["afterZoom"] as? Int ?? 0, 0, "tiles at 1:1", file: file, line: line)
        XCTAssertGreaterThan(tiles["drawn"] as? Int ?? 0, 0, file: file, line: line)
    }

    /// The page behind the open viewer stays where it was scrolled to (Space, End, a wheel over
    /// the caption; on the phone a finger's drag too), and scrolls again once it is closed.
    func assertScrollLocked(_ report: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws {
        let scroll = try XCTUnwrap(report["scroll"] as? [String: Any], file: file, line: line)
        let before = try XCTUnwrap(scroll["before"] as? Double, file: file, line: line)
        XCTAssertGreaterThan(before, 0, "the page was scrolled before the viewer opened: \(scroll)", file: file, line: line)
        XCTAssertEqual(scroll["caption"] as? Bool, true, file: file, line: line)
        XCTAssertEqual(scroll["opened"] as? Double, before, "opening the viewer does not move the page", file: file, line: line)
        XCTAssertEqual(scroll["withViewer"] as? Double, before, "the page behind the viewer did not move: \(scroll)",
                       file: file, line: line)
        XCTAssertEqual(scroll["closed"] as? Double, before, file: file, line: line)
        XCTAssertEqual(scroll["scrollsAfterClose"] as? Bool, true, "closed, the page scrolls again", file: file, line: line)
    }

    func testDesktopDoubleClickTilesScrollHeadingAndAxe() throws {
        let gallery = try makeGallery()
        let report = try check(gallery, phone: false)
        XCTAssertEqual(report["window"] as? [Double], [1280, 800, 1, 0])
        try assertHeading(report, gallery)
        try assertOneZoomEach(try XCTUnwrap(report["doubleClick"] as? [String: Any]), gallery)
        try assertTilesOnZoom(report, gallery)
        try assertScrollLocked(report)
        XCTAssertEqual(report["infoShown"] as? Bool, true)
        XCTAssertEqual(report["albumTitle"] as? String, gallery.album)
        try assertNoAxeViolations(report, views: ["albumList", "album", "viewer", "info"])
    }

    func testPhoneDoubleTapColumnsTilesScrollHeadingAndAxe() throws {
        let gallery = try makeGallery()
        let report = try check(gallery, phone: true)
        XCTAssertEqual(report["window"] as? [Double], [390, 844, 3, 5], "a 390×844 phone with touch")
        try assertHeading(report, gallery)
        XCTAssertGreaterThanOrEqual(report["columns"] as? Int ?? 0, 2,
                                    "two columns or more at 390 px (cells \(report["cellWidth"] ?? "") px)")
        try assertOneZoomEach(try XCTUnwrap(report["doubleTap"] as? [String: Any]), gallery)
        try assertTilesOnZoom(report, gallery)
        try assertScrollLocked(report)
        XCTAssertEqual(report["infoShown"] as? Bool, true, "a tap on the info button shows the panel")
        try assertNoAxeViolations(report, views: ["albumList", "viewer", "info"])
    }

    /// Issue 43: every phone rule holds under the justified theme too (its rows, the same viewer).
    func testPhoneRulesHoldUnderTheJustifiedTheme() throws {
        let gallery = try makeGallery()
        let page = try Vitrine.run(["page", gallery.site + "/manifest.json", "-o", gallery.site, "--theme", "justified"])
        XCTAssertEqual(page.status, 0, page.stderr)
        let index = try String(contentsOfFile: gallery.site + "/index.html", encoding: .utf8)
        XCTAssert(index.contains(#"data-layout="justified""#))
        let report = try check(gallery, phone: true)
        XCTAssertGreaterThanOrEqual(report["columns"] as? Int ?? 0, 2, "two pictures or more in the first row at 390 px")
        try assertOneZoomEach(try XCTUnwrap(report["doubleTap"] as? [String: Any]), gallery)
        try assertTilesOnZoom(report, gallery)
        try assertScrollLocked(report)
        XCTAssertEqual(report["infoShown"] as? Bool, true, "a tap on the info button shows the panel")
        try assertNoAxeViolations(report, views: ["albumList", "viewer", "info"])
    }
}
