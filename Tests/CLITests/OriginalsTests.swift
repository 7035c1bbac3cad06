import Foundation
import VipsKit
import XCTest

/// `vitrine build --originals copy` through the binary: a copy of each photo in the site, its
/// metadata removed by exiv2 unless `--keep-metadata`, the same pixels, made once.
final class OriginalsTests: TemporaryFolderTestCase {
    var source: String { folder + "/src" }
    var site: String { folder + "/site" }
    let options = ["--no-tiles", "--no-sheets", "--no-page", "--originals", "copy"]

    /// `src/gps.jpg`: a photo turned by EXIF (orientation 6) that says where and with what it was
    /// taken (GPS, camera, an XMP and an IPTC caption), written by exiv2 itself.
    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.examples + "/chelsea.jpg", toPath: source + "/gps.jpg")
        let tagged = try Program.run("exiv2", ["-M", "set Exif.GPSInfo.GPSLatitude 52/1 30/1 0/1", "-M", "set Exif.GPSInfo.GPSLatitudeRef N",
            "-M", "set Exif.GPSInfo.GPSLongitude 13/1 24/1 0/1", "-M", "set Exif.GPSInfo.GPSLongitudeRef E",
            "-M", "set Exif.Image.Model Secret Camera", "-M", "set Exif.Image.Orientation 6",
            "-M", "set Xmp.dc.description lang=x-default At home", "-M", "set Iptc.Application2.Caption At home", source + "/gps.jpg"])
        XCTAssertEqual(tagged.status, 0, tagged.stderr)
        XCTAssertTrue(try tags(source + "/gps.jpg").contains("Exif.GPSInfo.GPSLatitude"))
    }

    /// exiv2's listing of every tag of `path`.
    func tags(_ path: String) throws -> String {
        let listed = try Program.run("exiv2", ["-pa", path])
        return listed.stdout
    }

    func build(_ extra: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let run = try Vitrine.run(["build", source, "-o", site] + options + extra)
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        let data = try Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json"))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func original(_ manifest: [String: Any], _ id: String) -> [String: Any]? {
        items(manifest).first { $0["id"] as? String == id }?["original"] as? [String: Any]
    }

    func modified(_ path: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    }

    func testACopyHasTheSamePixelsWithoutTheMetadataButItsOrientation() throws {
        let sourceBytes = try Data(contentsOf: URL(fileURLWithPath: source + "/gps.jpg"))
        let manifest = try build()
        let copy = try XCTUnwrap(original(manifest, "gps"))
        XCTAssertEqual(copy["path"] as? String, "originals/gps.jpg")
        let path = site + "/originals/gps.jpg"
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual(copy["bytes"] as? Int, (attributes[.size] as? NSNumber)?.intValue)
        XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeRegular, "a file of its own, no link into the sources")
        let listed = try tags(path)
        for gone in ["GPSInfo", "Model", "Xmp.dc.description", "Iptc.Application2.Caption"] {
            XCTAssertFalse(listed.contains(gone), "\(gone) is removed: \(listed)")
        }
        XCTAssertTrue(listed.contains("Exif.Image.Orientation") && listed.contains("right, top"), "the orientation stays: \(listed)")
        // libvips reads the same pixels from both, turned the same way.
        let (before, after) = (try Image.load(source + "/gps.jpg"), try Image.load(path))
        XCTAssertEqual([after.width, after.height], [before.width, before.height])
        let difference = try Operation.image("subtract", ["left": .image(before), "right": .image(after)])
        let stats = try Operation.call("max", ["in": .image(try Operation.image("abs", ["in": .image(difference)]))])
        XCTAssertEqual(stats["out"]?.double, 0, "identical pixels")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: source + "/gps.jpg")), sourceBytes, "the source is never changed")
        try run(["manifest", "validate", site + "/manifest.json"])
        try SchemaCheck.assertValid(site + "/manifest.json")

        // A rebuild copies nothing again.
        let stamp = try modified(path)
        try Data("notes".utf8).write(to: URL(fileURLWithPath: source + "/notes.txt"))
        let again = try Vitrine.run(["build", source, "-o", site, "--progress", "json"] + options)
        XCTAssertEqual(again.status, 0, again.stderr)
        let done = again.stderrLines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .last { $0["event"] as? String == "done" }
        XCTAssertEqual(done?["made"] as? Int, 0, "\(String(describing: done))")
        XCTAssertEqual(try modified(path), stamp)
        // Without --originals, the copies go as every output of a setting dropped does.
        let none = try Vitrine.run(["build", source, "-o", site, "--no-tiles", "--no-sheets", "--no-page"])
        XCTAssertEqual(none.status, 0, none.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testKeepMetadataCopiesTheFileAsItIs() throws {
        let manifest = try build(["--keep-metadata"])
        XCTAssertEqual(original(manifest, "gps")?["path"] as? String, "originals/gps.jpg")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: site + "/originals/gps.jpg")),
            try Data(contentsOf: URL(fileURLWithPath: source + "/gps.jpg")))
        XCTAssertTrue(try tags(site + "/originals/gps.jpg").contains("Exif.GPSInfo.GPSLatitude"))
    }

    /// exiv2 0.27 cannot write HEIC: without --keep-metadata it gets no copy (nor `original`),
    /// with it a copy as it is.
    func testAHEICGetsACopyOnlyWithKeepMetadata() throws {
        try FileManager.default.copyItem(atPath: try Corpus.path("mixed/formats/exifsamples__iphone_IMG_5195.HEIC"),
            toPath: source + "/phone.HEIC")
        let stripped = try build()
        XCTAssertNil(original(stripped, "phone"))
        XCTAssertNotNil(original(stripped, "gps"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: site + "/originals/phone.heic"))
        let kept = try build(["--keep-metadata"])
        XCTAssertEqual(original(kept, "phone")?["path"] as? String, "originals/phone.heic", "lower-cased extension")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: site + "/originals/phone.heic")),
            try Data(contentsOf: URL(fileURLWithPath: source + "/phone.HEIC")))
    }

    private func run(_ arguments: [String]) throws {
        let result = try Vitrine.run(arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}
