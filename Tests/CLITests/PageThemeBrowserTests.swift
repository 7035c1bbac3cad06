import Foundation
import XCTest

/// Issue 43's themes in Debian's headless Chromium, driven by `Tests/Support/theme_check.py`: the
/// corpus gallery (Examples/media, corpus photos, a 20:1 panorama and a 1:10 strip) in `grid` and
/// in `justified` with a `--page-css`, over HTTP, on a 1280×800 desktop and a 390×844 phone.
final class PageThemeBrowserTests: TemporaryFolderTestCase {
    static let photos = ["mate__LadyBird.jpg", "forensics__IMG_1054.jpg", "mate__Aqua.jpg", "mate__Dune.jpg", "mate__Garden.jpg",
                         "mate__Storm.jpg", "mate__Wood.jpg", "mate__Blinds.jpg", "mate__TwoWings.jpg", "orient__Landscape_0.jpg",
                         "orient__Landscape_1.jpg"]
    /// The caps of one picture's aspect in the justified layout (vitrine-page(1), THEMES).
    static let aspectRange = 0.5...3.0
    /// Each built-in theme's page background, light and dark (docs/page.md's `--paper`).
    static let paper = ["grid": ("rgb(250, 250, 250)", "rgb(17, 17, 17)"), "justified": ("rgb(255, 255, 255)", "rgb(13, 14, 16)")]
    static let pageCSS = ".gallery-title { letter-spacing: 3px; }\n"

    struct Gallery {
        var site: String
        /// The root album's items' aspect ratios (width / height, upright), by position.
        var aspects: [Double]
    }

    /// `thumbs` of the inputs, then `page` with `pageArguments`.
    func makeGallery(_ pageArguments: [String]) throws -> Gallery {
        let corpus = try Corpus.path("photos")
        let site = folder + "/site"
        let shapes = folder + "/shapes"
        let make = try Program.run("/usr/bin/python3", ["-c", """
            import os, sys
            from PIL import Image, ImageDraw
            os.makedirs(sys.argv[1], exist_ok=True)
            for name, size in [("panorama.jpg", (4000, 200)), ("strip.jpg", (100, 1000))]:
                image = Image.new("RGB", size, (40, 120, 200))
                ImageDraw.Draw(image).ellipse([0, 0, size[0] // 2, size[1] // 2], fill=(230, 200, 60))
                image.save(os.path.join(sys.argv[1], name), quality=85)
            """, shapes])
        XCTAssertEqual(make.status, 0, make.stderr)
        let inputs = [Repository.examples] + Self.photos.map { corpus + "/" + $0 } + [shapes + "/panorama.jpg", shapes + "/strip.jpg"]
        let thumbs = try Vitrine.run(["thumbs"] + inputs + ["-o", site, "--size", "256", "--size", "1024"])
        XCTAssertEqual(thumbs.status, 0, thumbs.stderr)
        try thumbs.stdout.write(to: URL(fileURLWithPath: site + "/manifest.json"))
        let page = try Vitrine.run(["page", site + "/manifest.json", "-o", site] + pageArguments)
        XCTAssertEqual(page.status, 0, page.stderr)
        let manifest = try XCTUnwrap(try JSONSerialization.jsonObject(with: thumbs.stdout) as? [String: Any])
        let root = try XCTUnwrap(manifest["items"] as? [[String: Any]]).filter { ($0["album"] as? String ?? "") == "" }
        let aspects = try root.map { item in
            try XCTUnwrap(item["width"] as? Double) / XCTUnwrap(item["height"] as? Double)
        }
        return Gallery(site: site, aspects: aspects)
    }

