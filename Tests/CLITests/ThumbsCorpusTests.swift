import Foundation
import VipsKit
import XCTest

/// `vitrine thumbs` acceptance on the shared corpus.
final class ThumbsCorpusTests: XCTestCase {
    var output: String!

    override func setUpWithError() throws {
        output = NSTemporaryDirectory() + "vitrine-thumbs-corpus-\(UUID().uuidString.prefix(8))"
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: output) }

    /// Largest mean absolute difference allowed between two thumbnails of the same picture
    /// stored in different orientations (JPEG re-encoding of rotated blocks differs slightly).
    let sameAfterRotation = 4.0

    func testEveryOrientationGivesTheSameUprightThumbnail() throws {
        let folder = try Corpus.path("mixed/orientation")
        let run = try Vitrine.run(["thumbs", folder, "-o", output, "--size", "300x300"])
        XCTAssertEqual(run.status, 0, run.stderr)
        for kind in ["Landscape", "Portrait"] {
            let reference = output + "/recurser-\(kind.lowercased())-1-300x300.jpg"
            for n in [0, 2, 3, 4, 5, 6, 7, 8] {
                let other = output + "/recurser-\(kind.lowercased())-\(n)-300x300.jpg"
                XCTAssertLessThan(try Pixels.meanDifference(reference, other), sameAfterRotation, "\(kind)_\(n)")
            }
        }
        // libvips' rot1..8 are two scales of one picture, each with its own number drawn on it,
        // so they never match exactly: each must be closer to rot1 as it is than turned
        // upside down or mirrored.
        let rotFolder = output + "/rot"
        let rot = try Vitrine.run(["thumbs", "-o", rotFolder, "--size", "150x200", "--fill", "--crop", "centre"]
            + (1...8).map { folder + "/libvips__rot\($0).jpg" })
        XCTAssertEqual(rot.status, 0, rot.stderr)
        let reference = try Image.load(rotFolder + "/libvips-rot1-150x200.jpg")
        for n in 2...8 {
            let made = try Image.load(rotFolder + "/libvips-rot\(n)-150x200.jpg")
            let upright = try Pixels.meanDifference(reference, made)
            let wrong = [
                try Operation.image("rot", ["in": .image(made), "angle": .string("d180")]),
                try Operation.image("flip", ["in": .image(made), "direction": .string("horizontal")]),
                try Operation.image("flip", ["in": .image(made), "direction": .string("vertical")]),
            ]
            for turned in wrong {
                XCTAssertLessThan(upright * 2, try Pixels.meanDifference(reference, turned), "rot\(n)")
            }
        }
    }

    func testAdobeRGBIsConvertedToSRGB() throws {
        let source = try Corpus.path("mixed/icc/libvips__sample_AdobeRGB-A98.jpg")
        // PNG, so that what is compared is the colour conversion, not JPEG's losses.
        let run = try Vitrine.run(["thumbs", source, "-o", output, "--size", "200", "--format", "png"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let made = try Image.load(output + "/libvips-sample-adobergb-a98-200.png")
        // Reference: libvips' own icc_transform from the embedded profile to sRGB.
        let naive = try Operation.image("thumbnail", ["filename": .string(source), "width": .int(200), "height": .int(10_000_000)])
        XCTAssertTrue(naive.hasField("icc-profile-data"), "the source has its Adobe RGB profile")
        let reference = try Operation.image("icc_transform", ["in": .image(naive), "output_profile": .string("srgb")])
        let converted = try Operation.image("cast", ["in": .image(reference), "format": .string("uchar")])
        let toReference = try Pixels.meanDifference(made, converted)
        XCTAssertLessThan(toReference, 0.5, "matches libvips' own conversion")
        let naiveAgain = try Operation.image("thumbnail", ["filename": .string(source), "width": .int(200), "height": .int(10_000_000)])
        let toNaive = try Pixels.meanDifference(made, naiveAgain)
        XCTAssertGreaterThan(toNaive, 2, "differs from copying the Adobe RGB numbers")
        XCTAssertGreaterThan(toNaive, 5 * toReference, "reference \(toReference), naive \(toNaive)")
        XCTAssertFalse(made.hasField("icc-profile-data"), "metadata stripped by default; pixels are sRGB")
    }

    func testBrokenFilesNamedGoodOnesMade() throws {
        let broken = try Corpus.path("mixed/broken")
        let good = try Corpus.path("mixed/png")
        let run = try Vitrine.run(["thumbs", broken, good, "-o", output, "--timeout", "10"])
        XCTAssertLessThan(run.seconds, 120)
        XCTAssertEqual(run.status, 1)
        let manifest = try run.json()
        let failed = Set(errors(manifest).compactMap { ($0["path"] as? NSString)?.lastPathComponent })
        // Truncated JPEGs have readable headers: thumbnailing them must still fail, not fill with grey.
        for name in ["libvips__truncated.jpg", "truncated_half__IMG_20200608_111614.jpg", "libvips__truncated.svgz",
                     "zero_bytes.jpg", "text_file_renamed.jpg", "pdf_renamed.png"] {
            XCTAssertTrue(failed.contains(name), name)
        }
        for error in errors(manifest) {
            let path = error["path"] as? String ?? ""
            XCTAssertEqual(run.stderrLines.filter { $0.hasPrefix("vitrine: error: \(path): ") }.count, 1, path)
        }
        let pngs = try FileManager.default.contentsOfDirectory(atPath: good).filter { !$0.hasPrefix(".") }
        let made = try FileManager.default.subpathsOfDirectory(atPath: output).filter { $0.contains(".") }
        for name in pngs {
            let id = ((name as NSString).deletingPathExtension).lowercased()
                .replacingOccurrences(of: "__", with: "-").replacingOccurrences(of: "_", with: "-")
            XCTAssertTrue(made.contains { $0.hasPrefix(id + "-") }, name)
        }
        for name in made { XCTAssertTrue(Pixels.decodesCompletely(output + "/" + name), name) }
    }

    func testKilledRunLeavesNoPartialFileAndARerunCompletes() throws {
        let photos = try Corpus.path("photos")
        let count = try FileManager.default.contentsOfDirectory(atPath: photos).filter { $0.hasSuffix(".jpg") }.count
        let process = Process()
        process.executableURL = Vitrine.executable
        process.arguments = ["thumbs", photos, "-o", output, "--size", "512"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Kill it once some, but not all, files are written.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let made = (try? FileManager.default.contentsOfDirectory(atPath: output))?.filter { $0.hasSuffix(".jpg") }.count ?? 0
            if made >= 3 { break }
            usleep(20_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // Orphaned workers finish the file in hand and leave; wait until the folder is quiet.
        var last = -1
        for _ in 0..<60 {
            let now = (try? FileManager.default.contentsOfDirectory(atPath: output))?.count ?? 0
            if now == last { break }
            last = now
            usleep(500_000)
        }
        let after = try FileManager.default.contentsOfDirectory(atPath: output)
        XCTAssertLessThan(after.filter { $0.hasSuffix(".jpg") }.count, count, "the run was interrupted")
        for name in after {
            XCTAssertFalse(name.contains(".partial-"), "partial file left: \(name)")
            XCTAssertTrue(Pixels.decodesCompletely(output + "/" + name), name)
        }
        let rerun = try Vitrine.run(["thumbs", photos, "-o", output, "--size", "512"])
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        let final = try FileManager.default.contentsOfDirectory(atPath: output)
        XCTAssertEqual(final.filter { $0.hasSuffix(".jpg") }.count, count)
        XCTAssertFalse(final.contains { $0.contains(".partial-") })
    }

    func testMetadataIsStrippedOrKeptAsAsked() throws {
        // A phone photo with GPS coordinates, and a wallpaper photo with an Artist tag.
        let phone = try Corpus.path("photos/forensics__IMG_20191224_234846.jpg")
        let signed = try Corpus.path("photos/plasma__FallenLeaf.jpg")
        XCTAssertTrue(try Image.load(phone).fieldNames.contains { $0.hasPrefix("exif-ifd3-GPS") })
        for (policy, gps, artist) in [("none", false, false), ("copyright", false, true), ("all", true, true)] {
            let folder = output + "/" + policy
            let run = try Vitrine.run(["thumbs", phone, signed, "-o", folder, "--keep-metadata", policy])
            XCTAssertEqual(run.status, 0, run.stderr)
            let located = try Image.load(folder + "/forensics-img-20191224-234846-256x256.jpg")
            XCTAssertEqual(located.fieldNames.contains { $0.hasPrefix("exif-ifd3-GPS") }, gps, policy)
            let credited = try Image.load(folder + "/plasma-fallenleaf-256x256.jpg")
            XCTAssertEqual(credited.string("exif-ifd0-Artist")?.hasPrefix("Martin Klapetek") ?? false, artist, policy)
        }
    }
}
