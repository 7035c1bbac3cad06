import Foundation
import VipsKit
import XCTest

/// A photo whose ICC profile lacks the tables of libvips' default rendering intent (relative
/// colorimetric): libvips' test image `sample-xyb.jpg`, an XYB JPEG with perceptual tables only
/// (see Tests/Support/media/README.md). With the default intent libvips leaves the pixels
/// unconverted, and the farmer's face comes out green.
final class ColourIntentCommandTests: TemporaryFolderTestCase {
    static let source = Repository.root.appendingPathComponent("Tests/Support/media/sample-xyb.jpg").path

    func testRenditionsTakeTheirColoursFromTheIntentTheProfileHas() throws {
        try Vips.initialize()
        // One size: each output decodes the file; two sizes: one shared decode.
        for sizes in [["-s", "100x100"], ["-s", "100x100", "-s", "200x200"]] {
            let output = folder + "/out\(sizes.count)"
            // PNG: lossless, so any difference is the colour conversion or the resizing.
            let run = try Vitrine.run(["thumbs", Self.source, "-o", output, "--verbose", "-f", "png"] + sizes)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(run.stderr.contains("perceptual intent"), "--verbose names the intent used: \(run.stderr)")
            let renditions = try XCTUnwrap(items(try run.json()).first?["renditions"] as? [[String: Any]])
            XCTAssertEqual(renditions.count, sizes.count / 2)
            for rendition in renditions {
                let made = try Image.load(output + "/" + (rendition["path"] as! String))
                func reference(_ intent: String) throws -> Image {
                    try Operation.image("thumbnail", ["filename": .string(Self.source), "width": .int(made.width),
                        "height": .int(made.height), "export_profile": .string("srgb"), "intent": .string(intent)]).copyToMemory()
                }
                let right = try reference("perceptual"), wrong = try reference("relative")
                XCTAssertEqual([right.width, right.height], [made.width, made.height])
                XCTAssertLessThan(try Pixels.meanDifference(made, right), 2, "\(sizes): colours as the perceptual tables give them")
                // The test can tell: the default intent's picture is far off.
                XCTAssertGreaterThan(try Pixels.meanDifference(wrong, right), 15)
                // The face (upper middle) is skin-coloured: red above green above blue.
                let face = try Operation.call("getpoint", ["in": .image(made), "x": .int(made.width * 50 / 100),
                    "y": .int(made.height * 13 / 100)], outputs: ["out-array"])["out-array"]?.doubles ?? []
                XCTAssertTrue(face.count >= 3 && face[0] > face[1] && face[1] > face[2], "face \(face)")
            }
        }
    }
}
