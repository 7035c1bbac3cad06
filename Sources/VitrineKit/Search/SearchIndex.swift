import Foundation

/// A gallery's search index, in pieces the page loads as scripts the way it loads `data/`
/// (`vitrinePiece("search/…js", {…})`), so that a query loads the pieces its words need and never
/// the whole index:
///
/// - `search/index.js`: the prefixes of the term pieces, the fields' bits, and every filter's
///   values with their counts over the whole gallery;
/// - `search/t/KEY.js` (KEY: the prefix's UTF-8 bytes in hex): the terms starting with a prefix,
///   each with its postings (item number, fields found in), and a row of filter values for every
///   item the piece names, so that a one-word query counts its filters from what it loaded;
/// - `search/r/NNNN.js`: what a grid cell shows of the items numbered `NNNN × blockSize`… on;
/// - `search/v/FACET-KEY.js` (KEY: the value's UTF-8 bytes in hex): the items one filter's value
///   names, with their rows, so that filters without a word load one piece, not the gallery.
///
/// Items are named by a number that stays theirs across rebuilds (``SearchNumbers``), so that
/// adding an item changes the pieces of its terms and its block, not every posting. The pieces
/// are a value of the manifest and the numbers: bytes that do not change are not written again.
public struct SearchIndex {
    public static let folder = "search"
    /// Whether `build` and `page` write the index (`--no-search`, `"search": false`: no): default yes.
    public static let writtenByDefault = true
    /// Items a record piece holds.
    public static let blockSize = 16
    /// The size over which a term piece is split by one more character of its prefix, up to
    /// ``deepestPrefix`` characters: about what one small request carries.
    static let pieceBudget = 24_576
    static let deepestPrefix = 3

    /// Each piece's path below the site and its script's bytes, in path order.
    public private(set) var pieces: [(path: String, bytes: Data)] = []

