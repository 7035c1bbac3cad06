import Foundation
@testable import VitrineKit
import XCTest

final class PathTests: XCTestCase {
    /// What `dirname`/`basename` print for the cases that trapped Foundation (`-o t`).
    func testParentAndNameAsPOSIXDefinesThem() {
        let table: [(String, parent: String, name: String)] = [
            ("", ".", ""), ("a", ".", "a"), ("/", "/", "/"), ("a/", ".", "a"), ("/a", "/", "a"), ("./a", ".", "a"),
            ("a//b", "a", "b"), ("..", ".", ".."), ("a/b/c.jpg", "a/b", "c.jpg"), ("//x//", "/", "x"), ("t", ".", "t"),
            ("x/thumbs", "x", "thumbs"), ("Z/", ".", "Z"), ("é/ü", "é", "ü"),
        ]
        for (path, parent, name) in table {
            XCTAssertEqual(Path.parent(of: path), parent, "parent of '\(path)'")
            XCTAssertEqual(Path.name(of: path), name, "name of '\(path)'")
        }
    }

    func testJoinExtensionAndStem() {
        XCTAssertEqual(Path.join("out/", "a.jpg"), "out/a.jpg")
        XCTAssertEqual(Path.join("out", "a.jpg"), "out/a.jpg")
        XCTAssertEqual(Path.join("", "a.jpg"), "a.jpg")
        XCTAssertEqual(Path.join("out", "/abs"), "/abs")
        XCTAssertEqual(Path.fileExtension(of: "a/b.JPG"), "JPG")
        XCTAssertEqual(Path.fileExtension(of: "a.b/c"), "")
        XCTAssertEqual(Path.fileExtension(of: ".nomedia"), "")
        XCTAssertEqual(Path.fileExtension(of: "x.tar.gz"), "gz")
        XCTAssertEqual(Path.stem(of: "a/photo.jpg"), "photo")
        XCTAssertEqual(Path.stem(of: "a"), "a")
        XCTAssertEqual(Path.removingExtension("a/photo.jpg"), "a/photo")
        XCTAssertEqual(Path.removingExtension("a.b/c"), "a.b/c")
    }
}

final class AtomicFolderTests: XCTestCase {
    /// A folder output replaces an older one whole: no mix of the two, no leftover.
    func testAFolderReplacesTheOldOneWhole() throws {
        let folder = try TestFolder()
        try folder.file("out/tiles/old-only.txt", "old")
        let temporary = AtomicFile.temporaryPath(for: folder.path + "/out/tiles")
        try FileManager.default.createDirectory(atPath: temporary + "/0", withIntermediateDirectories: true)
        try Data("new".utf8).write(to: URL(fileURLWithPath: temporary + "/0/0_0.jpg"))
        try AtomicFile.moveIntoPlace(temporary, over: folder.path + "/out/tiles")
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: folder.path + "/out/tiles").sorted(), ["0", "0/0_0.jpg"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/out"), ["tiles"])
    }

    /// A killed run's half-written folder is removed once stale; a fresh one may be another
    /// run's, writing right now.
    func testStaleFolderLeftoversAreRemoved() throws {
        let folder = try TestFolder()
        let stale = try folder.file("out/.a_files.partial-1-1/0/0_0.jpg", "half")
        try folder.file("out/.b_files.partial-2-7/x", "fresh")
        try folder.file("out/.c.partial-notanumber", "not ours")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)],
            ofItemAtPath: Path.parent(of: Path.parent(of: stale)))
        AtomicFile.removeLeftovers(in: folder.path + "/out")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/out").sorted(),
            [".b_files.partial-2-7", ".c.partial-notanumber"])
    }

    /// A temporary name fits whenever the final name does (255 bytes), however long the name.
    func testTemporaryNamesFitWhenTheNameDoes() throws {
        let folder = try TestFolder()
        let name = String(repeating: "é", count: 120) + "abcdefghijklmn.jpg"  // 258 bytes
        let long = String(name.utf8.prefix(255 - 4))! + ".jpg"
        XCTAssertLessThanOrEqual(long.utf8.count, 255)
        let temporary = AtomicFile.temporaryPath(for: folder.path + "/" + long)
        XCTAssertLessThanOrEqual(Path.name(of: temporary).utf8.count, 255)
        XCTAssertTrue(AtomicFile.isTemporaryName(Path.name(of: temporary)))
        try AtomicFile.write(Data([7]), to: folder.path + "/" + long)
        XCTAssertEqual(FileManager.default.contents(atPath: folder.path + "/" + long), Data([7]))
    }
}

