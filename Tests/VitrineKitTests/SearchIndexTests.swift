import Foundation
@testable import VitrineKit
import XCTest

/// The search index's pieces (issue 44), read back as the page reads them: each piece is one
/// `vitrinePiece(path, object)` call.
final class SearchIndexTests: XCTestCase {
    private func item(_ id: String, path: String, album: String? = nil, title: String? = nil, keywords: [String]? = nil,
                      caption: String? = nil, place: Location? = nil, takenAt: String? = nil, camera: Camera? = nil,
                      rating: Int? = nil) -> Item {
        var item = Item(id: id, format: "jpeg", width: 300, height: 200, source: .init(path: path, bytes: 10))
        item.album = album
        item.title = title
        item.keywords = keywords
        item.caption = caption.map { Caption(style: .plain, text: $0, source: "sidecar") }
        item.location = place
        item.takenAt = takenAt
        item.camera = camera
        item.rating = rating
        return item
    }

    private var gallery: Manifest {
        var manifest = Manifest()
        manifest.albums = [Album(id: "", path: "", title: "Trips", children: ["rome"]),
            Album(id: "rome", path: "rome", title: "Roma antica", parent: "")]
        manifest.items = [
            item("rome/forum", path: "holidays/secret-folder/IMG_0001.jpg", album: "rome", title: "The Forum at dusk",
                keywords: ["Ruins", "Sunset"], caption: "Columns of the Temple of Saturn.",
                place: Location(name: "Roma", latitude: 41.89, longitude: 12.48), takenAt: "2019-07-14T19:02:11",
                camera: Camera(make: "Canon", model: "EOS 5D", lens: "EF85mm f/1.8 USM"), rating: 5),
            item("beach", path: "beach.jpg", title: "Beach day", keywords: ["sunset"], takenAt: "2021-08-01T10:00:00",
                camera: Camera(make: "Canon", model: "EOS 5D")),
            item("bear", path: "bear.png", caption: "A bear, not a beach"),
        ]
        return manifest
    }

    /// Each piece's object, by path.
    private func objects(_ index: SearchIndex) throws -> [String: [String: Any]] {
        var objects: [String: [String: Any]] = [:]
        for (path, bytes) in index.pieces {
            let text = String(decoding: bytes, as: UTF8.self)
            let prefix = "vitrinePiece(\"\(path)\","
            XCTAssert(text.hasPrefix(prefix) && text.hasSuffix(");\n"), text)
            let json = text.dropFirst(prefix.count).dropLast(3)
            objects[path] = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        }
        return objects
    }

    /// The term pieces index.js lists: each as its groups' prefixes, the first naming it.
    private func packs(_ objects: [String: [String: Any]]) throws -> [[String]] {
        try XCTUnwrap(objects[SearchIndex.indexPath]?["pieces"] as? [[String]])
    }

    /// The path of the piece holding `term`: the one of the group of its longest prefix; nil
    /// when no group's prefix starts it.
    private func pieceHolding(_ term: String, in objects: [String: [String: Any]]) throws -> String? {
        let packs = try packs(objects)
        guard let group = packs.joined().filter({ term.hasPrefix($0) }).max(by: { $0.count < $1.count }) else { return nil }
        return SearchIndex.termPath(try XCTUnwrap(packs.first { $0.contains(group) })[0])
    }

    /// The postings of `term` as (number, fields), from the piece of the longest prefix.
    private func postings(_ term: String, in objects: [String: [String: Any]]) throws -> [[Int]] {
        guard let path = try pieceHolding(term, in: objects) else { return [] }
        let piece = try XCTUnwrap(objects[path])
        let groups = (piece["terms"] as? [String: [Any]])?[term] ?? []
        var found: [[Int]] = []
        for at in stride(from: 0, to: groups.count, by: 2) {
            let mask = try XCTUnwrap(groups[at] as? Int)
            found += try SearchDecoding.set(try XCTUnwrap(groups[at + 1] as? String)).map { [$0, mask] }
        }
        return found.sorted { $0[0] < $1[0] }
    }

    private func rows(_ piece: [String: Any]?, index: [String: Any]?) throws -> [Int: SearchDecoding.Row] {
        try SearchDecoding.rows(try XCTUnwrap(piece?["rows"] as? [String: String]), index: try XCTUnwrap(index))
    }

