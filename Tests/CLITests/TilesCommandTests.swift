import Foundation
import VipsKit
import XCTest

/// `vitrine tiles` and `thumbs --tiles` on the bundled examples and made-up pictures.
final class TilesCommandTests: TemporaryFolderTestCase {
    let examples = Repository.examples

    func testEveryPictureGetsAPyramidAndAZoomPolicy() throws {
        let run = try Vitrine.run(["tiles", examples, "-o", folder + "/z"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let list = items(try run.json())
        XCTAssertEqual(list.count, 7)
        for item in list {
            let id = item["id"] as? String ?? ""
            guard item["kind"] as? String == "image" else {
                XCTAssertNil(item["tiles"], "a video gets no tiles")
                XCTAssertNil(item["zoom"])
                continue
            }
            let tiles = try XCTUnwrap(item["tiles"] as? [String: Any], id)
            XCTAssertEqual(tiles["path"] as? String, id + ".dzi")
            XCTAssertEqual(tiles["tileSize"] as? Int, 254)
            XCTAssertEqual(tiles["overlap"] as? Int, 1)
            let (width, height) = (item["width"] as? Int ?? 0, item["height"] as? Int ?? 0)
            XCTAssertEqual(tiles["levels"] as? Int, Int(ceil(log2(Double(max(width, height))))) + 1, id)
            let dzi = try String(contentsOfFile: folder + "/z/" + id + ".dzi", encoding: .utf8)
            XCTAssertTrue(dzi.contains("Height=\"\(height)\"") && dzi.contains("Width=\"\(width)\""), "\(id): upright size in \(dzi)")
            let zoom = try XCTUnwrap(item["zoom"] as? [String: Any])
            XCTAssertEqual(zoom["maxScale"] as? Double, 1, "\(id) is smaller than the 1920x1080 viewport")
            XCTAssertEqual(zoom["enabled"] as? Bool, false)
        }
        let everything = try FileManager.default.subpathsOfDirectory(atPath: folder + "/z")
        XCTAssertFalse(everything.contains { $0.hasSuffix("vips-properties.xml") })
        XCTAssertFalse(everything.contains { $0.contains(".partial-") }, "no scratch folder left")
        try XCTAssertEqual(validate(run.stdout), 0)
    }

    /// Thumbnails and tiles in one run (one decode each); by default only pictures larger than
    /// 1.5 times the largest box get tiles.
    func testThumbsWithTiles() throws {
        let run = try Vitrine.run(["thumbs", examples, "-o", folder + "/t", "--size", "300", "--tiles", "--tile-format", "webp"])
        XCTAssertEqual(run.status, 0, run.stderr)
        for item in items(try run.json()) where item["kind"] as? String == "image" {
            let id = item["id"] as? String ?? ""
            XCTAssertNotNil(item["renditions"], id)
            XCTAssertNotNil(item["zoom"], id)
            let large = max(item["width"] as? Int ?? 0, item["height"] as? Int ?? 0) > 450
            XCTAssertEqual(item["tiles"] != nil, large, id)
            if large { XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/t/\(id)_files/0/0_0.webp"), id) }
        }
        let stray = try Vitrine.run(["thumbs", examples, "-o", folder + "/u", "--layout", "iiif"])
        XCTAssertEqual(stray.status, 2)
        XCTAssertTrue(stray.stderr.contains("--layout only applies with --tiles"), stray.stderr)
    }

    func testEveryLayoutAndTheZipContainer() throws {
        let photo = examples + "/coffee.jpg"
        let layouts: [(arguments: [String], path: String, files: [String])] = [
            (["--layout", "zoomify"], "coffee.zoomify/ImageProperties.xml", ["coffee.zoomify/TileGroup0/0-0-0.jpg"]),
            (["--layout", "google"], "coffee.google", ["coffee.google/0/0/0.jpg", "coffee.google/blank.png"]),
            (["--layout", "iiif", "--base-url", "http://127.0.0.1:9/"], "coffee.iiif/info.json", ["coffee.iiif/full/full/0/default.jpg"]),
        ]
        for (arguments, path, files) in layouts {
            let out = folder + "/" + arguments[1]
            let run = try Vitrine.run(["tiles", photo, "-o", out] + arguments)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual((items(try run.json()).first?["tiles"] as? [String: Any])?["path"] as? String, path)
            for file in [path] + files { XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/" + file), file) }
            let all = try FileManager.default.subpathsOfDirectory(atPath: out)
            XCTAssertFalse(all.contains { $0.hasSuffix("vips-properties.xml") }, arguments[1])
        }
        // One archive, holding what the folders would: stored entries, nothing of libvips'.
        let zipped = try Vitrine.run(["tiles", photo, "-o", folder + "/zip", "--container", "zip"])
        XCTAssertEqual(zipped.status, 0, zipped.stderr)
        let tiles = try XCTUnwrap(items(try zipped.json()).first?["tiles"] as? [String: Any])
        XCTAssertEqual(tiles["path"] as? String, "coffee.zip")
        XCTAssertEqual(tiles["entry"] as? String, "coffee.dzi")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/zip").filter { !$0.hasPrefix(".") }, ["coffee.zip"])
        let names = try Program.output("python3", ["-c", """
            import sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            assert all(i.compress_type == 0 for i in z.infolist())
            print("\\n".join(z.namelist()))
            """, folder + "/zip/coffee.zip"]).split(separator: "\n").map(String.init)
        XCTAssertEqual(names.first, "coffee.dzi")
        XCTAssertTrue(names.contains("coffee_files/0/0_0.jpg"))
        XCTAssertFalse(names.contains { $0.contains("vips-properties") })
        try XCTAssertEqual(validate(zipped.stdout), 0)
    }

    func testSettingsThatCannotWorkAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["--layout", "iiif"], "needs --base-url"),
            (["--layout", "iiif", "--base-url", "ftp://x"], "is not an http or https URL"),
            (["--base-url", "http://x"], "only applies to the IIIF layouts"),
            (["--layout", "iiif3", "--base-url", "http://x", "--overlap", "2"], "only applies to --layout dz"),
            (["--double-tap", "custom"], "needs --double-tap-scale"),
            (["--double-tap-scale", "2"], "only applies with --double-tap custom"),
            (["--viewport", "1920"], "needs a width and a height"),
            (["--iiif-manifest", "m.json"], "needs --layout iiif or iiif3"),
            (["--layout", "iiif", "--base-url", "http://x", "--iiif-manifest", "../m.json"], "not a relative path inside DIR"),
        ]
        for (arguments, message) in cases {
            let run = try Vitrine.run(["tiles", examples, "-o", folder + "/x"] + arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/x"), "nothing is made on a usage error")
    }

    /// A file that cannot be read is named, the others are tiled, and the status says so.
    func testBadInputIsNamedAndTheRunGoesOn() throws {
        let broken = folder + "/in/broken.jpg"
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: examples + "/coffee.jpg"))
        bytes = bytes.prefix(bytes.count / 2)
        try bytes.write(to: URL(fileURLWithPath: broken))
        try FileManager.default.copyItem(atPath: examples + "/chelsea.jpg", toPath: folder + "/in/chelsea.jpg")
        let run = try Vitrine.run(["tiles", folder + "/in", "-o", folder + "/z"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let manifest = try run.json()
        XCTAssertEqual(items(manifest).map { $0["id"] as? String }, ["chelsea"])
        XCTAssertEqual(errors(manifest).map { $0["reason"] as? String }, ["damaged"])
        XCTAssertTrue(run.stderr.contains("broken.jpg: damaged"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/z/broken.dzi"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/z/broken_files"), "nothing of a damaged picture is put in place")
    }

    /// The zoom options reach every item's policy.
    func testZoomOptions() throws {
        let run = try Vitrine.run(["tiles", examples + "/coffee.jpg", "-o", folder + "/z", "--viewport", "200x100", "--min-scale", "0.5",
            "--double-tap", "custom", "--double-tap-scale", "1.5", "--min-size", "10000"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let item = try XCTUnwrap(items(try run.json()).first)
        XCTAssertNil(item["tiles"], "not larger than --min-size")
        let zoom = try XCTUnwrap(item["zoom"] as? [String: Any])
        let native = max(Double(item["width"] as? Int ?? 0) / 200, Double(item["height"] as? Int ?? 0) / 100)
        XCTAssertEqual(zoom["maxScale"] as? Double ?? 0, native, accuracy: 0.0001)
        XCTAssertEqual(zoom["minScale"] as? Double, 0.5)
        XCTAssertEqual(zoom["doubleTap"] as? String, "custom")
        XCTAssertEqual(zoom["doubleTapScale"] as? Double, 1.5)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/z"), [])
    }

    /// `vitrine manifest validate` on a manifest: its exit status.
    private func validate(_ manifest: Data) throws -> Int32 {
        let path = folder + "/manifest-\(UUID().uuidString.prefix(6)).json"
        try manifest.write(to: URL(fileURLWithPath: path))
        let run = try Vitrine.run(["manifest", "validate", path])
        XCTAssertEqual(run.stderr, "")
        return run.status
    }
}
