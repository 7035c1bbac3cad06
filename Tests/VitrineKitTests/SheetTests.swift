import Foundation
import VipsKit
import XCTest

@testable import VitrineKit

/// Contact sheets without a subprocess: layout arithmetic, paging, text fitting, settings checks,
/// frame times, and what the validator says of sheets.
final class SheetTests: XCTestCase {
    func testLayoutFollowsTheDocumentedFormula() {
        var settings = SheetSettings()
        settings.columns = 4
        let layout = SheetLayout(settings: settings, cells: 13, hasHeader: true, hasFooter: true)
        XCTAssertEqual(layout.rows, 4)
        XCTAssertEqual(layout.captionBand, 4 + 2 * 17)
        XCTAssertEqual(layout.width, 2 * 24 + 4 * 240 + 3 * 16)
        XCTAssertEqual(layout.height, 2 * 24 + 40 + 4 * (240 + 38) + 3 * 16 + 28)
        // The 13th cell starts row 4, column 1.
        XCTAssertEqual(layout.cellOrigin(12).x, 24)
        XCTAssertEqual(layout.cellOrigin(12).y, 24 + 40 + 3 * (240 + 38 + 16))
        XCTAssertEqual(layout.cellOrigin(5).x, 24 + 1 * (240 + 16))

        settings.captionLines = 0
        settings.columns = 1
        settings.margin = 0
        let strip = SheetLayout(settings: settings, cells: 3, hasHeader: false, hasFooter: false)
        XCTAssertEqual(strip.width, 240)
        XCTAssertEqual(strip.height, 3 * 240 + 2 * 16)
        // A video's header has a line of details.
        XCTAssertEqual(SheetLayout(settings: settings, cells: 1, hasHeader: true, hasFooter: false, detailLines: 1).headerHeight, 58)
    }

    func testPagesAndTheirFileNames() {
        XCTAssertEqual(SheetPaging.pages(count: 13, perPage: 6), [0..<6, 6..<12, 12..<13])
        XCTAssertEqual(SheetPaging.pages(count: 0, perPage: 6), [])
        XCTAssertEqual(SheetPaging.fileName("sheet.jpg", page: 1, pageCount: 1), "sheet.jpg")
        XCTAssertEqual(SheetPaging.fileName("sheet.jpg", page: 2, pageCount: 3), "sheet-002.jpg")
        XCTAssertEqual(SheetPaging.fileName("out/con.tact/sheet", page: 12, pageCount: 1200), "out/con.tact/sheet-0012")
        XCTAssertEqual(SheetPaging.fileName("page-%03d.png", page: 7, pageCount: 9), "page-007.png")
        XCTAssertEqual(SheetPaging.fileName("p%d.png", page: 7, pageCount: 1), "p7.png")
        XCTAssertEqual(SheetPaging.fileName("100%%-%02d.webp", page: 3, pageCount: 4), "100%-03.webp")
        XCTAssertEqual(SheetPaging.fileName("100%.jpg", page: 2, pageCount: 2), "100%-002.jpg")
        XCTAssertFalse(SheetPaging.hasPattern("100%.jpg"))
    }

    func testSheetDestinationsAndVideoSheetNames() throws {
        let folder = NSTemporaryDirectory() + "vitrine-destination-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        XCTAssertEqual(SheetDestination(output: folder), SheetDestination(folder: folder, fileName: nil))
        XCTAssertEqual(SheetDestination(output: "new/"), SheetDestination(folder: "new/", fileName: nil))
        XCTAssertEqual(SheetDestination(output: "out/clip-sheet.jpg"), SheetDestination(folder: "out", fileName: "clip-sheet.jpg"))
        XCTAssertEqual(SheetDestination(output: "clip-sheet.jpg"), SheetDestination(folder: ".", fileName: "clip-sheet.jpg"))
        XCTAssertEqual(SheetDestination(output: "new/").sheetName(format: .png), "sheet.png")
        XCTAssertEqual(SheetDestination(output: "a/Proof.JPG").fileExtension, "jpg")
        XCTAssertEqual(SheetDestination.videoFileName("clip-sheet.jpg", id: "clip", videoCount: 1), "clip-sheet.jpg")
        XCTAssertEqual(SheetDestination.videoFileName("s.jpg", id: "b", videoCount: 2), "s-b.jpg")
        XCTAssertEqual(SheetDestination.videoFileName("s", id: "b", videoCount: 2), "s-b")
        XCTAssertEqual(SheetDestination.videoFileName("%s.webp", id: "trip/b", videoCount: 1), "trip/b.webp")
        XCTAssertEqual(SheetDestination.videoFileName("100%%-%s-%s.png", id: "b", videoCount: 3), "100%-b-%s.png")
        XCTAssertEqual(SheetDestination.videoFileName("100%.jpg", id: "b", videoCount: 2), "100%-b.jpg")
    }

