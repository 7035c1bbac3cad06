import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// `ItemPicture` skips `thumbnail_image` for boxes that keep the shared decode's size: that is
/// only right if `thumbnail_image` would have given back the same pixels, which these check
/// against real libvips calls.
final class KeptByThumbnailTests: XCTestCase {
    /// A textured picture, so that an attention crop has somewhere to go.
    private func picture(width: Int = 96, height: Int = 64, bands: Int) throws -> Image {
        try Vips.initialize()
        var pixels = [UInt8](repeating: 0, count: width * height * bands)
        for y in 0..<height {
            for x in 0..<width {
                for band in 0..<bands {
                    let bright = x > width * 2 / 3 && (x + y) % 3 == 0
                    pixels[(y * width + x) * bands + band] = bright ? 240 : UInt8((x * 7 + y * 3 + band * 50) % 90)
                }
            }
        }
        var image = try Image.fromPixels(pixels, width: width, height: height, bands: bands)
        let space: Interpretation = bands < 3 ? .bw : .srgb
        image = try Operation.image("copy", ["in": .image(image), "interpretation": .interpretation(space)])
        return try image.copyToMemory()
    }

    private func thumbnailImage(_ image: Image, width: Int, height: Int, upscale: Bool = false, crop: String? = nil) throws
        -> Image
    {
        var arguments: [String: Argument] = ["in": .image(image), "width": .int(width), "height": .int(height),
            "size": .string(upscale ? "both" : "down")]
        if let crop { arguments["crop"] = .string(crop) }
        return try Operation.image("thumbnail_image", arguments)
    }

    func testBoxesThatKeepTheSizeGiveThePicturesOwnPixels() throws {
        for bands in [1, 2, 3, 4] {
            let image = try picture(bands: bands)
            for (width, height, upscale) in [(1280, 1280, false), (96, 64, false), (96, 64, true), (100, 100, false)] {
                XCTAssertTrue(image.isKeptByThumbnail(width: width, height: height, upscale: upscale, fills: false))
                let made = try thumbnailImage(image, width: width, height: height, upscale: upscale)
                XCTAssertEqual(try made.pixels(), try image.pixels(), "\(bands) bands into \(width)x\(height)")
            }
        }
    }

    func testAFilledBoxIsTheDecodeCroppedAsThumbnailImageCropsIt() throws {
        let image = try picture(bands: 3)
        for (width, height, crop) in [(64, 64, "attention"), (64, 64, "centre"), (240, 240, "centre"), (96, 40, "attention")] {
            XCTAssertTrue(image.isKeptByThumbnail(width: width, height: height, upscale: false, fills: true))
            let made = try thumbnailImage(image, width: width, height: height, crop: crop)
            let cropped = try Operation.image("smartcrop", ["input": .image(image), "width": .int(min(width, image.width)),
                "height": .int(min(height, image.height)), "interesting": .string(crop)])
            XCTAssertEqual([made.width, made.height], [cropped.width, cropped.height])
            XCTAssertEqual(try made.pixels(), try cropped.pixels(), "\(width)x\(height) \(crop)")
        }
        // The attention crop of this picture is not its centre, so the check above can tell.
        let attention = try thumbnailImage(image, width: 64, height: 64, crop: "attention")
        let centre = try thumbnailImage(image, width: 64, height: 64, crop: "centre")
        XCTAssertNotEqual(try attention.pixels(), try centre.pixels())
    }

    func testBoxesThatResizeOrPicturesThumbnailWouldChangeAreNotKept() throws {
        let image = try picture(bands: 3)
        XCTAssertFalse(image.isKeptByThumbnail(width: 48, height: 1280, upscale: false, fills: false))
        XCTAssertFalse(image.isKeptByThumbnail(width: 32, height: 32, upscale: false, fills: true))
        XCTAssertFalse(image.isKeptByThumbnail(width: 200, height: 200, upscale: true, fills: false))
        XCTAssertFalse(image.isKeptByThumbnail(width: 32, height: 32, upscale: true, fills: true))
        let rotated = try image.settingField("orientation", int: 6)
        XCTAssertFalse(rotated.isKeptByThumbnail(width: 1280, height: 1280, upscale: false, fills: false))
        let wide = try Operation.image("cast", ["in": .image(image), "format": .format(.ushort)])
        XCTAssertFalse(wide.isKeptByThumbnail(width: 1280, height: 1280, upscale: false, fills: false))
        let lab = try Operation.image("colourspace", ["in": .image(image), "space": .interpretation(.lab)])
        XCTAssertFalse(lab.isKeptByThumbnail(width: 1280, height: 1280, upscale: false, fills: false))
    }
}
