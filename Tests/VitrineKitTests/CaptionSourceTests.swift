import Foundation
import XCTest
@testable import VitrineKit

/// Where captions come from: sidecars, captions files, embedded metadata.
final class CaptionSourceTests: XCTestCase {
    func testSigalHeaderAndBody() {
        let document = Sidecar.parse("Title: Foo Bar\nLocation: Bavaria\n  order: 3\n    continued\n\nThis is *funny*\n\nTitle: not a header")
        XCTAssertEqual(document.meta.map(\.key), ["title", "location", "order"])
        XCTAssertEqual(document.value("order"), "3 continued")
        XCTAssertEqual(document.body, "This is *funny*\n\nTitle: not a header")
        XCTAssertEqual(Sidecar.parse("Order: 02").value("order"), "02")
        XCTAssertEqual(Sidecar.parse("Just a caption: with a colon").body, "Just a caption: with a colon")
        XCTAssertEqual(Sidecar.parse("---\ntitle: T\n---\nbody").body, "body")
        XCTAssertEqual(Sidecar.parse("no header\nsecond line").meta.count, 0)
        XCTAssertEqual(CaptionText.decode(Data("Title: T\r\n\r\nBody\r\n".utf8)).text, "Title: T\n\nBody\n")
    }

    func testSidecarFilesBesideTheMedia() throws {
        let folder = try TestFolder()
        try folder.file("a.jpg.md", "Title: full name wins\n\nA")
        try folder.file("a.md", "Title: stem")
        try folder.file("b.txt", "  plain <b>not markup</b>  \n")
        try folder.file("c.md", "Date: 2020-01-02 03:04\nKeywords: sea, sky; sea\nRating: 4\n\nx")
        try folder.file("d.md", "Date: yesterday")
        let a = try XCTUnwrap(Sidecar.text(forMedia: folder.path + "/a.jpg"))
        XCTAssertEqual(a.title, "full name wins")
        XCTAssertEqual(a.caption, Caption(style: .markup, text: "A", markup: "<p>A</p>", source: "sidecar"))
        let b = try XCTUnwrap(Sidecar.text(forMedia: folder.path + "/b.png"))
        XCTAssertEqual(b.caption, Caption(style: .plain, text: "plain <b>not markup</b>", source: "sidecar"))
        let c = try XCTUnwrap(Sidecar.text(forMedia: folder.path + "/c.jpeg"))
        XCTAssertEqual(c.date, "2020-01-02T03:04:00")
        XCTAssertEqual(c.keywords, ["sea", "sky"])
        XCTAssertEqual(c.rating, 4)
        XCTAssertEqual(Sidecar.text(forMedia: folder.path + "/d.jpg")?.warnings, ["Date: 'yesterday' is not a date: ignored"])
        XCTAssertNil(Sidecar.text(forMedia: folder.path + "/none.jpg"))
    }

    func testCSVAndTSVRows() {
        let rows = Delimited.csv("path,caption\r\na.jpg,\"Hello, \"\"you\"\"\nsecond line\"\nb.jpg,plain\n\"c.jpg\",")
        XCTAssertEqual(rows.map(\.line), [1, 2, 4, 5])
        XCTAssertEqual(rows[1].fields, ["a.jpg", "Hello, \"you\"\nsecond line"])
        XCTAssertEqual(rows[3].fields, ["c.jpg", ""])
        let tsv = Delimited.tsv("path\tcaption\na.jpg\tone\\ttab\\nnew \"quoted\"\r\n\nb.jpg\t")
        XCTAssertEqual(tsv.map(\.line), [1, 2, 4])
        XCTAssertEqual(tsv[1].fields, ["a.jpg", "one\ttab\nnew \"quoted\""])
    }