    /// Ten pixels a character, so that widths are easy to reason about.
    private func tenPerCharacter(_ text: StyledText) -> Int { text.count * 10 }

    func testLinesBreakAtSpacesAndTheLastOneEndsInAnEllipsis() {
        let text = StyledText(plain: "the quick brown fox jumps over")
        let lines = TextFitter.lines(text, width: 100, maxLines: 2, measure: tenPerCharacter)
        XCTAssertEqual(lines.map(\.plain), ["the quick", "brown fox…"])
        XCTAssertTrue(lines.allSatisfy { tenPerCharacter($0) <= 100 })
        // Everything fits: no ellipsis; newlines start lines; blank lines go.
        XCTAssertEqual(TextFitter.lines(StyledText(plain: "a b\n\nc"), width: 100, maxLines: 3, measure: tenPerCharacter).map(\.plain),
            ["a b", "c"])
        // A second paragraph that does not get a line of its own is announced with …
        XCTAssertEqual(TextFitter.lines(StyledText(plain: "one\ntwo"), width: 100, maxLines: 1, measure: tenPerCharacter).map(\.plain),
            ["one…"])
        XCTAssertEqual(TextFitter.lines(text, width: 100, maxLines: 0, measure: tenPerCharacter), [])
    }

    func testScriptsWithoutSpacesBreakAnywhere() {
        let lines = TextFitter.lines(StyledText(plain: "日本語のキャプションです"), width: 50, maxLines: 2, measure: tenPerCharacter)
        XCTAssertEqual(lines.map(\.plain), ["日本語のキ", "ャプショ…"])
    }

    func testStyledTextKeepsMarkupBalancedWhenCut() {
        let text = StyledText(pango: Markup.pango("<p>a <b>bold &amp; <i>brave</i></b> end</p>"))
        XCTAssertEqual(text.plain, "a bold & brave end")
        XCTAssertEqual(text.prefix(10).pango, "a <b>bold &amp; <i>b</i></b>")
        XCTAssertEqual(text.prefix(10).appending("…").pango, "a <b>bold &amp; <i>b…</i></b>")
        XCTAssertEqual(StyledText(plain: "a & <b>").pango, "a &amp; &lt;b&gt;")
        XCTAssertEqual(StyledText(pango: "x&#233;&#x65E5;").plain, "xé日")
    }

    func testSettingsAreCheckedInTheLibrary() {
        var settings = SheetSettings()
        XCTAssertNoThrow(try settings.validated())
        settings.columns = 0
        XCTAssertThrowsError(try settings.validated()) { XCTAssertEqual($0 as? SheetSettings.Problem, .columns(0)) }
        settings = SheetSettings()
        settings.cell = Box(width: 240, height: nil)
        XCTAssertThrowsError(try settings.validated())
        settings = SheetSettings()
        settings.encoding.format = .avif
        XCTAssertThrowsError(try settings.validated()) { XCTAssertEqual($0 as? SheetSettings.Problem, .format(.avif)) }
        settings = SheetSettings()
        settings.columns = 100
        XCTAssertThrowsError(try settings.validated()) { XCTAssertTrue("\($0)".contains("over 16383")) }
        XCTAssertEqual(SheetSettings().cellsPerSheet, 6 * 8)
    }

