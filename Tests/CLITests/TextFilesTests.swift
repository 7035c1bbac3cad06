import Foundation
import VipsKit
import XCTest

/// Text files beside the pictures are passed over quietly, whatever words they start with or
/// hold (issue 24, item 14); content still decides for files named like pictures or not named.
final class TextFilesTests: TemporaryFolderTestCase {
    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/in/" + name))
    }

    /// A 64×48 JPEG's bytes.
    func jpeg() throws -> Data {
        try Vips.initialize()
        let black = try Operation.image("black", ["width": .int(64), "height": .int(48), "bands": .int(3)])
        try black.save(to: folder + "/made.jpg")
        return try Data(contentsOf: URL(fileURLWithPath: folder + "/made.jpg"))
    }

    func makeFolder() throws {
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        try jpeg().write(to: URL(fileURLWithPath: folder + "/in/photo.jpg"))
        try write("A harbour at dusk.\n\n<svg width=\"10\" height=\"10\"><rect width=\"10\" height=\"10\"/></svg>\n", to: "photo.md")
        try write("to do\n<svg>\n", to: "notes.txt")
        try write("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"20\"><rect width=\"20\" height=\"20\"/></svg>\n", to: "icon.txt")
        try write("<!doctype html><html><body><svg viewBox=\"0 0 10 10\"><path d=\"M0 0h10\"/></svg></body></html>\n", to: "saved.html")
        try write("GIF89a is the format of the animation\n", to: "gif.txt")
        try write("#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 2 +X 2\nnotes\n", to: "radiance.txt")
        try write("P3\n2 2\n255\nthe numbers of a picture\n", to: "numbers.txt")
        try write("P6 is a parking level\n", to: "parking.txt")
    }

    func testTextFilesArePassedOverQuietlyAndTheSidecarIsStillACaption() throws {
        try makeFolder()
        let run = try Vitrine.run(["scan", folder + "/in"])
        XCTAssertEqual(run.status, 0, run.stderr)
        // Only the sanitiser's word on the caption's markup.
        XCTAssertFalse(run.stderr.contains("error"), run.stderr)
        let manifest = try run.json()
        XCTAssertEqual(items(manifest).map { $0["id"] as? String }, ["photo"])
        XCTAssertEqual(errors(manifest).count, 0, "\(errors(manifest))")
        let caption = try XCTUnwrap(items(manifest).first?["caption"] as? [String: Any])
        XCTAssertEqual(caption["source"] as? String, "sidecar")
        XCTAssertTrue((caption["text"] as? String ?? "").contains("A harbour at dusk."), "\(caption)")
        // --verbose says why each was passed over.
        let verbose = try Vitrine.run(["scan", "--verbose", folder + "/in"])
        XCTAssertEqual(verbose.status, 0, verbose.stderr)
        for name in ["notes.txt", "icon.txt", "saved.html", "gif.txt", "radiance.txt", "numbers.txt", "parking.txt"] {
            XCTAssertTrue(verbose.stderr.contains(name + ": ignored: text"), "\(name): \(verbose.stderr)")
        }
        // A whole build too: nothing failed, one item.
        let build = try Vitrine.run(["build", folder + "/in", "-o", folder + "/site", "--no-page"])
        XCTAssertEqual(build.status, 0, build.stderr)
    }

    func testContentStillDecidesForUnnamedAndPictureNamedFiles() throws {
        try makeFolder()
        let whole = try jpeg()
        // A JPEG without an extension is a picture; cut short, it is reported.
        try whole.write(to: URL(fileURLWithPath: folder + "/in/IMG_0001"))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: folder + "/in/IMG_0002"))
        // Named like pictures: an SVG is one, a broken one is an error.
        try write("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"30\" height=\"20\"><rect width=\"30\" height=\"20\"/></svg>\n", to: "drawing.svg")
        try write("to do\n<svg>\n", to: "broken.svg")
        let run = try Vitrine.run(["scan", folder + "/in"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let manifest = try run.json()
        XCTAssertEqual(Set(items(manifest).compactMap { $0["id"] as? String }), ["photo", "img-0001", "drawing"])
        let drawing = try XCTUnwrap(items(manifest).first { $0["id"] as? String == "drawing" })
        XCTAssertEqual(drawing["width"] as? Int, 30)
        XCTAssertEqual(Set(errors(manifest).compactMap { ($0["path"] as? String).map { String($0.split(separator: "/").last ?? "") } }),
            ["IMG_0002", "broken.svg"])
        XCTAssertEqual(run.stderr.split(separator: "\n").filter { $0.contains("error") }.count, 2, run.stderr)
    }
}
