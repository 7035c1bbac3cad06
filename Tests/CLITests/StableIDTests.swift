import Foundation
import XCTest

/// Issue 39, fault 4: deleting one file renamed its look-alike neighbours (`a b.jpg`, `a-b.jpg`,
/// `a_b.jpg` got `a-b`, `a-b-2`, `a-b-3`; without `a b.jpg` the others became `a-b` and `a-b-2`),
/// so a deep link to `#/i/a-b-2` opened another photo. A rebuild keeps the ids of the site's last
/// manifest, by the bytes of each source's path; a new file gets an id no current item holds.
final class StableIDTests: HardeningIIITestCase {
    /// Options that keep each build small: ids are what is looked at.
    let small = ["--no-tiles", "--no-sheets"]

    /// Writes each named photo into `source`: 64×48, of its own colour, with a white square at
    /// its own place, so that no two look alike in their pixels.
    func makePhotos(_ names: [String], in source: String, first: Int = 0) throws {
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        let script = """
            import sys
            from PIL import Image, ImageDraw
            root, first = sys.argv[1], int(sys.argv[2])
            for n, name in enumerate(sys.argv[3:], start=first):
                image = Image.new("RGB", (64, 48), ((n * 71 + 20) % 256, (n * 113 + 90) % 256, (n * 29 + 200) % 256))
                ImageDraw.Draw(image).rectangle([n * 5 % 44, n * 3 % 28, n * 5 % 44 + 16, n * 3 % 28 + 16], fill=(255, 255, 255))
                image.save(root + "/" + name, quality=95)
            """
        let run = try Program.run("/usr/bin/python3", ["-c", script, source, String(first)] + names)
        XCTAssertEqual(run.status, 0, run.stderr)
    }

    /// The site's items by the bytes of their source path (a `String` key would take the NFC and
    /// the NFD spelling of a name for one): id and sha256.
    func ids(_ site: String, manifestName: String = "manifest.json") throws -> [[UInt8]: (id: String, sha256: String)] {
        let data = try Data(contentsOf: URL(fileURLWithPath: site + "/" + manifestName))
        let manifest = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var result: [[UInt8]: (id: String, sha256: String)] = [:]
        for item in items(manifest) {
            let source = try XCTUnwrap(item["source"] as? [String: Any])
            let path = try XCTUnwrap(source["path"] as? String)
            result[Array(path.utf8)] = (try XCTUnwrap(item["id"] as? String), try XCTUnwrap(source["sha256"] as? String))
        }
        return result
    }

    /// Names to ids, for comparing with what is expected.
    func idsByName(_ site: String) throws -> [String: String] {
        Dictionary(try ids(site).map { (String(decoding: $0.key, as: UTF8.self), $0.value.id) }, uniquingKeysWith: { first, _ in first })
    }

    /// The display image of item `id`: its pixels against the source photo `source` (same size).
    func displayDifference(_ site: String, id: String, source: String) throws -> Double {
        let item = try XCTUnwrap(items(manifest(site)).first { $0["id"] as? String == id }, "no item \(id)")
        let renditions = try XCTUnwrap(item["renditions"] as? [[String: Any]])
        let display = try XCTUnwrap(renditions.first { $0["role"] as? String == "display" }?["path"] as? String)
        return try Pixels.meanDifference(site + "/" + display, source)
    }

