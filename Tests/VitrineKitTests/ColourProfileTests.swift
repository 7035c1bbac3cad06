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
}
