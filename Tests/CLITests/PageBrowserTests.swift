import Foundation
import XCTest

/// Issue 16's acceptance, in Debian's headless Chromium: the gallery page `vitrine page` writes
/// for a site made by `vitrine thumbs`, opened from disk (`file://`) and from
/// `python3 -m http.server`.
final class PageBrowserTests: TemporaryFolderTestCase {
    /// Screenshots are kept as CI artefacts.
    static let screenshots = Repository.root.appendingPathComponent(".build/page-screenshots").path

    func manifest(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// `thumbs INPUTS -o SITE OPTIONS` into SITE/manifest.json, then `page`.
    func makeSite(_ inputs: [String], _ options: [String], site: String) throws -> [String: Any] {
        let thumbs = try Vitrine.run(["thumbs"] + inputs + ["-o", site] + options)
        XCTAssertEqual(thumbs.status, 0, thumbs.stderr)
        try thumbs.stdout.write(to: URL(fileURLWithPath: site + "/manifest.json"))
        try writePage(site)
        return try manifest(site + "/manifest.json")
    }

    func writePage(_ site: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let page = try Vitrine.run(["page", site + "/manifest.json", "-o", site], currentDirectory: Repository.root.path)
        XCTAssertEqual(page.status, 0, page.stderr, file: file, line: line)
        XCTAssertEqual(page.stdoutText, site + "/index.html\n", file: file, line: line)
    }

    func counters(_ report: [String: Any]) -> [String] { report["counters"] as? [String] ?? [] }

    /// The gallery of Examples/media and three corpus photos (one large enough for tiles):
    /// from disk, then, after a selection and the page written again, over HTTP.
    func testGalleryFromDiskAndOverHTTP() throws {
        let photos = try Corpus.path("photos")
        let site = folder + "/site"
        let inputs = [Repository.examples] + ["mate__Elephants_3840x2160.jpg", "mate__LadyBird.jpg", "forensics__IMG_1054.jpg"]
            .map { photos + "/" + $0 }
        let gallery = try makeSite(inputs, ["--size", "256", "--size", "1024", "--tiles", "--min-size", "3000"], site: site)
        // The root album's own items: Examples/media/portraits/ is an album of its own.
        let list = items(gallery).filter { ($0["album"] as? String ?? "") == "" }
        XCTAssertLessThan(list.count, items(gallery).count)
        let count = list.count
        let ids = list.compactMap { $0["id"] as? String }
        let tiled = try XCTUnwrap(list.firstIndex { $0["tiles"] != nil }, "one photo has tiles")
        XCTAssertEqual(list.filter { $0["tiles"] != nil }.count, 1)
        let clip = try XCTUnwrap(ids.firstIndex(of: "clip"))
        let doubleTap = try XCTUnwrap((list[tiled]["zoom"] as? [String: Any])?["doubleTapScale"] as? Double)

        let disk = try Browser.check("file://" + site + "/index.html", ["--manifest", site + "/manifest.json", "--screenshots", Self.screenshots, "--open", "2",
            "--presses", String(count - 2), "--zoom", String(tiled), "--tiles", String(tiled), "--thumbhash"], in: folder)
        XCTAssertEqual(disk["ready"] as? String, "true")
        let cells = try XCTUnwrap(disk["cells"] as? [[String: Any]])
        XCTAssertEqual(cells.map { $0["index"] as? Int }, Array(0..<count), "one cell per item of the album, in order")
        for (cell, item) in zip(cells, list) {
            let rendition = ((item["renditions"] as? [[String: Any]])?.first?["path"] as? String) ?? ""
            XCTAssertEqual(cell["src"] as? String, rendition, "the cell of \(item["id"]!) starts with its smallest rendition")
            XCTAssertEqual(cell["loading"] as? String, "lazy")
            XCTAssertEqual((cell["srcset"] as? String)?.components(separatedBy: ", ").count, (item["renditions"] as? [Any])?.count)
            // Drawn from its BMP: a colour, not the black of pixels read as transparent.
            let colour = try XCTUnwrap(cell["placeholderColour"] as? [Double], "a placeholder is painted at once")
            XCTAssertGreaterThan(colour.reduce(0, +), 30, "\(colour)")
            XCTAssertEqual(cell["duration"] as? String, item["durationLabel"] as? String)
            XCTAssertNil(cell["selection"] as? String)
            XCTAssertEqual(cell["width"] as? Double, cell["height"] as? Double, "square, aspect-filled cells")
            XCTAssertFalse((cell["alt"] as? String ?? "").isEmpty, "alt text: the title, caption or name")
            XCTAssertNotEqual(cell["alt"] as? String, item["id"] as? String, "never the id")
        }
        XCTAssertEqual(cells[clip]["duration"] as? String, "0:04")
        XCTAssertEqual(disk["gridGap"] as? String, "30px", "the manifest's default gap")
        for hash in try XCTUnwrap(disk["thumbhash"] as? [[String: Any]]) {
            XCTAssertEqual(hash["pageSize"] as? [Int], hash["referenceSize"] as? [Int])
            XCTAssertLessThanOrEqual(hash["maxDifference"] as? Int ?? 255, 1, "the page's ThumbHash decoder against thumbhash-python: \(hash)")
        }
        XCTAssertEqual(disk["thumbhash"].flatMap { ($0 as? [Any])?.count }, items(gallery).count)
        // Third cell, then to the end and one more: not cyclic, so it stays.
        XCTAssertEqual(counters(disk), ["3 of \(count)"] + (4...count).map { "\($0) of \(count)" } + ["\(count) of \(count)"])
        XCTAssertEqual(disk["focusInViewer"] as? Bool, true)
        XCTAssertEqual(disk["closedByEscape"] as? Bool, true)
        XCTAssertEqual(disk["focusBackOnCell"] as? String, "2", "Escape gives the focus back to the cell")
        XCTAssertEqual((disk["focusRing"] as? [String])?.first, "solid", "a visible focus ring")
        XCTAssertEqual(disk["afterSwipe"] as? String, "\(count - 1) of \(count)", "a swipe to the right goes back")
        let widths = try XCTUnwrap(disk["zoomWidths"] as? [Double])
        XCTAssertEqual(widths.count, 3)
        XCTAssertEqual(widths[1] / widths[0], doubleTap, accuracy: 0.01, "double click zooms to doubleTapScale")
        XCTAssertEqual(widths[2], widths[0], accuracy: 0.5, "and back")
        // The wheel stops at 1:1 in this window (the manifest's maxScale was for 1920×1080).
        let wheel = try XCTUnwrap(disk["wheelWidth"] as? Double)
        let width = try XCTUnwrap(list[tiled]["width"] as? Double)
        XCTAssertEqual(wheel, width, accuracy: 1, "wheel zoom to one picture pixel a screen pixel")
        try assertDeeperTiles(disk, id: ids[tiled])
        let video = try XCTUnwrap(disk["video"] as? [String: Any])
        XCTAssertEqual(video["src"] as? String, "clip.mp4", "the video copied into the site")
        let played = try XCTUnwrap(video["playback"] as? [String: Any], "\(video)")
        XCTAssertGreaterThan(played["videoWidth"] as? Int ?? 0, 0, "its picture decodes: \(played)")
        XCTAssertGreaterThan(played["currentTime"] as? Double ?? 0, 0.5, "\(played)")
        XCTAssertGreaterThan(played["framesAfter"] as? Int ?? 0, played["framesBefore"] as? Int ?? 0, "\(played)")
        XCTAssertEqual(video["poster"] as? String, (list[clip]["renditions"] as? [[String: Any]])?.last?["path"] as? String)
        XCTAssertGreaterThanOrEqual(video["readyState"] as? Int ?? 0, 1, "its metadata loaded: \(video)")
        XCTAssertEqual(Browser.requestsOutside("file://" + site + "/", disk), [])
        XCTAssertEqual(Browser.consoleErrors(disk), [])
        for name in ["grid", "viewer"] {
            XCTAssertGreaterThan(try Browser.deviation(Self.screenshots + "/\(name).png"), 20, "\(name).png is not blank")
        }

        // Two chosen, the page written again: their cells show 1 and 2. Now over HTTP.
        let select = try Vitrine.run(["select", "--in-place", site + "/manifest.json", "--add", ids[4], "--add", ids[1]])
        XCTAssertEqual(select.status, 0, select.stderr)
        try writePage(site)
        let server = try LocalServer(serving: site)
        defer { server.stop() }
        let http = try Browser.check(server.base + "index.html", ["--manifest", site + "/manifest.json", "--open", "2", "--presses", String(count - 2), "--tiles", String(tiled)],
            in: folder)
        let chosen = try XCTUnwrap(http["cells"] as? [[String: Any]]).map { $0["selection"] as? String }
        XCTAssertEqual(chosen, (0..<count).map { $0 == 4 ? "1" : $0 == 1 ? "2" : nil })
        XCTAssertEqual(counters(http).last, "\(count) of \(count)")
        try assertDeeperTiles(http, id: ids[tiled])
        let resources = try XCTUnwrap(http["resources"] as? [String])
        XCTAssertTrue(resources.contains { $0.contains("_files/") }, "resource timing saw the tiles")
        XCTAssertEqual(resources.filter { !$0.hasPrefix(server.base) }, [], "no request leaves the server")
        XCTAssertEqual(Browser.requestsOutside(server.base, http), [])
        XCTAssertEqual(Browser.consoleErrors(http), [])
    }

    func assertDeeperTiles(_ report: [String: Any], id: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let tiles = try XCTUnwrap(report["tiles"] as? [String: Any], file: file, line: line)
        let before = try XCTUnwrap(tiles["before"] as? [String: Any], file: file, line: line)
        let after = try XCTUnwrap(tiles["after"] as? [String: Any], file: file, line: line)
        let levelBefore = try XCTUnwrap(before["level"] as? Int), levelAfter = try XCTUnwrap(after["level"] as? Int)
        XCTAssertGreaterThan(levelAfter, levelBefore, "zooming in asks for a deeper level", file: file, line: line)
        let urls = (after["urls"] as? [String]) ?? []
        XCTAssertFalse(urls.isEmpty, file: file, line: line)
        XCTAssertTrue(urls.allSatisfy { $0.hasPrefix("\(id)_files/\(levelAfter)/") }, "\(urls.prefix(3))", file: file, line: line)
        let requested = (report["requests"] as? [String]) ?? []
        XCTAssertTrue(requested.contains { $0.contains("\(id)_files/\(levelAfter)/") }, "the deeper tiles were requested",
            file: file, line: line)
    }

    /// Examples/media with `--direction vertical --gap 12 --cyclic`: pages slide down with a
    /// 12-pixel gap, the grid's gap is 12, and ArrowRight at the end wraps to the first item.
    func testVerticalCyclicSiteWithGap() throws {
        let site = folder + "/site"
        let gallery = try makeSite([Repository.examples], ["--size", "256", "--direction", "vertical", "--gap", "12", "--cyclic"], site: site)
        let count = items(gallery).filter { ($0["album"] as? String ?? "") == "" }.count
        let server = try LocalServer(serving: site)
        defer { server.stop() }
        let report = try Browser.check(server.base, ["--manifest", site + "/manifest.json", "--gap-at", "3", "--open", "2", "--presses", String(count - 2)], in: folder)
        XCTAssertEqual(report["vertical"] as? Bool, true)
        let pages = try XCTUnwrap(report["pages"] as? [[String: Any]])
        func page(_ slot: Int) throws -> [String: Double] {
            let found = try XCTUnwrap(pages.first { $0["slot"] as? Int == slot }, "slot \(slot) in \(pages)")
            return found.compactMapValues { $0 as? Double }
        }
        let (previous, shown, next) = (try page(-1), try page(0), try page(1))
        XCTAssertEqual(next["top"]! - (shown["top"]! + shown["height"]!), 12, accuracy: 0.5, "12 px below the page shown")
        XCTAssertEqual(shown["top"]! - (previous["top"]! + previous["height"]!), 12, accuracy: 0.5)
        XCTAssertEqual(next["left"]!, shown["left"]!, accuracy: 0.5, "straight down")
        XCTAssertEqual(report["gridGap"] as? String, "12px")
        XCTAssertEqual(counters(report), ["3 of \(count)"] + (4...count).map { "\($0) of \(count)" } + ["1 of \(count)"],
            "cyclic: one past the end is the first")
        XCTAssertEqual(Browser.requestsOutside(server.base, report), [])
        XCTAssertEqual(Browser.consoleErrors(report), [])
    }
}