    func testCaptionsFileKeepsCustomObjectsByteForByte() throws {
        let folder = try TestFolder()
        let custom = #"{"z": 1,  "a": [1.50, "x\"y"], "nested": {"k": null}}"#
        let path = try folder.file("captions.json", """
            [ {"path": "a.jpg", "style": "custom", "caption": \(custom)},
              {"path": "b.jpg", "caption": "<i>it</i>", "style": "markup", "title": " T ", "keywords": ["k", "k"], "rating": 9},
              {"caption": "no path"} ]
            """)
        let file = try CaptionsFile.read(path)
        XCTAssertEqual(file.entries.map(\.path), ["a.jpg", "b.jpg"])
        XCTAssertEqual(file.entries[0].text.caption?.custom?.text, custom)
        XCTAssertEqual(file.entries[1].text.caption?.markup, "<i>it</i>")
        XCTAssertEqual(file.entries[1].text.title, "T")
        XCTAssertEqual(file.entries[1].text.keywords, ["k"])
        XCTAssertNil(file.entries[1].text.rating)
        XCTAssertEqual(file.warnings, ["entry 2: rating 9 is not -1…5: ignored", "entry 3: no path: ignored"])

        var item = Item(id: "a", format: "jpeg", width: 1, height: 1, source: .init(path: "a.jpg", bytes: 1))
        item.caption = file.entries[0].text.caption
        let pretty = String(decoding: try JSONWriter.pretty.encode(item), as: UTF8.self)
        XCTAssertTrue(pretty.contains(#""custom" : "# + custom), pretty)
        let compact = String(decoding: try JSONWriter.compact.encode(item), as: UTF8.self)
        XCTAssertTrue(compact.contains(#""custom":{"z":1,"a":[1.50,"x\"y"],"nested":{"k":null}}"#), compact)
        // Decoding gives the same value back (keys sorted: a decoder never sees the bytes).
        let decoded = try JSONDecoder().decode(Item.self, from: Data(pretty.utf8))
        XCTAssertEqual(decoded.caption?.custom?.text, #"{"a":[1.5,"x\"y"],"nested":{"k":null},"z":1}"#)
    }

    func testCaptionsFileErrorsAndHeaderlessCSV() throws {
        let folder = try TestFolder()
        XCTAssertThrowsError(try CaptionsFile.read(folder.path + "/missing.csv"))
        XCTAssertThrowsError(try CaptionsFile.read(try folder.file("bad.json", "[{\"path\": ")))
        let file = try CaptionsFile.read(try folder.file("plain.csv", "a.jpg,First,plain,Title A\nb.jpg,**b**,markdown\nc.jpg,x,weird,,extra\n"))
        XCTAssertEqual(file.entries.map(\.path), ["a.jpg", "b.jpg", "c.jpg"])
        XCTAssertEqual(file.entries[0].text.title, "Title A")
        XCTAssertEqual(file.entries[1].text.caption?.markup, "<p><strong>b</strong></p>")
        XCTAssertEqual(file.warnings, ["line 3: 1 extra field(s) ignored",
            "line 3: unknown style 'weird' (plain, markup, markdown or custom): read as plain"])
    }

    func testLibvipsPrintedFieldsCutShort() {
        XCTAssertEqual(ExifValue.strictText("Kite (Kite, ASCII, 5 components, 5 bytes)"), "Kite")
        XCTAssertEqual(ExifValue.strictText(String(repeating: " ", count: 10) + " (" + String(repeating: " ", count: 10) + ", Undefi"), "")
        XCTAssertEqual(ExifValue.strictText("(c) Jane (2020) ((c) Jane (20"), "(c) Jane (2020)")
        XCTAssertNil(ExifValue.strictText("a very long value that libvips cut before its en"))
        XCTAssertNil(ExifValue.strictText("one (two"))
    }

    func testSigalOrderValues() {
        XCTAssertEqual(OrderValue.compare("-10", "02"), -1)
        XCTAssertEqual(OrderValue.compare("02", "03"), -1)
        XCTAssertEqual(OrderValue.compare("9", "10"), -1)
        XCTAssertEqual(OrderValue.compare(nil, "01"), -1)
        XCTAssertEqual(OrderValue.compare("2", "b"), -1)
        XCTAssertEqual(OrderValue.compare("a2", "a10"), -1)
        XCTAssertNil(OrderValue.compare(nil, nil))
    }

    /// Tags written by the exiv2 program, read back by vitrine's exiv2 binding.
    func testEmbeddedTextFromEXIFIPTCAndXMP() throws {
        let folder = try TestFolder()
        let photo = try folder.image("tagged.jpg")
        try exiv2(["-M", "set Xmp.dc.description lang=x-default Default words",
            "-M", "set Xmp.dc.description lang=fr-FR Mots français",
            "-M", "set Xmp.dc.title lang=x-default XMP title", "-M", "set Xmp.dc.subject Sea", "-M", "set Xmp.dc.subject Sky",
            "-M", "set Xmp.xmp.Rating 4",
            "-M", "set Iptc.Application2.Caption IPTC words", "-M", "set Iptc.Application2.ObjectName IPTC title",
            "-M", "set Iptc.Application2.Keywords boat", "-M", "add Iptc.Application2.Keywords harbour",
            "-M", "set Iptc.Application2.City Brest", "-M", "set Iptc.Application2.CountryName France",
            "-M", "set Exif.Image.ImageDescription OLYMPUS DIGITAL CAMERA",
            "-M", "set Exif.Photo.UserComment charset=Unicode Ünïcode comment",
            "-M", "set Exif.GPSInfo.GPSLatitude 48/1 30/1 0/1", "-M", "set Exif.GPSInfo.GPSLatitudeRef S",
            "-M", "set Exif.GPSInfo.GPSLongitude 4/1 29/1 24/1", "-M", "set Exif.GPSInfo.GPSLongitudeRef W", photo])
        let text = try XCTUnwrap(EmbeddedTextReader.read(path: photo))
        XCTAssertEqual(text.xmp?.caption?.text, "Default words")
        XCTAssertEqual(text.xmp?.title, "XMP title")
        XCTAssertEqual(text.xmp?.keywords, ["Sea", "Sky"])
        XCTAssertEqual(text.xmp?.rating, 4)
        XCTAssertEqual(EmbeddedTextReader.read(path: photo, language: "fr")?.xmp?.caption?.text, "Mots français")
        XCTAssertEqual(text.iptc?.caption, Caption(style: .plain, text: "IPTC words", source: "iptc"))
        XCTAssertEqual(text.iptc?.title, "IPTC title")
        XCTAssertEqual(text.iptc?.keywords, ["boat", "harbour"])
        XCTAssertEqual(text.iptc?.location, Location(name: "Brest, France"))
        // The camera's placeholder description is skipped for the user's comment.
        XCTAssertEqual(text.exif?.caption?.text, "Ünïcode comment")
        let location = try XCTUnwrap(text.exif?.location)
        XCTAssertEqual(location.latitude!, -48.5, accuracy: 1e-6)
        XCTAssertEqual(location.longitude!, -(4 + 29.0 / 60 + 24.0 / 3600), accuracy: 1e-6)
        XCTAssertNil(location.name)

        // A file without metadata, and one exiv2 cannot read, have none.
        XCTAssertNil(EmbeddedTextReader.read(path: try folder.image("bare.png")))
        XCTAssertNil(EmbeddedTextReader.read(path: try folder.file("junk.jpg", "not a picture")))
    }

    /// A photo whose only metadata is GPS is not opened with exiv2: libvips' fields suffice,
    /// and give what exiv2 gives.
    func testGPSFromLibvipsFieldsMatchesExiv2() throws {
        let folder = try TestFolder()
        let photo = try folder.image("gps.jpg")
        try exiv2(["-M", "set Exif.GPSInfo.GPSLatitude 15/1 50/1 80303/10000", "-M", "set Exif.GPSInfo.GPSLatitudeRef S",
            "-M", "set Exif.GPSInfo.GPSLongitude 48/1 0/1 559259/10000", "-M", "set Exif.GPSInfo.GPSLongitudeRef W",
            "-M", "set Exif.GPSInfo.GPSAltitude 1166699/1000", "-M", "set Exif.GPSInfo.GPSAltitudeRef 1", photo])
        guard case .image(let header) = ImageProbe.probe(path: photo, options: ProbeOptions(embeddedText: true)) else {
            return XCTFail("not read")
        }
        let fromLibvips = try XCTUnwrap(header.text?.exif?.location)
        XCTAssertNil(header.text?.xmp)
        let fromExiv2 = try XCTUnwrap(EmbeddedTextReader.read(path: photo)?.exif?.location)
        XCTAssertEqual(fromLibvips, fromExiv2)
        XCTAssertEqual(fromLibvips.latitude!, -(15 + 50.0 / 60 + 8.0303 / 3600), accuracy: 1e-7)
        XCTAssertEqual(fromLibvips.altitude, -1166.7)
        // XMP that names nothing vitrine reads is not worth parsing; XMP with a title is.
        XCTAssertTrue(EmbeddedTextReader.xmpMayHaveText(Data("<dc:title><rdf:Alt>".utf8)))
        // EXIF text libvips decodes is taken from libvips; a UCS-2 UserComment needs exiv2.
        for (name, tags, expected) in [("ascii.jpg", ["-M", "set Exif.Photo.UserComment charset=Ascii Plain words"], "Plain words"),
            ("utf8.jpg", ["-M", "set Exif.Image.ImageDescription Café crème"], "Café crème"),
            ("ucs2.jpg", ["-M", "set Exif.Photo.UserComment charset=Unicode Ünïcode words"], "Ünïcode words"),
            ("camera.jpg", ["-M", "set Exif.Image.ImageDescription OLYMPUS DIGITAL CAMERA         "], nil),
            // Longer than libvips prints a field: exiv2 reads it whole.
            ("long.jpg", ["-M", "set Exif.Image.ImageDescription " + String(repeating: "long words ", count: 300)],
             String(repeating: "long words ", count: 300).trimmingCharacters(in: .whitespaces))] {
            let picture = try folder.image(name)
            try exiv2(tags + [picture])
            guard case .image(let header) = ImageProbe.probe(path: picture, options: ProbeOptions(embeddedText: true)) else {
                return XCTFail("not read")
            }
            XCTAssertEqual(header.text?.exif?.caption?.text, expected, name)
            XCTAssertEqual(header.text?.exif?.caption, EmbeddedTextReader.read(path: picture)?.exif?.caption, name)
        }
        // XMP alone is parsed from the packet libvips read, JPEG or PNG alike.
        for name in ["xmp.jpg", "xmp.png"] {
            let picture = try folder.image(name)
            try exiv2(["-M", "set Xmp.dc.description lang=x-default Packet words", "-M", "set Xmp.dc.subject sky", picture])
            guard case .image(let header) = ImageProbe.probe(path: picture, options: ProbeOptions(embeddedText: true)) else {
                return XCTFail("not read")
            }
            XCTAssertEqual(header.text?.xmp?.caption?.text, "Packet words", name)
            XCTAssertEqual(header.text?.xmp?.keywords, ["sky"], name)
            XCTAssertEqual(header.text?.xmp, EmbeddedTextReader.read(path: picture)?.xmp, name)
        }
        XCTAssertFalse(EmbeddedTextReader.xmpMayHaveText(Data(#"<x:xmpmeta crs:Exposure="1"/>"#.utf8)))
        XCTAssertFalse(EmbeddedTextReader.xmpMayHaveText(Data("<exif:ISOSpeedRatings><rdf:Seq>".utf8)))
        XCTAssertTrue(EmbeddedTextReader.xmpMayHaveText(Data(#"<rdf:Description xmp:Rating="3"/>"#.utf8)))
        XCTAssertTrue(EmbeddedTextReader.xmpMayHaveText(Data("<photoshop:City>Brest</photoshop:City>".utf8)))
        XCTAssertFalse(EmbeddedTextReader.xmpMayHaveText(Data("<MicrosoftPhoto:Rating>75</MicrosoftPhoto:Rating>".utf8)))
        XCTAssertFalse(EmbeddedTextReader.xmpMayHaveText(Data(#"<rdf:Description xmp:Rating="0"/>"#.utf8)), "0 is unrated")
        XCTAssertFalse(EmbeddedTextReader.xmpMayHaveText(Data("<xmp:Rating>0</xmp:Rating>".utf8)))
        XCTAssertTrue(EmbeddedTextReader.xmpMayHaveText(Data("<xmp:Rating>-1</xmp:Rating>".utf8)))
    }

    func testIPTCWithoutCharsetIsReadAsLatin1WithAWarning() throws {
        let folder = try TestFolder()
        let photo = try folder.image("latin.jpg")
        let commands = try folder.file("cmds.txt", "")
        // exiv2's command file takes raw bytes: "Café" in Latin-1, no Iptc.Envelope.CharacterSet.
        try Data("set Iptc.Application2.Caption String Caf".utf8 + [0xE9] + Data("\n".utf8)).write(to: URL(fileURLWithPath: commands))
        try exiv2(["-m", commands, photo])
        let iptc = try XCTUnwrap(EmbeddedTextReader.read(path: photo)?.iptc)
        XCTAssertEqual(iptc.caption?.text, "Café")
        XCTAssertEqual(iptc.warnings, ["Iptc.Application2.Caption: not valid UTF-8: read as Latin-1 (Windows-1252)"])
    }

    private func exiv2(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["exiv2"] + arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "exiv2 \(arguments)")
    }
}
