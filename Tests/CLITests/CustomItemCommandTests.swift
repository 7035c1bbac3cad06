import Foundation
import VipsKit
import XCTest

/// Custom items through the binary: declared in a captions file or an items file, written to
/// the manifest, drawn in contact sheets; `--items` on its own, and its mistakes.
final class CustomItemCommandTests: TemporaryFolderTestCase {
    func testACaptionsFileDeclaresCardsAndSVGsThatTheSheetDraws() throws {
        let view = #"{ "kind" : "quote", "text": "Less is more" }"#
        try """
            [
              {"path": "coffee.jpg", "caption": "Coffee"},
              {"kind": "custom", "id": "quote", "title": "A quote", "view": \(view), "width": 800, "height": 600},
              {"kind": "custom", "id": "dot", "svg": "<svg xmlns='http://www.w3.org/2000/svg' width='300' height='300'><rect width='300' height='300' fill='#d02020'/></svg>"}
            ]
            """.write(toFile: folder + "/captions.json", atomically: true, encoding: .utf8)
        let run = try Vitrine.run(["sheet", Repository.examples + "/coffee.jpg", "--captions", folder + "/captions.json",
            "-o", folder + "/sheet.png", "--columns", "3", "--caption-lines", "0", "--footer", "none"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let manifest = try run.json()
        XCTAssertEqual(items(manifest).map { $0["id"] as? String ?? "" }, ["coffee", "quote", "dot"], "declared items after the inputs")
        let quote = items(manifest)[1]
        XCTAssertEqual(quote["kind"] as? String, "custom")
        XCTAssertNil(quote["source"])
        XCTAssertNil(quote["format"])
        XCTAssertEqual([quote["width"] as? Int, quote["height"] as? Int], [800, 600])
        XCTAssertTrue(run.stdoutText.contains(#""view" : "# + view), "byte for byte")
        let dot = items(manifest)[2]
        XCTAssertTrue((dot["source"] as? [String: Any])?["path"] as? String ?? "" == folder + "/.vitrine/cache/svg/"
            + String(((dot["source"] as? [String: Any])?["path"] as? String ?? "").split(separator: "/").last ?? ""),
            "the inline SVG is kept in the cache beside the sheet")
        try SchemaCheck.assertValid(try write(run.stdout, to: folder + "/m.json"))
        // Cells of 240×240 from x = 24, every 256 px: the card is the white sheet tinted with
        // dark text in its middle; the SVG cell is its red.
        let sheet = try Image.load(folder + "/sheet.png")
        let corner = try Pixels.mean(sheet, x: 24 + 256 + 4, y: 24 + 4, width: 40, height: 40)
        XCTAssertEqual(corner, [238.0, 238, 238], accuracy: 3)
        let title = try Pixels.area(sheet, x: 24 + 256 + 20, y: 24 + 100, width: 200, height: 40)
        XCTAssertGreaterThan(try Pixels.inkColumns(title), 40, "its title")
        XCTAssertEqual(try Pixels.mean(sheet, x: 24 + 512 + 90, y: 24 + 90, width: 60, height: 60), [208, 32, 32], accuracy: 3)
    }

    func testItemsAloneAreEnoughAndTheirMistakesAreSaid() throws {
        try #"[{"kind": "custom", "title": "Only", "view": {}, "width": 10, "height": 10}, {"kind": "custom", "title": "Sizeless"}]"#
            .write(toFile: folder + "/items.json", atomically: true, encoding: .utf8)
        let run = try Vitrine.run(["scan", "--items", folder + "/items.json"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(items(try run.json()).map { $0["id"] as? String ?? "" }, ["only"])
        XCTAssertEqual(run.stderrLines, ["vitrine: warning: \(folder!)/items.json: entry 2: a custom item without an svg needs a width and a height: ignored"])
        try "{not json".write(toFile: folder + "/bad.json", atomically: true, encoding: .utf8)
        let bad = try Vitrine.run(["thumbs", "--items", folder + "/bad.json", "-o", folder + "/out"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.hasPrefix("vitrine: error: --items \(folder!)/bad.json: not valid JSON"), bad.stderr)
        let none = try Vitrine.run(["tiles", "-o", folder + "/out"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("missing argument INPUT (or --items FILE)"), none.stderr)
        let limits = try Vitrine.run(["scan", "--items", folder + "/items.json", "--net-jobs", "0"])
        XCTAssertEqual(limits.status, 2)
        // An SVG that is not one is an error naming it; the card is made all the same.
        try "not an svg".write(toFile: folder + "/fake.svg", atomically: true, encoding: .utf8)
        try #"[{"kind": "custom", "id": "fake", "svg": "fake.svg"}, {"kind": "custom", "id": "gone", "svg": "gone.svg"}, {"kind": "custom", "id": "card", "width": 2, "height": 1}]"#
            .write(toFile: folder + "/svgs.json", atomically: true, encoding: .utf8)
        let svgs = try Vitrine.run(["thumbs", "--items", folder + "/svgs.json", "-o", folder + "/out"])
        XCTAssertEqual(svgs.status, 1, svgs.stderr)
        XCTAssertEqual(items(try svgs.json()).map { $0["id"] as? String ?? "" }, ["card"])
        XCTAssertEqual(errors(try svgs.json()).map { "\($0["path"] ?? "") \($0["reason"] ?? "")" },
            ["\(folder!)/fake.svg unreadable", "\(folder!)/gone.svg not-found"])
    }

    func write(_ data: Data, to path: String) throws -> String {
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }
}
