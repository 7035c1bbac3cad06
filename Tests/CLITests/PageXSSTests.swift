import Foundation
import XCTest

/// Captions are untrusted HTML that the page puts in the DOM. A gallery whose captions file
/// holds known XSS and mutation-XSS payloads (our own, Tests/Support/xss_payloads.json) shows
/// them inert in Chromium, and every caption's markup is a fixed point of Chromium's parser
/// and serialiser (no parser differential left for a mutation to use).
final class PageXSSTests: TemporaryFolderTestCase {
    struct Payload: Decodable {
        var name: String
        var html: String
    }

    func testPayloadGalleryIsInertAndItsMarkupAFixedPoint() throws {
        let data = try Data(contentsOf: Repository.root.appendingPathComponent("Tests/Support/xss_payloads.json"))
        let payloads = try JSONDecoder().decode([Payload].self, from: data)
        XCTAssertGreaterThan(payloads.count, 50)
        let photos = folder + "/photos", site = folder + "/site"
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        let source = Repository.examples + "/coffee.jpg"
        var rows: [[String: String]] = []
        for (number, payload) in payloads.enumerated() {
            let name = String(format: "x%03d.jpg", number + 1)
            try FileManager.default.copyItem(atPath: source, toPath: photos + "/" + name)
            rows.append(["path": name, "style": "markup", "caption": payload.html, "title": payload.name])
        }
        // The gallery's own title and description carry payloads too.
        try Data("Title: <script>alert('title')</script>Payloads\n\n<img src=x onerror=alert('description')> described\n".utf8)
            .write(to: URL(fileURLWithPath: photos + "/index.md"))
        let captions = folder + "/captions.json"
        try JSONSerialization.data(withJSONObject: rows).write(to: URL(fileURLWithPath: captions))
        let thumbs = try Vitrine.run(["thumbs", photos, "-o", site, "--size", "64", "--captions", captions])
        XCTAssertEqual(thumbs.status, 0, thumbs.stderr)
        try thumbs.stdout.write(to: URL(fileURLWithPath: site + "/manifest.json"))
        let page = try Vitrine.run(["page", site + "/manifest.json", "-o", site])
        XCTAssertEqual(page.status, 0, page.stderr)
        let html = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        XCTAssertFalse(html.contains("alert(39)"), "index.html holds no gallery data: the captions are in data/")

        let server = try LocalServer(serving: site)
        defer { server.stop() }
        let report = try Browser.check(server.base, ["--xss", "--manifest", site + "/manifest.json"], in: folder)
        let xss = try XCTUnwrap(report["xss"] as? [String: Any])
        XCTAssertEqual(xss["visits"] as? Int, payloads.count, "every caption was shown in the viewer")
        let danger = try XCTUnwrap(xss["danger"] as? [String: Any])
        XCTAssertEqual(danger["calls"] as? [String], [], "nothing called alert, print, fetch…")
        XCTAssertEqual(danger["found"] as? [String], [], "no on* attribute, script URL, frame or form in the DOM")
        let scripts = try XCTUnwrap(danger["scripts"] as? [Any])
        XCTAssertEqual(scripts.filter { $0 is NSNull }.count, 1, "the page's own inline script")
        // The pieces' scripts, those still in the DOM and those Resource Timing saw loaded.
        let pieces = scripts.compactMap { $0 as? String }
        XCTAssertEqual(pieces.count, scripts.count - 1, "and the data pieces it added")
        XCTAssertTrue(pieces.contains("data/index.js") && pieces.allSatisfy { $0.hasPrefix("data/") && $0.hasSuffix(".js") }, "\(pieces)")
        let fixedPoints = try XCTUnwrap(xss["fixedPoint"] as? [[String: String]])
        let marked = items(try JSONSerialization.jsonObject(with: thumbs.stdout) as! [String: Any])
            .filter { ($0["caption"] as? [String: Any])?["markup"] != nil }.count
        XCTAssertEqual(fixedPoints.count, marked)
        XCTAssertGreaterThan(marked, 50, "most payloads leave some markup")
        for entry in fixedPoints {
            XCTAssertEqual(entry["reparsed"], entry["markup"], "\(entry["id"] ?? ""): Chromium reads the markup otherwise than written")
        }
        let shown = (xss["captions"] as? [String]) ?? []
        XCTAssertTrue(shown.contains { $0.contains("&lt;script&gt;alert(39)") }, "escaped text stays text")
        XCTAssertTrue(shown.contains { $0.contains(#"<a href="https://example.org/?a=1&amp;b=2""#) }, "safe links stay")
        XCTAssertEqual(report["title"] as? String, "<script>alert('title')</script>Payloads", "a title is text, shown as written")
        XCTAssertEqual(Browser.requestsOutside(server.base, report), [])
        XCTAssertEqual(Browser.consoleErrors(report), [], "no Content-Security-Policy violation either")
    }
}
