import Foundation
import VipsKit

/// A gallery's search index, in pieces the page loads as scripts the way it loads `data/`
/// (`vitrinePiece("search/…js", {…})`), so that a query loads the pieces its words need and never
/// the whole index. Format 2: numbers, sets and filter values in the compact codes of
/// ``SearchCode``, values named by the gallery's tables (``SearchRows``).
///
/// - `search/index.js`: the prefixes of the term pieces, the fields' bits, the filter tables and
///   every filter's values with their counts over the whole gallery;
/// - `search/t/KEY.js` (KEY: the prefix's UTF-8 bytes in hex): the terms starting with a prefix,
///   each with its items grouped by the fields it was found in; the filter values of the items
///   of its small terms (rows), and a large term's values counted, so that a one-word query
///   counts its filters from what it loaded;
/// - `search/r/NNNN.js`: what a grid cell shows of the items numbered `NNNN × recordBlock`… on;
/// - `search/c/NNNN.js`: the rows of the items numbered `NNNN × columnBlock`… on, for the items
///   of large sets when filters or more words need them one by one;
/// - `search/v/FACET-KEY.js` (KEY: the value's UTF-8 bytes in hex): the items one filter's value
///   names, with their rows or counts, so that filters without a word load one piece.
///
/// Items are named by a number that stays theirs across rebuilds (``SearchNumbers``), given in
/// the order they were taken, so that adding an item changes the pieces of its terms and its
/// block, not every posting, and the page ranks ties by number as by date. The pieces are a
/// value of the manifest and the numbers: bytes that do not change are not written again.
public struct SearchIndex {
    public static let folder = "search"
    /// Whether `build` and `page` write the index (`--no-search`, `"search": false`: no): default yes.
    public static let writtenByDefault = true
    /// The format `search/index.js` states, which the page checks. The fingerprint of an
    /// index's input holds it: a change of what the pieces hold for the same input changes it.
    static let version = 3
    /// How items are grouped into pieces; `search/index.js` states it for the page.
    public struct Layout: Sendable {
        /// Items a record piece holds: a screen of results from many albums loads one piece each.
        var recordBlock = 8
        /// Items a column piece holds rows of.
        var columnBlock = 4096
        /// The most items a set carries the rows of; a larger one carries its values counted.
        var rowLimit = 2048
        /// The records a counted term's piece carries of its first results (the page's first
        /// results chunk): a common word's first screen of results loads no record piece.
        var firstRecords = 30

        public static let standard = Layout()
    }
    /// The size over which a group of terms is split by one more character of its prefix, up to
    /// ``deepestPrefix`` characters, and the most a piece packs: about what one small request
    /// carries.
    static let pieceBudget = 24_576
    static let deepestPrefix = 6

    /// Each piece's path below the site and its script's bytes, in path order.
    public private(set) var pieces: [(path: String, bytes: Data)] = []

    /// What an index is made of: each numbered item's ``SearchEntry/Source`` (ascending
    /// number), the albums, the layout, and their fingerprint, which the site keeps beside the
    /// pieces (``fingerprintPath``): an index whose fingerprint is the site's is not made again
    /// (``unchanged(_:in:)``).
    public struct Input {
        let sources: [(number: Int, source: SearchEntry.Source)]
        let albums: [Album]
        let layout: Layout
        public let fingerprint: String

