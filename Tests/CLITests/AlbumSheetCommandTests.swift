import Foundation
import VipsKit
import XCTest

/// `vitrine sheet` and `vitrine build` with albums, through the real binary: per-album pages
/// named by the album's id beside the root's, listed with their album.
final class AlbumSheetCommandTests: TemporaryFolderTestCase {
    /// The examples' pictures: four in the root album, the portraits in `portraits/`.
    var source: String { folder + "/src" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: source + "/portraits", withIntermediateDirectories: true)
        for name in ["astronaut.jpg", "chelsea.jpg", "coffee.jpg", "orientation-landscape-1.jpg"] {
            try FileManager.default.copyItem(atPath: Repository.examples + "/" + name, toPath: source + "/" + name)
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: Repository.examples + "/portraits") {
            try FileManager.default.copyItem(atPath: Repository.examples + "/portraits/" + name, toPath: source + "/portraits/" + name)
        }
    }

    func sheets(_ run: Vitrine.Run) throws -> [[String: Any]] { try XCTUnwrap(try run.json()["sheets"] as? [[String: Any]]) }

    func testSheetOfAManifestWithAlbumsMakesEachAlbumsPagesInItsFolder() throws {
        let scan = try Vitrine.run(["scan", source])
        XCTAssertEqual(scan.status, 0, scan.stderr)
        try scan.stdout.write(to: URL(fileURLWithPath: folder + "/m.json"))
        let portraits = try XCTUnwrap((try scan.json()["items"] as? [[String: Any]])?.filter { $0["album"] as? String == "portraits" })
        XCTAssertFalse(portraits.isEmpty)
        let run = try Vitrine.run(["sheet", "--manifest", folder + "/m.json", "-o", folder + "/out/proof.jpg", "--per-sheet", "3"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let listed = try sheets(run)
        let portraitPages = (portraits.count + 2) / 3
        let expected = ["proof-001.jpg", "proof-002.jpg"]
            + (portraitPages == 1 ? ["portraits/proof.jpg"] : (1...portraitPages).map { String(format: "portraits/proof-%03d.jpg", $0) })
        XCTAssertEqual(listed.map { $0["path"] as? String }, expected)
        XCTAssertEqual(listed.map { $0["album"] as? String }, ["", ""] + Array(repeating: "portraits", count: portraitPages))
        XCTAssertEqual(listed.map { $0["page"] as? Int }, [1, 2] + Array(1...portraitPages))
        XCTAssertEqual(listed.flatMap { $0["items"] as? [String] ?? [] }.filter { $0.hasPrefix("portraits/") },
            portraits.map { $0["id"] as? String ?? "" }, "each album's own items, in its order")
        for path in expected {
            let image = try Image.load(folder + "/out/" + path)
            XCTAssertGreaterThan(image.width, 0, path)
        }
        try run.stdout.write(to: URL(fileURLWithPath: folder + "/sheets.json"))
        let check = try Vitrine.run(["manifest", "validate", folder + "/sheets.json"])
        XCTAssertEqual(check.status, 0, check.stderr)
        try SchemaCheck.assertValid(folder + "/sheets.json")
    }

    /// Without albums the sheet is the gallery's, as before albums: one series, no `album`,
    /// whether read from a scan's manifest or made from the scan itself.
    func testAManifestWithoutAlbumsMakesOneSeries() throws {
        let scan = try Vitrine.run(["scan", source, "--albums", "none"])
        XCTAssertEqual(scan.status, 0, scan.stderr)
        try scan.stdout.write(to: URL(fileURLWithPath: folder + "/flat.json"))
        let run = try Vitrine.run(["sheet", "--manifest", folder + "/flat.json", "-o", folder + "/a/proof.jpg", "--per-sheet", "2"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let listed = try sheets(run)
        XCTAssertEqual(listed.map { $0["path"] as? String }, ["proof-001.jpg", "proof-002.jpg", "proof-003.jpg"])
        XCTAssertTrue(listed.allSatisfy { $0["album"] == nil })
        XCTAssertEqual(listed.map { $0["page"] as? Int }, [1, 2, 3])
        XCTAssertEqual(listed.flatMap { $0["items"] as? [String] ?? [] }, items(try scan.json()).map { $0["id"] as? String ?? "" })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder + "/a").sorted(), ["proof-001.jpg", "proof-002.jpg", "proof-003.jpg"])
        let direct = try Vitrine.run(["sheet", source, "--albums", "none", "-o", folder + "/b/proof.jpg", "--per-sheet", "2"])
        XCTAssertEqual(direct.status, 0, direct.stderr)
        XCTAssertEqual(try sheets(direct).map { $0["items"] as? [String] ?? [] }, listed.map { $0["items"] as? [String] ?? [] })
        XCTAssertTrue(try sheets(direct).allSatisfy { $0["album"] == nil })
    }

    /// `build`: the summary and `--dry-run` count every album's pages.
    func testBuildCountsEveryAlbumsPages() throws {
        let site = folder + "/site"
        let options = ["--no-tiles", "--no-page", "--sheet-per-page", "3"]
        let dry = try Vitrine.run(["build", source, "-o", site, "--dry-run", "--verbose"] + options)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stdoutText.contains("make sheet sheets/sheet-002.jpg\n"), dry.stdoutText)
        XCTAssertTrue(dry.stdoutText.contains("make sheet sheets/portraits/"), dry.stdoutText)
        let build = try Vitrine.run(["build", source, "-o", site] + options)
        XCTAssertEqual(build.status, 0, build.stderr)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json"))) as? [String: Any]
        let pages = try XCTUnwrap(manifest?["sheets"] as? [[String: Any]]).map { $0["path"] as? String ?? "" }
        for page in pages { XCTAssertTrue(dry.stdoutText.contains("make sheet " + page + "\n"), page) }
        XCTAssertEqual(dry.stdoutText.components(separatedBy: "make sheet ").count - 1, pages.count)
        let again = try Vitrine.run(["build", source, "-o", site, "--dry-run", "--verbose", "--albums", "none"] + options)
        XCTAssertTrue(again.stdoutText.contains("remove sheets/portraits/"), again.stdoutText)
    }
}
