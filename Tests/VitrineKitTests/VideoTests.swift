import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

final class DurationLabelTests: XCTestCase {
    func testBoundaries() {
        let cases: [(Double?, String?)] = [
            (nil, nil), (0, nil), (-3, nil), (.nan, nil), (.infinity, nil),
            (0.99, "0:00"), (1, "0:01"), (1.6, "0:01"), (10.01, "0:10"), (59.999, "0:59"), (60, "1:00"),
            (65.4, "1:05"), (3599.9, "59:59"), (3600, "1:00:00"), (36000, "10:00:00"), (3661.5, "1:01:01"),
        ]
        for (duration, label) in cases { XCTAssertEqual(DurationLabel.text(for: duration), label, "\(String(describing: duration))") }
    }
}

final class VideoProbeTests: XCTestCase {
    func testRatesRotationAndCreationTimes() {
        XCTAssertEqual(VideoProbe.rate("30000/1001"), 29.97)
        XCTAssertNil(VideoProbe.rate("0/0"))
        XCTAssertEqual(VideoProbe.creationTime("2019-12-20T20:08:34.000000Z"), "2019-12-20T20:08:34")
        XCTAssertNil(VideoProbe.creationTime("1970-01-01T00:00:00.000000Z"))
        XCTAssertNil(VideoProbe.creationTime("1904-01-01T00:00:00.000000Z"))
        var stream = VideoProbe.Report.Stream()
        XCTAssertEqual(VideoProbe.rotation(of: stream), 0)
        stream.side_data_list = [.init(rotation: -90)]
        XCTAssertEqual(VideoProbe.rotation(of: stream), 90)
        stream.side_data_list = nil
        stream.tags = ["rotate": "270"]
        XCTAssertEqual(VideoProbe.rotation(of: stream), 270)
    }

    func testSignaturesTellVideosFromImagesAndText() throws {
        let folder = try TestFolder()
        let clip = try folder.file("clip.bin", "\u{0}\u{0}\u{0}\u{18}ftypisom\u{0}\u{0}\u{2}\u{0}isomiso2")
        let heic = try folder.file("photo.bin", "\u{0}\u{0}\u{0}\u{18}ftypheic\u{0}\u{0}\u{0}\u{0}mif1heic")
        let webm = folder.path + "/v.bin"
        try Data([0x1A, 0x45, 0xDF, 0xA3] + [UInt8](repeating: 0, count: 20)).write(to: URL(fileURLWithPath: webm))
        let text = try folder.file("notes.txt", "Good morning, this is a text that starts with G and goes on for a while.")
        XCTAssertTrue(VideoProbe.looksLikeVideo(clip))
        XCTAssertTrue(VideoProbe.looksLikeVideo(webm))
        XCTAssertFalse(VideoProbe.looksLikeVideo(heic))
        XCTAssertFalse(VideoProbe.looksLikeVideo(text))
        XCTAssertEqual(PosterTime(parsing: "10%"), .percent(10))
        XCTAssertEqual(PosterTime(parsing: "2.5"), .seconds(2.5))
        XCTAssertNil(PosterTime(parsing: "-1"))
        XCTAssertNil(PosterTime(parsing: "150%"))
    }
}

final class DurationBadgeTests: XCTestCase {
    func testBadgeChangesOnlyTheBottomRightAndIsLight() throws {
        let grey = try Operation.image("cast", ["in": .image(try Operation.image("linear", [
            "in": .image(try Operation.image("black", ["width": .int(200), "height": .int(120), "bands": .int(3)])),
            "a": .doubles([1]), "b": .doubles([100]),
        ])), "format": .string("uchar")])
        let plain = try Operation.image("copy", ["in": .image(grey), "interpretation": .string("srgb")])
        let badged = try DurationBadge.draw("1:05", on: plain)
        XCTAssertEqual(badged.width, 200)
        XCTAssertEqual(badged.bands, 3)
        let before = try plain.pixels(), after = try badged.pixels()
        var changed: [(Int, Int)] = []
        var brightest: UInt8 = 0
        for y in 0..<120 {
            for x in 0..<200 where before[(y * 200 + x) * 3] != after[(y * 200 + x) * 3] {
                changed.append((x, y))
                brightest = max(brightest, after[(y * 200 + x) * 3])
            }
        }
        XCTAssertFalse(changed.isEmpty, "something was drawn")
        XCTAssertTrue(changed.allSatisfy { $0.0 >= 100 && $0.1 >= 60 }, "only in the bottom-right quarter")
        XCTAssertGreaterThan(brightest, 230, "white text")
    }
}