final class WriteIfChangedTests: XCTestCase {
    private func inode(_ path: String) -> UInt64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    }

    /// The same bytes leave the file alone (same inode: not replaced); any difference, in
    /// the last block of several, in length, or a file that is not there, writes it.
    func testOnlyADifferenceWrites() throws {
        let folder = try TestFolder()
        let path = folder.path + "/big.json"
        var data = Data((0..<(3 << 20) + 5).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try AtomicFile.writeIfChanged(data, to: path)
        let first = inode(path)
        XCTAssertEqual(FileManager.default.contents(atPath: path), data)
        try AtomicFile.writeIfChanged(data, to: path)
        XCTAssertEqual(inode(path), first, "the same bytes: not written again")
        data[data.count - 1] ^= 1
        try AtomicFile.writeIfChanged(data, to: path)
        XCTAssertNotEqual(inode(path), first, "one byte of the last block differs")
        XCTAssertEqual(FileManager.default.contents(atPath: path), data)
        let second = inode(path)
        try AtomicFile.writeIfChanged(data.dropLast(), to: path)
        XCTAssertNotEqual(inode(path), second, "shorter")
        XCTAssertEqual(FileManager.default.contents(atPath: path), data.dropLast())
    }

    /// Bytes made in pieces of any sizes compare with the file across its blocks, and are
    /// written as they come when they differ.
    func testPiecesCompareAndWriteAsOneRun() throws {
        let folder = try TestFolder()
        let path = folder.path + "/page.html"
        let data = Data((0..<(2 << 20) + 11).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let cuts = [0, 3, (3 << 19) + 1, data.count - 7, data.count]
        let pieces: AtomicFile.Pieces = { emit in
            data.withUnsafeBytes { raw in for (from, to) in zip(cuts, cuts.dropFirst()) { emit(UnsafeRawBufferPointer(rebasing: raw[from..<to])) } }
        }
        try AtomicFile.writeIfChanged(to: path, pieces)
        XCTAssertEqual(FileManager.default.contents(atPath: path), data)
        let first = inode(path)
        try AtomicFile.writeIfChanged(to: path, pieces)
        XCTAssertEqual(inode(path), first, "the same bytes in other pieces: not written again")
        try AtomicFile.write(data + Data([1]), to: path)
        try AtomicFile.writeIfChanged(to: path, pieces)
        XCTAssertEqual(FileManager.default.contents(atPath: path), data)
    }

    /// The bytes are made once, whether the file holds them, differs in a block's middle, at
    /// its very start, is longer or shorter: a large page or manifest is not made twice.
    func testPiecesAreMadeOnceAndADifferenceAnywhereIsWritten() throws {
        let folder = try TestFolder()
        let path = folder.path + "/manifest.json"
        let data = Data((0..<(2 << 20) + 11).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        var changed = data
        changed[(1 << 20) + 5] ^= 0xFF
        var first = data
        first[0] ^= 1
        for (old, new) in [(data, changed), (changed, data), (data, first), (data, data + Data([9])), (data, data.dropLast(3)),
                           (Data(), data), (data, Data())] {
            try AtomicFile.write(old, to: path)
            let before = inode(path)
            var calls = 0
            let cuts = [0, 1, 4099, (1 << 20) + 3, new.count].filter { $0 <= new.count }
            try AtomicFile.writeIfChanged(to: path) { emit in
                calls += 1
                new.withUnsafeBytes { raw in for (from, to) in zip(cuts, cuts.dropFirst()) { emit(UnsafeRawBufferPointer(rebasing: raw[from..<to])) } }
            }
            XCTAssertEqual(calls, 1, "made once")
            XCTAssertEqual(FileManager.default.contents(atPath: path), new)
            if old == new { XCTAssertEqual(inode(path), before, "left alone") } else { XCTAssertNotEqual(inode(path), before, "replaced") }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["manifest.json"], "no temporary file left")
        }
    }
}

/// The folder helper every writer uses: below an output root it never enters a link (issue 38).
final class OutputTreeTests: XCTestCase {
    func testAFolderBelowAnOutputRootIsNeverEnteredThroughALink() throws {
        let folder = try TestFolder()
        let root = folder.path + "/site"
        try FileManager.default.createDirectory(atPath: folder.path + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/thumbs", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/thumbs/2019", withDestinationPath: folder.path + "/elsewhere")
        // Before the site is a root, the link is followed, as for any folder.
        try AtomicFile.createFolder(root + "/thumbs/2019/a")
        try FileManager.default.removeItem(atPath: folder.path + "/elsewhere/a")
        OutputTree.confine(below: root)
        XCTAssertThrowsError(try AtomicFile.write(Data("x".utf8), to: root + "/thumbs/2019/a/b.jpg")) { error in
            let failure = error as? AtomicFileError
            XCTAssertEqual(failure?.link, root + "/thumbs/2019")
            XCTAssertEqual(failure?.description, "cannot write \(root)/thumbs/2019/a: \(root)/thumbs/2019 is a symbolic link, "
                + "and outputs are never written through one")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/elsewhere"), [], "nothing written there")
        // Real folders below the root are made as before, and a file in the way is named.
        try AtomicFile.write(Data("x".utf8), to: root + "/display/2019/b.jpg")
        XCTAssertEqual(try String(contentsOfFile: root + "/display/2019/b.jpg", encoding: .utf8), "x")
        try Data().write(to: URL(fileURLWithPath: root + "/tiles"))
        XCTAssertThrowsError(try AtomicFile.createFolder(root + "/tiles/2019")) { error in
            XCTAssertEqual((error as? AtomicFileError)?.code, ENOTDIR)
        }
        // The root itself may be a link (`-o` followed once): only what is below it is looked at.
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/linked-site", withDestinationPath: root)
        OutputTree.confine(below: folder.path + "/linked-site")
        try AtomicFile.createFolder(folder.path + "/linked-site/thumbs/2020")
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/thumbs/2020"))
    }

    /// The check a build makes before writing: each folder on the way, the target itself only
    /// when it is a folder or a link to one.
    func testASiteFindsTheFirstLinkOnTheWayToAnOutput() throws {
        let folder = try TestFolder()
        let root = folder.path + "/site"
        try FileManager.default.createDirectory(atPath: root + "/tiles/2019", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path + "/elsewhere", withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: folder.path + "/file.mp4"))
        try FileManager.default.createSymbolicLink(atPath: root + "/tiles/2019/big_files", withDestinationPath: folder.path + "/elsewhere")
        try FileManager.default.createSymbolicLink(atPath: root + "/tiles/2019/video.mp4", withDestinationPath: folder.path + "/file.mp4")
        let site = SiteFolder(path: root)
        var checked = Set<String>()
        XCTAssertThrowsError(try site.refuseLinks(on: "tiles/2019/big_files", checked: &checked)) { error in
            XCTAssertEqual(error as? SiteFolder.Problem, .link(path: root + "/tiles/2019/big_files", target: folder.path + "/elsewhere"))
        }
        XCTAssertEqual(checked, [root + "/tiles", root + "/tiles/2019"])
        // A link to a file at an output's place is replaced by the write (a page's linked video).
        XCTAssertNoThrow(try site.refuseLinks(on: "tiles/2019/video.mp4", checked: &checked))
        XCTAssertNoThrow(try site.refuseLinks(on: "thumbs/new/a.jpg", checked: &checked))
    }
}