    func testEachFieldFindsItsItemWithItsFieldBit() throws {
        let numbers = ["rome/forum": 0, "beach": 7, "bear": 20]
        let objects = try objects(try SearchIndex(manifest: gallery, numbers: numbers))
        let (title, keywords, caption, place, album, name, camera) = (1, 2, 4, 8, 16, 32, 64)
        XCTAssertEqual(try postings("forum", in: objects), [[0, title]])
        XCTAssertEqual(try postings("sunset", in: objects), [[0, keywords], [7, keywords]])
        XCTAssertEqual(try postings("saturn", in: objects), [[0, caption]])
        XCTAssertEqual(try postings("roma", in: objects), [[0, place | album]], "the place and the album's title")
        XCTAssertEqual(try postings("antica", in: objects), [[0, album]])
        XCTAssertEqual(try postings("img", in: objects), [[0, name]])
        XCTAssertEqual(try postings("jpg", in: objects), [], "a file's extension is not a word of it")
        XCTAssertEqual(try postings("beach", in: objects), [[7, title | name], [20, caption]])
        XCTAssertEqual(try postings("canon", in: objects), [[0, camera], [7, camera]])
        XCTAssertEqual(try postings("ef85mm", in: objects), [[0, camera]])
        // Never a source's folders, never coordinates.
        XCTAssertEqual(try postings("secret", in: objects), [])
        XCTAssertEqual(try postings("holidays", in: objects), [])
        let everything = objects.values.map { "\($0)" }.joined()
        XCTAssertFalse(everything.contains("41.89") || everything.contains("12.48") || everything.contains("holidays"))
    }

    func testAPieceCountsItsItemsFiltersAndTheIndexCountsTheGallerys() throws {
        let objects = try objects(try SearchIndex(manifest: gallery, numbers: ["rome/forum": 0, "beach": 7, "bear": 20]))
        let rows = try rows(objects[try XCTUnwrap(try pieceHolding("sunset", in: objects))], index: objects[SearchIndex.indexPath])
        XCTAssertEqual(Set(rows.keys), [0, 7], "the items its terms name (sunset, saturn, roma, ruins, the p to z groups')")
        XCTAssertEqual(rows[0], SearchDecoding.Row(album: "rome", date: "2019-07", camera: "Canon EOS 5D", lens: "EF85mm f/1.8 USM",
            kind: "image", rating: 5, keywords: ["Ruins", "Sunset"]))
        XCTAssertEqual(rows[7], SearchDecoding.Row(album: nil, date: "2021-08", camera: "Canon EOS 5D", lens: nil,
            kind: "image", rating: 0, keywords: ["sunset"]))

        let index = try XCTUnwrap(objects[SearchIndex.indexPath])
        XCTAssertEqual(index["count"] as? Int, 3)
        let facets = try XCTUnwrap(index["facets"] as? [String: [[Any]]])
        func counts(_ name: String) -> [String] { (facets[name] ?? []).map { "\($0[0])=\($0[1])" } }
        XCTAssertEqual(counts("camera"), ["Canon EOS 5D=2"])
        XCTAssertEqual(counts("year"), ["2019=1", "2021=1"])
        XCTAssertEqual(counts("month"), ["2019-07=1", "2021-08=1"])
        XCTAssertEqual(counts("kind"), ["image=3"])
        XCTAssertEqual(counts("rating"), ["5=1"])
        XCTAssertEqual(counts("keyword"), ["Ruins=1", "Sunset=1", "sunset=1"])
    }

    func testResultRecordsCarryWhatACellShowsByBlockOfNumbers() throws {
        let objects = try objects(try SearchIndex(manifest: gallery, numbers: ["rome/forum": 0, "beach": 7, "bear": 20]))
        let first = try XCTUnwrap(objects["search/r/0000.js"]?["items"] as? [Any])
        XCTAssertEqual(objects.keys.filter { $0.hasPrefix("search/r/") }.sorted(), ["search/r/0000.js", "search/r/0002.js"])
        XCTAssertEqual(first.count, 8, "up to the last number the block holds")
        XCTAssertEqual((first[7] as? [Any])?.first as? String, "beach")
        XCTAssert(first[1] is NSNull)
        let third = try XCTUnwrap(objects["search/r/0002.js"])
        XCTAssertEqual(third["start"] as? Int, 16)
        // [id, album, name, kind, width, height, renditions]: no placeholder, nothing after it.
        let bear = try XCTUnwrap((third["items"] as? [Any])?[4] as? [Any])
        XCTAssertEqual(bear.count, 7)
        XCTAssertEqual(bear[0] as? String, "bear")
        XCTAssert(bear[1] is NSNull, "in no album")
        XCTAssertEqual(bear[2] as? String, "bear.png")
        XCTAssertEqual([bear[4] as? Int, bear[5] as? Int], [300, 200])
    }

