import Foundation
import XCTest
@testable import VitrineKit

/// What cameras and editors write into ImageDescription by themselves is recognised by its
/// shape and by the file's own Make and Model. The brands and models here belong to no real
/// camera, so no list of known cameras could pass this.
final class CameraBoilerplateTests: XCTestCase {
    static let camera = ["exif-ifd0-Make": "Quorvex Imaging Corp.", "exif-ifd0-Model": "QX-7 Mk II"]
    static let digest = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"

    /// Not captions: every one is dropped, from libvips' EXIF fields and from exiv2's alike.
    static let boilerplate = [
        "QUORVEX DIGITAL CAMERA", "Zentari Optic Digital Still Camera", "  DIGITAL   CAMERA ", "ZENTARI DSC",
        "quorvex imaging corp.", "QX-7 MK II", "qx-7   mk ii", "QX-7MkII", "Quorvex Imaging Corp. QX-7 Mk II", "QUORVEX",
        "ZENTARI_IMAGE_1", "EXIF_JPEG_PICTURE", digest, String(digest.prefix(32)).uppercased(), "Untitled",
    ]

    /// Real captions, kept whole.
    static let captions = [
        "Digital camera museum in Tokyo", "My new camera", "ZENTARI DSC at the beach", "DSC",
        "1234567890123456789012345678901", "QX-7 Mk II on the table", "Quorvex Imaging", "Zentari_Image_1",
        "Old Zentari Optic Digital Camera on a shelf", "DIGITAL CAMERA, 1998",
    ]

    func testBoilerplateIsRecognisedByItsShapeAndTheFilesMakeAndModel() throws {
        let folder = try TestFolder()
        for (index, text) in (Self.boilerplate + Self.captions).enumerated() {
            let expected = Self.captions.contains(text) ? text.trimmingCharacters(in: .whitespaces) : nil
            let photo = try folder.image("\(index).jpg", fields: Self.camera.merging(["exif-ifd0-ImageDescription": text]) { $1 })
            guard case .image(let header) = ImageProbe.probe(path: photo, options: ProbeOptions(embeddedText: true)) else {
                return XCTFail("\(text): not read")
            }
            XCTAssertEqual(header.text?.exif?.caption?.text, expected, "libvips' fields: \(text)")
            XCTAssertEqual(EmbeddedTextReader.read(path: photo)?.exif?.caption?.text, expected, "exiv2: \(text)")
        }
    }

    /// The Make and Model rule compares with the file's own: the model's name is a caption in a
    /// file from another camera, or from none.
    func testMakeAndModelAreTheFilesOwn() throws {
        let folder = try TestFolder()
        let other = try folder.image("other.jpg", fields: ["exif-ifd0-Make": "Zentari", "exif-ifd0-Model": "Z1",
            "exif-ifd0-ImageDescription": "QX-7 Mk II"])
        let none = try folder.image("none.jpg", fields: ["exif-ifd0-ImageDescription": "Quorvex Imaging Corp."])
        for (photo, expected) in [(other, "QX-7 Mk II"), (none, "Quorvex Imaging Corp.")] {
            guard case .image(let header) = ImageProbe.probe(path: photo, options: ProbeOptions(embeddedText: true)) else {
                return XCTFail("\(photo): not read")
            }
            XCTAssertEqual(header.text?.exif?.caption?.text, expected)
            XCTAssertEqual(EmbeddedTextReader.read(path: photo)?.exif?.caption?.text, expected)
        }
    }
}
