import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// RAW+JPEG pairs (issue 40): a DNG made at test time from one corpus photo and the camera JPEG
/// beside it made from another, so that which picture an output came from shows in its pixels.
final class RawPairTests: TemporaryFolderTestCase {
    var source: String { folder + "/src" }
    var site: String { folder + "/site" }
    static let date = "2024:06:15 14:30:00"
    /// What the DNGs are made of, and what the camera JPEGs are made of.
    func rawPhoto() throws -> String { try Corpus.path("photos/mate__Dune.jpg") }
    func jpegPhoto() throws -> String { try Corpus.path("photos/lomiri1604__Wine_by_Jakkub_Mede.jpg") }

    /// Runs make_dng.py: `photo` as a DNG at `path` (below the sources), with `options`.
    func makeDNG(_ path: String, of photo: String, _ options: [String]) throws {
        guard let python = Repository.venvTool("python3") else {
            if ProcessInfo.processInfo.environment["VITRINE_CORPUS"] != nil { XCTFail(".venv/bin/python3 is needed in CI") }
            throw XCTSkip(".venv/bin/python3 is missing: run .ci/install-deps")
        }
        try FileManager.default.createDirectory(atPath: Path.parent(of: path), withIntermediateDirectories: true)
        let script = Repository.root.appendingPathComponent("Tests/Support/make_dng.py").path
        let made = try Program.run(python, [script, photo, path, "--scale", "0.5"] + options)
        XCTAssertEqual(made.status, 0, made.stderr)
    }

    /// A pair below the sources: `name`.DNG of ``rawPhoto()`` taken at ``date``, and
    /// `jpegName` of ``jpegPhoto()`` taken at `jpegDate` (nil: a JPEG without EXIF).
    func pair(_ name: String, jpegName: String, jpegDate: String?) throws {
        try makeDNG(source + "/" + name + ".DNG", of: try rawPhoto(), ["--date", Self.date])
        let jpeg = source + "/" + jpegName
        if let jpegDate {
            let scratch = folder + "/scratch.dng"
            try makeDNG(scratch, of: try jpegPhoto(), ["--preview", "none", "--pair-jpeg", jpeg, "--pair-date", jpegDate])
            try FileManager.default.removeItem(atPath: scratch)
        } else {
            let made = try Program.run("vips", ["thumbnail", try jpegPhoto(), jpeg + "[strip]", "840"])
            XCTAssertEqual(made.status, 0, made.stderr)
        }
    }

    /// A pair taken together, one an hour apart, one whose JPEG has no date (its name in
    /// another case), and a lone RAW.
    func makeGallery() throws {
        try pair("pair/IMG_0001", jpegName: "pair/IMG_0001.JPG", jpegDate: "2024:06:15 14:30:01")
        try pair("hour/IMG_0002", jpegName: "hour/IMG_0002.JPG", jpegDate: "2024:06:15 15:30:00")
        try pair("undated/IMG_0003", jpegName: "undated/img_0003.jpg", jpegDate: nil)
        try makeDNG(source + "/lone/IMG_0004.DNG", of: try rawPhoto(), ["--date", Self.date])
    }

