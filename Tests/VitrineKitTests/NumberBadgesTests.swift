import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// Cell numbers drawn from cached digits on bytes are the pixels ``DurationBadge`` draws
/// through libvips, as the sheet phase runs it (libvips' vector code off: its blur rounds
/// otherwise).
final class NumberBadgesTests: XCTestCase {
    override func setUp() {
        super.setUp()
        Vips.vectorEnabled = false
    }

    override func tearDown() {
        Vips.vectorEnabled = true
        super.tearDown()
    }

    /// A picture with detail under the badge: noise around a mid grey.
    private func picture(width: Int, height: Int) throws -> Image {
        let noise = try Operation.image("gaussnoise", ["width": .int(width), "height": .int(height), "mean": .double(110), "sigma": .double(40)])
        let rgb = try Operation.image("bandjoin", ["in": .images([noise, noise, noise])])
        let cast = try Operation.image("cast", ["in": .image(rgb), "format": .string("uchar")])
        return try Operation.image("copy", ["in": .image(cast), "interpretation": .string("srgb")]).copyToMemory()
    }

    func testNumbersMatchTheLibvipsBadge() throws {
        let badges = NumberBadges()
        for (width, height) in [(64, 64), (96, 64), (240, 160), (160, 240), (240, 240), (400, 300)] {
            let plain = try picture(width: width, height: height)
            for number in [1, 7, 10, 48, 96, 1234, 20000] {
                let expected = try DurationBadge.draw(String(number), on: plain, corner: .bottomLeft).pixels()
                var canvas = SheetCanvas(width: width, height: height, colour: [255, 255, 255])
                try canvas.place(plain, x: 0, y: 0)
                try badges.draw(number, on: &canvas, picture: .init(x: 0, y: 0, width: width, height: height))
                let drawn = canvas.bytes
                let before = try plain.pixels()
                XCTAssertNotEqual(drawn, before, "\(number) on \(width)×\(height): drawn")
                XCTAssertEqual(drawn, expected, "\(number) on \(width)×\(height)")
            }
        }
    }

    func testBadgeStaysInsideItsPictureOnALargerCanvas() throws {
        let plain = try picture(width: 64, height: 40)
        var canvas = SheetCanvas(width: 100, height: 80, colour: [255, 255, 255])
        let frame = SheetCanvas.Rect(x: 18, y: 20, width: 64, height: 40)
        try canvas.place(plain, x: frame.x, y: frame.y)
        let placed = canvas.bytes
        try NumberBadges().draw(88, on: &canvas, picture: frame)
        for y in 0..<80 {
            for x in 0..<100 where canvas.bytes[(y * 100 + x) * 3] != placed[(y * 100 + x) * 3] {
                XCTAssertTrue(x >= 18 && x < 18 + 32 && y >= 40 && y < 60, "changed at \(x),\(y): the picture's bottom-left")
            }
        }
        XCTAssertEqual(Array(canvas.bytes[0..<3]), [255, 255, 255], "the background around the picture")
        let image = try canvas.image()
        XCTAssertEqual(image.interpretation, .srgb)
        XCTAssertEqual(try image.pixels(), canvas.bytes)
        // Placed against a libvips badge on the picture alone, offset into the canvas.
        let expected = try DurationBadge.draw("88", on: plain, corner: .bottomLeft).pixels()
        for y in 0..<40 {
            let row = (y + 20) * 100 + 18
            XCTAssertEqual(Array(canvas.bytes[row * 3 ..< (row + 64) * 3]), Array(expected[y * 64 * 3 ..< (y + 1) * 64 * 3]), "row \(y)")
        }
    }
}