        /// `manifest`'s items, each numbered as `numbers` says (an item without a number is left out).
        public init(manifest: Manifest, numbers: [String: Int], layout: Layout = .standard) {
            albums = PagePieces.albums(of: manifest)
            let titles = Dictionary(albums.compactMap { album in album.title.map { (album.id, $0) } }, uniquingKeysWith: { first, _ in first })
            // Sorted as numbers and positions, each source made once in its place.
            var numbered = manifest.items.indices.compactMap { index in numbers[manifest.items[index].id].map { ($0, index) } }
            numbered.sort { $0 < $1 }
            var made: [(number: Int, source: SearchEntry.Source)] = []
            made.reserveCapacity(numbered.count)
            for (number, index) in numbered where made.last?.number != number {
                made.append((number, SearchEntry.Source(manifest.items[index], albumTitles: titles)))
            }
            sources = made
            self.layout = layout
            var text = Array("vitrine \(VitrineVersion.string) search \(SearchIndex.version) \(layout.recordBlock) \(layout.columnBlock) \(layout.rowLimit) \(layout.firstRecords)\n".utf8)
            for album in albums {
                text += Array("\(album.id)\u{1F}\(album.parent ?? "\u{1D}")\u{1E}".utf8)
            }
            for (number, source) in sources {
                text += Array(String(number).utf8)
                source.appendFingerprint(to: &text)
            }
            fingerprint = Checksum.sha256(of: Data(text))
        }
    }

    /// The index of `manifest`'s items, each numbered as `numbers` says (an item without a
    /// number is left out).
    public init(manifest: Manifest, numbers: [String: Int], layout: Layout = .standard) throws(GalleryPage.Failure) {
        try self.init(Input(manifest: manifest, numbers: numbers, layout: layout))
    }

    public init(_ input: Input) throws(GalleryPage.Failure) {
        let entries = input.sources.map { SearchEntry(number: $0.number, source: $0.source) }
        let content = Content(entries: entries, rows: SearchRows(entries), layout: input.layout)
        var postings: [String: [(position: Int, fields: SearchFields)]] = [:]
        for (position, entry) in entries.enumerated() {
            for (term, fields) in entry.terms { postings[term, default: []].append((position, fields)) }
        }
        let packed = Self.packs(Self.prefixGroups(postings)) { Self.estimatedSize(of: $0, postings) }
        var sizes: [Int] = []
        for pack in packed {
            let terms = pack.flatMap(\.terms).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            let piece = content.termPiece(prefix: pack[0].prefix, terms: terms.map { ($0, postings[$0]!) })
            pieces.append(piece)
            sizes.append((piece.bytes.count + 1023) / 1024)
        }
        pieces += content.blockPieces()
        pieces += content.valuePieces(albums: input.albums)
        let summary = Summary(count: entries.count, recordBlock: input.layout.recordBlock, columnBlock: input.layout.columnBlock,
            rowLimit: input.layout.rowLimit, pieces: packed.map { $0.map(\.prefix) }, sizes: sizes,
            tables: content.rows.tables, widths: Dictionary(uniqueKeysWithValues: content.rows.widths.map { ($0.key.rawValue, $0.value) }),
            facets: FacetCounts(entries.map(\.facets)))
        pieces.append((Self.indexPath, try PagePieces.piece(Self.indexPath, summary)))
        pieces.sort { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// Where the site keeps the fingerprint of its index's input and how many pieces it made:
    /// no piece, so that an edit rewrites the pieces of its terms and this alone.
    public static let fingerprintPath = Path.join(folder, ".fingerprint")

    /// ``fingerprintPath``'s bytes for `input` made into `pieces` pieces.
    public static func stamp(_ input: Input, pieces: Int) -> Data { Data("\(input.fingerprint) \(pieces)\n".utf8) }

    /// The index's pieces in `site` when they are those `input` makes: ``fingerprintPath``
    /// holds its fingerprint and as many pieces as `search/` holds (a piece removed by hand is
    /// made again); nil otherwise. Saves a run with nothing new making every piece to compare it.
    public static func unchanged(_ input: Input, in site: String) -> [String]? {
        guard let root = ReadRoot(.site, folder: site),
              case .success(let bytes) = ConfinedRead.read(Path.join(site, fingerprintPath), below: root, limit: 4096) else { return nil }
        let existing = PagePieces.existingPieces(in: site, folder: folder, isPiece: isPiece)
        return bytes == stamp(input, pieces: existing.count) ? existing : nil
    }

    public static let indexPath = Path.join(folder, "index.js")
    /// The folders of the term, the record and the value pieces.
    static let pieceFolders = [Path.join(folder, "t"), Path.join(folder, "r"), Path.join(folder, "v"), Path.join(folder, "c")]
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
        case pieceFolders[1], pieceFolders[3]: return stem.count >= 4 && stem.allSatisfy { $0.isASCII && $0.isNumber }
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
        Path.join(pieceFolders[0], hex(prefix.utf8) + ".js")
    }

    /// A value piece's path: the filter's name and the value's first ``longestValueKey`` UTF-8
    /// bytes in hex.
    static func valuePath(facet: String, value: String) -> String {
        Path.join(pieceFolders[2], facet + "-" + hex(value.utf8.prefix(longestValueKey)) + ".js")
    }

    /// `bytes` in lower-case hex.
    static func hex<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes { text += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: text, as: UTF8.self)
    }