    func manifest(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// Items by id.
    func items(_ manifest: [String: Any]) -> [String: [String: Any]] {
        Dictionary(uniqueKeysWithValues: (manifest["items"] as? [[String: Any]] ?? []).map { ($0["id"] as? String ?? "", $0) })
    }

    /// Each item's source and its RAW file's (`raw.source`), the paths' last two components:
    /// what a command made of the gallery.
    func pairing(_ manifest: [String: Any]) -> [String: String] {
        var found: [String: String] = [:]
        for (id, item) in items(manifest) {
            let path = { (source: Any?) in ((source as? [String: Any])?["path"] as? String ?? "").split(separator: "/").suffix(2).joined(separator: "/") }
            let raw = (item["raw"] as? [String: Any])?["source"]
            found[id] = path(item["source"]) + (raw == nil ? "" : " + " + path(raw))
        }
        return found
    }

    /// What a gallery of ``makeGallery()`` is made of, by ``pairing(_:)``.
    static let paired: Set = ["pair/IMG_0001.JPG + pair/IMG_0001.DNG", "hour/IMG_0002.DNG", "hour/IMG_0002.JPG",
        "undated/img_0003.jpg + undated/IMG_0003.DNG", "lone/IMG_0004.DNG"]

    func testAPairIsOneItemShownFromItsJPEGWithItsRAWAsRawSource() throws {
        try makeGallery()
        let built = try Vitrine.run(["build", source, "-o", site, "--no-tiles", "--no-sheets", "--progress", "none"])
        XCTAssertEqual(built.status, 0, built.stderr)
        let siteManifest = try manifest(site + "/manifest.json")
        try SchemaCheck.assertValid(site + "/manifest.json")
        let byID = items(siteManifest)
        XCTAssertEqual(Set(pairing(siteManifest).values), Self.paired)
        // The pair keeps its JPEG's id (the one it has apart); its RAW's stays reserved.
        XCTAssertEqual(pairing(siteManifest)["pair/img-0001-2"], "pair/IMG_0001.JPG + pair/IMG_0001.DNG")
        XCTAssertNil(byID["pair/img-0001"])

        let item = try XCTUnwrap(byID["pair/img-0001-2"])
        XCTAssertEqual(item["format"] as? String, "jpeg")
        let raw = try XCTUnwrap(item["raw"] as? [String: Any])
        XCTAssertEqual(Set(raw.keys), ["source"], "a pair's picture is not made from its RAW: \(raw)")
        let rawSource = try XCTUnwrap(raw["source"] as? [String: Any])
        let dng = source + "/pair/IMG_0001.DNG"
        let dngData = try Data(contentsOf: URL(fileURLWithPath: dng))
        XCTAssertEqual(rawSource["path"] as? String, "pair/IMG_0001.DNG", "named below its input as its photo is")
        XCTAssertEqual(rawSource["bytes"] as? Int, dngData.count)
        XCTAssertEqual(rawSource["sha256"] as? String, try Program.output("sha256sum", [dng]).split(separator: " ").first.map(String.init))
        XCTAssertNil((byID["lone/img-0004"]?["raw"] as? [String: Any])?["source"])
        XCTAssertEqual((byID["lone/img-0004"]?["raw"] as? [String: Any])?["method"] as? String, "preview", "a lone RAW is shown from itself")

        // The pair's display picture is the camera's JPEG (a portrait photo), not the DNG's (a landscape).
        let rendition = try XCTUnwrap((item["renditions"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
            .first { $0.hasPrefix("display/") })
        try Vips.initialize()
        let thumbnail = try Image.load(site + "/" + rendition)
        let like = { (photo: String) in
            try Pixels.meanDifference(thumbnail, try Operation.image("thumbnail", ["filename": .string(photo), "width": .int(thumbnail.width),
                "height": .int(thumbnail.height), "size": .string("force")]))
        }
        let fromJPEG = try like(source + "/pair/IMG_0001.JPG"), fromDNG = try like(try rawPhoto())
        XCTAssertLessThan(fromJPEG, 3, "the JPEG is the picture")
        XCTAssertGreaterThan(fromDNG, fromJPEG * 4, "not the DNG's")

        // Scan and thumbs pair them as the build does.
        for command in [["scan", source], ["thumbs", source, "-o", folder + "/thumbs"]] {
            let run = try Vitrine.run(command + ["--progress", "none"])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(pairing(try run.json()), pairing(siteManifest), command[0])
        }

        // Apart: two items each, as the ids the pairs reserved.
        let apart = try Vitrine.run(["build", source, "-o", site, "--no-tiles", "--no-sheets", "--progress", "none", "--raw-pairs", "apart"])
        XCTAssertEqual(apart.status, 0, apart.stderr)
        let separate = pairing(try manifest(site + "/manifest.json"))
        XCTAssertEqual(separate.count, 7, "\(separate)")
        XCTAssertTrue(separate.values.allSatisfy { !$0.contains(" + ") }, "\(separate)")
        XCTAssertEqual(separate["pair/img-0001"].map { [$0, separate["pair/img-0001-2"] ?? ""].sorted() },
            ["pair/IMG_0001.DNG", "pair/IMG_0001.JPG"])
        let scanned = try Vitrine.run(["scan", source, "--raw-pairs", "apart", "--progress", "none"])
        XCTAssertEqual(pairing(try scanned.json()), separate)
    }

    /// In parts, a pair is read by its JPEG's part whichever part its RAW's name falls in, and
    /// the merged site is the single build's, byte for byte.
    func testABuildInPartsPairsAsOneBuildDoes() throws {
        try makeGallery()
        // More pairs, so that some RAW falls in another part than its JPEG.
        for number in 5...9 {
            try pair("more/DSC_000\(number)", jpegName: "more/DSC_000\(number).JPG", jpegDate: Self.date)
        }
        let single = folder + "/single"
        let built = try Vitrine.run(["build", source, "-o", single, "--no-tiles", "--quiet"])
        XCTAssertEqual(built.status, 0, built.stderr)
        let pairs = pairing(try manifest(single + "/manifest.json")).filter { $0.value.contains(" + ") }
        XCTAssertEqual(pairs.count, 7, "\(pairs)")
        for part in 1...3 {
            let run = try Vitrine.run(["build", source, "-o", site, "--no-tiles", "--shard", "\(part)/3", "--quiet"])
            XCTAssertEqual(run.status, 0, "part \(part)/3: \(run.stderr)")
        }
        let merged = try Vitrine.run(["build", "--merge", site])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        try SiteComparison.assertSame(site, single)
    }

    /// `--originals copy --keep-metadata` copies a pair's RAW beside its JPEG (`raw.original`);
    /// a RAW replaced beside an unchanged JPEG is copied again. Without `--keep-metadata` the RAW
    /// is not copied: its metadata cannot be removed.
    func testOriginalsCopyTheRAWBesideTheJPEGAndARebuildNoticesANewRAW() throws {
        try pair("IMG_0001", jpegName: "IMG_0001.JPG", jpegDate: Self.date)
        let options = ["--no-tiles", "--no-sheets", "--progress", "none", "--originals", "copy"]
        let stripped = try Vitrine.run(["build", source, "-o", site] + options)
        XCTAssertEqual(stripped.status, 0, stripped.stderr)
        var item = try XCTUnwrap(items(try manifest(site + "/manifest.json"))["img-0001-2"])
        XCTAssertNotNil(item["original"])
        XCTAssertNil((item["raw"] as? [String: Any])?["original"], "\(item)")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: site + "/originals"), ["img-0001-2.jpg"])

        let kept = try Vitrine.run(["build", source, "-o", site, "--keep-metadata"] + options)
        XCTAssertEqual(kept.status, 0, kept.stderr)
        item = try XCTUnwrap(items(try manifest(site + "/manifest.json"))["img-0001-2"])
        try SchemaCheck.assertValid(site + "/manifest.json")
        XCTAssertEqual((item["original"] as? [String: Any])?["path"] as? String, "originals/img-0001-2.jpg")
        let copy = try XCTUnwrap((item["raw"] as? [String: Any])?["original"] as? [String: Any])
        XCTAssertEqual(copy["path"] as? String, "originals/img-0001-2.dng")
        let dng = source + "/IMG_0001.DNG"
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: site + "/originals/img-0001-2.dng")), try Data(contentsOf: URL(fileURLWithPath: dng)))
        XCTAssertEqual(copy["bytes"] as? Int, try Data(contentsOf: URL(fileURLWithPath: dng)).count)
        let pageData = try String(contentsOfFile: site + "/data/0001.js", encoding: .utf8)
        XCTAssertTrue(pageData.contains(#""rawOriginal":{"bytes":\#(copy["bytes"] as? Int ?? 0),"path":"originals/img-0001-2.dng"}"#),
            "the page offers the RAW for download: \(pageData.prefix(600))")

        // Another DNG of the same size and date: only its hash tells.
        let thumbnails = try FileManager.default.contentsOfDirectory(atPath: site + "/thumbs").sorted()
        let before = try thumbnails.map { try FileManager.default.attributesOfItem(atPath: site + "/thumbs/" + $0)[.modificationDate] as? Date }
        var replaced = try Data(contentsOf: URL(fileURLWithPath: dng))
        replaced[replaced.count - 1] ^= 0xFF
        try replaced.write(to: URL(fileURLWithPath: dng))
        let again = try Vitrine.run(["build", source, "-o", site, "--keep-metadata"] + options)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: site + "/originals/img-0001-2.dng")), replaced)
        let after = try thumbnails.map { try FileManager.default.attributesOfItem(atPath: site + "/thumbs/" + $0)[.modificationDate] as? Date }
        XCTAssertEqual(before, after, "the JPEG's outputs are kept")
    }
}