    /// A piece over the budget is split by one more character; every term is in exactly one
    /// piece, the one of its longest prefix among the pieces.
    func testALargePrefixIsSplitAndEveryTermHasOnePlace() throws {
        var manifest = Manifest()
        let words = ["b", "ba", "bab", "bac", "babble", "bacon", "be", "beach", "bear", "bz", "c"]
        manifest.items = (0..<3000).map { number in
            item("i\(number)", path: "i\(number).jpg", caption: words.joined(separator: " ") + " b\(number % 97)x")
        }
        let numbers = Dictionary(uniqueKeysWithValues: manifest.items.enumerated().map { ($1.id, $0) })
        let objects = try objects(try SearchIndex(manifest: manifest, numbers: numbers))
        let packs = try packs(objects)
        let prefixes = Array(packs.joined())
        XCTAssert(prefixes.contains { $0.count > 1 }, "split: \(prefixes)")
        XCTAssert(prefixes.allSatisfy { $0.count <= SearchIndex.deepestPrefix })
        XCTAssertEqual(Set(prefixes).count, prefixes.count, "a group in one piece")
        let sizes = try XCTUnwrap(objects[SearchIndex.indexPath]?["sizes"] as? [Int])
        let bytes = Dictionary(uniqueKeysWithValues: try SearchIndex(manifest: manifest, numbers: numbers).pieces.map { ($0.path, $0.bytes.count) })
        XCTAssertEqual(sizes, packs.map { ((bytes[SearchIndex.termPath($0[0])] ?? 0) + 1023) / 1024 }, "each piece's KiB, rounded up")
        var placed: [String: [String]] = [:]
        for pack in packs {
            let terms = try XCTUnwrap(objects[SearchIndex.termPath(pack[0])]?["terms"] as? [String: Any])
            for term in terms.keys {
                placed[term, default: []].append(pack[0])
                XCTAssert(pack.contains(try XCTUnwrap(prefixes.filter { term.hasPrefix($0) }.max { $0.count < $1.count })), term)
            }
        }
        XCTAssert(placed.values.allSatisfy { $0.count == 1 })
        XCTAssertEqual(try postings("beach", in: objects).count, 3000)
        XCTAssertEqual(try postings("b", in: objects).count, 3000)
        XCTAssertEqual(try postings("b5x", in: objects).count, 31)
    }

