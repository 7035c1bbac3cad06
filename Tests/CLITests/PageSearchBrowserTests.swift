import Foundation
import XCTest

/// Issue 44's search on the page, in Debian's headless Chromium, driven by
/// `Tests/Support/search_check.py`: a gallery `vitrine build` makes of corpus photos, each given
/// one word in one field (a sidecar caption, an XMP keyword, an IPTC title, a sidecar place, its
/// file's name, an album's title), found by the page from its search pieces, over HTTP in the
/// `grid` theme and from disk in `justified`; filters without a word from their values' pieces.
final class PageSearchBrowserTests: TemporaryFolderTestCase {
    var source: String { folder + "/src" }
    var site: String { folder + "/site" }
    /// In the album `italia` ("Vacanze romane"): four photos of one phone, 2019 and 2020.
    static let albumPhotos = ["forensics__IMG_20191224_234846.jpg", "forensics__IMG_20200124_231153.jpg",
                              "forensics__IMG_20200608_111614.jpg", "forensics__IMG_20200827_231612.jpg"]
    static let rootPhotos = ["plasma__Kite.jpg", "mate__Storm.jpg", "mate__Dune.jpg", "mate__Wood.jpg",
                             "lomiri1604__Dragonfly_by_Bolly.jpg", "forensics__IMG_1054.jpg", "mate__Elephants_3840x2160.jpg"]
    /// What each query finds (the cells' labels: a record's file name), in rank order.
    static let found: [(query: String, labels: [String])] = [
        ("vlieland", ["plasma__Kite.jpg"]),                   // the sidecar's caption
        ("thunderhead", ["mate__Storm.jpg"]),                 // an XMP keyword
        ("sahara", ["mate__Dune.jpg"]),                       // an IPTC title
        ("kirkenes", ["mate__Wood.jpg"]),                     // the sidecar's place
        ("dragonfly", ["lomiri1604__Dragonfly_by_Bolly.jpg"]), // the file's name
        ("vacanze", albumPhotos.reversed()),                  // the album's title; newest first
    ]

    static let markup = "<img src=x onerror=alert(1)>"

    func makeGallery() throws {
        let corpus = try Corpus.path("photos")
        try FileManager.default.createDirectory(atPath: source + "/italia", withIntermediateDirectories: true)
        for name in Self.rootPhotos { try FileManager.default.copyItem(atPath: corpus + "/" + name, toPath: source + "/" + name) }
        for name in Self.albumPhotos { try FileManager.default.copyItem(atPath: corpus + "/" + name, toPath: source + "/italia/" + name) }
        try write("italia/index.md", "Title: Vacanze romane\n")
        try write("plasma__Kite.txt", "A kite over the dunes of Vlieland.\n")
        try write("mate__Wood.md", "Location: Kirkenes\n\nBirch wood in winter.\n")
        try Program.output("exiv2", ["-M", "set Xmp.dc.subject XmpBag Thunderhead", source + "/mate__Storm.jpg"])
        try Program.output("exiv2", ["-M", "set Iptc.Application2.ObjectName Sahara Crossing", source + "/mate__Dune.jpg"])
        let build = try Vitrine.run(["build", source, "-o", site, "--no-tiles", "--no-sheets"])
        XCTAssertEqual(build.status, 0, build.stderr)
    }

