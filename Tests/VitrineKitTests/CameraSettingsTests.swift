import Foundation
import XCTest
@testable import VitrineKit

/// Camera and exposure read from the EXIF fields libvips gives with the header, written into
/// real JPEGs by libvips (libexif) and read back by the probe.
final class CameraSettingsTests: XCTestCase {
    struct NotRead: Error {}

    func probe(_ fields: [String: String], in folder: TestFolder, name: String) throws -> ImageHeader {
        let photo = try folder.image(name + ".jpg", fields: fields)
        guard case .image(let header) = ImageProbe.probe(path: photo, options: ProbeOptions()) else { throw NotRead() }
        return header
    }

    func testCameraLensAndExposureAreRead() throws {
        let folder = try TestFolder()
        let header = try probe(["exif-ifd0-Make": "  Quorvex  ", "exif-ifd0-Model": "Quorvex QX-7  Mk II",
            "exif-ifd2-LensModel": "QX 35mm f/2", "exif-ifd2-ExposureTime": "1/250", "exif-ifd2-FNumber": "28/10",
            "exif-ifd2-ISOSpeedRatings": "100", "exif-ifd2-FocalLength": "350/10", "exif-ifd2-FocalLengthIn35mmFilm": "52"],
            in: folder, name: "all")
        XCTAssertEqual(header.camera, Camera(make: "Quorvex", model: "QX-7 Mk II", lens: "QX 35mm f/2"))
        XCTAssertEqual(header.exposure, Exposure(time: "1/250", aperture: 2.8, iso: 100, focalLength: 35, focalLength35mm: 52))
    }

    /// What cameras write for what they do not know is left out; nothing known, no object.
    func testZerosAndBlankLensesAreLeftOut() throws {
        let folder = try TestFolder()
        let blank = try probe(["exif-ifd0-Make": "Zentari", "exif-ifd2-LensModel": "----", "exif-ifd2-FNumber": "0/1",
            "exif-ifd2-FocalLength": "0/1", "exif-ifd2-FocalLengthIn35mmFilm": "0", "exif-ifd2-ExposureTime": "1/60"],
            in: folder, name: "blank")
        XCTAssertEqual(blank.camera, Camera(make: "Zentari"))
        XCTAssertEqual(blank.exposure, Exposure(time: "1/60"))
        let none = try probe([:], in: folder, name: "none")
        XCTAssertNil(none.camera)
        XCTAssertNil(none.exposure)
    }

    /// A model that repeats the make, or its first word, loses it; a name that only starts
    /// with the same letters keeps them.
    func testTheModelDropsTheMakeItRepeats() {
        XCTAssertEqual(CameraSettings.withoutMake("Canon EOS 400D DIGITAL", make: "Canon"), "EOS 400D DIGITAL")
        XCTAssertEqual(CameraSettings.withoutMake("NIKON D750", make: "NIKON CORPORATION"), "D750")
        XCTAssertEqual(CameraSettings.withoutMake("canon  eos 5d", make: "Canon"), "eos 5d")
        XCTAssertEqual(CameraSettings.withoutMake("Canonet QL17", make: "Canon"), "Canonet QL17")
        XCTAssertEqual(CameraSettings.withoutMake("DSC-RX100M4", make: "SONY"), "DSC-RX100M4")
        XCTAssertNil(CameraSettings.withoutMake("Zentari", make: "Zentari"))
        XCTAssertEqual(CameraSettings.withoutMake("Mi A3", make: nil), "Mi A3")
    }

    /// Shutter times as cameras show them.
    func testShutterTimes() {
        let cases: [(Double, String)] = [(1.0 / 250, "1/250"), (0.4, "1/2.5"), (10.0 / 13, "1/1.3"), (0.5, "1/2"), (1, "1"),
            (2.5, "2.5"), (30, "30"), (1.0 / 8000, "1/8000")]
        for (seconds, shown) in cases { XCTAssertEqual(CameraSettings.shutterTime(seconds), shown, "\(seconds)") }
        XCTAssertNil(CameraSettings.shutterTime(0))
        XCTAssertNil(CameraSettings.rational("1/0"))
        XCTAssertEqual(CameraSettings.rational("880/100"), 8.8)
    }
}
