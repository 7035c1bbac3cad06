/// The filter values of the index's items as the pieces carry them (format 2, ``SearchCode``):
/// each value named by its place in the gallery's tables (`search/index.js`), 0 for none; an
/// item's row is its fixed columns (album, date, camera, lens, kind in their tables' widths, then
/// its rating) and its keywords; a large set's values come counted instead (``counts(of:)``).
struct SearchRows {
    /// The columns with a table, in a row's order; the rating follows them.
    enum Column: String, CaseIterable {
        case album, date, camera, lens, kind
    }

    /// Each table's values in the order of the first item (by number) holding each, by column
    /// name, keywords under `keyword`: a value new to the gallery, on a new item's next number,
    /// comes last, and the values named in every other piece keep their places.
    let tables: [String: [String]]
    /// The digits each column takes in a row.
    let widths: [Column: Int]
    /// By entry position (the entries' order, ascending number): a row's fixed digits and its
    /// keywords' digits, made once, since an item's row is in several pieces.
    private var fixedDigits: [[UInt8]] = []
    private var keywordDigits: [[UInt8]] = []
    /// By entry position: each column's value (table index + 1, 0 none), the rating, the keywords'.
    private var values: [[Int]] = []
    private var keywordValues: [[Int]] = []

    init(_ entries: [SearchEntry]) {
        var tables: [String: [String]] = [:]
        var lookup: [String: [String: Int]] = [:]
        func table(_ name: String, _ values: [String?]) {
            var ordered: [String] = []
            var places: [String: Int] = [:]
            for case let value? in values where places[value] == nil {
                ordered.append(value)
                places[value] = ordered.count
            }
            tables[name] = ordered
            lookup[name] = places
        }
        for column in Column.allCases { table(column.rawValue, entries.map { Self.value(column, of: $0.facets) }) }
        table("keyword", entries.flatMap(\.facets.keywords))
        self.tables = tables
        widths = Dictionary(uniqueKeysWithValues: Column.allCases.map { ($0, SearchCode.width(forLargest: tables[$0.rawValue]!.count)) })
        for entry in entries {
            let row = Column.allCases.map { column in Self.value(column, of: entry.facets).flatMap { lookup[column.rawValue]![$0] } ?? 0 }
            let rating = Self.rating(entry.facets)
            let keywords = Set(entry.facets.keywords.compactMap { lookup["keyword"]![$0] }).sorted()
            var fixed: [UInt8] = []
            for (column, value) in zip(Column.allCases, row) { SearchCode.appendFixed(value, width: widths[column]!, to: &fixed) }
            SearchCode.appendFixed(rating, width: 1, to: &fixed)
            var digits: [UInt8] = []
            SearchCode.appendVarint(keywords.count, to: &digits)
            for keyword in keywords { SearchCode.appendVarint(keyword, to: &digits) }
            fixedDigits.append(fixed)
            keywordDigits.append(digits)
            values.append(row + [rating])
            keywordValues.append(keywords)
        }
    }

    /// The value of `column` an item has, as its table holds it.
    static func value(_ column: Column, of facets: SearchEntry.Facets) -> String? {
        switch column {
        case .album: facets.album
        case .date: facets.year.map { year in facets.month.map { year + "-" + $0 } ?? year }
        case .camera: facets.camera
        case .lens: facets.lens
        case .kind: facets.kind
        }
    }

    /// 1–5, or 0 for unrated and rejected: what "rating ≥ N" filters.
    static func rating(_ facets: SearchEntry.Facets) -> Int { min(max(facets.rating, 0), 5) }

    /// `rows` of the entries at `positions` (ascending numbers): `{n, f, k}`.
    func rows(_ positions: [Int], numbers: [Int]) -> JSONValue {
        var fixed: [UInt8] = []
        var keywords: [UInt8] = []
        for position in positions {
            fixed += fixedDigits[position]
            keywords += keywordDigits[position]
        }
        return .object([
            .init("f", .string(String(decoding: fixed, as: UTF8.self))),
            .init("k", .string(String(decoding: keywords, as: UTF8.self))),
            .init("n", .string(SearchCode.set(positions.map { numbers[$0] }))),
        ])
    }

    /// The filter values of the entries at `positions`, counted: for each column, `rating` and
    /// `keyword`, varint pairs (value, count), values ascending, none left out.
    func counts(of positions: [Int]) -> JSONValue {
        let names = Column.allCases.map(\.rawValue) + ["rating"]
        var tallies = [[Int: Int]](repeating: [:], count: names.count)
        var keywords: [Int: Int] = [:]
        for position in positions {
            for (column, value) in values[position].enumerated() where value > 0 { tallies[column][value, default: 0] += 1 }
            for keyword in keywordValues[position] { keywords[keyword, default: 0] += 1 }
        }
        func pairs(_ tally: [Int: Int]) -> JSONValue {
            var digits: [UInt8] = []
            for (value, count) in tally.sorted(by: { $0.key < $1.key }) {
                SearchCode.appendVarint(value, to: &digits)
                SearchCode.appendVarint(count, to: &digits)
            }
            return .string(String(decoding: digits, as: UTF8.self))
        }
        return .object(zip(names, tallies).map { JSONValue.Member($0.0, pairs($0.1)) } + [.init("keyword", pairs(keywords))])
    }
}
