import Foundation
import VipsKit
import XCTest

/// `vitrine thumbs` on the bundled Examples (no corpus needed).
final class ThumbsCommandTests: XCTestCase {
    var output: String!
    let examples = Repository.examples

    override func setUpWithError() throws {
        output = NSTemporaryDirectory() + "vitrine-thumbs-\(UUID().uuidString.prefix(8))"
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: output) }

    func renditions(_ run: Vitrine.Run) throws -> [String: [[String: Any]]] {
        Dictionary(uniqueKeysWithValues: items(try run.json()).map {
            ($0["id"] as? String ?? "", $0["renditions"] as? [[String: Any]] ?? [])
        })
    }

    func testDefaultIsOneUprightJPEGPerPhotoInA256Box() throws {
        let run = try Vitrine.run(["thumbs", examples, "-o", output])
        XCTAssertEqual(run.status, 0, run.stderr)
        let all = try renditions(run)
        XCTAssertEqual(all.count, 7, "six photos and a video")
        let rotated = try XCTUnwrap(all["orientation-landscape-6"]?.first)
        XCTAssertEqual(rotated["path"] as? String, "orientation-landscape-6-256x256.jpg")
        XCTAssertEqual(rotated["width"] as? Int, 256)
        XCTAssertEqual(rotated["height"] as? Int, 171)
        XCTAssertEqual(try Pixels.size(output + "/orientation-landscape-6-256x256.jpg").0, 256)
        // EXIF orientation 6 stored sideways: its thumbnail must match the upright original's.
        let difference = try Pixels.meanDifference(output + "/orientation-landscape-6-256x256.jpg",
            output + "/orientation-landscape-1-256x256.jpg")
        XCTAssertLessThan(difference, 3)
        let portrait = try XCTUnwrap(all["portraits/orientation-portrait-8"]?.first)
        XCTAssertEqual(portrait["path"] as? String, "portraits/orientation-portrait-8-256x256.jpg")
        XCTAssertEqual(portrait["height"] as? Int, 256)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output + "/portraits/orientation-portrait-8-256x256.jpg"))
        XCTAssertTrue(Pixels.decodesCompletely(output + "/coffee-256x256.jpg"))
    }

    func testFillIsExactRetinaDoublesAndNothingIsEnlarged() throws {
        let run = try Vitrine.run(["thumbs", examples + "/coffee.jpg", examples + "/chelsea.jpg", "-o", output,
            "--fill", "--size", "200x200", "--size", "100x50", "--retina", "--size", "1000"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let coffee = try XCTUnwrap(try renditions(run)["coffee"])  // 600×400
        let sizes = coffee.map { "\($0["path"] as? String ?? ""):\($0["width"] as? Int ?? 0)x\($0["height"] as? Int ?? 0)" }
        XCTAssertEqual(Set(sizes), [
            "coffee-100x50.jpg:100x50", "coffee-100x50@2x.jpg:200x100", "coffee-200x200.jpg:200x200",
            "coffee-200x200@2x.jpg:400x400", "coffee-1000.jpg:600x400",
        ], "a 1000 box does not enlarge a 600-wide photo, and its @2x would be the same picture")
        let areas = coffee.map { ($0["width"] as? Int ?? 0) * ($0["height"] as? Int ?? 0) }
        XCTAssertEqual(areas, areas.sorted(), "smallest first")
        for rendition in coffee {
            let path = output + "/" + (rendition["path"] as? String ?? "")
            let (width, height) = try Pixels.size(path)
            XCTAssertEqual(width, rendition["width"] as? Int)
            XCTAssertEqual(height, rendition["height"] as? Int)
        }
        // chelsea is 451×300: its 200×200@2x cannot be 400×400 without enlarging, so it is the
        // largest square the photo fills.
        let chelsea = try XCTUnwrap(try renditions(run)["chelsea"])
        let retina = try XCTUnwrap(chelsea.first { $0["path"] as? String == "chelsea-200x200@2x.jpg" })
        XCTAssertEqual(retina["width"] as? Int, 300)
        XCTAssertEqual(retina["height"] as? Int, 300)
    }

    func testFormatsAndUpscale() throws {
        for format in ["webp", "png", "avif"] {
            let run = try Vitrine.run(["thumbs", examples + "/chelsea.jpg", "-o", output, "--format", format,
                "--size", "900", "--upscale"])
            XCTAssertEqual(run.status, 0, run.stderr)
            let file = output + "/chelsea-900." + (format == "jpeg" ? "jpg" : format)
            XCTAssertEqual(try Vips.loaderNickname(forFile: file), format == "avif" ? "heifload" : format + "load")
            XCTAssertEqual(try Pixels.size(file).0, 900, format)
        }
    }

    func testOutputRequiredAndOptionsValidated() throws {
        let missing = try Vitrine.run(["thumbs", examples])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("missing option '--output DIR'"), missing.stderr)
        XCTAssertEqual(try Vitrine.run(["thumbs", examples, "-o", output, "--fit", "--fill"]).status, 2)
        XCTAssertEqual(try Vitrine.run(["thumbs", examples, "-o", output, "--size", "0x10"]).status, 2)
        XCTAssertEqual(try Vitrine.run(["thumbs", examples, "-o", output, "--background", "pink-ish"]).status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "nothing written on a usage error")
    }

    func testNothingIsWrittenOutsideTheOutputFolder() throws {
        // Paths that climb out of their folder, given as a list: outputs still land inside DIR.
        let nested = output + "/in/deep"
        try FileManager.default.createDirectory(atPath: nested, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: examples + "/coffee.jpg", toPath: output + "/in/..coffee..jpg")
        let list = "\(nested)/../../in/..coffee..jpg\n\(examples)/../media/chelsea.jpg\n"
        let target = output + "/out"
        let run = try Vitrine.run(["thumbs", "-", "-o", target], stdin: list, currentDirectory: nested)
        XCTAssertEqual(run.status, 0, run.stderr)
        let made = try FileManager.default.subpathsOfDirectory(atPath: target).filter { $0.hasSuffix(".jpg") }
        XCTAssertEqual(made.count, 2, "\(made)")
        let everything = try FileManager.default.subpathsOfDirectory(atPath: output)
        XCTAssertEqual(everything.filter { $0.hasSuffix(".jpg") && !$0.hasPrefix("out/") }, ["in/..coffee..jpg"])
        for rendition in try renditions(run).values.flatMap({ $0 }) {
            let path = rendition["path"] as? String ?? ""
            XCTAssertFalse(path.hasPrefix("/") || path.split(separator: "/").contains(".."), path)
        }
    }

    func testSourcesAreByteIdenticalAfterwards() throws {
        func digests() throws -> [String: Data] {
            var result: [String: Data] = [:]
            for name in try FileManager.default.subpathsOfDirectory(atPath: examples) {
                result[name] = FileManager.default.contents(atPath: examples + "/" + name)
            }
            return result
        }
        let before = try digests()
        _ = try Vitrine.run(["thumbs", examples, "-o", output, "--retina", "--keep-metadata", "all"])
        XCTAssertEqual(before, try digests())
    }

    func testOutputFolderInsideAnInputIsNotReadBack() throws {
        let album = output + "/album"
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: examples + "/coffee.jpg", toPath: album + "/coffee.jpg")
        for _ in 0..<2 {
            let run = try Vitrine.run(["thumbs", album, "-o", album + "/thumbs"])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(items(try run.json()).compactMap { $0["id"] as? String }, ["coffee"])
        }
    }

    func testOutputFolderGivenAsInputOrListedIsRefused() throws {
        XCTAssertEqual(try Vitrine.run(["thumbs", examples, "-o", output]).status, 0)
        let again = try Vitrine.run(["thumbs", output, "-o", output])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stderr.contains("inside the output folder"), again.stderr)
        let listed = try Vitrine.run(["thumbs", "-", "-o", output], stdin: output + "/coffee-256x256.jpg\n" + examples + "/coffee.jpg\n")
        XCTAssertEqual(items(try listed.json()).count, 1)
    }

    func testUncreatableOutputFolderIsOneClearLine() throws {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: output + "/file"))
        let run = try Vitrine.run(["thumbs", examples, "-o", output + "/file/sub"])
        XCTAssertEqual(run.status, 3)
        XCTAssertEqual(run.stderrLines, ["vitrine: error: cannot create the output folder \(output!)/file/sub: Not a directory"])
    }

    func testRepeatedSizesAndOneSidedFillAreHonest() throws {
        let run = try Vitrine.run(["thumbs", examples + "/coffee.jpg", "-o", output, "-s", "100", "-s", "100", "--fill",
            "-s", "64x64"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let list = try XCTUnwrap(try renditions(run)["coffee"])
        XCTAssertEqual(list.map { $0["path"] as? String }, ["coffee-64x64.jpg", "coffee-100.jpg"])
        XCTAssertEqual(list.map { $0["fit"] as? String }, ["fill", "fit"], "a width alone cannot be filled")
        XCTAssertEqual(try Vitrine.run(["thumbs", examples, "-o", output, "--crop", "centre"]).status, 2)
        XCTAssertEqual(try Vitrine.run(["thumbs", examples, "-o", output, "-s", "99999999"]).status, 2)
    }

    func testInitialIndexFollowsItsItemWhenAnotherFails() throws {
        let album = output + "/in"
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        // a.jpg: a header that reads, pixels that do not (the second half cut off).
        let whole = try Data(contentsOf: URL(fileURLWithPath: examples + "/coffee.jpg"))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: album + "/a.jpg"))
        try FileManager.default.copyItem(atPath: examples + "/chelsea.jpg", toPath: album + "/b.jpg")
        try FileManager.default.copyItem(atPath: examples + "/astronaut.jpg", toPath: album + "/c.jpg")
        let run = try Vitrine.run(["thumbs", album, "-o", output + "/out", "--initial-index", "1"])
        XCTAssertEqual(run.status, 1)
        let manifest = try run.json()
        XCTAssertEqual(items(manifest).map { $0["id"] as? String }, ["b", "c"])
        XCTAssertEqual(manifest["initialIndex"] as? Int, 0, "still b")
        XCTAssertEqual(errors(manifest).first?["reason"] as? String, "damaged")
        XCTAssertEqual(run.stderrLines.count, 1, run.stderr)
    }

    func testWebPAndPNGCarryNoMetadataByDefault() throws {
        for format in ["webp", "png", "jpeg"] {
            let run = try Vitrine.run(["thumbs", examples + "/chelsea.jpg", "-o", output, "--format", format])
            XCTAssertEqual(run.status, 0, run.stderr)
            let file = output + "/chelsea-256x256." + (format == "jpeg" ? "jpg" : format)
            let made = try Image.load(file)
            for field in ["xmp-data", "icc-profile-data"] { XCTAssertFalse(made.hasField(field), "\(format) \(field)") }
            if format == "webp" {
                // libvips 8.14's WebP saver always writes a minimal EXIF block of its own making.
                XCTAssertLessThan(made.blob("exif-data")?.count ?? 0, 256)
                XCTAssertFalse(made.fieldNames.contains { $0.contains("GPS") || $0.contains("Make") || $0.contains("Model") })
            } else {
                XCTAssertFalse(made.hasField("exif-data"), format)
            }
        }
    }

    func testDamagedFileKeepsTheGoodThumbnailOfAnEarlierRun() throws {
        let album = output + "/in"
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: examples + "/coffee.jpg", toPath: album + "/a.jpg")
        XCTAssertEqual(try Vitrine.run(["thumbs", album, "-o", output + "/out"]).status, 0)
        let good = try Data(contentsOf: URL(fileURLWithPath: output + "/out/a-256x256.jpg"))
        let whole = try Data(contentsOf: URL(fileURLWithPath: album + "/a.jpg"))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: album + "/a.jpg"))
        XCTAssertEqual(try Vitrine.run(["thumbs", album, "-o", output + "/out"]).status, 1)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: output + "/out/a-256x256.jpg")), good)
    }
}
