import Foundation
import XCTest

/// Issue 44's acceptance on a large gallery: on the generated gallery of 150,000 items in 500
/// albums (bench/page's generator, driven by `Tests/Support/large_search_check.py`: hard links to
/// the renditions of a real build of Examples/media), `vitrine page` writes the page and its search
/// index; in Debian's headless Chromium, over HTTP, a word typed in the root view finds an item
/// deep in an album the session never opened, and the browser's resource log shows no `data/`
/// album chunk loaded for it.
final class LargeGallerySearchTests: TemporaryFolderTestCase {
    static let items = 150_000
    static let albums = 500
    /// In no caption of Examples/media: the one item given it is the only one to have it.
    static let word = "quetzalcoatlus"

    /// `data/[ALBUM/]NNNN.js`: a chunk of an album's items (not the album tree, nor the id lookup).
    static func isAlbumChunk(_ path: String) -> Bool {
        guard path.hasPrefix("data/"), let name = path.split(separator: "/").last, name.hasSuffix(".js") else { return false }
        let stem = name.dropLast(3)
        return stem.count >= 4 && stem.allSatisfy(\.isASCII) && stem.allSatisfy(\.isNumber)
    }

    func driver(_ python: String, _ arguments: [String]) throws -> Program.Result {
        let script = Repository.root.appendingPathComponent("Tests/Support/large_search_check.py").path
        return try Program.run(python, [script] + arguments)
    }

    func testAWordFindsAnItemOfAnAlbumNeverOpenedWithNoAlbumChunkLoaded() throws {
        let python = try Browser.python()
        let template = folder + "/template"
        let build = try Vitrine.run(["build", Repository.examples, "-o", template, "--no-tiles", "--no-sheets", "--albums", "none",
                                     "--no-video-copies", "--quiet"])
        XCTAssertEqual(build.status, 0, build.stderr)
        let made = try driver(python, ["make", template, folder, "--items", "\(Self.items)", "--albums", "\(Self.albums)",
                                       "--word", Self.word])
        XCTAssertEqual(made.status, 0, "large_search_check.py make: \(made.stderr)")
        let gallery = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: Any])
        let site = try XCTUnwrap(gallery["site"] as? String), target = try XCTUnwrap(gallery["target"] as? String)
        let album = try XCTUnwrap(gallery["album"] as? String)
        XCTAssertEqual(gallery["items"] as? Int, Self.items)
        XCTAssertEqual(gallery["others"] as? Int, 0, "no other item's caption holds \(Self.word)")
        XCTAssertGreaterThan(gallery["position"] as? Int ?? 0, 20_000, "the item is deep in its album")

        let page = try Vitrine.run(["page", site + "/manifest.json", "-o", site, "--videos", "none"], timeout: 1200)
        XCTAssertEqual(page.status, 0, page.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/search/index.js"), "vitrine page writes the search index")
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/data/\(album)/0001.js"), "the album's chunks are there to be loaded")

        let server = try LocalServer(serving: site)
        defer { server.stop() }
        let reportPath = folder + "/report.json"
        let checked = try driver(python, ["check", server.base + "index.html", "--word", Self.word, "--report", reportPath])
        XCTAssertEqual(checked.status, 0, "large_search_check.py check: \(checked.stderr)")
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: reportPath)))
            as? [String: Any])
        XCTAssertEqual(report["ready"] as? String, "true")
        XCTAssertEqual(report["focused"] as? String, "search-box", "/ focuses the search box")
        let results = try XCTUnwrap(report["results"] as? [String: Any], "no results shown for \(Self.word): \(report)")
        XCTAssertEqual(results["count"] as? String, "1 result for \u{201C}\(Self.word)\u{201D}")
        let name = String(target.split(separator: "/").last ?? "") + ".jpg"
        XCTAssertEqual(results["labels"] as? [String], [name], "the item \(target) is the result")

        let before = report["before"] as? [String] ?? [], after = report["after"] as? [String] ?? []
        XCTAssertTrue(after.contains("search/index.js"), "the query loaded the index: \(after)")
        XCTAssertTrue(after.contains { $0.hasPrefix("search/t/") }, "and a term piece: \(after)")
        XCTAssertTrue(after.contains { $0.hasPrefix("search/r/") }, "and a record piece: \(after)")
        XCTAssertFalse((before + after).contains { $0.hasPrefix("data/\(album)/") },
                       "no chunk of \(album), never opened: \(before + after)")
        let albumChunks = after.filter(Self.isAlbumChunk)
        XCTAssertEqual(albumChunks, [], "no album chunk of data/ loaded for the query")
        XCTAssertLessThan(after.filter { $0.hasPrefix("search/") }.count, 10, "a few pieces of the index, never all: \(after)")
    }
}
