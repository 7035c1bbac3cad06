import Foundation
import VipsKit
import XCTest

/// `vitrine tiles` acceptance on the shared corpus.
final class TilesCorpusTests: TemporaryFolderTestCase {
    /// A photo stored sideways (EXIF orientation 6): the pyramid is of the upright picture.
    func testARotatedPhotosPyramidIsUprightAndComplete() throws {
        let photo = try Corpus.path("mixed/orientation/recurser__Portrait_6.jpg")
        let stored = try Image.load(photo)
        XCTAssertEqual([stored.width, stored.height], [1800, 1200], "stored sideways")
        let run = try Vitrine.run(["tiles", photo, "-o", folder + "/z"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let dzi = folder + "/z/recurser-portrait-6.dzi"
        let (width, height, levels) = try DeepZoomWalk.check(dzi, decode: true)
        XCTAssertEqual([width, height], [1200, 1800], "the .dzi reports the upright size")
        XCTAssertEqual(levels, Int(ceil(log2(1800.0))) + 1)
        XCTAssertEqual((items(try run.json()).first?["tiles"] as? [String: Any])?["levels"] as? Int, levels)
        // The level that fits one tile shows the picture upright: closer to vitrine's upright
        // thumbnail than the same turned or mirrored.
        let files = folder + "/z/recurser-portrait-6_files"
        let small = try Image.load(files + "/8/0_0.jpg")  // 1200x1800 / 16 = 75x113
        let thumbs = try Vitrine.run(["thumbs", photo, "-o", folder + "/t", "--size", "\(small.width)x\(small.height)"])
        XCTAssertEqual(thumbs.status, 0, thumbs.stderr)
        let upright = try Image.load(folder + "/t/recurser-portrait-6-\(small.width)x\(small.height).jpg")
        XCTAssertEqual([upright.width, upright.height], [small.width, small.height])
        let same = try Pixels.meanDifference(small, upright)
        for wrong in [try Operation.image("rot", ["in": .image(small), "angle": .string("d180")]),
                      try Operation.image("flip", ["in": .image(small), "direction": .string("vertical")])] {
            XCTAssertLessThan(same * 3, try Pixels.meanDifference(wrong, upright))
        }
    }

    /// Tiles of an Adobe RGB photo are converted to sRGB: a tile matches the sRGB thumbnail of
    /// the same pixels (and libvips' own conversion), not the Adobe RGB numbers copied.
    func testAdobeRGBTilesAreConvertedToSRGB() throws {
        let photo = try Corpus.path("mixed/icc/libvips__sample_AdobeRGB-A98.jpg")
        let run = try Vitrine.run(["tiles", photo, "-o", folder + "/z", "--format", "png"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let source = try Image.load(photo)
        let levels = Int(ceil(log2(Double(max(source.width, source.height))))) + 1
        let tile = try Image.load(folder + "/z/libvips-sample-adobergb-a98_files/\(levels - 1)/0_0.png")
        XCTAssertEqual([tile.width, tile.height], [255, 255], "254 and the overlap")
        // The thumbnail at full size: the same colour conversion, no resizing.
        let thumbs = try Vitrine.run(["thumbs", photo, "-o", folder + "/t", "--size", "\(source.width)", "--format", "png"])
        XCTAssertEqual(thumbs.status, 0, thumbs.stderr)
        let thumbnail = try Image.load(folder + "/t/libvips-sample-adobergb-a98-\(source.width).png")
        let region = ["left": Argument.int(0), "top": .int(0), "width": .int(255), "height": .int(255)]
        let fromThumbnail = try Operation.image("extract_area", region.merging(["input": .image(thumbnail)]) { a, _ in a })
        let converted = try Operation.image("cast", ["in": .image(try Operation.image("icc_transform", [
            "in": .image(source), "output_profile": .string("srgb")])), "format": .string("uchar")])
        let fromLibvips = try Operation.image("extract_area", region.merging(["input": .image(converted)]) { a, _ in a })
        let naive = try Operation.image("extract_area", region.merging(["input": .image(source)]) { a, _ in a })
        XCTAssertLessThan(try Pixels.meanDifference(tile, fromThumbnail), 0.5)
        XCTAssertLessThan(try Pixels.meanDifference(tile, fromLibvips), 0.5)
        XCTAssertGreaterThan(try Pixels.meanDifference(tile, naive), 2, "differs from the Adobe RGB numbers")
        XCTAssertFalse(tile.hasField("icc-profile-data"), "no metadata in tiles")
    }

    /// The full EXIF (GPS included) never reaches the tiles or the folder, unless asked for.
    func testTilesCarryNoMetadataUnlessAsked() throws {
        let phone = try Corpus.path("photos/forensics__IMG_20191224_234846.jpg")
        XCTAssertTrue(try Image.load(phone).fieldNames.contains { $0.hasPrefix("exif-ifd3-GPS") })
        for (keep, gps) in [("none", false), ("all", true)] {
            let out = folder + "/" + keep
            let run = try Vitrine.run(["tiles", phone, "-o", out, "--keep-metadata", keep])
            XCTAssertEqual(run.status, 0, run.stderr)
            let tile = try Image.load(out + "/forensics-img-20191224-234846_files/12/0_0.jpg")
            XCTAssertEqual(tile.fieldNames.contains { $0.hasPrefix("exif-ifd3-GPS") }, gps, keep)
            let everything = try FileManager.default.subpathsOfDirectory(atPath: out)
            XCTAssertFalse(everything.contains { $0.hasSuffix("vips-properties.xml") }, keep)
        }
    }

    /// SIGKILL while a large photo is being tiled (the run and its worker): no pyramid under
    /// its final name claims to be complete, and a rerun completes it.
    func testAKilledRunLeavesNoPyramidThatLooksFinished() throws {
        let photo = try Corpus.path("photos/mate__Elephants_5640x3172.jpg")
        let out = folder + "/z"
        let process = Process()
        process.executableURL = Vitrine.executable
        process.arguments = ["tiles", photo, "-o", out, "--jobs", "1"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Kill it once tiles of the full-resolution level are being written.
        var seen = 0
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, process.isRunning {
            let scratch = ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter { $0.contains(".partial-") }
            seen = scratch.map {
                ((try? FileManager.default.contentsOfDirectory(atPath: "\(out)/\($0)/tree/mate-elephants-5640x3172_files/13")) ?? []).count
            }.max() ?? 0
            if seen >= 10 { break }
            usleep(5_000)
        }
        XCTAssertGreaterThanOrEqual(seen, 10, "caught in the middle of tiling")
        // Foundation starts it as the leader of its own process group, which its worker joins:
        // both die at once.
        XCTAssertEqual(getpgid(process.processIdentifier), process.processIdentifier)
        kill(-process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        usleep(200_000)
        let left = try FileManager.default.contentsOfDirectory(atPath: out)
        XCTAssertFalse(left.contains("mate-elephants-5640x3172.dzi"), "no .dzi claims a pyramid: \(left)")
        XCTAssertFalse(left.contains("mate-elephants-5640x3172_files"), "nothing under its final name: \(left)")
        let rerun = try Vitrine.run(["tiles", photo, "-o", out])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        let (width, height, levels) = try DeepZoomWalk.check(out + "/mate-elephants-5640x3172.dzi", decode: false)
        XCTAssertEqual([width, height, levels], [5640, 3172, 14])
    }
}

/// What a `.dzi` promises, checked against its `_files` folder: every tile of every level
/// exists (and nothing else), has the size the geometry implies with the overlap on inner
/// edges, and (with `decode`) decodes completely. Returns the size and level count it read.
enum DeepZoomWalk {
    static func check(_ dzi: String, decode: Bool, file: StaticString = #filePath, line: UInt = #line) throws
        -> (width: Int, height: Int, levels: Int)
    {
        let text = try String(contentsOfFile: dzi, encoding: .utf8)
        func attribute(_ name: String) throws -> Int {
            let match = try XCTUnwrap(text.range(of: name + #"="[0-9]+""#, options: .regularExpression), name, file: file, line: line)
            return Int(text[match].dropFirst(name.count + 2).dropLast())!
        }
        let (width, height) = (try attribute("Width"), try attribute("Height"))
        let (size, overlap) = (try attribute("TileSize"), try attribute("Overlap"))
        let format = try XCTUnwrap(text.range(of: #"Format="[a-z]+""#, options: .regularExpression).map { text[$0].dropFirst(8).dropLast() })
        let files = String(dzi.dropLast(".dzi".count)) + "_files"
        let levels = try FileManager.default.contentsOfDirectory(atPath: files).compactMap(Int.init).sorted()
        XCTAssertEqual(levels, Array(0..<levels.count), "levels 0 to n-1", file: file, line: line)
        for level in levels {
            let factor = 1 << (levels.count - 1 - level)
            let (w, h) = ((width + factor - 1) / factor, (height + factor - 1) / factor)
            var expected: [String: (Int, Int)] = [:]
            for column in 0..<((w + size - 1) / size) {
                for row in 0..<((h + size - 1) / size) {
                    let (x, y) = (column * size, row * size)
                    let tw = min(size, w - x) + (column > 0 ? overlap : 0) + (x + size < w ? overlap : 0)
                    let th = min(size, h - y) + (row > 0 ? overlap : 0) + (y + size < h ? overlap : 0)
                    expected["\(column)_\(row).\(format)"] = (tw, th)
                }
            }
            let found = try FileManager.default.contentsOfDirectory(atPath: "\(files)/\(level)")
            XCTAssertEqual(Set(found), Set(expected.keys), "level \(level)", file: file, line: line)
            for (name, (tw, th)) in expected where found.contains(name) {
                let path = "\(files)/\(level)/\(name)"
                let tile = try Image.load(path)
                XCTAssertEqual([tile.width, tile.height], [tw, th], path, file: file, line: line)
                if decode { XCTAssertTrue(Pixels.decodesCompletely(path), path, file: file, line: line) }
            }
        }
        return (width, height, levels.count)
    }
}
