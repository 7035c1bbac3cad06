import Foundation
@testable import VitrineKit
import XCTest

final class InputWalkerTests: XCTestCase {
    func testWalksRecursivelySkippingHiddenAndNomedia() throws {
        let folder = try TestFolder()
        try folder.file("a.txt", "x")
        try folder.file("sub/b.txt", "x")
        try folder.file(".hidden/c.txt", "x")
        try folder.file("sub/.d.txt", "x")
        try folder.file("skip/.nomedia", "")
        try folder.file("skip/deeper/e.txt", "x")
        let result = InputWalker().walk([folder.path])
        XCTAssertEqual(result.files.map(\.relativePath).sorted(), ["a.txt", "sub/b.txt"])
        XCTAssertTrue(result.errors.isEmpty)
        XCTAssertEqual(result.files.first { $0.relativePath == "a.txt" }?.path, folder.path + "/a.txt")
    }

    func testMissingInputIsAnErrorAndTheRestGoesOn() throws {
        let folder = try TestFolder()
        try folder.file("a.txt", "x")
        let result = InputWalker().walk([folder.path + "/missing", folder.path])
        XCTAssertEqual(result.errors.map(\.reason), [.notFound])
        XCTAssertEqual(result.errors.first?.path, folder.path + "/missing")
        XCTAssertEqual(result.files.count, 1)
    }

    func testSymlinkLoopIsReportedNotFollowedForever() throws {
        let folder = try TestFolder()
        try folder.file("d/a.txt", "x")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/d/back", withDestinationPath: folder.path + "/d")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/self", withDestinationPath: folder.path + "/self")
        let result = InputWalker().walk([folder.path])
        XCTAssertEqual(result.files.map(\.relativePath), ["d/a.txt"])
        XCTAssertEqual(Set(result.errors.map(\.reason)), [.loop])
        XCTAssertEqual(result.errors.count, 2)
    }

    func testStdinListAndDuplicatesAreOneItem() throws {
        let folder = try TestFolder()
        let a = try folder.file("sub/a.txt", "x")
        let result = InputWalker().walk(["-", folder.path], readList: { [a, "", a] })
        XCTAssertEqual(result.files.count, 1)
        XCTAssertEqual(result.files.first?.path, a)
    }

    func testUnreadableFolderIsAnError() throws {
        try XCTSkipIf(getuid() == 0, "root reads every folder")
        let folder = try TestFolder()
        try folder.file("locked/a.txt", "x")
        chmod(folder.path + "/locked", 0)
        defer { chmod(folder.path + "/locked", 0o755) }
        let result = InputWalker().walk([folder.path])
        XCTAssertEqual(result.errors.map(\.reason), [.permission])
    }
}

final class NomediaListTests: XCTestCase {
    func testNomediaListingNamesSkipsOnlyThose() throws {
        let folder = try TestFolder()
        try folder.file("album/.nomedia", "skip-me.txt\nsub\n")
        try folder.file("album/keep.txt", "x")
        try folder.file("album/skip-me.txt", "x")
        try folder.file("album/sub/deep.txt", "x")
        try folder.file("album/other/kept.txt", "x")
        let result = InputWalker().walk([folder.path])
        XCTAssertEqual(result.files.map(\.relativePath).sorted(), ["album/keep.txt", "album/other/kept.txt"])
    }
}
