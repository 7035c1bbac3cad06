import Foundation
@testable import VitrineKit
import XCTest

/// RAW files are told by their structure, never by their names: made-up heads of each layout,
/// and pictures and videos that must not be taken for RAW.
final class RawFormatTests: XCTestCase {
    /// A little-endian TIFF with one directory of `entries` (tag, type, count, value).
    private func tiff(_ entries: [(UInt16, UInt16, UInt32, UInt32)], marker: [UInt8] = [0, 0, 0, 0]) -> [UInt8] {
        var bytes: [UInt8] = [0x49, 0x49, 42, 0, 16, 0, 0, 0] + marker + [0, 0, 0, 0]
        func le16(_ value: UInt16) { bytes += [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func le32(_ value: UInt32) { for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xFF)) } }
        le16(UInt16(entries.count))
        for (tag, type, count, value) in entries.sorted(by: { $0.0 < $1.0 }) {
            le16(tag)
            le16(type)
            le32(count)
            le32(value)
        }
        le32(0)
        return bytes + [UInt8](repeating: 0, count: 64)
    }

    private func head(_ text: String, padding: Int = 32) -> [UInt8] { Array(text.utf8) + [UInt8](repeating: 0, count: padding) }

    func testEachLayoutIsKnownByItsStructure() {
        XCTAssertEqual(RawFormat.of(head: tiff([(0x0100, 3, 1, 64), (0xC612, 1, 4, 0x0001_0401)])), .dng)
        XCTAssertEqual(RawFormat.of(head: tiff([(0x0100, 3, 1, 64)], marker: [0x43, 0x52, 2, 0])), .cr2)
        // Sensor data stored as colour-filter samples, in a TIFF of an unknown maker.
        XCTAssertEqual(RawFormat.of(head: tiff([(0x0100, 3, 1, 64), (0x0106, 3, 1, 32803)])), .raw)
        // Nikon's compression.
        XCTAssertEqual(RawFormat.of(head: tiff([(0x0103, 3, 1, 34713)])), .raw)
        XCTAssertEqual(RawFormat.of(head: [0, 0, 0, 0x18] + head("ftypcrx ")), .cr3)
        XCTAssertEqual(RawFormat.of(head: head("FUJIFILMCCD-RAW 0201")), .raf)
        XCTAssertEqual(RawFormat.of(head: [0x49, 0x49, 0x55, 0] + head("")), .rw2)
        XCTAssertEqual(RawFormat.of(head: head("IIRO")), .orf)
        XCTAssertEqual(RawFormat.of(head: head("FOVb")), .x3f)
        XCTAssertEqual(RawFormat.of(head: [0x49, 0x49, 0x1A, 0, 0, 0] + head("HEAPCCDR")), .crw)
    }

    func testPicturesAndVideosAreNotRAW() {
        // A TIFF picture: 8-bit RGB, no DNG version, no colour-filter samples.
        XCTAssertNil(RawFormat.of(head: tiff([(0x0100, 3, 1, 64), (0x0103, 3, 1, 1), (0x0106, 3, 1, 2)])))
        XCTAssertNil(RawFormat.of(head: [0xFF, 0xD8, 0xFF, 0xE0] + head("JFIF")))
        XCTAssertNil(RawFormat.of(head: [0, 0, 0, 0x18] + head("ftypisom")))
        XCTAssertNil(RawFormat.of(head: [0, 0, 0, 0x18] + head("ftypheic")))
        XCTAssertNil(RawFormat.of(head: head("FUJI")), "too short to say")
    }

    /// A directory that points at itself, or past the end, is read no further: never a hang or a trap.
    func testADirectoryLoopEnds() {
        var looped = tiff([(0x0100, 3, 1, 64), (0x014A, 4, 1, 16)])
        looped[16 + 2 + 2 * 12] = 16  // the next directory is the first again
        XCTAssertNil(RawFormat.of(head: looped))
        XCTAssertNil(RawFormat.of(head: tiff([(0x014A, 4, 3, 0xFFFF_FF00)])))
    }
}
