import Foundation
import XCTest

/// `vitrine page`'s own options, as a user runs it on a manifest `thumbs -o SITE` printed.
final class PageCommandTests: TemporaryFolderTestCase {
    /// `--viewport` names the screen the manifest's zoom policy was computed for: the page is
    /// told it (in its index piece) to scale a `--max-scale` cap to the reader's window.
    func testViewportIsTheOneTheZoomPolicyWasComputedFor() throws {
        let site = folder + "/site"
        let thumbs = try Vitrine.run(["thumbs", Repository.examples, "-o", site, "--tiles", "--viewport", "1280x720", "--max-scale", "2"])
        XCTAssertEqual(thumbs.status, 0, thumbs.stderr)
        try thumbs.stdout.write(to: URL(fileURLWithPath: site + "/gallery.json"))
        let index = { () throws -> String in try String(contentsOfFile: site + "/data/index.js", encoding: .utf8) }

        XCTAssertEqual(try Vitrine.run(["page", site + "/gallery.json", "-o", site]).status, 0)
        let standard = try index()
        XCTAssertTrue(standard.contains(#""viewport":[1920,1080]"#), "the default: \(standard.prefix(300))")
        let told = try Vitrine.run(["page", site + "/gallery.json", "-o", site, "--viewport", "1280x720"])
        XCTAssertEqual(told.status, 0, told.stderr)
        let given = try index()
        XCTAssertTrue(given.contains(#""viewport":[1280,720]"#), String(given.prefix(300)))

        let bad = try Vitrine.run(["page", site + "/gallery.json", "-o", site, "--viewport", "1280"])
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("--viewport"), bad.stderr)
    }
}
