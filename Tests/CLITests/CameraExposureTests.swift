import Foundation
import XCTest

/// `items[].camera` and `items[].exposure` of the corpus photos, from `vitrine scan` run as a
/// user runs it: known values of a few, and every photo's agreeing with exiv2's reading.
final class CameraExposureTests: XCTestCase {
    func scanned(_ relative: String) throws -> [String: [String: Any]] {
        let folder = try Corpus.path(relative)
        let run = try Vitrine.run(["scan", folder])
        XCTAssertEqual(run.status, 0, run.stderr)
        var byName: [String: [String: Any]] = [:]
        for item in items(try run.json()) {
            let path = ((item["source"] as? [String: Any])?["path"] as? String) ?? ""
            byName[String(path.split(separator: "/").last ?? "")] = item
        }
        return byName
    }

    func testKnownPhotos() throws {
        let photos = try scanned("photos")
        func camera(_ name: String) -> [String: String]? { photos[name]?["camera"] as? [String: String] }
        func exposure(_ name: String) -> NSDictionary? { (photos[name]?["exposure"] as? [String: Any]).map { $0 as NSDictionary } }
        XCTAssertEqual(camera("plasma__FallenLeaf.jpg"), ["make": "Canon", "model": "EOS 70D", "lens": "EF50mm f/1.8 II"],
            "the model without the make it repeats")
        XCTAssertEqual(exposure("plasma__FallenLeaf.jpg"), ["time": "1/4000", "aperture": 2, "iso": 100, "focalLength": 50])
        XCTAssertEqual(camera("plasma__ColorfulCups.jpg"), ["make": "SONY", "model": "NEX-3N"])
        XCTAssertEqual(exposure("plasma__ColorfulCups.jpg"),
            ["time": "1/640", "aperture": 8, "iso": 400, "focalLength": 28, "focalLength35mm": 42])
        XCTAssertEqual(camera("plasma__Path.jpg"), ["make": "OLYMPUS IMAGING CORP.", "model": "E-M1"], "trailing spaces trimmed")
        XCTAssertEqual(exposure("plasma__DarkestHour.jpg"), ["time": "1/1.3", "aperture": 2.8, "iso": 200, "focalLength": 14])
        XCTAssertEqual(exposure("mate__Storm.jpg"), ["time": "1/2.5", "aperture": 3.5, "iso": 100, "focalLength": 18])
        XCTAssertEqual(exposure("forensics__IMG_20200124_231153.jpg"), ["time": "1/20", "aperture": 1.8, "iso": 1792, "focalLength": 4.7],
            "a 35 mm equivalent of 0 is not known")
        XCTAssertEqual(exposure("mate__Dune.jpg"), ["time": "1/4000", "iso": 100], "an f-number and focal length of 0 are not known")
        let bare = try XCTUnwrap(photos["orient__Landscape_0.jpg"])
        XCTAssertNil(bare["camera"], "no EXIF, no camera")
        XCTAssertNil(bare["exposure"])
    }

    /// Every photo's make, ISO and 35 mm focal length are what exiv2 reads in its EXIF.
    func testEveryPhotoAgreesWithExiv2() throws {
        let photos = try scanned("photos")
        let folder = try Corpus.path("photos")
        XCTAssertGreaterThan(photos.count, 40)
        var withCamera = 0
        for (name, item) in photos {
            let said = try Program.run("exiv2", ["-q", "-Pkv", "-g", "Exif.Image.Make", "-g", "Exif.Photo.ISOSpeedRatings",
                "-g", "Exif.Photo.FocalLengthIn35mmFilm", folder + "/" + name]).stdout
            var tags: [String: String] = [:]
            for line in said.split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
                if parts.count == 2 { tags[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces) }
            }
            let camera = item["camera"] as? [String: String], exposure = item["exposure"] as? [String: Any]
            XCTAssertEqual(camera?["make"], tags["Exif.Image.Make"], name)
            XCTAssertEqual(exposure?["iso"] as? Int, tags["Exif.Photo.ISOSpeedRatings"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }, name)
            XCTAssertEqual(exposure?["focalLength35mm"] as? Int,
                tags["Exif.Photo.FocalLengthIn35mmFilm"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }, name)
            if camera != nil { withCamera += 1 }
        }
        XCTAssertGreaterThan(withCamera, 5)
    }
}
