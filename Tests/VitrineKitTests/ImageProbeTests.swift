import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

final class ImageProbeTests: XCTestCase {
    func testUprightSizeAndOrientationFromEXIF() throws {
        let folder = try TestFolder()
        for orientation in 1...8 {
            let path = try folder.image("o\(orientation).jpg", width: 60, height: 40, orientation: orientation)
            guard case .image(let header) = ImageProbe.probe(path: path, options: .init()) else {
                return XCTFail("not an image: \(orientation)")
            }
            XCTAssertEqual(header.orientation, orientation)
            XCTAssertEqual(header.format, "jpeg")
            let expected = orientation >= 5 ? (40, 60) : (60, 40)
            XCTAssertEqual(header.width, expected.0, "orientation \(orientation)")
            XCTAssertEqual(header.height, expected.1, "orientation \(orientation)")
        }
    }

    func testTakenAtFromDateTimeOriginal() throws {
        let folder = try TestFolder()
        let path = try folder.image("dated.jpg", fields: ["exif-ifd2-DateTimeOriginal": "2021:07:04 10:31:05"])
        guard case .image(let header) = ImageProbe.probe(path: path, options: .init()) else { return XCTFail() }
        XCTAssertEqual(header.takenAt, "2021-07-04T10:31:05")
    }

    func testContentDecidesNotExtension() throws {
        let folder = try TestFolder()
        let png = try folder.image("real.png")
        let disguised = folder.path + "/disguised.jpg"
        try FileManager.default.copyItem(atPath: png, toPath: disguised)
        guard case .image(let header) = ImageProbe.probe(path: disguised, options: .init()) else { return XCTFail() }
        XCTAssertEqual(header.format, "png")
    }

    func testNonMediaIsIgnoredButBrokenMediaFails() throws {
        let folder = try TestFolder()
        let notes = try folder.file("notes.txt", "hello")
        let fake = try folder.file("fake.jpg", "hello")
        let empty = try folder.file("empty.png", "")
        XCTAssertEqual(ImageProbe.probe(path: notes, options: .init()), .ignored(reason: "not a recognised image format"))
        XCTAssertEqual(ImageProbe.probe(path: fake, options: .init()),
            .failed(message: "not a recognised image format", reason: .unreadable))
        XCTAssertEqual(ImageProbe.probe(path: empty, options: .init()), .failed(message: "empty file", reason: .unreadable))
    }

    func testMaxPixelsRefusesBeforeDecoding() throws {
        let folder = try TestFolder()
        let path = try folder.image("big.png", width: 200, height: 100)
        guard case .failed(let message, let reason, let setting) = ImageProbe.probe(path: path, options: .init(maxPixels: 19_999)) else {
            return XCTFail()
        }
        XCTAssertEqual(reason, .tooLarge)
        XCTAssertEqual(setting, .maxPixels)
        XCTAssertEqual(message, "200×100 is 20000 pixels, over the limit of 19999 pixels")
    }

    func testHashIsSHA256OfTheBytes() throws {
        let folder = try TestFolder()
        let path = try folder.image("h.png")
        guard case .image(let header) = ImageProbe.probe(path: path, options: .init(hash: true)) else { return XCTFail() }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(header.sha256, Checksum.sha256(of: data))
        XCTAssertEqual(header.sha256?.count, 64)
    }

    func testVerifyCatchesATruncatedJPEGThatHeaderOnlyAccepts() throws {
        let folder = try TestFolder()
        let path = try folder.image("cut.jpg", width: 400, height: 300)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.prefix(whole.count * 2 / 3).write(to: URL(fileURLWithPath: path))
        guard case .image = ImageProbe.probe(path: path, options: .init()) else { return XCTFail("header should read") }
        guard case .failed(_, let reason, _) = ImageProbe.probe(path: path, options: .init(verify: true)) else {
            return XCTFail("verify should fail")
        }
        XCTAssertTrue([.unreadable, .damaged].contains(reason))
    }

    func testColourTransformIsAskedOnlyWhereThePixelsNeedOne() throws {
        let folder = try TestFolder()
        let plain = try folder.image("plain.png")
        let cmyk = try Operation.image("icc_transform", ["in": .image(try Image.load(plain)), "output_profile": .string("cmyk")])
        try cmyk.save(to: folder.path + "/cmyk.jpg")
        let tagged = try Operation.image("icc_transform", ["in": .image(try Image.load(plain)), "output_profile": .string("srgb")])
        try tagged.save(to: folder.path + "/tagged.jpg")
        let wide = try Operation.image("icc_transform", ["in": .image(try Image.load(plain)), "output_profile": .string("p3")])
        try wide.save(to: folder.path + "/p3.jpg")
        // An sRGB profile says the numbers are sRGB already, as no profile does; Display P3 does not.
        let expected = ["plain.png": false, "cmyk.jpg": true, "tagged.jpg": false, "p3.jpg": true]
        for (name, needs) in expected {
            guard case .image(let header) = ImageProbe.probe(path: folder.path + "/" + name, options: .init()) else {
                return XCTFail(name)
            }
            XCTAssertEqual(header.needsColourTransform, needs, name)
        }
    }
}