    static func recordPath(_ block: Int) -> String { blockPath(pieceFolders[1], block) }

    static func columnPath(_ block: Int) -> String { blockPath(pieceFolders[3], block) }

    private static func blockPath(_ folder: String, _ block: Int) -> String {
        let digits = String(block)
        return Path.join(folder, String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".js")
    }

    /// The terms in groups by prefix: by their first character, a group over the budget split by
    /// one more, up to ``deepestPrefix``; a group holds the terms starting with its prefix that
    /// no longer group holds. Sorted by prefix; ``packs(_:size:)`` puts them in pieces.
    static func prefixGroups(_ postings: [String: [(position: Int, fields: SearchFields)]]) -> [(prefix: String, terms: [String])] {
        let size = { (terms: [String]) in estimatedSize(of: terms, postings) }
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

    /// About what `terms` cost in a piece: a digit or two an item, and a row (about ten digits)
    /// for each item of a small term, or its counts for a large one.
    static func estimatedSize(of terms: [String], _ postings: [String: [(position: Int, fields: SearchFields)]]) -> Int {
        terms.reduce(0) { total, term in
            let items = postings[term]!.count
            return total + term.utf8.count + 8 + 2 * items + (items > Layout.standard.rowLimit ? 4096 : 10 * items)
        }
    }

    /// Code points of a prefix's last character that share a piece: 16 (a to o, p to z).
    static let packBits = 4

    /// The prefix groups packed into pieces, each named by its first prefix (sorted by it). Groups
    /// whose prefixes differ only in their last character, its code point in the same block of
    /// 2^``packBits``, share a piece while they weigh no more than ``pieceBudget`` together; a
    /// block that weighs more is halved until its halves do (or hold one group), and a group of
    /// half the budget or more is a piece of its own. So a prefix typed ("car": car, cara…cary)
    /// loads a few pieces, not one per next letter; and since the blocks are fixed, not drawn by
    /// where the sizes add up, an edit changes the piece of its terms and no other.
    static func packs(_ groups: [(prefix: String, terms: [String])], size: ([String]) -> Int) -> [[(prefix: String, terms: [String])]] {
        struct Block: Hashable { var parent: String, block: UInt32 }
        let lastValue = { (prefix: String) in prefix.unicodeScalars.last?.value ?? 0 }
        var packed: [[(prefix: String, terms: [String])]] = []
        var blocks: [Block: [(prefix: String, terms: [String], size: Int)]] = [:]
        for group in groups {
            let weight = size(group.terms)
            if weight * 2 >= pieceBudget { packed.append([group]); continue }
            let key = Block(parent: String(String.UnicodeScalarView(group.prefix.unicodeScalars.dropLast())),
                            block: lastValue(group.prefix) >> packBits)
            blocks[key, default: []].append((group.prefix, group.terms, weight))
        }
        // Halving by every bit leaves one group a half: no two groups of a block share a last character.
        func halve(_ members: [(prefix: String, terms: [String], size: Int)], bits: Int) {
            if members.count == 1 || members.reduce(0, { $0 + $1.size }) <= pieceBudget {
                packed.append(members.map { ($0.prefix, $0.terms) })
            } else {
                let bit = UInt32(1) << UInt32(bits - 1)
                for half in [members.filter { lastValue($0.prefix) & bit == 0 }, members.filter { lastValue($0.prefix) & bit != 0 }] where !half.isEmpty {
                    halve(half, bits: bits - 1)
                }
            }
        }
        for members in blocks.values { halve(members, bits: packBits) }
        return packed.sorted { $0[0].prefix.utf8.lexicographicallyPrecedes($1[0].prefix.utf8) }
    }

}

extension SearchIndex {
    /// `search/index.js`.
    struct Summary: Encodable {
        var version = SearchIndex.version
        var count: Int
        var recordBlock: Int
        var columnBlock: Int
        var rowLimit: Int
        /// The term pieces, each as the prefixes of the groups it holds (``packs(_:size:)``), the
        /// first naming it.
        var pieces: [[String]]
        /// Each term piece's size in KiB, rounded up, in ``pieces``' order: the page takes a
        /// word typed as a prefix only while its pieces weigh little.
        var sizes: [Int]
        var fields = Dictionary(uniqueKeysWithValues: SearchFields.named.map { ($0.0, $0.1.rawValue) })
        var weights = Dictionary(uniqueKeysWithValues: SearchFields.named.map { ($0.0, $0.1.weight) })
        var tables: [String: [String]]
        var widths: [String: Int]
        var facets: FacetCounts
        var longestTerm = SearchText.longestTerm
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