    func testRemovingALookAlikeKeepsTheOthersIDsAndANewOneGetsAFreeID() throws {
        let source = folder + "/src", site = folder + "/site"
        try makePhotos(["a b.jpg", "a-b.jpg", "a_b.jpg"], in: source)
        XCTAssertEqual(try build(source, site, small).status, 0)
        XCTAssertEqual(try idsByName(site), ["a b.jpg": "a-b", "a-b.jpg": "a-b-2", "a_b.jpg": "a-b-3"])
        let linked = try XCTUnwrap(try ids(site)[Array("a-b.jpg".utf8)])
        // The reproducer: `a b.jpg` goes; the deep link #/i/a-b-2 still opens the same photo.
        try FileManager.default.removeItem(atPath: source + "/a b.jpg")
        let rebuilt = try build(source, site, small)
        XCTAssertEqual(rebuilt.status, 0, rebuilt.stderr)
        XCTAssertEqual(try idsByName(site), ["a-b.jpg": "a-b-2", "a_b.jpg": "a-b-3"])
        XCTAssertEqual(try ids(site)[Array("a-b.jpg".utf8)]?.sha256, linked.sha256)
        XCTAssertLessThan(try displayDifference(site, id: "a-b-2", source: source + "/a-b.jpg"), 3)
        XCTAssertGreaterThan(try displayDifference(site, id: "a-b-2", source: source + "/a_b.jpg"), 20)
        // New look-alikes: `a-b`, which no current item holds (the removed file's, stated in
        // vitrine-build(1)), goes to the first by name; the next takes the next free suffix, never
        // a held one.
        try makePhotos(["a.b.jpg", "a~b.jpg"], in: source, first: 3)
        XCTAssertEqual(try build(source, site, small).status, 0)
        XCTAssertEqual(try idsByName(site), ["a-b.jpg": "a-b-2", "a_b.jpg": "a-b-3", "a.b.jpg": "a-b", "a~b.jpg": "a-b-4"])
        XCTAssertLessThan(try displayDifference(site, id: "a-b-2", source: source + "/a-b.jpg"), 3)
        XCTAssertLessThan(try displayDifference(site, id: "a-b-4", source: source + "/a~b.jpg"), 3)
        // --force remakes every output and keeps every id.
        try FileManager.default.removeItem(atPath: source + "/a.b.jpg")
        let forced = try build(source, site, small + ["--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(try idsByName(site), ["a-b.jpg": "a-b-2", "a_b.jpg": "a-b-3", "a~b.jpg": "a-b-4"])
        // `scan` has no site: its ids are the rule for a fresh one, documented in vitrine-scan(1).
        let scanned = try Vitrine.run(["scan", source])
        XCTAssertEqual(scanned.status, 0, scanned.stderr)
        XCTAssertEqual(Set(items(try scanned.json()).compactMap { $0["id"] as? String }), ["a-b", "a-b-2", "a-b-3"])
    }

    /// `--force` alone, right after the removal: the ids stay, and each output is remade under them.
    func testForcedRebuildKeepsIDs() throws {
        let source = folder + "/src", site = folder + "/site"
        try makePhotos(["a b.jpg", "a-b.jpg", "a_b.jpg"], in: source)
        XCTAssertEqual(try build(source, site, small).status, 0)
        try FileManager.default.removeItem(atPath: source + "/a b.jpg")
        let forced = try build(source, site, small + ["--force"])
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertEqual(try idsByName(site), ["a-b.jpg": "a-b-2", "a_b.jpg": "a-b-3"])
        XCTAssertLessThan(try displayDifference(site, id: "a-b-3", source: source + "/a_b.jpg"), 3)
    }

    /// The NFC and the NFD spelling of `café.jpg` are two files: each keeps its id by its bytes,
    /// whichever came first and in whatever order the folder is written again.
    func testNFCAndNFDSpellingsKeepTheirIDsByBytes() throws {
        let source = folder + "/src", site = folder + "/site"
        let nfc = "caf\u{E9}.jpg", nfd = "cafe\u{301}.jpg"
        XCTAssertNotEqual(Array(nfc.utf8), Array(nfd.utf8))
        try makePhotos([nfc], in: source)
        XCTAssertEqual(try build(source, site, small).status, 0)
        XCTAssertEqual(try ids(site)[Array(nfc.utf8)]?.id, "cafe")
        // The NFD spelling sorts first by bytes; it used to take `cafe` from the photo that had it.
        try makePhotos([nfd], in: source, first: 1)
        XCTAssertEqual(try build(source, site, small).status, 0)
        let both = try ids(site)
        XCTAssertEqual(both.count, 2)
        XCTAssertEqual(both[Array(nfc.utf8)]?.id, "cafe")
        XCTAssertEqual(both[Array(nfd.utf8)]?.id, "cafe-2")
        // The folder made again (as a copy does), the files written in the other order.
        let copy = folder + "/copy"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for name in [nfd, nfc] { try FileManager.default.moveItem(atPath: source + "/" + name, toPath: copy + "/" + name) }
        try FileManager.default.removeItem(atPath: source)
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        for name in [nfd, nfc] { try FileManager.default.copyItem(atPath: copy + "/" + name, toPath: source + "/" + name) }
        XCTAssertEqual(try build(source, site, small).status, 0)
        let again = try ids(site)
        XCTAssertEqual(again[Array(nfc.utf8)]?.id, "cafe")
        XCTAssertEqual(again[Array(nfd.utf8)]?.id, "cafe-2")
        XCTAssertEqual(again[Array(nfc.utf8)]?.sha256, both[Array(nfc.utf8)]?.sha256)
        XCTAssertLessThan(try displayDifference(site, id: "cafe", source: copy + "/" + nfc), 3)
        XCTAssertLessThan(try displayDifference(site, id: "cafe-2", source: copy + "/" + nfd), 3)
    }

    /// The same in two parts: the look-alikes fall in different parts, each part reads the same
    /// last manifest, and `--merge` gives the ids one build gives, whichever part ran first.
    func testPartsAndMergeKeepIDsAndSettleNewLookAlikes() throws {
        let source = folder + "/src", site = folder + "/site"
        try makePhotos(["a b.jpg", "a-b.jpg", "a_b.jpg"], in: source)
        try buildInParts(source, site, order: [1, 2])
        XCTAssertEqual(try idsByName(site), ["a b.jpg": "a-b", "a-b.jpg": "a-b-2", "a_b.jpg": "a-b-3"])
        let parts = try [1, 2].map { try names(inPart: $0, of: site) }
        XCTAssertTrue(parts.allSatisfy { !$0.isEmpty }, "the look-alikes are in both parts: \(parts)")
        try FileManager.default.removeItem(atPath: source + "/a b.jpg")
        // `a b.jpg` was its part's only item: the part is meant to shrink.
        try buildInParts(source, site, order: [2, 1], extra: ["--allow-shrink"])
        XCTAssertEqual(try idsByName(site), ["a-b.jpg": "a-b-2", "a_b.jpg": "a-b-3"])
        XCTAssertLessThan(try displayDifference(site, id: "a-b-2", source: source + "/a-b.jpg"), 3)
        // New look-alikes, landing in both parts, settled the same whichever part runs first, and as
        // one build of the same site settles them.
        try makePhotos(["a.b.jpg", "a;b.jpg", "a~b.jpg", "a@b.jpg"], in: source, first: 3)
        let other = folder + "/other", whole = folder + "/whole"
        try FileManager.default.copyItem(atPath: site, toPath: other)
        try FileManager.default.copyItem(atPath: site, toPath: whole)
        try buildInParts(source, site, order: [1, 2])
        try buildInParts(source, other, order: [2, 1])
        XCTAssertEqual(try build(source, whole, small).status, 0)
        let expected = ["a-b.jpg": "a-b-2", "a_b.jpg": "a-b-3", "a.b.jpg": "a-b", "a;b.jpg": "a-b-4", "a@b.jpg": "a-b-5",
            "a~b.jpg": "a-b-6"]
        XCTAssertEqual(try idsByName(site), expected)
        XCTAssertEqual(try idsByName(other), expected)
        XCTAssertEqual(try idsByName(whole), expected)
        let newParts = try [1, 2].map { try names(inPart: $0, of: site) }
        let added: Set = ["a.b.jpg", "a;b.jpg", "a~b.jpg", "a@b.jpg"]
        XCTAssertTrue(newParts.allSatisfy { !$0.isDisjoint(with: added) }, "new look-alikes in both parts: \(newParts)")
    }

    /// The source names of part `part` of 2 (its manifest in `site/parts/`).
    func names(inPart part: Int, of site: String) throws -> Set<String> {
        Set(try ids(site, manifestName: "parts/\(part)-of-2.json").keys.map { String(decoding: $0, as: UTF8.self) })
    }

    /// `vitrine build --shard K/2` for each K of `order`, then `--merge`.
    func buildInParts(_ source: String, _ site: String, order: [Int], extra: [String] = []) throws {
        for part in order {
            let run = try build(source, site, small + extra + ["--shard", "\(part)/2"])
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let merged = try Vitrine.run(["build", "--merge", site], environment: environment)
        XCTAssertEqual(merged.status, 0, merged.stderr)
    }
}