    /// theme_check.py's report for `gallery` served over HTTP.
    func check(_ gallery: Gallery, phone: Bool, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let python = try Browser.python(file: file, line: line)
        let server = try LocalServer(serving: gallery.site)
        defer { server.stop() }
        let report = folder + "/report-\(phone ? "phone" : "desktop").json"
        let script = Repository.root.appendingPathComponent("Tests/Support/theme_check.py").path
        let result = try Program.run(python, [script, server.base + "index.html", "--report", report,
            "--style", "#gallery-title", "letter-spacing"] + (phone ? ["--phone"] : []))
        XCTAssertEqual(result.status, 0, "theme_check.py: \(result.stderr)", file: file, line: line)
        let facts = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any],
            file: file, line: line)
        XCTAssertEqual(facts["ready"] as? String, "true", file: file, line: line)
        XCTAssertEqual((facts["console"] as? [Any])?.count, 0, "console errors: \(facts["console"] ?? "")", file: file, line: line)
        XCTAssertEqual(facts["window"] as? [Double], phone ? [390, 844, 3, 5] : [1280, 800, 1, 0], file: file, line: line)
        return facts
    }

    /// Light and dark follow prefers-color-scheme, and axe counts nothing in either (nor in the viewer).
    func assertSchemesAndAxe(_ report: [String: Any], theme: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let schemes = try XCTUnwrap(report["schemes"] as? [String: [String: Any]], file: file, line: line)
        let paper = try XCTUnwrap(Self.paper[theme])
        XCTAssertEqual(schemes["light"]?["background"] as? String, paper.0, "\(theme) light", file: file, line: line)
        XCTAssertEqual(schemes["dark"]?["background"] as? String, paper.1, "\(theme) dark", file: file, line: line)
        XCTAssertNotEqual(schemes["light"]?["ink"] as? String, schemes["dark"]?["ink"] as? String, file: file, line: line)
        for (name, facts) in schemes {
            for key in ["axe", "viewerAxe"] where facts[key] != nil {
                let violations = try XCTUnwrap(facts[key] as? [[String: Any]], "\(name) \(key): \(facts[key] ?? "")",
                    file: file, line: line)
                let counted = violations.filter { ["critical", "serious", "moderate"].contains($0["impact"] as? String ?? "") }
                XCTAssertEqual(counted.count, 0, "axe, \(theme) \(name) \(key): \(counted)", file: file, line: line)
            }
        }
        XCTAssertNotNil(schemes["light"]?["viewerAxe"], file: file, line: line)
    }

    /// Each row of the justified layout: its pictures share a height, and each keeps its aspect
    /// (capped to the range) within 1 %.
    func assertJustifiedRows(_ report: [String: Any], _ gallery: Gallery, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(report["layout"] as? String, "justified", file: file, line: line)
        let cells = try XCTUnwrap(report["cells"] as? [[String: Double]], file: file, line: line)
        XCTAssertEqual(cells.count, gallery.aspects.count, "every cell of this small album drawn", file: file, line: line)
        var rows: [Double: [[String: Double]]] = [:]
        for cell in cells { rows[(cell["top"]! * 2).rounded() / 2, default: []].append(cell) }
        XCTAssertGreaterThan(rows.count, 1, file: file, line: line)
        var capped = 0
        for (top, row) in rows {
            let heights = row.map { $0["height"]! }
            XCTAssertLessThanOrEqual(heights.max()! - heights.min()!, 0.5, "row at \(top): \(heights)", file: file, line: line)
            for cell in row {
                let index = Int(cell["index"]!)
                let aspect = min(max(gallery.aspects[index], Self.aspectRange.lowerBound), Self.aspectRange.upperBound)
                if aspect != gallery.aspects[index] { capped += 1 }
                XCTAssertEqual(cell["width"]! / cell["height"]!, aspect, accuracy: aspect * 0.01, "item \(index) in the row at \(top)",
                    file: file, line: line)
            }
        }
        XCTAssertEqual(capped, 2, "the panorama and the strip are capped", file: file, line: line)
    }

    func testGridOnDesktopAndPhone() throws {
        let gallery = try makeGallery([])
        let desktop = try check(gallery, phone: false)
        XCTAssertEqual(desktop["layout"] as? String, "grid")
        XCTAssertEqual(desktop["style"] as? String, "normal", "no site CSS")
        try assertSchemesAndAxe(desktop, theme: "grid")
        let phone = try check(gallery, phone: true)
        XCTAssertGreaterThanOrEqual(phone["columns"] as? Int ?? 0, 2, "two columns or more at 390 px")
        try assertSchemesAndAxe(phone, theme: "grid")
    }

    func testJustifiedWithPageCSSOnDesktopAndPhone() throws {
        let css = folder + "/site.css"
        try Self.pageCSS.write(toFile: css, atomically: true, encoding: .utf8)
        let gallery = try makeGallery(["--theme", "justified", "--page-css", css])
        let desktop = try check(gallery, phone: false)
        try assertJustifiedRows(desktop, gallery)
        XCTAssertEqual(desktop["style"] as? String, "3px", "--page-css changes a computed style")
        try assertSchemesAndAxe(desktop, theme: "justified")
        let phone = try check(gallery, phone: true)
        try assertJustifiedRows(phone, gallery)
        XCTAssertGreaterThanOrEqual(phone["columns"] as? Int ?? 0, 2, "two pictures or more in the first row at 390 px")
        try assertSchemesAndAxe(phone, theme: "justified")
    }
}
