import Foundation
@testable import VitrineKit
import XCTest

/// The readers that find a moving photo's clip: Apple's content identifier in an EXIF block's
/// MakerNote, and the clip a Motion Photo's XMP announces.
final class MovingPhotoReaderTests: XCTestCase {
    /// An EXIF block as libvips hands it over: `Exif\0\0`, a TIFF header, IFD0 pointing at the
    /// Exif IFD, whose MakerNote is Apple's (`Apple iOS\0`, its own byte order, an IFD at 14)
    /// holding `identifier` as tag 0x11.
    func exifBlock(identifier: String, bigEndian: Bool, appleBigEndian: Bool = true) -> Data {
        func number(_ value: Int, _ size: Int, big: Bool) -> [UInt8] {
            let bytes = (0..<size).map { UInt8((value >> (8 * $0)) & 0xFF) }
            return big ? bytes.reversed() : bytes
        }
        // MakerNote: offsets count from its own start.
        let text = Array(identifier.utf8) + [0]
        var note = Array("Apple iOS\0".utf8) + [0, 1] + (appleBigEndian ? Array("MM".utf8) : Array("II".utf8))
        let noteIFDEnd = 14 + 2 + 12 + 4
        note += number(1, 2, big: appleBigEndian)
        note += number(0x11, 2, big: appleBigEndian) + number(2, 2, big: appleBigEndian) + number(text.count, 4, big: appleBigEndian)
            + number(noteIFDEnd, 4, big: appleBigEndian)
        note += [0, 0, 0, 0]
        note += text

        var tiff = (bigEndian ? Array("MM".utf8) : Array("II".utf8)) + number(42, 2, big: bigEndian) + number(8, 4, big: bigEndian)
        let exifIFD = 8 + 2 + 12 + 4
        tiff += number(1, 2, big: bigEndian) + number(0x8769, 2, big: bigEndian) + number(4, 2, big: bigEndian) + number(1, 4, big: bigEndian)
            + number(exifIFD, 4, big: bigEndian) + [0, 0, 0, 0]
        let noteAt = exifIFD + 2 + 12 + 4
        tiff += number(1, 2, big: bigEndian) + number(0x927C, 2, big: bigEndian) + number(7, 2, big: bigEndian)
            + number(note.count, 4, big: bigEndian) + number(noteAt, 4, big: bigEndian) + [0, 0, 0, 0]
        tiff += note
        return Data(Array("Exif\0\0".utf8) + tiff)
    }

    func testTheIdentifierIsReadInEitherByteOrder() {
        let identifier = "570F1469-09C7-4E50-9875-05F21D5BD166"
        XCTAssertEqual(LivePhoto.contentIdentifier(exif: exifBlock(identifier: identifier, bigEndian: true)), identifier)
        XCTAssertEqual(LivePhoto.contentIdentifier(exif: exifBlock(identifier: identifier, bigEndian: false, appleBigEndian: false)), identifier)
        XCTAssertEqual(LivePhoto.contentIdentifier(exif: exifBlock(identifier: identifier, bigEndian: false, appleBigEndian: true)), identifier)
    }

    func testADamagedBlockGivesNoIdentifierAndNeverTraps() {
        let block = exifBlock(identifier: "570F1469-09C7-4E50-9875-05F21D5BD166", bigEndian: true)
        for length in stride(from: 0, to: block.count - 1, by: 3) {
            XCTAssertNil(LivePhoto.contentIdentifier(exif: block.prefix(length)), "cut at \(length)")
        }
        var foreign = [UInt8](block)
        let at = foreign.firstIndex(of: UInt8(ascii: "A"))!
        foreign[at] = UInt8(ascii: "N")  // "Nikon"-like: another maker's note
        XCTAssertNil(LivePhoto.contentIdentifier(exif: Data(foreign)))
        XCTAssertNil(LivePhoto.contentIdentifier(exif: Data("Exif\0\0II*\0\u{ff}\u{ff}\u{ff}\u{7f}".utf8)))
    }

    func testTheClipsTagIsReadFromTheFormatsTags() {
        XCTAssertEqual(LivePhoto.contentIdentifier(videoTags: [LivePhoto.videoTag: " ABC "]), "ABC")
        XCTAssertNil(LivePhoto.contentIdentifier(videoTags: ["encoder": "Lavf"]))
        XCTAssertNil(LivePhoto.contentIdentifier(videoTags: nil))
    }

    func xmp(_ description: String, prefix: String = "Camera") -> Data {
        Data("""
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:\(prefix)="http://ns.google.com/photos/1.0/camera/"
              xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/">
            \(description)</rdf:Description></rdf:RDF></x:xmpmeta>
            """.utf8)
    }

    func testTheDirectoryGivesTheClipCountedFromTheEnd() {
        let directory = """
            <Camera:MotionPhoto>1</Camera:MotionPhoto><Container:Directory><rdf:Seq>
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0"/></rdf:li>
            <rdf:li rdf:parseType="Resource"><Container:Item><Item:Mime>video/mp4</Item:Mime><Item:Semantic>MotionPhoto</Item:Semantic>
              <Item:Length>3000</Item:Length><Item:Padding>16</Item:Padding></Container:Item></rdf:li>
            <rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="GainMap" Item:Length="500"/></rdf:li>
            </rdf:Seq></Container:Directory>
            """
        // The clip, its padding and the gain map after it take the file's last 3516 bytes.
        XCTAssertEqual(MotionPhoto.embeddedClip(xmp: xmp(directory), fileSize: 10_000), EmbeddedClip(offset: 6484, length: 3000))
        XCTAssertNil(MotionPhoto.embeddedClip(xmp: xmp(directory), fileSize: 3000), "more than the file holds")
    }

    func testNamesGoByNamespaceNotPrefix() {
        // Read one after the other, as one worker reads many files.
        let older = xmp("<GCamera:MicroVideo>1</GCamera:MicroVideo><GCamera:MicroVideoOffset>2000</GCamera:MicroVideoOffset>",
            prefix: "GCamera")
        XCTAssertEqual(MotionPhoto.embeddedClip(xmp: older, fileSize: 5000), EmbeddedClip(offset: 3000, length: 2000))
        let renamed = xmp("<Other:MicroVideo>1</Other:MicroVideo><Other:MicroVideoOffset>2000</Other:MicroVideoOffset>", prefix: "Other")
        XCTAssertEqual(MotionPhoto.embeddedClip(xmp: renamed, fileSize: 5000), EmbeddedClip(offset: 3000, length: 2000))
        let wrongSpace = Data("""
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:GCamera="http://example.com/not-google/" GCamera:MicroVideo="1" GCamera:MicroVideoOffset="2000"/>
            </rdf:RDF></x:xmpmeta>
            """.utf8)
        XCTAssertNil(MotionPhoto.embeddedClip(xmp: wrongSpace, fileSize: 5000))
    }

    func testNoAnnouncementOrABrokenOneGivesNone() {
        XCTAssertNil(MotionPhoto.embeddedClip(xmp: xmp("<Camera:MotionPhoto>0</Camera:MotionPhoto>"), fileSize: 5000))
        XCTAssertNil(MotionPhoto.embeddedClip(xmp: xmp("<Camera:MicroVideo>1</Camera:MicroVideo>"), fileSize: 5000), "no offset")
        XCTAssertNil(MotionPhoto.embeddedClip(xmp: Data("<x:xmpmeta MotionPhoto".utf8), fileSize: 5000))
        XCTAssertNil(MotionPhoto.embeddedClip(xmp: Data(), fileSize: 5000))
    }
}
