import Foundation
import XCTest

/// Acceptance on the shared corpus (`VITRINE_CORPUS`): real photos nobody here made.
final class CorpusAcceptanceTests: XCTestCase {
    func testOrientationExamplesReportUprightSizes() throws {
        let folder = try Corpus.path("mixed/orientation")
        let run = try Vitrine.run(["scan", folder])
        XCTAssertEqual(run.status, 0, run.stderr)
        let byName = Dictionary(uniqueKeysWithValues: items(try run.json()).map {
            ((($0["source"] as? [String: Any])?["path"] as? NSString)?.lastPathComponent ?? "", $0)
        })
        for kind in ["Landscape", "Portrait"] {
            for n in 0...8 {
                let item = try XCTUnwrap(byName["recurser__\(kind)_\(n).jpg"], "\(kind)_\(n)")
                let expected = kind == "Landscape" ? (1800, 1200) : (1200, 1800)
                XCTAssertEqual(item["width"] as? Int, expected.0, "\(kind)_\(n)")
                XCTAssertEqual(item["height"] as? Int, expected.1, "\(kind)_\(n)")
                XCTAssertEqual(item["orientation"] as? Int, n, "\(kind)_\(n) orientation as stored")
            }
        }
        // libvips' rot1..rot8 test images (two scales of one 3:4 portrait): all upright.
        let rotations = (1...8).compactMap { byName["libvips__rot\($0).jpg"] }
        XCTAssertEqual(rotations.count, 8)
        for item in rotations {
            let width = try XCTUnwrap(item["width"] as? Int), height = try XCTUnwrap(item["height"] as? Int)
            XCTAssertEqual(Double(width) / Double(height), 0.75, accuracy: 0.01, "\(item["id"] ?? "")")
        }
    }

    func testBrokenFilesAreEachNamedAndTheRunEndsInTime() throws {
        let folder = try Corpus.path("mixed/broken")
        let run = try Vitrine.run(["scan", folder])
        XCTAssertLessThan(run.seconds, 120, "the svgz that makes libvips spin must not hang the run")
        XCTAssertEqual(run.status, 1)
        let manifest = try run.json()  // stdout is nothing but the JSON
        let failed = Set(errors(manifest).compactMap { ($0["path"] as? NSString)?.lastPathComponent })
        // Files whose header cannot be read, or whose decoder reports damage while reading it.
        let unreadable = [
            "zero_bytes.jpg", "text_file_renamed.jpg", "pdf_renamed.png", "libvips__truncated.svgz",
            "libvips__truncated.gif", "libvips__invalid_multiframe.gif", "gofuzz_jpeg_1489f923c4dc.jpg",
            "gofuzz_jpeg_2f5e452ed124.jpg", "gofuzz_jpeg_42c204b99486.jpg", "gofuzz_jpeg_5b32e931b3d8.jpg",
            "gofuzz_jpeg_8644e2b27a6c.jpg", "gofuzz_jpeg_988ce6cc38b8.jpg", "gofuzz_jpeg_b120e27a92df.jpg",
            "gofuzz_jpeg_c72b9431a51e.jpg", "gofuzz_jpeg_d85efb1c1e09.jpg", "gofuzz_jpeg_f695da498094.jpg",
        ]
        XCTAssertEqual(failed, Set(unreadable))
        XCTAssertEqual(errors(manifest).count, unreadable.count, "one entry per file")
        let timeout = errors(manifest).first { ($0["path"] as? String)?.hasSuffix("truncated.svgz") ?? false }
        XCTAssertEqual(timeout?["reason"] as? String, "timeout")
        // Every error is one stderr line naming its file.
        let errorLines = run.stderrLines.filter { $0.hasPrefix("vitrine: error: ") }
        XCTAssertEqual(errorLines.count, unreadable.count, run.stderr)
        for name in unreadable { XCTAssertEqual(errorLines.filter { $0.contains(name) }.count, 1, name) }
        // The files in there that do decode are still scanned.
        XCTAssertTrue(items(manifest).contains { ($0["source"] as? [String: Any])?["path"] as? String == folder + "/forensics__empty_161x1.jpg" })
    }

    func testVerifyAlsoCatchesTruncatedPixelData() throws {
        let folder = try Corpus.path("mixed/broken")
        let run = try Vitrine.run(["scan", "--verify", "--timeout", "5", folder])
        XCTAssertEqual(run.status, 1)
        let failed = Set(errors(try run.json()).compactMap { ($0["path"] as? NSString)?.lastPathComponent })
        for name in ["libvips__truncated.jpg", "truncated_half__IMG_20200608_111614.jpg", "exifsamples__corrupted.jpg"] {
            XCTAssertTrue(failed.contains(name), name)
        }
        let kept = Set(items(try run.json()).compactMap { (($0["source"] as? [String: Any])?["path"] as? NSString)?.lastPathComponent })
        XCTAssertTrue(kept.contains("forensics__empty_161x1.jpg"), "a 161×1 photo is odd, not broken")
    }

    func testBombIsRefusedBeforeDecoding() throws {
        let bomb = try Corpus.path("mixed/formats/libvips__17000x17000_bomb.avif")
        let run = try Vitrine.run(["scan", bomb])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(errors(try run.json()).first?["reason"] as? String, "too-large")
        XCTAssertTrue(run.stderr.contains("17000x17000") || run.stderr.contains("17000×17000"), run.stderr)
        XCTAssertEqual(run.stderrLines.count, 1)
    }

    func testSigalSampleNamesIdsAndDeterminism() throws {
        let folder = try Corpus.path("mixed/sigal-sample")
        let first = try Vitrine.run(["scan", folder])
        let second = try Vitrine.run(["scan", folder])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, second.stdout, "two runs give byte-identical stdout")
        let list = items(try first.json())
        let paths = list.compactMap { ($0["source"] as? [String: Any])?["path"] as? String }
        XCTAssertFalse(paths.contains { $0.contains("should_be_ignored") }, ".nomedia folders and listed names are skipped")
        XCTAssertTrue(paths.contains { $0.hasSuffix("nomedia/created/should_be_created.jpg") })
        XCTAssertFalse(paths.contains { $0.contains("/.venv/") }, "hidden folders are skipped")
        XCTAssertTrue(paths.contains(folder + "/accentué/hélicoïde.jpg"))
        XCTAssertTrue(paths.contains(folder + "/accentué/test?<special> chars#.jpg"))
        let ids = list.compactMap { $0["id"] as? String }
        XCTAssertEqual(Set(ids).count, ids.count)
        for id in ids { XCTAssertNil(id.range(of: "[^a-z0-9/-]", options: .regularExpression), id) }
        XCTAssertTrue(ids.contains("accentue/helicoide"))
        let formats = Set(list.compactMap { $0["format"] as? String })
        XCTAssertTrue(formats.isSuperset(of: ["jpeg", "png", "gif", "tiff", "webp", "heif"]), "\(formats)")
    }

    func testDateOrderUsesEXIFThenMtime() throws {
        let folder = try Corpus.path("photos")
        let list = items(try Vitrine.run(["scan", "--order", "date", folder]).json())
        let dated = list.compactMap { $0["takenAt"] as? String }
        XCTAssertGreaterThan(dated.count, 3)
        XCTAssertEqual(dated, dated.sorted(), "items with EXIF dates come in date order")
    }
}