    /// Filters without a word load one value piece: `search/v/FACET-KEY.js` names the items of
    /// one filter's value in ascending number (an album's with its sub-albums', a rating's those
    /// rated at least that), each with its row of filter values as a term piece has it.
    func testEachFiltersValueHasAPieceOfItsItemsWithTheirRows() throws {
        var manifest = gallery
        manifest.albums! += [Album(id: "rome/night", path: "rome/night", title: "Night", parent: "rome")]
        manifest.albums![1].children = ["rome/night"]
        manifest.items.append(item("rome/night/moon", path: "moon.jpg", album: "rome/night", takenAt: "2019-12-31T23:00:00",
            camera: Camera(make: "Canon", model: "EOS 5D"), rating: 4))
        let numbers = ["rome/forum": 0, "beach": 7, "bear": 20, "rome/night/moon": 3]
        let objects = try objects(try SearchIndex(manifest: manifest, numbers: numbers))
        func named(_ facet: String, _ value: String) throws -> [Int]? {
            let piece = objects[SearchIndex.valuePath(facet: facet, value: value)]
            return try ((piece?["values"] as? [String: String])?[value]).map(SearchDecoding.set)
        }
        XCTAssertEqual(SearchIndex.valuePath(facet: "year", value: "2019"), "search/v/year-32303139.js")
        XCTAssertEqual(try named("year", "2019"), [0, 3])
        XCTAssertEqual(try named("month", "2019-07"), [0])
        XCTAssertEqual(try named("camera", "Canon EOS 5D"), [0, 3, 7])
        XCTAssertEqual(try named("lens", "EF85mm f/1.8 USM"), [0])
        XCTAssertEqual(try named("keyword", "sunset"), [7])
        XCTAssertEqual(try named("keyword", "Sunset"), [0])
        XCTAssertEqual(try named("kind", "image"), [0, 3, 7, 20])
        XCTAssertEqual(try named("album", "rome"), [0, 3], "with its sub-album's item")
        XCTAssertEqual(try named("album", "rome/night"), [3])
        XCTAssertNil(try named("album", ""), "the root is no filter")
        XCTAssertEqual(try named("rating", "4"), [0, 3], "rated 4 or more")
        XCTAssertEqual(try named("rating", "5"), [0])
        XCTAssertNil(try named("rating", "0"))
        let values = objects.keys.filter { $0.hasPrefix("search/v/") }
        XCTAssertEqual(values.count, 2 + 2 + 3 + 1 + 3 + 1 + 5 + 1, "albums, years, months, camera, keywords, lens, ratings 1 to 5, kind")
        XCTAssert(values.allSatisfy(SearchIndex.isPiece))

        let piece = try XCTUnwrap(objects[SearchIndex.valuePath(facet: "album", value: "rome")])
        XCTAssertEqual(piece["facet"] as? String, "album")
        let rows = try rows(piece, index: objects[SearchIndex.indexPath])
        XCTAssertEqual(rows.keys.sorted(), [0, 3])
        XCTAssertEqual(rows[0]?.keywords, ["Ruins", "Sunset"])
        XCTAssertEqual(rows[3], SearchDecoding.Row(album: "rome/night", date: "2019-12", camera: "Canon EOS 5D", lens: nil,
            kind: "image", rating: 4, keywords: []))

        // A value too long to name a file shares the piece of its first bytes; the rows tell them apart.
        let long = String(repeating: "é", count: 80)
        XCTAssertEqual(SearchIndex.valuePath(facet: "keyword", value: long + "a"),
            SearchIndex.valuePath(facet: "keyword", value: long + "b"))
        XCTAssertLessThan(Path.name(of: SearchIndex.valuePath(facet: "keyword", value: long)).utf8.count, 255)
    }

    /// A term of more items than a piece carries rows of has its items' filter values counted
    /// instead; every item is in a column piece, whatever its terms.
    func testALargeTermCarriesItsCountsAndEveryItemHasAColumnRow() throws {
        var manifest = Manifest()
        let many = SearchIndex.Layout.standard.rowLimit + 10
        manifest.items = (0..<many).map { number in
            item("i\(number)", path: "i\(number).jpg", keywords: number < 3 ? ["rare"] : nil,
                caption: number % 2 == 0 ? "common even" : "common odd", takenAt: number < 100 ? "2019-07-01T10:00:00" : nil,
                rating: number % 6)
        }
        let numbers = Dictionary(uniqueKeysWithValues: manifest.items.enumerated().map { ($1.id, $0) })
        let objects = try objects(try SearchIndex(manifest: manifest, numbers: numbers))
        let index = objects[SearchIndex.indexPath]
        XCTAssertEqual(try postings("common", in: objects).count, many)
        let piece = try XCTUnwrap(objects[try XCTUnwrap(try pieceHolding("common", in: objects))])
        let counts = try XCTUnwrap((piece["counts"] as? [String: [String: String]])?["common"])
        let tables = try XCTUnwrap(index?["tables"] as? [String: [String]])
        XCTAssertEqual(try SearchDecoding.counts(try XCTUnwrap(counts["date"]), table: tables["date"]), ["2019-07": 100])
        XCTAssertEqual(try SearchDecoding.counts(try XCTUnwrap(counts["keyword"]), table: tables["keyword"]), ["rare": 3])
        XCTAssertEqual(try SearchDecoding.counts(try XCTUnwrap(counts["kind"]), table: tables["kind"]), ["image": many])
        let ratings = try SearchDecoding.counts(try XCTUnwrap(counts["rating"]), table: nil)
        XCTAssertEqual(ratings["5"], (0..<many).filter { $0 % 6 == 5 }.count)
        XCTAssertNil(ratings["0"], "unrated is no value")
        XCTAssertEqual(try rows(piece, index: index), [:], "no small term there: no rows")
        XCTAssertNotNil(try rows(objects[SearchIndex.termPath("e")], index: index)[4], "even: a small term, with rows")
        let columns = try rows(objects[SearchIndex.columnPath(0)], index: index)
        XCTAssertEqual(columns.count, many)
        XCTAssertEqual(columns[1]?.keywords, ["rare"])
        XCTAssertEqual(columns[200]?.date, nil)
    }

