import XCTest
@testable import VitrineKit

/// What counts as an empty output folder: parts of one build start side by side in it.
final class SiteFolderTests: XCTestCase {
    func testAnotherPartsTemporaryFilesLeaveAFolderEmpty() throws {
        let folder = NSTemporaryDirectory() + "vitrine-sitefolder-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder + "/.vitrine", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Another part's write check, caught between its creation and its removal.
        let probe = AtomicFile.temporaryPath(for: folder + "/write-check")
        try Data().write(to: URL(fileURLWithPath: probe))
        XCTAssertNil(SiteFolder.foreignEntry(of: folder, outputFolders: ["thumbs"]))
        XCTAssertNoThrow(try SiteFolder.open(folder, sources: [], overwrite: false))
        // Someone's own hidden file is no part's.
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/.notes.partial"))
        XCTAssertEqual(SiteFolder.foreignEntry(of: folder, outputFolders: ["thumbs"])?.name, ".notes.partial")
    }
}
