@testable import VitrineKit
import XCTest

/// What `--originals copy` plans of an item: photos only, and without `--keep-metadata` only
/// those whose metadata exiv2 can remove.
final class OriginalCopyTests: XCTestCase {
    func item(_ name: String, format: String?, kind: ItemKind = .image) -> PlanningItem {
        PlanningItem(id: "trip/" + Path.stem(of: name).lowercased(), kind: kind, width: 400, height: 300, sourceName: "photos/trip/" + name,
            format: format)
    }

    func testAPhotoIsCopiedUnderItsIdWithItsExtensionLowerCased() {
        let spec = OriginalCopySpec()
        XCTAssertEqual(spec.target(for: item("DSC_1.JPG", format: "jpeg"))?.paths, ["originals/trip/dsc_1.jpg"])
        XCTAssertEqual(spec.target(for: item("scan.tif", format: "tiff"))?.paths, ["originals/trip/scan.tif"])
        XCTAssertEqual(spec.target(for: item("noext", format: "png"))?.paths, ["originals/trip/noext.png"], "the format's name")
        XCTAssertNil(spec.target(for: item("clip.mp4", format: "mov", kind: .video)), "videos have their own copies")
        XCTAssertNil(spec.target(for: item("card.svg", format: "svg", kind: .custom)))
    }

    func testFormatsExiv2CannotWriteAreCopiedOnlyWithTheirMetadata() {
        for (name, format) in [("IMG.HEIC", "heif"), ("a.avif", "heif"), ("anim.gif", "gif"), ("b.jxl", "jxl")] {
            XCTAssertNil(OriginalCopySpec().target(for: item(name, format: format)), name)
            let kept = OriginalCopySpec(keepMetadata: true).target(for: item(name, format: format))
            XCTAssertEqual(kept?.paths, ["originals/" + item(name, format: format).id + "." + Path.fileExtension(of: name).lowercased()], name)
        }
        XCTAssertNotEqual(OriginalCopySpec().identifier, OriginalCopySpec(keepMetadata: true).identifier, "a change of setting is a new output")
    }
}
