import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// Contact sheets per album (issue 26): each album's own items on pages of its own, in
/// `sheets/ALBUM-ID/`; an edit in one album redraws that album's pages holding changed cells,
/// nothing else; the pages of an album that went are removed. Built in this process, with real
/// libvips, files and SQLite state.
final class AlbumSheetsTests: BuildSiteTestCase {
    /// Sheets of two cells a page, no tiles, video copies or page.
    private func options(albums: AlbumMode = .folders) -> BuildOptions {
        var options = BuildOptions(site: site)
        options.tiles = nil
        options.webVideos = nil
        options.page = false
        options.sheet?.perSheet = 2
        options.scan.albums = albums
        return options
    }

    private func build(_ options: BuildOptions? = nil, dryRun: Bool = false) throws -> SiteBuilder.Report {
        let builder = SiteBuilder(options: options ?? self.options(), maker: InProcessExecutor(), prober: InProcessProber(), listener: nil)
        return try builder.build([InputPath(sources)], readList: { [] }, dryRun: dryRun)
    }

    private func modified(_ relative: String) throws -> Date {
        try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: site + "/" + relative)[.modificationDate] as? Date, relative)
    }

    private func caption(_ name: String, _ text: String) throws {
        try (text + "\n").write(toFile: sources + "/" + Path.removingExtension(name) + ".txt", atomically: true, encoding: .utf8)
    }

    /// Two pictures in the root, three in `rome/`, one in `paris/`, one in `2019/venice/`
    /// (`2019/` holds no picture of its own), each captioned.
    private func makeTree() throws {
        for (number, name) in ["a.png", "b.png", "rome/r1.png", "rome/r2.png", "rome/r3.png", "paris/p1.png", "2019/venice/v1.png"]
            .enumerated()
        {
            try picture(name, level: UInt8(30 + 30 * number))
            try caption(name, "picture \(number)")
        }
    }

    func testEachAlbumHasItsOwnPagesOfItsOwnItems() throws {
        try makeTree()
        let report = try build()
        let sheets = try XCTUnwrap(report.manifest.sheets)
        XCTAssertEqual(sheets.map(\.path), ["sheets/sheet.jpg", "sheets/2019/venice/sheet.jpg", "sheets/paris/sheet.jpg",
            "sheets/rome/sheet-001.jpg", "sheets/rome/sheet-002.jpg"], "album order, depth-first; no page for 2019, which has no items")
        XCTAssertEqual(sheets.map(\.album), ["", "2019/venice", "paris", "rome", "rome"])
        XCTAssertEqual(sheets.map(\.page), [1, 1, 1, 1, 2], "numbered within the album")
        XCTAssertEqual(sheets.map(\.items), [["a", "b"], ["2019/venice/v1"], ["paris/p1"], ["rome/r1", "rome/r2"], ["rome/r3"]])
        for sheet in sheets {
            let image = try Image.load(site + "/" + sheet.path)
            XCTAssertEqual([image.width, image.height], [sheet.width, sheet.height], sheet.path)
        }
        // The manifest the build wrote is valid, its sheets included.
        let written = try ManifestFile.read(site + "/manifest.json")
        XCTAssertEqual(ManifestValidator.problems(in: written).map(\.description), [])
    }

    func testACaptionEditedInOneAlbumRedrawsThatPageAlone() throws {
        try makeTree()
        let first = try build()
        let pages = try XCTUnwrap(first.manifest.sheets).map(\.path)
        let before = try Dictionary(uniqueKeysWithValues: pages.map { ($0, try modified($0)) })
        let bytes = try pages.map { try Data(contentsOf: URL(fileURLWithPath: site + "/" + $0)) }
        Thread.sleep(forTimeInterval: 0.05)
        try caption("rome/r3.png", "picture three, edited")
        let planned = try build(dryRun: true)
        XCTAssertEqual(planned.made, 1, "one page to draw")
        XCTAssertEqual(planned.removed, 0)
        let again = try build()
        XCTAssertEqual(again.made, 1, "only sheets/rome/sheet-002.jpg: \(again.made) made")
        XCTAssertEqual(again.kept, first.made - 1)
        for (path, data) in zip(pages, bytes) where path != "sheets/rome/sheet-002.jpg" {
            XCTAssertEqual(try modified(path), before[path], "\(path) is not written again")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: site + "/" + path)), data, path)
        }
        XCTAssertGreaterThan(try modified("sheets/rome/sheet-002.jpg"), try XCTUnwrap(before["sheets/rome/sheet-002.jpg"]))
    }

    /// A picture added to one album changes the gallery-wide index of every later item, but
    /// sheet numbers are the album's: the other albums' pages stay.
    func testAPictureAddedToOneAlbumLeavesTheOthersPages() throws {
        try makeTree()
        let first = try build()
        let pages = try XCTUnwrap(first.manifest.sheets).map(\.path)
        let before = try Dictionary(uniqueKeysWithValues: pages.map { ($0, try modified($0)) })
        try picture("2019/venice/v2.png", level: 250)
        let again = try build()
        XCTAssertEqual(try XCTUnwrap(again.manifest.sheets).first { $0.album == "2019/venice" }?.items, ["2019/venice/v1", "2019/venice/v2"])
        for path in pages where path != "sheets/2019/venice/sheet.jpg" {
            XCTAssertEqual(try modified(path), before[path], "\(path) is not written again")
        }
    }

    func testThePagesOfAnAlbumThatWentAreRemovedWithItsFolder() throws {
        try makeTree()
        _ = try build()
        XCTAssertTrue(FileStat.isFile(site + "/sheets/2019/venice/sheet.jpg"))
        try FileManager.default.removeItem(atPath: sources + "/2019")
        // Something of the user's in the sheets folder is not the build's: it stays.
        try Data("mine".utf8).write(to: URL(fileURLWithPath: site + "/sheets/notes.txt"))
        let planned = try build(dryRun: true)
        XCTAssertTrue(planned.removed >= 1)
        let again = try build()
        XCTAssertEqual(try XCTUnwrap(again.manifest.sheets).map(\.album), ["", "paris", "rome", "rome"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: site + "/sheets/2019"), "the album's emptied folders go too")
        XCTAssertTrue(FileStat.isFile(site + "/sheets/notes.txt"))
        XCTAssertTrue(FileStat.isFile(site + "/sheets/paris/sheet.jpg"))
    }

    /// `--albums none`: one series of pages for the whole gallery, as before albums, and no
    /// `album` on the sheets.
    func testWithoutAlbumsTheSheetsAreTheGallerys() throws {
        try makeTree()
        let report = try build(options(albums: .none))
        let sheets = try XCTUnwrap(report.manifest.sheets)
        XCTAssertEqual(sheets.map(\.path), (1...4).map { "sheets/sheet-00\($0).jpg" })
        XCTAssertEqual(sheets.map(\.page), [1, 2, 3, 4])
        XCTAssertEqual(sheets.compactMap(\.album), [])
        XCTAssertEqual(sheets.flatMap(\.items).count, 7)
        // From albums to none: the albums' pages go, the flat ones are there.
        try FileManager.default.removeItem(atPath: site)
        _ = try build()
        let flat = try build(options(albums: .none))
        XCTAssertEqual(flat.manifest.sheets?.count, 4)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site + "/sheets/rome"))
    }
}
