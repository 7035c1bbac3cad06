import Foundation
import VipsKit
import XCTest

final class OperationTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        try! Vips.initialize()
    }

    func testCallsOperationByNameWithTypedArguments() throws {
        let image = try Operation.image("black", ["width": .int(30), "height": .int(20), "bands": .int(3)])
        XCTAssertEqual(image.width, 30)
        XCTAssertEqual(image.height, 20)
        XCTAssertEqual(image.bands, 3)
        let grey = try Operation.image("linear", ["in": .image(image), "a": .doubles([1]), "b": .doubles([77])])
        let mean = try Operation.call("avg", ["in": .image(grey)])["out"]?.double
        XCTAssertEqual(mean ?? -1, 77, accuracy: 0.001)
    }

    func testEnumArgumentsTakeNicknames() throws {
        let image = try Operation.image("black", ["width": .int(8), "height": .int(8)])
        let cast = try Operation.image("cast", ["in": .image(image), "format": .string("float")])
        XCTAssertEqual(cast.format, .float)
        XCTAssertThrowsError(try Operation.image("cast", ["in": .image(image), "format": .string("nonsense")]))
    }

    /// Each case of the Swift enums is libvips' own value, both ways: given as an argument and read back.
    func testBandFormatsAndInterpretationsAreLibvipsOwn() throws {
        let image = try Operation.image("black", ["width": .int(4), "height": .int(4)])
        for format in BandFormat.allCases where format != .notset {
            XCTAssertEqual(try Operation.image("cast", ["in": .image(image), "format": .format(format)]).format, format)
        }
        for space in Interpretation.allCases where space != .error {
            XCTAssertEqual(try Operation.image("copy", ["in": .image(image), "interpretation": .interpretation(space)]).interpretation, space)
        }
        XCTAssertEqual(image.interpretation, .multiband)
        XCTAssertEqual(BandFormat.ushort.bytesPerBand, 2)
    }

    func testUnknownOperationAndArgumentThrowWithMessage() {
        XCTAssertThrowsError(try Operation.call("no_such_operation")) { error in
            XCTAssertTrue((error as? VipsError)?.message.contains("no_such_operation") ?? false, "\(error)")
        }
        XCTAssertThrowsError(try Operation.call("black", ["width": .int(1), "height": .int(1), "colour": .int(3)])) { error in
            XCTAssertEqual((error as? VipsError)?.message, "black has no argument 'colour'")
        }
    }

    func testLoaderFailureCarriesLibvipsMessage() throws {
        let path = NSTemporaryDirectory() + "vipskit-not-an-image-\(getpid()).jpg"
        try Data("hello, not a jpeg".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertThrowsError(try Image.load(path)) { error in
            XCTAssertTrue((error as? VipsError)?.message.contains("not a known file format") ?? false, "\(error)")
        }
    }

    func testSaveLoadRoundTripKeepsPixelsAndFields() throws {
        let pixels: [UInt8] = (0..<(4 * 3 * 3)).map { UInt8($0 * 7 % 256) }
        let image = try Image.fromPixels(pixels, width: 4, height: 3, bands: 3).settingField("orientation", int: 6)
        let path = NSTemporaryDirectory() + "vipskit-roundtrip-\(getpid()).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try image.save(to: path)
        let loaded = try Image.load(path)
        XCTAssertEqual(try loaded.pixels(), pixels)
        XCTAssertEqual(try Vips.loaderNickname(forFile: path), "pngload")
    }

    func testJPEGSaveWritesOrientationIntoEXIF() throws {
        let image = try Operation.image("black", ["width": .int(16), "height": .int(8)]).settingField("orientation", int: 6)
        let path = NSTemporaryDirectory() + "vipskit-orientation-\(getpid()).jpg"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try image.save(to: path)
        let loaded = try Image.load(path)
        XCTAssertEqual(loaded.int("orientation"), 6)
        XCTAssertTrue(loaded.string("exif-ifd0-Orientation")?.hasPrefix("6") ?? false)
    }

    func testWarningsAreCollectedNotPrinted() throws {
        // A JPEG cut in half: the header reads, the pixels raise libvips warnings. libvips reports
        // them when the loader is freed, so keep no loader in the cache (as workers do).
        Vips.setOperationCacheMax(0)
        defer { Vips.setOperationCacheMax(100) }
        let source = try Operation.image("gaussnoise", ["width": .int(256), "height": .int(256)])
        let path = NSTemporaryDirectory() + "vipskit-cut-\(getpid()).jpg"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try source.save(to: path)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))
        let (_, warnings) = Warnings.collecting {
            _ = try? Operation.call("avg", ["in": .image(try Image.load(path))])
        }
        XCTAssertFalse(warnings.isEmpty)
        XCTAssertThrowsError(try Operation.call("avg", ["in": .image(try Image.load(path, options: ["fail_on": .string("truncated")]))]))
    }

    func testChecksumMatchesKnownVector() throws {
        XCTAssertEqual(Checksum.sha256(of: Data("abc".utf8)),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
