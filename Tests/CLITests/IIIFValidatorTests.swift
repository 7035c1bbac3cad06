import Foundation
import VipsKit
import XCTest

/// IIIF output served as a static site on 127.0.0.1 and checked by the IIIF Image API
/// validator (PyPI iiif-validator, level 0), by walking info.json, and by iiif-prezi3.
final class IIIFValidatorTests: TemporaryFolderTestCase {
    /// Tiles of the validator's own colour pattern pass every level-0 test of 2.0 and 3.0,
    /// served below a prefix, with a trailing `/` on --base-url (normalised away).
    func testTheValidatorsPatternPassesEveryLevel0Test() throws {
        let pattern = folder + "/pattern.png"
        let made = try Program.run(try IIIFTools.tool("python3"), [IIIFTools.support("iiif_pattern.py"), pattern])
        XCTAssertEqual(made.status, 0, made.stdout + made.stderr)
        for (layout, version) in [("iiif", "2.0"), ("iiif3", "3.0")] {
            let site = folder + "/site-" + layout
            let server = try StaticServer(serving: site)
            defer { server.stop() }
            let run = try Vitrine.run(["tiles", pattern, "-o", site + "/gallery", "--layout", layout,
                "--base-url", "http://\(server.host)/gallery/", "--iiif-manifest", "manifest.json"])
            XCTAssertEqual(run.status, 0, run.stderr)
            let result = try IIIFTools.validate(host: server.host, prefix: "gallery", identifier: "pattern.iiif", version: version)
            XCTAssertEqual(result.status, 0, "\(layout): \(result.stdout)\(result.stderr)")
            // It reports on stderr.
            XCTAssertTrue((result.stdout + result.stderr).contains("test id_squares PASS"), result.stdout + result.stderr)
            XCTAssertEqual(try IIIFInfoWalk.check(site + "/gallery/pattern.iiif", version: layout == "iiif" ? 2 : 3), 8,
                "4 tiles, 1 at half size, 2 sizes and the full image")
            try checkPresentation(site + "/gallery/manifest.json", base: "http://\(server.host)/gallery", folder: site + "/gallery")
        }
    }

    /// Plain dzsave writes no full image, so these fail for it; vitrine's pass. A real photo
    /// (not the pattern, so id_squares is not asked), served at the root, many tiles deep.
    func testARealPhotoPassesTheImageTests() throws {
        let photo = try Corpus.path("photos/mate__Elephants_3840x2160.jpg")
        for (layout, version, tests) in [("iiif", "2.0", ["info_json", "id_basic", "format_jpg"]),
                                         ("iiif3", "3.0", ["info_json", "id_basic", "format_jpg", "size_nofull"])] {
            let site = folder + "/" + layout
            let server = try StaticServer(serving: site)
            defer { server.stop() }
            let run = try Vitrine.run(["tiles", photo, "-o", site, "--layout", layout, "--base-url", "http://\(server.host)",
                "--iiif-manifest", "iiif/manifest.json"])
            XCTAssertEqual(run.status, 0, run.stderr)
            let result = try IIIFTools.validate(host: server.host, prefix: nil, identifier: "mate-elephants-3840x2160.iiif",
                version: version, tests: tests)
            XCTAssertEqual(result.status, 0, "\(layout): \(result.stdout)\(result.stderr)")
            let said = result.stdout + result.stderr
            XCTAssertEqual(said.components(separatedBy: " PASS").count - 1, tests.count, said)
            let checked = try IIIFInfoWalk.check(site + "/mate-elephants-3840x2160.iiif", version: layout == "iiif" ? 2 : 3)
            XCTAssertGreaterThan(checked, 50)
            try checkPresentation(site + "/iiif/manifest.json", base: "http://\(server.host)", folder: site)
            let found = FileManager.default.enumerator(atPath: site)?.allObjects.compactMap { $0 as? String } ?? []
            XCTAssertFalse(found.contains { $0.hasSuffix("vips-properties.xml") }, "libvips' metadata dump is never published")
        }
    }

    /// The Presentation manifest of a gallery with thumbnails, tiles of the large pictures and
    /// none of the small ones: canvases in order, labelled from captions.
    func testThePresentationManifestListsTheGallery() throws {
        let examples = Repository.examples
        let run = try Vitrine.run(["thumbs", examples, "-o", folder + "/g", "--tiles", "--min-size", "500", "--layout", "iiif3",
            "--base-url", "https://example.org/g", "--iiif-manifest", "manifest.json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        try checkPresentation(folder + "/g/manifest.json", base: "https://example.org/g", folder: folder + "/g")
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/g/manifest.json")))
            as? [String: Any])
        let canvases = try XCTUnwrap(document["items"] as? [[String: Any]])
        let images = items(try run.json()).filter { ($0["kind"] as? String) == "image" }
        XCTAssertEqual(canvases.count, images.count + 1, "every picture, and the video by its poster thumbnail")
        XCTAssertEqual(canvases.map { ($0["id"] as? String) ?? "" },
            items(try run.json()).map { "https://example.org/g/canvas/" + ($0["id"] as? String ?? "") })
        let labels = canvases.map { (($0["label"] as? [String: [String]])?["none"] ?? []).first ?? "" }
        XCTAssertTrue(labels.contains { $0.hasPrefix("NASA astronaut Eileen Collins") }, "\(labels)")
    }

    private func checkPresentation(_ manifest: String, base: String, folder: String, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let result = try Program.run(try IIIFTools.tool("python3"), [IIIFTools.support("iiif_presentation_check.py"), manifest, base, folder])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr, file: file, line: line)
    }
}