    /// The index of `manifest`'s items, each numbered as `numbers` says (an item without a
    /// number is left out).
    public init(manifest: Manifest, numbers: [String: Int]) throws(GalleryPage.Failure) {
        let titles = Dictionary(PagePieces.albums(of: manifest).compactMap { album in album.title.map { (album.id, $0) } },
            uniquingKeysWith: { first, _ in first })
        let entries = manifest.items.compactMap { item in numbers[item.id].map { SearchEntry(item, number: $0, albumTitles: titles) } }
        let byNumber = Dictionary(entries.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        var postings: [String: [(number: Int, fields: SearchFields)]] = [:]
        for entry in entries {
            for (term, fields) in entry.terms { postings[term, default: []].append((entry.number, fields)) }
        }
        for term in postings.keys { postings[term]!.sort { $0.number < $1.number } }
        let grouped = Self.prefixGroups(postings)
        for (prefix, terms) in grouped {
            let piece = TermPiece(prefix: prefix, terms: terms, postings: postings, entries: byNumber)
            let path = Self.termPath(prefix)
            pieces.append((path, try PagePieces.piece(path, piece)))
        }
        for (block, records) in Self.blocks(of: entries) {
            let path = Self.recordPath(block)
            pieces.append((path, try PagePieces.piece(path, RecordPiece(start: block * Self.blockSize, items: records))))
        }
        for (path, piece) in ValuePiece.pieces(of: entries, albums: PagePieces.albums(of: manifest)) {
            pieces.append((path, try PagePieces.piece(path, piece)))
        }
        let summary = Summary(count: entries.count, blockSize: Self.blockSize, pieces: grouped.map(\.prefix),
            fields: Dictionary(uniqueKeysWithValues: SearchFields.named.map { ($0.0, $0.1.rawValue) }),
            facets: FacetCounts(entries.map(\.facets)), longestTerm: SearchText.longestTerm)
        pieces.append((Self.indexPath, try PagePieces.piece(Self.indexPath, summary)))
        pieces.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    public static let indexPath = Path.join(folder, "index.js")
    /// The folders of the term, the record and the value pieces.
    static let pieceFolders = [Path.join(folder, "t"), Path.join(folder, "r"), Path.join(folder, "v")]
    /// The most bytes of a value its piece's name spells: values longer share the piece of their
    /// first bytes (a file's name stays under 255 bytes), the page telling them apart by the rows.
    static let longestValueKey = 100

    /// Whether `path` (below the site) is a piece of the index: stale ones are removed.
    static func isPiece(_ path: String) -> Bool {
        if path == indexPath { return true }
        let parent = Path.parent(of: path), name = Path.name(of: path)
        guard name.hasSuffix(".js"), name.count > 3 else { return false }
        let stem = name.dropLast(3)
        switch parent {
        case pieceFolders[0]: return stem.count.isMultiple(of: 2) && stem.allSatisfy(\.isHexDigit)
        case pieceFolders[1]: return stem.count >= 4 && stem.allSatisfy { $0.isASCII && $0.isNumber }
        case pieceFolders[2]:
            guard let dash = stem.firstIndex(of: "-"), ValuePiece.facets.contains(String(stem[..<dash])) else { return false }
            let key = stem[stem.index(after: dash)...]
            return !key.isEmpty && key.count.isMultiple(of: 2) && key.allSatisfy(\.isHexDigit)
        default: return false
        }
    }

    /// The pieces in writing order: ``indexPath`` last, so that a page open while the site is
    /// written finds the pieces its index names.
    var piecesInWritingOrder: [(path: String, bytes: Data)] {
        pieces.filter { $0.path != Self.indexPath } + pieces.filter { $0.path == Self.indexPath }
    }

    /// A term piece's path: its prefix's UTF-8 bytes in hex (any character, any file system).
    static func termPath(_ prefix: String) -> String {
        Path.join(pieceFolders[0], prefix.utf8.map { String(format: "%02x", $0) }.joined() + ".js")
    }

    /// A value piece's path: the filter's name and the value's first ``longestValueKey`` UTF-8
    /// bytes in hex.
    static func valuePath(facet: String, value: String) -> String {
        Path.join(pieceFolders[2], facet + "-" + value.utf8.prefix(longestValueKey).map { String(format: "%02x", $0) }.joined() + ".js")
    }

    static func recordPath(_ block: Int) -> String {
        let digits = String(block)
        return Path.join(pieceFolders[1], String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".js")
    }

    /// The terms in pieces: by their first character, a piece over the budget split by one
    /// more, up to ``deepestPrefix``; a piece holds the terms starting with its prefix that no
    /// longer piece holds. Sorted by prefix.
    static func prefixGroups(_ postings: [String: [(number: Int, fields: SearchFields)]]) -> [(prefix: String, terms: [String])] {
        func size(_ terms: [String]) -> Int {
            terms.reduce(0) { total, term in total + term.utf8.count + 6 + postings[term]!.count * 12 }
        }
        func place(_ terms: [String], prefix: [Unicode.Scalar]) -> [(prefix: String, terms: [String])] {
            let text = String(String.UnicodeScalarView(prefix))
            guard size(terms) > pieceBudget, prefix.count < deepestPrefix else { return [(text, terms)] }
            var staying: [String] = []
            var longer: [Unicode.Scalar: [String]] = [:]
            for term in terms {
                let scalars = Array(term.unicodeScalars)
                if scalars.count > prefix.count { longer[scalars[prefix.count], default: []].append(term) } else { staying.append(term) }
            }
            var groups = staying.isEmpty ? [] : [(prefix: text, terms: staying)]
            for (next, terms) in longer { groups += place(terms, prefix: prefix + [next]) }
            return groups
        }
        var first: [Unicode.Scalar: [String]] = [:]
        for term in postings.keys { if let scalar = term.unicodeScalars.first { first[scalar, default: []].append(term) } }
        return first.flatMap { place($0.value.sorted(), prefix: [$0.key]) }
            .sorted { $0.prefix.utf8.lexicographicallyPrecedes($1.prefix.utf8) }
    }

    /// The entries' records by block of ``blockSize`` numbers; a number no item has is null.
    static func blocks(of entries: [SearchEntry]) -> [(Int, [SearchEntry.Record?])] {
        var blocks: [Int: [SearchEntry.Record?]] = [:]
        for entry in entries {
            let (block, offset) = entry.number.quotientAndRemainder(dividingBy: blockSize)
            blocks[block, default: Array(repeating: nil, count: blockSize)][offset] = entry.record
        }
        return blocks.sorted { $0.key < $1.key }.map { ($0.key, Self.trimmed($0.value)) }
    }

    private static func trimmed(_ records: [SearchEntry.Record?]) -> [SearchEntry.Record?] {
        Array(records.prefix { _ in true }.reversed().drop { $0 == nil }.reversed())
    }
}

extension SearchIndex {
    /// `search/index.js`.
    struct Summary: Encodable {
        var version = 1
        var count: Int
        var blockSize: Int
        var pieces: [String]
        var fields: [String: Int]
        var facets: FacetCounts
        var longestTerm: Int
    }

    /// Every filter's values over the whole gallery, most items first: `[[value, count]…]`.
    struct FacetCounts: Encodable {
        var kind: [Count]
        var year: [Count]
        var month: [Count]
        var camera: [Count]
        var lens: [Count]
        var keyword: [Count]
        var rating: [Count]

        struct Count: Encodable {
            var value: String
            var count: Int

            func encode(to encoder: Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode(value)
                try container.encode(count)
            }
        }

        init(_ facets: [SearchEntry.Facets]) {
            func counted(_ values: [String?]) -> [Count] {
                var counts: [String: Int] = [:]
                for case let value? in values { counts[value, default: 0] += 1 }
                return counts.map { Count(value: $0.key, count: $0.value) }
                    .sorted { $0.count != $1.count ? $0.count > $1.count : $0.value.utf8.lexicographicallyPrecedes($1.value.utf8) }
            }
            kind = counted(facets.map(\.kind))
            year = counted(facets.map(\.year))
            month = counted(facets.map { facet in facet.year.flatMap { year in facet.month.map { year + "-" + $0 } } })
            camera = counted(facets.map(\.camera))
            lens = counted(facets.map(\.lens))
            keyword = counted(facets.flatMap(\.keywords))
            rating = counted(facets.map { $0.rating == 0 ? nil : String($0.rating) })
        }
    }

    /// `search/t/KEY.js`: terms with their postings, and the filter values of each item named.
    struct TermPiece: Encodable {
        var prefix: String
        /// Each term's postings, flat: number, fields, number, fields…
        var terms: [String: [Int]]
        var values: [String]
        /// By number: album, year, month, camera, lens (indices into ``values``, -1 when
        /// absent), rating, kind (an index), keywords (indices).
        var rows: [String: [RowValue]]

        enum RowValue: Encodable {
            case number(Int)
            case list([Int])

            func encode(to encoder: Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .number(let value): try container.encode(value)
                case .list(let values): try container.encode(values)
                }
            }
        }

        init(prefix: String, terms: [String], postings: [String: [(number: Int, fields: SearchFields)]], entries: [Int: SearchEntry]) {
            self.prefix = prefix
            var flat: [String: [Int]] = [:]
            var named = Set<Int>()
            for term in terms {
                let list = postings[term] ?? []
                flat[term] = list.flatMap { [$0.number, $0.fields.rawValue] }
                named.formUnion(list.map(\.number))
            }
            self.terms = flat
            var table = RowTable()
            var rows: [String: [RowValue]] = [:]
            for number in named.sorted() {
                guard let facets = entries[number]?.facets else { continue }
                rows[String(number)] = table.row(facets)
            }
            self.values = table.values
            self.rows = rows
        }
    }

    /// A piece's rows of filter values, each string once in ``values``: album, year, month,
    /// camera, lens (indices, -1 when absent), rating, kind (an index), keywords (indices).
    struct RowTable {
        private(set) var values: [String] = []
        private var indices: [String: Int] = [:]

        private mutating func index(_ value: String?) -> Int {
            guard let value else { return -1 }
            if let known = indices[value] { return known }
            values.append(value)
            indices[value] = values.count - 1
            return values.count - 1
        }

        mutating func row(_ facets: SearchEntry.Facets) -> [TermPiece.RowValue] {
            [.number(index(facets.album)), .number(index(facets.year)), .number(index(facets.month)), .number(index(facets.camera)),
             .number(index(facets.lens)), .number(facets.rating), .number(index(facets.kind)), .list(facets.keywords.map { index($0) })]
        }
    }

    /// `search/v/FACET-KEY.js`: the items one filter's value names, in ascending number, and
    /// their rows in the same order (as a term piece's, so that the other filters count from
    /// them). An album's piece holds its sub-albums' items too, and a rating's the items rated
    /// at least that, as the filters mean them. Values whose first ``longestValueKey`` bytes are
    /// the same share a piece.
    struct ValuePiece: Encodable {
        /// The filters, as the page and its URL name them.
        static let facets = ["album", "year", "month", "camera", "lens", "keyword", "rating", "kind"]
        static let ratings = 1...5

        var facet: String
        var numbers: [Int]
        var values: [String]
        var rows: [[TermPiece.RowValue]]

        /// Every value's piece, by path, in path order.
        static func pieces(of entries: [SearchEntry], albums: [Album]) -> [(path: String, piece: ValuePiece)] {
            let parents = Dictionary(albums.map { ($0.id, $0.parent) }, uniquingKeysWith: { first, _ in first })
            var named: [String: (facet: String, entries: [SearchEntry])] = [:]
            for entry in entries.sorted(by: { $0.number < $1.number }) {
                for (facet, value) in values(of: entry.facets, parents: parents) where !value.isEmpty {
                    let path = SearchIndex.valuePath(facet: facet, value: value)
                    named[path, default: (facet, [])].entries.append(entry)
                }
            }
            return named.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { path, group in
                var table = RowTable()
                let rows = group.entries.map { table.row($0.facets) }
                return (path, ValuePiece(facet: group.facet, numbers: group.entries.map(\.number), values: table.values, rows: rows))
            }
        }

        /// The (filter, value) pairs an item is found by, each once: its album and those above
        /// it (the root left out), every rating it meets.
        static func values(of facets: SearchEntry.Facets, parents: [String: String?]) -> [(String, String)] {
            var pairs: [(String, String)] = []
            var seen = Set<String>()
            var album = facets.album
            while let id = album, id != Album.rootID, seen.insert(id).inserted {
                pairs.append(("album", id))
                album = parents[id] ?? nil
            }
            if let year = facets.year {
                pairs.append(("year", year))
                if let month = facets.month { pairs.append(("month", year + "-" + month)) }
            }
            if let camera = facets.camera { pairs.append(("camera", camera)) }
            if let lens = facets.lens { pairs.append(("lens", lens)) }
            for keyword in Set(facets.keywords).sorted() { pairs.append(("keyword", keyword)) }
            for least in ratings where facets.rating >= least { pairs.append(("rating", String(least))) }
            pairs.append(("kind", facets.kind))
            return pairs
        }
    }

    /// `search/r/NNNN.js`.
    struct RecordPiece: Encodable {
        var start: Int
        var items: [SearchEntry.Record?]
    }
}