    func testFrameTimesAreEvenAndInsideTheMiddleOfTheVideo() {
        let times = VideoFrames.times(count: 9, duration: 100)
        XCTAssertEqual(times.count, 9)
        XCTAssertEqual(times.first!, 2 + 96 / 18, accuracy: 1e-9)
        XCTAssertTrue(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        XCTAssertTrue(times.allSatisfy { $0 > 2 && $0 < 98 })
        XCTAssertTrue(VideoFrames.times(count: 4, duration: 0.4).allSatisfy { $0 > 0 && $0 < 0.4 })
        XCTAssertEqual(VideoFrames.label(0), "0:00")
        XCTAssertEqual(VideoFrames.label(65.9), "1:05")
        XCTAssertEqual(VideoFrames.label(3725), "1:02:05")
        XCTAssertEqual(VideoFrames.label(1.37, spacing: 0.2), "0:01.3")
        XCTAssertEqual(VideoSheetSpec.defaultColumns(frames: 9), 3)
        XCTAssertEqual(VideoSheetSpec.defaultColumns(frames: 10), 4)
        XCTAssertEqual(VideoSheetSpec.size(2_942_343), "2.9 MB")
    }

    func testPNGStreamSplitsFilesAndStopsAtACutOne() throws {
        try Vips.initialize()
        let one = try SheetCellSpec.png(try Operation.image("black", ["width": .int(3), "height": .int(2)]), compression: 1)
        XCTAssertEqual(PNGStream.split(one + one + one).count, 3)
        XCTAssertEqual(PNGStream.split(one + one.prefix(one.count - 3)).count, 1)
    }

    /// A run that throws its cells away stores them (no deflate): the same pixels, more bytes;
    /// a cell kind written before it could say so reads as deflated.
    func testCellsThrownAwayAreStoredWithTheSamePixels() throws {
        try Vips.initialize()
        let picture = try Operation.image("gaussnoise", ["width": .int(64), "height": .int(48)])
        let deflated = try SheetCellSpec.png(picture, compression: 1), stored = try SheetCellSpec.png(picture, compression: 0)
        XCTAssertGreaterThan(stored.count, deflated.count)
        let load = { (data: Data) throws -> Image in try Operation.image("pngload_buffer", ["buffer": .blob(data)]).copyToMemory() }
        let difference = try Operation.image("subtract", ["left": .image(try load(deflated)), "right": .image(try load(stored))])
        let largest = try Operation.call("max", ["in": .image(difference)])["out"]?.double
        XCTAssertEqual(largest, 0, "the same pixels")
        var phase = SheetPhase(settings: SheetSettings(), folder: "out", fileName: "sheet.jpg")
        let kept = try XCTUnwrap(phase.itemOutputs.first?.base as? SheetCellSpec)
        XCTAssertTrue(kept.deflated, "kept by default, as build keeps them")
        phase.keepsCells = false
        let thrownAway = try XCTUnwrap(phase.itemOutputs.first?.base as? SheetCellSpec)
        XCTAssertFalse(thrownAway.deflated)
        XCTAssertEqual(thrownAway.identifier, kept.identifier, "the same cells, whatever their bytes")
        // What a build records of its cells is as it was before cells could be stored.
        let old = #"{"folder":".vitrine\/cells","height":200,"mode":"fill","width":200}"#
        var cells = SheetCellSpec(width: 200, height: 200, mode: .fill, folder: ".vitrine/cells")
        let sorted = JSONEncoder()
        sorted.outputFormatting = [.sortedKeys]
        XCTAssertEqual(String(decoding: try sorted.encode(cells), as: UTF8.self), old)
        XCTAssertTrue(try JSONDecoder().decode(SheetCellSpec.self, from: Data(old.utf8)).deflated)
        cells.deflated = false
        XCTAssertFalse(try JSONDecoder().decode(SheetCellSpec.self, from: try JSONEncoder().encode(cells)).deflated)
    }

    func testValidatorChecksSheets() {
        var manifest = Manifest()
        var item = Item(id: "a", format: "jpeg", width: 1, height: 1, source: .init(path: "a.jpg", bytes: 1))
        item.position = "1 of 1"
        item.sheet = VideoSheet(path: "../a-sheet.jpg", width: 1, height: 1, frames: 2, times: [3, 1])
        manifest.items = [item]
        manifest.sheets = [ContactSheet(path: "sheet-001.jpg", page: 2, width: 1, height: 1, items: ["a", "b"])]
        let problems = ManifestValidator.problems(in: manifest).map(\.description)
        XCTAssertTrue(problems.contains("/sheets/0/page: is 2, should be 1"), "\(problems)")
        XCTAssertTrue(problems.contains("/sheets/0/items/1: 'b' is not an item's id"), "\(problems)")
        XCTAssertTrue(problems.contains("/items/0/sheet/path: '../a-sheet.jpg' is not a relative path inside the gallery"), "\(problems)")
        XCTAssertTrue(problems.contains("/items/0/sheet/times: are not increasing"), "\(problems)")
    }
}
