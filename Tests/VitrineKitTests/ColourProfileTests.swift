import Foundation
import VipsKit
import XCTest
@testable import VitrineKit

/// Which rendering intent an embedded ICC profile supports, as lcms2 says, and the probe's use of it.
final class ColourProfileTests: XCTestCase {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    /// libvips' XYB JPEG: its profile has perceptual tables only (Tests/Support/media/README.md).
    static let xyb = tests.appendingPathComponent("Support/media/sample-xyb.jpg").path
    /// A JPEG with an sRGB profile (a matrix-shaper, which serves every intent).
    static let srgb = tests.deletingLastPathComponent().appendingPathComponent("Examples/media/astronaut.jpg").path

    func profile(_ path: String) throws -> Data {
        try Vips.initialize()
        return try XCTUnwrap(Image.load(path).blob("icc-profile-data"), path)
    }

    /// `profile` with the signature of each of its A2B0 tags (perceptual, device to PCS) changed.
    func renamingPerceptualTable(of profile: Data, to signature: String) -> Data {
        var bytes = [UInt8](profile)
        let count = Int(bytes[128]) << 24 | Int(bytes[129]) << 16 | Int(bytes[130]) << 8 | Int(bytes[131])
        for entry in 0..<count where bytes[(132 + 12 * entry)..<(136 + 12 * entry)].elementsEqual("A2B0".utf8) {
            bytes.replaceSubrange((132 + 12 * entry)..<(136 + 12 * entry), with: Array(signature.utf8))
        }
        return Data(bytes)
    }

    func testTheFirstIntentTheProfileSupportsRelativeFirst() throws {
        let xyb = try profile(Self.xyb)
        XCTAssertEqual(ColourProfile.intent(forICC: xyb), .perceptual)
        XCTAssertEqual(ColourProfile.intent(forICC: try profile(Self.srgb)), .relative)
        // The same tables under another intent's name: that intent is the one.
        XCTAssertEqual(ColourProfile.intent(forICC: renamingPerceptualTable(of: xyb, to: "A2B1")), .relative)
        XCTAssertEqual(ColourProfile.intent(forICC: renamingPerceptualTable(of: xyb, to: "A2B2")), .saturation)
        // No table to read the pixels with, and no profile at all.
        XCTAssertNil(ColourProfile.intent(forICC: renamingPerceptualTable(of: xyb, to: "zzzz")))
        XCTAssertNil(ColourProfile.intent(forICC: Data("not a profile".utf8)))
        XCTAssertNil(ColourProfile.intent(forICC: Data()))
    }

    func testProbeRecordsAnIntentOtherThanTheDefaultAndSaysWhich() throws {
        guard case .image(let xyb) = ImageProbe.probe(path: Self.xyb, options: ProbeOptions()),
            case .image(let srgb) = ImageProbe.probe(path: Self.srgb, options: ProbeOptions())
        else { return XCTFail("not read") }
        XCTAssertEqual(xyb.intent, .perceptual)
        XCTAssertEqual(xyb.warnings, ["colours convert to sRGB with the perceptual intent: the ICC profile has no relative colorimetric tables"])
        XCTAssertNil(xyb.damaged)
        XCTAssertNil(srgb.intent)
        XCTAssertNil(srgb.warnings)
    }

    func testAnSRGBProfileIsToldFromOthers() throws {
        XCTAssertTrue(ColourProfile.isSRGB(try profile(Self.srgb)))
        XCTAssertFalse(ColourProfile.isSRGB(try profile(Self.xyb)))
        let cmyk = try Operation.image("icc_transform", ["in": .image(try Image.load(Self.srgb)), "output_profile": .string("cmyk")])
        XCTAssertFalse(ColourProfile.isSRGB(try XCTUnwrap(cmyk.blob("icc-profile-data"))))
        XCTAssertFalse(ColourProfile.isSRGB(Data("not a profile".utf8)))
        XCTAssertFalse(ColourProfile.isSRGB(Data()))
    }

    /// An sRGB-tagged photo is not converted (its numbers are sRGB already), and its rendition
    /// is what the conversion would have made, give or take rounding.
    func testAnSRGBTaggedSourceIsNotConvertedAndLooksTheSame() throws {
        guard case .image(let srgb) = ImageProbe.probe(path: Self.srgb, options: ProbeOptions()),
            case .image(let xyb) = ImageProbe.probe(path: Self.xyb, options: ProbeOptions())
        else { return XCTFail("not read") }
        XCTAssertEqual(srgb.needsColourTransform, false)
        XCTAssertEqual(xyb.needsColourTransform, true)
        let folder = try TestFolder()
        let spec = RenditionSpec(width: 256, height: 256, encoding: Encoding(format: .png))
        func render(converting: Bool) throws -> Image {
            let target = OutputTarget(paths: [converting ? "converted.png" : "kept.png"], sourceScale: 0.5, width: 256, height: 256)
            var source = ItemSource(path: Self.srgb, kind: .image, width: srgb.width, height: srgb.height)
            source.convertColour = converting
            let job = ItemJob(source: source, outputFolder: folder.path, outputs: [PlannedOutput(output: AnyOutput(spec), target: target)])
            let outcome = ItemProducer.produce(job)
            guard case .made = outcome else { throw NSError(domain: "not made: \(outcome)", code: 1) }
            return try Image.load(folder.path + "/" + target.paths[0])
        }
        let kept = try render(converting: false), converted = try render(converting: true)
        XCTAssertEqual([kept.width, kept.height, kept.bands], [converted.width, converted.height, converted.bands])
        let difference = try Operation.image("abs", ["in": .image(try Operation.image("subtract",
            ["left": .image(kept), "right": .image(converted)]))])
        XCTAssertLessThan(try Operation.call("avg", ["in": .image(difference)])["out"]?.double ?? 99, 0.5)
        XCTAssertLessThanOrEqual(try Operation.call("max", ["in": .image(difference)])["out"]?.double ?? 99, 2)
    }
}