    /// What a value piece (`search/v/FACET-KEY.js`) names: the filters, as the page and its URL
    /// name them, and the values each item is found by.
    enum ValuePiece {
        static let facets = ["album", "year", "month", "camera", "lens", "keyword", "rating", "kind"]
        static let ratings = 1...5

        struct Key: Hashable {
            var facet: String
            var value: String
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
}

extension SearchIndex {
    /// The entries (ascending number) and their rows, made into pieces.
    struct Content {
        let entries: [SearchEntry]
        let rows: SearchRows
        let layout: Layout
        /// The entries' numbers, by position.
        let numbers: [Int]

        init(entries: [SearchEntry], rows: SearchRows, layout: Layout) {
            (self.entries, self.rows, self.layout) = (entries, rows, layout)
            numbers = entries.map(\.number)
        }

        /// `search/t/KEY.js`: `{prefix, terms: {term: [mask, set…]}, counts: {term: counts}, rows,
        /// records: [[number, record]…]}`.
        func termPiece(prefix: String, terms: [(String, [(position: Int, fields: SearchFields)])]) -> (path: String, bytes: Data) {
            var members: [JSONValue.Member] = []
            var counted: [JSONValue.Member] = []
            var named = Set<Int>()
            var first = Set<Int>()
            for (term, postings) in terms {
                var byFields: [Int: [Int]] = [:]
                for posting in postings { byFields[posting.fields.rawValue, default: []].append(entries[posting.position].number) }
                members.append(.init(term, .array(byFields.sorted { $0.key < $1.key }.flatMap { [.number($0.key), .string(SearchCode.set($0.value))] })))
                if postings.count > layout.rowLimit {
                    counted.append(.init(term, rows.counts(of: postings.map(\.position))))
                    first.formUnion(firstResults(postings))
                } else {
                    named.formUnion(postings.map(\.position))
                }
            }
            let records = first.sorted().map { JSONValue.array([.number(entries[$0].number), entries[$0].record.json]) }
            return piece(SearchIndex.termPath(prefix), [.init("prefix", .string(prefix)), .init("terms", .object(members)),
                .init("counts", .object(counted)), .init("rows", rows.rows(named.sorted(), numbers: numbers)),
                .init("records", .array(records))])
        }

