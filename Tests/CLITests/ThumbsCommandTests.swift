import Foundation
import VipsKit
import XCTest

/// `vitrine thumbs` on the bundled Examples (no corpus needed).
final class ThumbsCommandTests: XCTestCase {
    var output: String!
    let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/media").path

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
        XCTAssertEqual(all.count, 6)
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
}