    func write(_ relative: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: source + "/" + relative))
    }

    /// search_check.py's report on `url` for `spec`.
    func check(_ url: String, _ spec: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let python = try Browser.python(file: file, line: line)
        let specPath = folder + "/spec-\(UUID().uuidString.prefix(8)).json"
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: specPath))
        let report = specPath.replacingOccurrences(of: "spec-", with: "report-")
        let script = Repository.root.appendingPathComponent("Tests/Support/search_check.py").path
        let result = try Program.run(python, [script, url, "--spec", specPath, "--report", report])
        XCTAssertEqual(result.status, 0, "search_check.py: \(result.stderr)", file: file, line: line)
        let facts = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any],
            file: file, line: line)
        XCTAssertEqual(facts["ready"] as? String, "true", file: file, line: line)
        XCTAssertEqual(facts["hasSearch"] as? Bool, true, file: file, line: line)
        return facts
    }

    func queries(_ report: [String: Any]) -> [[String: Any]] { report["queries"] as? [[String: Any]] ?? [] }

    /// Each query's results, as `found` says, and their count announced.
    func assertFound(_ report: [String: Any], file: StaticString = #filePath, line: UInt = #line) {
        let answers = queries(report)
        XCTAssertGreaterThanOrEqual(answers.count, Self.found.count, file: file, line: line)
        for (answer, (query, labels)) in zip(answers, Self.found) {
            XCTAssertEqual(answer["labels"] as? [String], labels, query, file: file, line: line)
            let results = labels.count == 1 ? "1 result" : "\(labels.count) results"
            XCTAssertEqual(answer["count"] as? String, "\(results) for \u{201C}\(query)\u{201D}", file: file, line: line)
        }
    }

    /// axe counts nothing serious with the results and filters shown, light and dark.
    func assertAxe(_ report: [String: Any], _ theme: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let schemes = try XCTUnwrap(report["axe"] as? [String: Any], file: file, line: line)
        for name in ["light", "dark"] {
            let violations = try XCTUnwrap(schemes[name] as? [[String: Any]], "\(theme) \(name): \(schemes[name] ?? "")", file: file, line: line)
            let counted = violations.filter { ["critical", "serious", "moderate"].contains($0["impact"] as? String ?? "") }
            XCTAssertEqual(counted.count, 0, "axe, \(theme) \(name): \(counted)", file: file, line: line)
        }
    }

    func testSearchFindsEachFieldNarrowsFiltersReloadsAndOpensOverHTTP() throws {
        try makeGallery()
        let server = try LocalServer(serving: site)
        defer { server.stop() }
        let filtered: [String: Any] = ["q": "img", "filters": ["year": "2020", "camera": "Xiaomi Mi A3"]]
        let spec: [String: Any] = [
            "queries": Self.found.map { ["q": $0.query] } + [["q": "img"], ["q": "img vacanze"], filtered, ["q": Self.markup]],
            "typed": "img", "reload": filtered, "choose": ["q": "img", "filter": "year"],
        ]
        let report = try check(server.base + "index.html", spec)
        assertFound(report)
        let answers = queries(report)
        let (img, narrowed, yearAndCamera) = (answers[6], answers[7], answers[8])
        XCTAssertEqual((img["labels"] as? [String])?.count, 5, "every IMG file: \(img)")
        XCTAssertEqual(narrowed["labels"] as? [String], Self.albumPhotos.reversed(), "a second word narrows")
        XCTAssertEqual(yearAndCamera["labels"] as? [String], Array(Self.albumPhotos.dropFirst().reversed()), "2020 and the Mi A3")
        XCTAssertEqual(yearAndCamera["count"] as? String, "3 results for \u{201C}img\u{201D}")
        // The URL the driver loaded: its filters in the order of a Swift dictionary's JSON, any.
        let hash = yearAndCamera["hash"] as? String ?? ""
        XCTAssert(hash.hasPrefix("#/s/?"), hash)
        XCTAssertEqual(Set(hash.dropFirst("#/s/?".count).split(separator: "&")), ["q=img", "year=2020", "camera=Xiaomi+Mi+A3"])

        let markup = answers[9]
        XCTAssertEqual(markup["title"] as? String, "Search: " + Self.markup, "what is typed is shown as text")
        XCTAssertEqual(markup["count"] as? String, "0 results for \u{201C}\(Self.markup)\u{201D}")
        XCTAssertEqual(markup["injected"] as? Int, 0, "never parsed as markup")

        let reload = try XCTUnwrap(report["reload"] as? [String: Any])
        let before = try XCTUnwrap(reload["before"] as? [String: Any]), after = try XCTUnwrap(reload["after"] as? [String: Any])
        XCTAssertEqual(after["labels"] as? [String], before["labels"] as? [String])
        XCTAssertEqual(after["labels"] as? [String], yearAndCamera["labels"] as? [String])
        XCTAssertEqual(after["hash"] as? String, before["hash"] as? String)
        let filters = Dictionary(uniqueKeysWithValues: (reload["filters"] as? [[String]] ?? []).map { ($0[0], $0[1]) })
        XCTAssertEqual(filters["year"], "2020", "the filters' controls say what the URL does")
        XCTAssertEqual(filters["camera"], "Xiaomi Mi A3")

        // A closed select holds "Any" alone; focused, every choice with its count; ArrowDown chooses the first.
        let choose = try XCTUnwrap(report["choose"] as? [String: Any])
        XCTAssertEqual(Set((choose["closed"] as? [String: Int] ?? [:]).values), [1], "closed selects: \(choose)")
        let years = try XCTUnwrap(choose["focused"] as? [[String]])
        XCTAssertEqual(years.first, ["", "Any"])
        XCTAssertGreaterThan(years.count, 2, "\(years)")
        let first = years[1], shown = first[1].split(separator: "(").last?.dropLast() ?? ""
        let chosen = try XCTUnwrap(choose["chosen"] as? [String: Any])
        XCTAssertEqual(chosen["value"] as? String, first[0])
        XCTAssertEqual(chosen["hash"] as? String, "#/s/?q=img&year=" + first[0])
        XCTAssertEqual(chosen["count"] as? String, "\(shown) result\(shown == "1" ? "" : "s") for \u{201C}img\u{201D}", "the count the choice said")

        let typed = try XCTUnwrap(report["typed"] as? [String: Any])
        XCTAssertEqual(typed["focused"] as? String, "search-box", "/ focuses the search box")
        XCTAssertEqual((typed["results"] as? [String: Any])?["labels"] as? [String], img["labels"] as? [String])
        let opened = try XCTUnwrap(typed["opened"] as? [String: Any]), stepped = try XCTUnwrap(typed["stepped"] as? [String: Any])
        XCTAssertEqual(opened["open"] as? Bool, true, "Enter opens the first result")
        XCTAssertEqual(opened["picture"] as? Bool, true)
        XCTAssertEqual(opened["counter"] as? String, "1 of 5", "the counter counts the results")
        XCTAssertEqual(opened["hash"] as? String, "#/s/?q=img&i=forensics-img-1054")
        XCTAssertEqual(stepped["counter"] as? String, "2 of 5", "a step stays among the results")
        XCTAssertEqual(stepped["hash"] as? String, "#/s/?q=img&i=italia%2Fforensics-img-20200827-231612")
        XCTAssertEqual((typed["closed"] as? [String: Any])?["hash"] as? String, "#/s/?q=img", "Escape: back to the results")
        XCTAssertEqual((typed["back"] as? [String: Any])?["hash"] as? String, "", "Back: the album the search started from")
        try assertAxe(report, "grid")
    }

    func testJustifiedFromDiskFindsTheSameAndAxeCountsNothing() throws {
        try makeGallery()
        let page = try Vitrine.run(["page", site + "/manifest.json", "-o", site, "--theme", "justified"])
        XCTAssertEqual(page.status, 0, page.stderr)
        let yearAndCamera: [String: Any] = ["filters": ["year": "2020", "camera": "Xiaomi Mi A3"]]
        let spec: [String: Any] = [
            "queries": Self.found.map { ["q": $0.query] }
                + [["filters": ["year": "2020"]], yearAndCamera, ["q": "vacanze", "filters": ["year": "2019"]]],
            "reload": yearAndCamera,
        ]
        let report = try check(URL(fileURLWithPath: site + "/index.html").absoluteString, spec)
        assertFound(report)
        // Filters without a word (their values' pieces): every item of 2020, newest first, then those of the Mi A3 among them.
        let answers = queries(report)
        let (year, both, wordAndYear) = (answers[6], answers[7], answers[8])
        XCTAssertEqual(year["labels"] as? [String], ["forensics__IMG_1054.jpg", Self.albumPhotos[3], Self.albumPhotos[2],
            "mate__Elephants_3840x2160.jpg", Self.albumPhotos[1]], "2020, newest first: \(year)")
        XCTAssertEqual(year["count"] as? String, "5 results for the filters chosen")
        XCTAssertEqual(year["hash"] as? String, "#/s/?year=2020")
        XCTAssertEqual(both["labels"] as? [String], Array(Self.albumPhotos.dropFirst().reversed()), "2020 and the Mi A3")
        XCTAssertEqual(both["count"] as? String, "3 results for the filters chosen")
        XCTAssertEqual(wordAndYear["labels"] as? [String], [Self.albumPhotos[0]], "a word and a filter, as before")
        let reload = try XCTUnwrap(report["reload"] as? [String: Any])
        let before = try XCTUnwrap(reload["before"] as? [String: Any])
        XCTAssertEqual((reload["after"] as? [String: Any])?["labels"] as? [String], both["labels"] as? [String])
        XCTAssertEqual((reload["after"] as? [String: Any])?["hash"] as? String, before["hash"] as? String)
        let filters = Dictionary(uniqueKeysWithValues: (reload["filters"] as? [[String]] ?? []).map { ($0[0], $0[1]) })
        XCTAssertEqual([filters["year"], filters["camera"]], ["2020", "Xiaomi Mi A3"], "the filters' controls say what the URL does")
        try assertAxe(report, "justified")
    }
}
