import Foundation
import VipsKit
import VitrineKit
import XCTest

/// `thumbs` placeholders, decoded by the reference ThumbHash implementation (PyPI
/// thumbhash-python, through Tests/Support/placeholder_check.py) and compared with the pictures.
final class PlaceholderCommandTests: TemporaryFolderTestCase {
    let root = Repository.root

    /// Runs the reference check; its exit status (0 close, 1 too far, 2 cannot check).
    func check(_ picture: String, _ hash: String) throws -> (status: Int32, output: String) {
        let inCI = ProcessInfo.processInfo.environment["VITRINE_CORPUS"] != nil
        guard let python = Repository.venvTool("python3") else {
            if inCI { XCTFail("no .venv/bin/python3: run .ci/install-deps") }
            throw XCTSkip("no .venv/bin/python3: run .ci/install-deps")
        }
        let result = try Program.run(python, [root.appendingPathComponent("Tests/Support/placeholder_check.py").path, picture, hash])
        let output = result.stdout + result.stderr
        if result.status == 2, output.contains("install-deps") {
            if inCI { XCTFail(output) }
            throw XCTSkip("thumbhash-python is not installed: \(output)")
        }
        return (result.status, output)
    }

    func testThumbHashesDecodeWithTheReferenceToThePicturesColours() throws {
        let run = try Vitrine.run(["thumbs", root.appendingPathComponent("Examples/media").path, "-o", folder + "/t"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let list = items(try run.json())
        XCTAssertEqual(list.count, 7)
        var hashes: [String: String] = [:]
        for item in list {
            let id = item["id"] as! String
            let hash = try XCTUnwrap((item["placeholder"] as? [String: String])?["thumbhash"], id)
            hashes[id] = hash
            XCTAssertEqual(Data(base64Encoded: hash)?.count ?? 0 >= 5, true, id)
            // The picture it stands for: the source, upright, by libvips' own tool (for the
            // video, its thumbnail, the only picture of it there is).
            var picture = folder + "/\(id.replacingOccurrences(of: "/", with: "-")).png"
            let source = (item["source"] as! [String: Any])["path"] as! String
            if item["kind"] as? String == "video" {
                picture = folder + "/t/" + ((item["renditions"] as! [[String: Any]])[0]["path"] as! String)
            } else {
                try Program.output("vipsthumbnail", [source, "-s", "100x100", "-o", picture])
            }
            let result = try check(picture, hash)
            XCTAssertEqual(result.status, 0, "\(id): \(result.output)")
        }
        // Upright: the sideways-stored copy hashes like the upright one.
        XCTAssertEqual(hashes["orientation-landscape-6"], hashes["orientation-landscape-1"])
        // And the check can fail: the red coffee cup is not the grey astronaut.
        XCTAssertEqual(try check(folder + "/coffee.png", hashes["astronaut"]!).status, 1)
    }

    /// A transparent picture keeps its alpha in the placeholder, even when its only rendition
    /// is a JPEG (flattened onto the background).
    func testPlaceholderKeepsTransparency() throws {
        try Vips.initialize()
        var pixels = [UInt8](repeating: 0, count: 80 * 60 * 4)
        for y in 0..<60 { for x in 0..<80 {
            let i = (y * 80 + x) * 4
            (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]) = (200, 30, 30, x < 40 ? 255 : 0)
        } }
        let picture = folder + "/half.png"
        try Image.fromPixels(pixels, width: 80, height: 60, bands: 4).save(to: picture)
        for extra in [[], ["--format", "png"], ["--fill"], ["--size", "32", "--size", "64"]] {
            let run = try Vitrine.run(["thumbs", picture, "-o", folder + "/a\(extra.count)"] + extra)
            XCTAssertEqual(run.status, 0, run.stderr)
            let hash = try XCTUnwrap((items(try run.json()).first?["placeholder"] as? [String: String])?["thumbhash"])
            let alpha = ThumbHash.averageColor(Array(Data(base64Encoded: hash)!)).a
            XCTAssertEqual(alpha, 0.5, accuracy: 0.1, "\(extra): half the picture is clear")
        }
    }

    func testBlurHashOrNone() throws {
        let blur = try Vitrine.run(["thumbs", root.appendingPathComponent("Examples/media/coffee.jpg").path,
            root.appendingPathComponent("Examples/media/portraits").path, "-o", folder + "/b", "--placeholder", "blurhash"])
        XCTAssertEqual(blur.status, 0, blur.stderr)
        for item in items(try blur.json()) {
            let placeholder = try XCTUnwrap(item["placeholder"] as? [String: String])
            XCTAssertNil(placeholder["thumbhash"])
            let hash = try XCTUnwrap(placeholder["blurhash"])
            // 4×3 components (3×4 for a portrait): size flag, maximum, DC, 11 AC values.
            XCTAssertEqual(hash.count, 1 + 1 + 4 + 2 * 11, hash)
            let portrait = (item["height"] as! Int) > (item["width"] as! Int)
            XCTAssertEqual(hash.first, portrait ? "T" : "L", "size flag (x-1)+(y-1)*9 in base83: \(hash)")
        }
        let none = try Vitrine.run(["thumbs", root.appendingPathComponent("Examples/media/coffee.jpg").path, "-o", folder + "/n",
            "--placeholder", "none"])
        XCTAssertNil(items(try none.json()).first?["placeholder"])
    }
}