        /// The positions of a term's first ``Layout/firstRecords`` results as the page ranks the
        /// word alone: by the weight of the fields it was found in, then the higher number.
        private func firstResults(_ postings: [(position: Int, fields: SearchFields)]) -> [Int] {
            postings.map { (weight: $0.fields.weight, number: entries[$0.position].number, position: $0.position) }
                .sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.number > $1.number }
                .prefix(layout.firstRecords).map(\.position)
        }

        /// The record pieces (`search/r/`, `{start, items}`) and the column pieces (`search/c/`,
        /// `{start, rows}`) of every block holding an item.
        func blockPieces() -> [(path: String, bytes: Data)] {
            var made: [(path: String, bytes: Data)] = []
            var records: [Int: [JSONValue]] = [:]
            var columns: [Int: [Int]] = [:]
            for (position, entry) in entries.enumerated() {
                let (block, offset) = entry.number.quotientAndRemainder(dividingBy: layout.recordBlock)
                records[block, default: []].append(contentsOf: Array(repeating: .null, count: max(0, offset - (records[block]?.count ?? 0))))
                records[block]!.append(entry.record.json)
                columns[entry.number / layout.columnBlock, default: []].append(position)
            }
            for (block, items) in records.sorted(by: { $0.key < $1.key }) {
                made.append(piece(SearchIndex.recordPath(block), [.init("items", .array(items)),
                    .init("start", .number(block * layout.recordBlock))]))
            }
            for (block, positions) in columns.sorted(by: { $0.key < $1.key }) {
                made.append(piece(SearchIndex.columnPath(block), [.init("rows", rows.rows(positions, numbers: numbers)),
                    .init("start", .number(block * layout.columnBlock))]))
            }
            return made
        }

        /// Every filter value's piece: `{facet, values: {value: set}, counts: {value: counts}, rows}`;
        /// values whose first ``longestValueKey`` bytes are the same share one.
        func valuePieces(albums: [Album]) -> [(path: String, bytes: Data)] {
            let parents = Dictionary(albums.map { ($0.id, $0.parent) }, uniquingKeysWith: { first, _ in first })
            var byValue: [ValuePiece.Key: [Int]] = [:]
            for (position, entry) in entries.enumerated() {
                for (facet, value) in ValuePiece.values(of: entry.facets, parents: parents) where !value.isEmpty {
                    byValue[ValuePiece.Key(facet: facet, value: value), default: []].append(position)
                }
            }
            var named: [String: (facet: String, values: [String: [Int]])] = [:]
            for (key, positions) in byValue {
                named[SearchIndex.valuePath(facet: key.facet, value: key.value), default: (key.facet, [:])].values[key.value] = positions
            }
            return named.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { path, group in
                var sets: [JSONValue.Member] = []
                var counted: [JSONValue.Member] = []
                var withRows = Set<Int>()
                for (value, positions) in group.values.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                    sets.append(.init(value, .string(SearchCode.set(positions.map { entries[$0].number }))))
                    if positions.count > layout.rowLimit { counted.append(.init(value, rows.counts(of: positions))) } else {
                        withRows.formUnion(positions)
                    }
                }
                return piece(path, [.init("counts", .object(counted)), .init("facet", .string(group.facet)),
                    .init("rows", rows.rows(withRows.sorted(), numbers: numbers)), .init("values", .object(sets))])
            }
        }

        private func piece(_ path: String, _ members: [JSONValue.Member]) -> (path: String, bytes: Data) {
            var bytes = Data("vitrinePiece(".utf8)
            bytes += JSONWriter.compact.data(.string(path))
            bytes += Data(",".utf8)
            bytes += JSONWriter.compact.data(.object(members))
            bytes += Data(");\n".utf8)
            return (path, bytes)
        }
    }
}
