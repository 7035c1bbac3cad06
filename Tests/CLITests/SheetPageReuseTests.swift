import Foundation
import VipsKit
import XCTest

/// One caption edited redraws the one contact-sheet page that shows it, and the summary, the
/// dry run and the progress events count sheet pages as outputs (issue 24, item 11). Failed
/// before its fix: every page was rewritten, and counted nowhere.
final class SheetPageReuseTests: TemporaryFolderTestCase {
    var source: String { folder + "/src" }
    let options = ["--no-tiles", "--sheet-per-page", "2"]

    /// Eight pictures, two a page: four pages.
    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        for number in 1...8 {
            let example = ["chelsea.jpg", "coffee.jpg", "astronaut.jpg", "orientation-landscape-1.jpg"][number % 4]
            try FileManager.default.copyItem(atPath: Repository.examples + "/" + example, toPath: source + "/p\(number).jpg")
            try "picture \(number)\n".write(toFile: source + "/p\(number).txt", atomically: true, encoding: .utf8)
        }
    }

    /// The build's JSON events.
    func build(_ site: String, _ extra: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let run = try Vitrine.run(["build", source, "-o", site, "--progress", "json"] + options + extra)
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        return run.stderrLines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    func done(_ events: [[String: Any]]) -> [String: Any] { events.last { $0["event"] as? String == "done" } ?? [:] }

    /// Each page's SHA-256 and modification time, by name.
    func pages(_ site: String) throws -> [String: (sha: String, modified: Date)] {
        var found: [String: (String, Date)] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: site + "/sheets") {
            let path = site + "/sheets/" + name
            let modified = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
            found[name] = (Checksum.sha256(of: try Data(contentsOf: URL(fileURLWithPath: path))), modified)
        }
        return found
    }

    func testOneCaptionEditedRedrawsItsPageAloneAndIsCounted() throws {
        let site = folder + "/site"
        let first = done(try build(site))
        let before = try pages(site)
        XCTAssertEqual(before.keys.sorted(), ["sheet-001.jpg", "sheet-002.jpg", "sheet-003.jpg", "sheet-004.jpg"])
        let outputs = try XCTUnwrap(first["made"] as? Int)
        XCTAssertEqual(outputs % 8, 4, "every item's outputs and the four pages are made: \(first)")
        XCTAssertEqual(done(try build(site))["made"] as? Int, 0, "a rebuild draws nothing")

        // p3 is on the second page.
        Thread.sleep(forTimeInterval: 0.05)
        try "picture three, edited\n".write(toFile: source + "/p3.txt", atomically: true, encoding: .utf8)
        let dry = try Vitrine.run(["build", source, "-o", site, "--dry-run", "--verbose"] + options)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssert(dry.stdoutText.hasSuffix("make 1, keep \(outputs - 1), move 0, remove 0\n"), dry.stdoutText)
        XCTAssert(dry.stdoutText.contains("make sheet sheets/sheet-002.jpg\n"), dry.stdoutText)

        let events = try build(site)
        XCTAssertEqual(done(events)["made"] as? Int, 1, "one page: \(done(events))")
        XCTAssertEqual(done(events)["kept"] as? Int, outputs - 1)
        let sheetStart = events.first { $0["event"] as? String == "start" && $0["phase"] as? String == "sheet" }
        XCTAssertEqual(sheetStart?["total"] as? Int, 1, "progress counts the pages drawn")
        let after = try pages(site)
        for name in ["sheet-001.jpg", "sheet-003.jpg", "sheet-004.jpg"] {
            XCTAssertEqual(after[name]?.modified, before[name]?.modified, "\(name) is not written again")
            XCTAssertEqual(after[name]?.sha, before[name]?.sha, name)
        }
        XCTAssertNotEqual(after["sheet-002.jpg"]?.sha, before["sheet-002.jpg"]?.sha, "the page with the caption is drawn again")

        // What is kept and redrawn is what a clean build draws.
        let clean = folder + "/clean"
        _ = try build(clean)
        XCTAssertEqual(try pages(clean).mapValues(\.sha), after.mapValues(\.sha))
        // A page deleted by hand is drawn again, alone, as the clean build drew it.
        try FileManager.default.removeItem(atPath: site + "/sheets/sheet-003.jpg")
        XCTAssertEqual(done(try build(site))["made"] as? Int, 1)
        XCTAssertEqual(try pages(site).mapValues(\.sha), after.mapValues(\.sha))

        // Fewer pages: the last one is removed, and counted.
        try FileManager.default.removeItem(atPath: source + "/p8.jpg")
        try FileManager.default.removeItem(atPath: source + "/p7.jpg")
        let removals = try Vitrine.run(["build", source, "-o", site, "--dry-run", "--verbose"] + options).stdoutText
            .split(separator: "\n").filter { $0.hasPrefix("remove ") }
        XCTAssert(removals.contains("remove sheets/sheet-004.jpg"), "\(removals)")
        let fewer = done(try build(site))
        XCTAssertEqual(try pages(site).keys.sorted(), ["sheet-001.jpg", "sheet-002.jpg", "sheet-003.jpg"])
        XCTAssertEqual(fewer["made"] as? Int, 3, "the footers say 'of 6' now: \(fewer)")
        XCTAssertEqual(fewer["removed"] as? Int, removals.count, "the page, and the two items' outputs: \(removals)")
    }
}
