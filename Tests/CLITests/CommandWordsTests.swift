import Foundation
import XCTest

/// The library's problems said in each command's own flag names, and one size check for every
/// command's renditions (issue 25, item 4). Each test failed before its fix.
final class CommandWordsTests: TemporaryFolderTestCase {
    /// A source folder with one photo.
    func source() throws -> String {
        let source = folder + "/src"
        if FileManager.default.fileExists(atPath: source) { return source }
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.examples + "/coffee.jpg", toPath: source + "/coffee.jpg")
        return source
    }

    /// A build refused before any file is read: status 2, one message, no site written.
    func refusedBuild(_ options: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let site = folder + "/site-\(UUID().uuidString.prefix(8))"
        let run = try Vitrine.run(["build", try source(), "-o", site] + options)
        XCTAssertEqual(run.status, 2, run.stderr, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site + "/manifest.json"), file: file, line: line)
        return run.stderr
    }

    func testBuildsTileProblemsNameItsOwnOptions() throws {
        let stderr = try refusedBuild(["--tile-layout", "iiif3"])
        XCTAssertTrue(stderr.contains("--tile-layout iiif3 needs --base-url URL (where SITE is served)"), stderr)
        XCTAssertFalse(stderr.contains("--layout "), stderr)
        let unused = try refusedBuild(["--base-url", "https://example.org/g"])
        XCTAssertTrue(unused.contains("not --tile-layout dz"), unused)
    }

    func testTilesStillSaysItsOwnOptions() throws {
        let run = try Vitrine.run(["tiles", try source(), "-o", folder + "/out", "--layout", "iiif3"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("--layout iiif3 needs --base-url URL (where DIR is served)"), run.stderr)
    }

    func testBuildsSheetProblemsNameItsOwnOptions() throws {
        let stderr = try refusedBuild(["--sheet-columns", "500"])
        XCTAssertTrue(stderr.contains("use fewer --sheet-columns or a smaller --sheet-per-page"), stderr)
    }

    /// `build --thumb-size 20000` was accepted (and every file failed), `thumbs --size 20000` refused.
    func testBuildsRenditionSizesHaveThumbsLimit() throws {
        let thumbs = try Vitrine.run(["thumbs", try source(), "-o", folder + "/out", "--size", "20000"])
        XCTAssertEqual(thumbs.status, 2, thumbs.stderr)
        XCTAssertTrue(thumbs.stderr.contains("--size 20000 is larger than 16384 pixels"), thumbs.stderr)

        let thumb = try refusedBuild(["--thumb-size", "20000", "--no-retina"])
        XCTAssertTrue(thumb.contains("--thumb-size 20000 is larger than 16384 pixels"), thumb)
        let retina = try refusedBuild(["--thumb-size", "10000"])
        XCTAssertTrue(retina.contains("--thumb-size 10000 with its @2x copy (--no-retina for none) (20000 px) is larger than 16384 pixels"), retina)
        let display = try refusedBuild(["--display-size", "x20000"])
        XCTAssertTrue(display.contains("--display-size 20000 is larger than 16384 pixels"), display)
        let cell = try refusedBuild(["--sheet-cell", "20000x20000"])
        XCTAssertTrue(cell.contains("--sheet-cell needs a width and a height of 16 to"), cell)
    }

    /// The largest box accepted is still made.
    func testBuildAcceptsSizesUpToTheLimit() throws {
        let site = folder + "/site"
        let run = try Vitrine.run(["build", try source(), "-o", site, "--thumb-size", "8192", "--no-tiles", "--no-sheets", "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
    }
}
