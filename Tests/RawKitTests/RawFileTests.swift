import Foundation
import RawKit
import XCTest

/// LibRaw through RawKit, on the corpus' RAW files (ExifTool's samples: a header and little or
/// no sensor data, as a camera describes itself).
final class RawFileTests: XCTestCase {
    private func corpusRaw(_ name: String) throws -> String {
        guard let corpus = ProcessInfo.processInfo.environment["VITRINE_CORPUS"] else { throw XCTSkip("VITRINE_CORPUS is not set") }
        let path = corpus + "/mixed/raw/" + name
        XCTAssert(FileManager.default.fileExists(atPath: path), "\(path) is missing from the corpus")
        return path
    }

    func testAHeaderIsReadWithoutTheSensorData() throws {
        let file = try RawFile(path: try corpusRaw("exiftool__Nikon.nef"))
        XCTAssertEqual(file.make, "Nikon")
        XCTAssertEqual(file.model, "D70")
        XCTAssertEqual([file.width, file.height], [3039, 2014])
        XCTAssertEqual(file.orientation, 1)
        XCTAssertEqual(file.preview.map { [$0.width, $0.height] }, [160, 106])
        XCTAssertNotNil(file.timestamp)
        XCTAssertEqual(file.unpacks, 0)
    }

    func testAFileLibRawCannotReadSaysSo() throws {
        let unknown = try corpusRaw("exiftool__CanonRaw.cr2")
        XCTAssertThrowsError(try RawFile(path: unknown)) { error in
            XCTAssertEqual((error as? RawError)?.description, "not a camera or layout it knows")
        }
        let text = NSTemporaryDirectory() + "rawkit-\(UUID().uuidString).txt"
        try Data("not a raw file".utf8).write(to: URL(fileURLWithPath: text))
        defer { try? FileManager.default.removeItem(atPath: text) }
        XCTAssertThrowsError(try RawFile(path: text))
    }
}
