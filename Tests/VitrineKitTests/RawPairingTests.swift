@testable import VitrineKit
import XCTest

/// Which RAW files and JPEGs are one item (``RawPairing``, ``MediaScanner/Scanned/joinRaw``).
final class RawPairingTests: XCTestCase {
    func testDatesWithinTwoSecondsOrMissingMakeAPair() {
        let together = { (raw: String?, photo: String?) in RawPairing.belongTogether(rawTakenAt: raw, photoTakenAt: photo) }
        XCTAssertTrue(together("2024-06-15T14:30:00", "2024-06-15T14:30:00"))
        XCTAssertTrue(together("2024-06-15T14:30:02", "2024-06-15T14:30:00"))
        XCTAssertFalse(together("2024-06-15T14:30:00", "2024-06-15T14:30:03"))
        XCTAssertFalse(together("2024-06-15T14:30:00", "2024-06-15T15:30:00"), "an hour apart")
        XCTAssertTrue(together("2024-02-29T23:59:59", "2024-03-01T00:00:01"), "across a leap day's midnight")
        XCTAssertFalse(together("2023-06-15T14:30:00", "2024-06-15T14:30:00"), "a year apart, the same wall time")
        XCTAssertTrue(together(nil, "2024-06-15T14:30:00"))
        XCTAssertTrue(together("2024-06-15T14:30:00", nil))
        XCTAssertTrue(together(nil, nil))
        XCTAssertTrue(together("2024-06-15", "2024-06-15T14:30:00"), "not a date taken: as none")
        XCTAssertEqual(RawPairing.seconds(of: "1970-01-01T00:00:00"), 0)
        XCTAssertEqual(RawPairing.seconds(of: "2024-06-15T14:30:00"), 1_718_461_800)
        XCTAssertEqual(RawPairing.seconds(of: "1969-12-31T23:59:59"), -1)
        XCTAssertNil(RawPairing.seconds(of: "2024-13-15T14:30:00"))
    }

    /// Files and their items as a scan's probes leave them: RAW items by content.
    func scanned(_ entries: [(path: String, raw: Bool, takenAt: String?)]) -> (MediaScanner.Scanned, [InputFile]) {
        var scanned = MediaScanner.Scanned(capacity: entries.count)
        var files: [InputFile] = []
        for (number, entry) in entries.enumerated() {
            let file = InputFile(path: "in/" + entry.path, relativePath: entry.path, inputIndex: 0, bytes: 10 + number, modified: 0)
            var item = Item(id: "", format: entry.raw ? "dng" : "jpeg", width: 4, height: 3, takenAt: entry.takenAt,
                source: MediaScanner.source(file, sha256: nil))
            if entry.raw { item.raw = ItemRaw(RawHeader(format: .dng)) }
            scanned.items.append(item)
            scanned.files.append(number)
            files.append(file)
        }
        return (scanned, files)
    }

    /// Each item's source path, and its RAW's when it has one.
    func pairs(_ scanned: MediaScanner.Scanned) -> [String] {
        scanned.items.map { item in (item.source?.path ?? "") + (item.raw?.source.map { " + " + $0.path } ?? "") }
    }

    func testARAWJoinsTheSameNamedJPEGOrHEICInItsFolderAndKeepsItsPlaceOtherwise() {
        let date = "2024-06-15T14:30:00"
        var (scanned, files) = scanned([
            ("a/IMG_1.CR2", true, date), ("a/IMG_1.JPG", false, "2024-06-15T14:30:01"),
            ("a/img_2.dng", true, date), ("a/IMG_2.HEIC", false, nil),
            ("a/IMG_3.NEF", true, date), ("a/IMG_3.JPG", false, "2024-06-15T15:30:00"),
            ("b/IMG_1.NEF", true, nil),
            ("a/IMG_4.png", false, date), ("a/IMG_4.DNG", true, date),
            ("a/IMG_5.tif", true, date), ("a/IMG_5.jpg", false, date),
        ])
        scanned.joinRaw(files: files, pairs: .merge)
        XCTAssertEqual(pairs(scanned), [
            "in/a/IMG_1.JPG + in/a/IMG_1.CR2", "in/a/IMG_2.HEIC + in/a/img_2.dng",
            "in/a/IMG_3.NEF", "in/a/IMG_3.JPG", "in/b/IMG_1.NEF", "in/a/IMG_4.png", "in/a/IMG_4.DNG",
            "in/a/IMG_5.tif", "in/a/IMG_5.jpg",
        ], "an hour apart, another folder, a PNG, a RAW not named like one: apart")
        XCTAssertEqual(scanned.files, [1, 3, 4, 5, 6, 7, 8, 9, 10], "the joined RAWs' files left out")

        (scanned, files) = self.scanned([("IMG_1.CR2", true, date), ("IMG_1.JPG", false, date)])
        scanned.joinRaw(files: files, pairs: .apart)
        XCTAssertEqual(pairs(scanned), ["in/IMG_1.CR2", "in/IMG_1.JPG"])
    }

    func testInPartsARAWIsReadWithItsPhotosPart() {
        let files = ["x/IMG_1.CR2", "x/img_1.jpg", "x/IMG_2.NEF", "x/IMG_3.MOV", "x/IMG_3.HEIC"].map {
            InputFile(path: "in/" + $0, relativePath: $0, inputIndex: 0, bytes: 1, modified: 0)
        }
        XCTAssertEqual(MotionPairing.photoPartners(files, partnerExtensions: MediaFormat.rawExtensions), ["x/IMG_1.CR2": "x/img_1.jpg"])
        XCTAssertEqual(MotionPairing.photoPartners(files, partnerExtensions: MediaFormat.rawExtensions.union(MotionPairing.clipExtensions)),
            ["x/IMG_1.CR2": "x/img_1.jpg", "x/IMG_3.MOV": "x/IMG_3.HEIC"])
    }
}
