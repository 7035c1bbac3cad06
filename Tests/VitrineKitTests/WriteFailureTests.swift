import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// The output side's failures (issue 24, item 12): told from the source's, and outputs made of
/// several files put in place all or none.
final class WriteFailureTests: XCTestCase {
    var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "vitrine-WriteFailureTests-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: folder) }

    func testTheSystemsWordsForTheOutputSideAreWriteFailures() {
        let source = "/photos/a.jpg"
        XCTAssert(OutputSide.isAtFault("dzsave: No space left on device; wbuffer_write: write failed", source: source, outputFolder: folder))
        XCTAssert(OutputSide.isAtFault("vips__file_write: Disk quota exceeded", source: source, outputFolder: folder))
        XCTAssert(OutputSide.isAtFault("dzsave: Read-only file system", source: source, outputFolder: folder))
        XCTAssert(OutputSide.isAtFault("dzsave: Permission denied", source: source, outputFolder: folder))
        // The source's own failures, on a writable folder with room.
        XCTAssertFalse(OutputSide.isAtFault("unable to open \"/photos/a.jpg\"; Permission denied", source: source, outputFolder: folder))
        XCTAssertFalse(OutputSide.isAtFault("VipsJpeg: Premature end of JPEG file", source: source, outputFolder: folder))
        let failure = ItemProducer.failure(DecodeFailure(error: VipsError("dzsave: No space left on device")), damage: [],
            path: source, outputFolder: folder)
        XCTAssertEqual(failure.reason, .write, failure.message)
    }

    /// libvips' "unix error: Unknown error -1" and its `dzsave:` that names no file were what a
    /// full disk said while tiles were written: the output is named, in the system's words.
    func testAWriteFailureNamesTheOutputInTheSystemsWords() {
        let failure = ItemProducer.failure(
            VipsError("dzsave: No space left on device; wbuffer_write: write failed; unix error: Unknown error -1"), damage: [],
            path: "/photos/a.jpg", outputFolder: folder, output: folder + "/tiles/a.dzi")
        XCTAssertEqual(failure.reason, .write)
        XCTAssertEqual(failure.message, "cannot write \(folder!)/tiles/a.dzi: No space left on device")
        XCTAssertEqual(OutputSide.sentence("vips__file_write: Disk quota exceeded", output: nil, outputFolder: folder),
            "cannot write: Disk quota exceeded")
        XCTAssertEqual(OutputSide.sentence("tiffsave: write failed; unix error: Unknown error -1; something else", output: "x.tif",
            outputFolder: folder), "cannot write x.tif: tiffsave: write failed; something else")
    }

    /// On a full disk dzsave can end without an error and without its `.dzi`: that was told as
    /// "cannot write tiles: …", naming no file of the site (and failing a full-disk test at random).
    func testAPyramidSaversOwnFailureNamesTheOutput() {
        let output = folder + "/tiles/a_files"
        let full = ItemProducer.failure(OutputSideFailure(message: "dzsave wrote no a.dzi: No space left on device"), damage: [],
            path: "/photos/a.jpg", outputFolder: folder, output: output)
        XCTAssertEqual(full.reason, .write)
        XCTAssertEqual(full.message, "cannot write \(output): No space left on device")
        let other = ItemProducer.failure(OutputSideFailure(message: "dzsave wrote no a.dzi"), damage: [],
            path: "/photos/a.jpg", outputFolder: folder, output: output)
        XCTAssertEqual(other.message, "cannot write \(output): dzsave wrote no a.dzi")
    }

    func testMovesTogetherAreUndoneWhenOneFails() throws {
        // An old pyramid: its folder and descriptor.
        let files = folder + "/x_files", descriptor = folder + "/x.dzi"
        try FileManager.default.createDirectory(atPath: files + "/0", withIntermediateDirectories: true)
        try Data("old tile".utf8).write(to: URL(fileURLWithPath: files + "/0/0_0.jpg"))
        try Data("old dzi".utf8).write(to: URL(fileURLWithPath: descriptor))
        // A new one whose descriptor is missing: the second move fails.
        let newFiles = folder + "/.new_files"
        try FileManager.default.createDirectory(atPath: newFiles + "/0", withIntermediateDirectories: true)
        try Data("new tile".utf8).write(to: URL(fileURLWithPath: newFiles + "/0/0_0.jpg"))
        XCTAssertThrowsError(try AtomicFile.moveIntoPlace(together: [(newFiles, files), (folder + "/.missing.dzi", descriptor)]))
        XCTAssertEqual(try String(contentsOfFile: files + "/0/0_0.jpg", encoding: .utf8), "old tile", "the old folder is back")
        XCTAssertEqual(try String(contentsOfFile: descriptor, encoding: .utf8), "old dzi")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["x.dzi", "x_files"], "nothing else is left")

        // Both there: both replaced, nothing left aside.
        try FileManager.default.createDirectory(atPath: newFiles + "/0", withIntermediateDirectories: true)
        try Data("new tile".utf8).write(to: URL(fileURLWithPath: newFiles + "/0/0_0.jpg"))
        try Data("new dzi".utf8).write(to: URL(fileURLWithPath: folder + "/.new.dzi"))
        try AtomicFile.moveIntoPlace(together: [(newFiles, files), (folder + "/.new.dzi", descriptor)])
        XCTAssertEqual(try String(contentsOfFile: files + "/0/0_0.jpg", encoding: .utf8), "new tile")
        XCTAssertEqual(try String(contentsOfFile: descriptor, encoding: .utf8), "new dzi")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["x.dzi", "x_files"])
    }
}
