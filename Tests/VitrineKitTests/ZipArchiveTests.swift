import Foundation
@testable import VitrineKit
import XCTest

/// The zip container, read back by another implementation (Python's zipfile).
final class ZipArchiveTests: XCTestCase {
    /// Past 65,535 entries a zip needs ZIP64 end records: libarchive writes them, and a reader
    /// finds every entry.
    func testManyEntriesGetZIP64Records() throws {
        let folder = try TestFolder()
        // As many entries, from one file: creating 65,600 files costs half a minute here.
        let tile = try folder.file("tile.txt", "one tile")
        let count = 65_600
        let entries = (0..<count).map { (name: "\($0 / 400)/\($0 % 400).txt", file: tile) }
        let archive = folder.path + "/a.zip"
        try ZipArchive.write(entries, to: archive)
        let data = try Data(contentsOf: URL(fileURLWithPath: archive))
        // The ZIP64 end of central directory record and its locator.
        XCTAssertNotNil(data.suffix(2048).range(of: Data([0x50, 0x4B, 0x06, 0x06])), "ZIP64 end of central directory")
        XCTAssertNotNil(data.suffix(2048).range(of: Data([0x50, 0x4B, 0x06, 0x07])), "ZIP64 locator")
        let read = try Program.python(["-c", """
            import sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            names = z.namelist()
            print(len(names), len(set(names)), z.read("163/399.txt").decode(), z.getinfo("0/0.txt").compress_type)
            """, archive])
        XCTAssertEqual(read, "\(count) \(count) one tile 0\n", "every entry, stored (compression 0)")
    }

    /// Fewer entries: no ZIP64 records (readers that predate them still read it).
    func testFewEntriesNeedNoZIP64() throws {
        let folder = try TestFolder()
        let tile = try folder.file("tile.txt", "one tile")
        try ZipArchive.write((0..<100).map { (name: "\($0).txt", file: tile) }, to: folder.path + "/a.zip")
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/a.zip"))
        XCTAssertNil(data.range(of: Data([0x50, 0x4B, 0x06, 0x06])))
    }

    func testTheSameFolderGivesTheSameBytes() throws {
        let folder = try TestFolder()
        try folder.file("t/b/2.jpg", "two")
        try folder.file("t/a.dzi", "one")
        try ZipArchive.write(folder: folder.path + "/t", to: folder.path + "/1.zip")
        try ZipArchive.write(folder: folder.path + "/t", to: folder.path + "/2.zip")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/1.zip")),
            try Data(contentsOf: URL(fileURLWithPath: folder.path + "/2.zip")))
        let names = try Program.python(["-c", "import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).namelist())", folder.path + "/1.zip"])
        XCTAssertEqual(names, "['a.dzi', 'b/2.jpg']\n")
    }
}

enum Program {
    /// Runs Debian's python3 with `arguments`; its stdout, failing the test on a non-zero exit.
    static func python(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let said = out.fileHandleForReading.readDataToEndOfFile()
        let complaint = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, complaint, file: file, line: line)
        return String(decoding: said, as: UTF8.self)
    }
}