    /// The fingerprint a page run compares before making the index again changes with every
    /// change that changes a piece: each field the index reads, an album's title or parent, a
    /// number.
    func testEveryChangeThatChangesAPieceChangesTheFingerprint() throws {
        let numbers = ["rome/forum": 0, "beach": 7, "bear": 20]
        let original = SearchIndex.Input(manifest: gallery, numbers: numbers)
        let pieces = try SearchIndex(original).pieces.map(\.bytes)
        XCTAssertEqual(SearchIndex.Input(manifest: gallery, numbers: numbers).fingerprint, original.fingerprint, "the same input")
        let changes: [(String, (inout Manifest, inout [String: Int]) -> Void)] = [
            ("title", { manifest, _ in manifest.items[0].title = "The Forum at night" }),
            ("keyword", { manifest, _ in manifest.items[0].keywords = ["Ruins"] }),
            ("caption", { manifest, _ in manifest.items[2].caption = Caption(style: .plain, text: "A bear", source: "sidecar") }),
            ("place", { manifest, _ in manifest.items[0].location?.name = "Rome" }),
            ("album title", { manifest, _ in manifest.albums![1].title = "Rome" }),
            ("album parent", { manifest, _ in
                manifest.albums! += [Album(id: "italy", path: "italy", title: "Italy", parent: "")]
                manifest.albums![1].parent = "italy"
            }),
            ("file name", { manifest, _ in manifest.items[1].source = .init(path: "beach-2.jpg", bytes: 10) }),
            ("camera", { manifest, _ in manifest.items[1].camera = Camera(make: "Canon", model: "EOS R5") }),
            ("lens", { manifest, _ in manifest.items[0].camera?.lens = "EF50mm" }),
            ("date", { manifest, _ in manifest.items[1].takenAt = "2021-09-01T10:00:00" }),
            ("rating", { manifest, _ in manifest.items[1].rating = 2 }),
            ("kind", { manifest, _ in manifest.items[2].kind = .video }),
            ("size", { manifest, _ in manifest.items[2].width = 301 }),
            ("rendition", { manifest, _ in
                manifest.items[2].renditions = [Rendition(role: .thumbnail, path: "thumbs/bear.jpg", width: 200, height: 133,
                    format: .jpeg, box: "200", fit: .fit, scale: 1, bytes: 100)]
            }),
            ("duration", { manifest, _ in manifest.items[2].durationLabel = "0:05" }),
            ("selection", { manifest, _ in manifest.items[2].selection = 1 }),
            ("number", { _, numbers in numbers["bear"] = 21 }),
        ]
        for (name, change) in changes {
            var (manifest, changed) = (gallery, numbers)
            change(&manifest, &changed)
            let input = SearchIndex.Input(manifest: manifest, numbers: changed)
            XCTAssertNotEqual(try SearchIndex(input).pieces.map(\.bytes), pieces, "\(name) changes a piece")
            XCTAssertNotEqual(input.fingerprint, original.fingerprint, name)
        }
    }

    /// A counted term's piece carries the records of its first results as the page ranks the
    /// word alone (the fields' weights, then the higher number), so that a common word's first
    /// screen loads no record piece; index.js states the weights.
    func testACountedTermCarriesTheRecordsOfItsFirstResults() throws {
        var manifest = Manifest()
        let many = SearchIndex.Layout.standard.rowLimit + 10
        manifest.items = (0..<many).map { number in
            item("i\(number)", path: "i\(number).jpg", title: number < 5 ? "Common" : nil, caption: "common", takenAt: nil)
        }
        let numbers = Dictionary(uniqueKeysWithValues: manifest.items.enumerated().map { ($1.id, $0) })
        let objects = try objects(try SearchIndex(manifest: manifest, numbers: numbers))
        XCTAssertEqual(objects[SearchIndex.indexPath]?["weights"] as? [String: Int],
            ["title": 3, "keywords": 3, "caption": 2, "place": 2, "album": 2, "name": 1, "camera": 1])
        let piece = try XCTUnwrap(objects[try XCTUnwrap(try pieceHolding("common", in: objects))])
        let records = try XCTUnwrap(piece["records"] as? [[Any]])
        let first = SearchIndex.Layout.standard.firstRecords
        // The five with the word in their title first, then the newest (highest numbers); by number.
        XCTAssertEqual(records.map { $0[0] as? Int }, (Array(0..<5) + Array((many - (first - 5))..<many)).map { $0 })
        XCTAssertEqual(((records.last?[1] as? [Any])?.first as? String), "i\(many - 1)")
        // A term of fewer items carries none.
        let small = try XCTUnwrap(objects[try XCTUnwrap(try pieceHolding("i7", in: objects))])
        XCTAssertEqual((small["records"] as? [Any])?.count, 0)
    }

