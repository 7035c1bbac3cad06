import Foundation
import VipsKit
import XCTest
@testable import VitrineKit

/// `--max-memory`: sizes as people write them, and the probe's refusal of pictures decoded whole.
final class DecodeMemoryTests: XCTestCase {
    func testSizesAsPeopleWriteThem() {
        let read = { (text: String) in ByteSize(parsing: text)?.bytes }
        XCTAssertEqual(read("512M"), 512 << 20)
        XCTAssertEqual(read("2G"), 2 << 30)
        XCTAssertEqual(read("2g"), 2 << 30)
        XCTAssertEqual(read("1.5GiB"), 3 << 29)
        XCTAssertEqual(read("64KB"), 64 << 10)
        XCTAssertEqual(read("4096"), 4096)
        XCTAssertEqual(read("0.5K"), 512)
        for bad in ["", "M", "lots", "-1M", "0", "0M", "12X", "1.5", "1e9", "1 G B", "1..5G"] { XCTAssertNil(read(bad), bad) }
        XCTAssertEqual(ByteSize(bytes: 1 << 30).description, "1G")
        XCTAssertEqual(ByteSize(bytes: 3 << 29).description, "1.5G")
        XCTAssertEqual(ByteSize(bytes: 4097).description, "4097")
        XCTAssertEqual(ByteSize(bytes: 1_609_515_008).spoken, "1.5 GiB")
        XCTAssertEqual(ByteSize(bytes: 100).spoken, "100 bytes")
    }

    func testOptionsFromAnOlderPeerTakeTheDefault() throws {
        let options = try JSONDecoder().decode(ProbeOptions.self, from: Data(#"{"maxPixels": 5}"#.utf8))
        XCTAssertEqual(options.maxMemory, 1 << 30)
        XCTAssertEqual(try JSONDecoder().decode(ProbeOptions.self, from: JSONEncoder().encode(options)), options)
    }

    /// A 16-bit RGBA PNG of 512×512 is 2 MiB decoded: refused over a 1 MiB limit when
    /// interlaced (decoded whole), read when not (read in strips), and read with 2 MiB.
    func testInterlacedPNGIsRefusedBeforeDecoding() throws {
        let folder = try TestFolder()
        let black = try Operation.image("black", ["width": .int(512), "height": .int(512), "bands": .int(4)])
        let deep = try Operation.image("copy", ["in": .image(try Operation.image("cast", ["in": .image(black), "format": .string("ushort")])),
            "interpretation": .string("rgb16")])
        var options = ProbeOptions()
        options.maxMemory = 1 << 20
        for interlaced in [true, false] {
            let path = folder.path + "/\(interlaced).png"
            try deep.save(to: path, options: ["interlace": .bool(interlaced)])
            let outcome = ImageProbe.probe(path: path, options: options)
            if interlaced {
                let message = "512×512 interlaced PNG (16-bit RGBA) must be decoded whole: 2 MiB, over the limit of 1 MiB per worker"
                XCTAssertEqual(outcome, .failed(message: message, reason: .tooLarge, setting: .maxMemory))
            } else {
                guard case .image = outcome else { return XCTFail("\(outcome)") }
            }
        }
        options.maxMemory = 2 << 20
        guard case .image = ImageProbe.probe(path: folder.path + "/true.png", options: options) else { return XCTFail("not read at the limit") }
    }
}
