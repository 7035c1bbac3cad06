import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// A filled thumbnail of a picture that fits inside its box skips libvips' attention search,
/// which found nothing to cut (issue 25, item 7: a small picture's cost); the pixels are
/// libvips' own crop's, and a picture one side of which is larger than the box is still cropped.
final class SmallPictureCropTests: XCTestCase {
    func box(_ width: Int, _ height: Int) -> [String: Argument] {
        ["width": .int(width), "height": .int(height), "size": .string("down"), "crop": .string("attention")]
    }

    func testOnlyAPictureInsideTheBoxIsLeftUncropped() {
        XCTAssertTrue(ItemPicture.cropKeepsAll(box(512, 512), width: 96, height: 64))
        XCTAssertTrue(ItemPicture.cropKeepsAll(box(512, 512), width: 512, height: 512))
        XCTAssertFalse(ItemPicture.cropKeepsAll(box(512, 512), width: 600, height: 200), "cut to 512 wide")
        XCTAssertFalse(ItemPicture.cropKeepsAll(box(256, 256), width: 300, height: 200), "resized and cut")
        var enlarging = box(512, 512)
        enlarging["size"] = .string("both")
        XCTAssertFalse(ItemPicture.cropKeepsAll(enlarging, width: 96, height: 64), "enlarged to fill, then cut")
        var fit = box(512, 512)
        fit["crop"] = nil
        XCTAssertFalse(ItemPicture.cropKeepsAll(fit, width: 96, height: 64), "no crop asked")
    }

    /// Every output of a build shares one decode here (several read pixels), as in `build`:
    /// the thumbnail is libvips' fill of that decode, its attention crop asked for.
    func testTheThumbnailIsLibvipsOwnCrop() throws {
        let folder = try TestFolder()
        for (width, height) in [(96, 64), (600, 200)] {
            let path = try folder.image("p\(width).png", width: width, height: height)
            let picture = ItemPicture(source: ItemSource(path: path, kind: .image, width: width, height: height, convertColour: false),
                readerScales: [1, 1])
            let made = try picture.thumbnail(width: 512, height: 512, crop: "attention")
            let decode = try Operation.image("thumbnail", ["filename": .string(path), "width": .int(width), "height": .int(height),
                "size": .string("down"), "fail_on": .string("truncated")]).copyToMemory()
            let expected = try Operation.image("thumbnail_image", box(512, 512).merging(["in": .image(decode)]) { a, _ in a })
            XCTAssertEqual([made.width, made.height], [expected.width, expected.height], "\(width)x\(height)")
            XCTAssertTrue(try made.pixels() == expected.pixels(), "\(width)x\(height): other pixels")
        }
    }
}