    /// Groups that differ in their last character, its code point in one block of 16, share a
    /// piece while they weigh no more than the budget; a heavier block is halved; a group of half
    /// the budget is alone. The blocks are fixed: a group grown within them changes one piece.
    func testSiblingGroupsArePackedByFixedBlocks() throws {
        let budget = SearchIndex.pieceBudget
        func packed(_ weights: [String: Int]) -> [[String]] {
            let groups = weights.keys.sorted().map { (prefix: $0, terms: [$0]) }
            return SearchIndex.packs(groups) { terms in terms.reduce(0) { $0 + weights[$1]! } }.map { $0.map(\.prefix) }
        }
        let small = budget / 20
        var weights = ["car": small, "cara": small, "carb": small, "carn": small, "caro": small, "carp": small, "cart": small,
                       "care": budget / 2, "cb": small, "d": small, "e": small, "q": small]
        XCTAssertEqual(packed(weights), [["car"], ["cara", "carb", "carn", "caro"], ["care"], ["carp", "cart"], ["cb"], ["d", "e"], ["q"]],
            "a to o and p to z under car; care alone; car and cb under ca, in blocks of their own (r, b); d, e and q at the top")
        weights["carb"] = small * 3
        XCTAssertEqual(packed(weights), [["car"], ["cara", "carb", "carn", "caro"], ["care"], ["carp", "cart"], ["cb"], ["d", "e"], ["q"]],
            "a group grown, its piece's weight still under the budget: the same pieces")
        // Over the budget: a to o halved into a to g and h to o.
        weights["carb"] = budget / 2 - 1
        weights["cara"] = budget / 2 - 1
        XCTAssertEqual(Array(packed(weights)[1...3]), [["cara", "carb"], ["care"], ["carn", "caro"]])
    }

    /// An item added with the next number changes its terms' pieces, its block and the index,
    /// and its values' pieces (here: its kind), nothing else.
    func testAnItemAddedChangesOnlyThePiecesOfItsTerms() throws {
        var manifest = gallery
        let numbers = ["rome/forum": 0, "beach": 7, "bear": 20]
        let before = Dictionary(uniqueKeysWithValues: try SearchIndex(manifest: manifest, numbers: numbers).pieces.map { ($0.path, $0.bytes) })
        // With a keyword and a camera never seen before, whose names sort first: they go last in
        // their tables, and the rows of the other items keep their values' places.
        manifest.items.append(item("zebra", path: "zebra.jpg", title: "Zebra", keywords: ["Aardvark"],
            camera: Camera(make: "AGFA", model: "Zeta")))
        let index = try SearchIndex(manifest: manifest, numbers: numbers.merging(["zebra": 21]) { a, _ in a })
        let after = Dictionary(uniqueKeysWithValues: index.pieces.map { ($0.path, $0.bytes) })
        let changed = Set(after.keys).union(before.keys).filter { before[$0] != after[$0] }.sorted()
        // The pieces of its terms: the groups of a to o share one, and those of p to z another.
        let holding = try ["aardvark", "zebra"].map { term in try XCTUnwrap(try pieceHolding(term, in: try objects(index))) }
        XCTAssertEqual(holding, [SearchIndex.termPath("a"), SearchIndex.termPath("r")])
        XCTAssertEqual(changed, ["search/c/0000.js", SearchIndex.indexPath, "search/r/0002.js"] + holding + [
            SearchIndex.valuePath(facet: "camera", value: "AGFA Zeta"),
            SearchIndex.valuePath(facet: "keyword", value: "Aardvark"), SearchIndex.valuePath(facet: "kind", value: "image")].sorted())
    }
}
