import Foundation

/// The fields a search reads, as bits of a posting: which of an item's fields a term was found
/// in. Ranking weighs them (``weight``): title and keywords above caption, place and album
/// title, above the file's name and the camera.
public struct SearchFields: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let title = SearchFields(rawValue: 1)
    public static let keywords = SearchFields(rawValue: 2)
    public static let caption = SearchFields(rawValue: 4)
    public static let place = SearchFields(rawValue: 8)
    public static let album = SearchFields(rawValue: 16)
    public static let name = SearchFields(rawValue: 32)
    public static let camera = SearchFields(rawValue: 64)

    /// Each field by the name the index states it under, for the page.
    static let named: [(String, SearchFields)] = [
        ("title", .title), ("keywords", .keywords), ("caption", .caption), ("place", .place), ("album", .album),
        ("name", .name), ("camera", .camera),
    ]

    /// What a word found in each field scores, the page's ranking (`search/index.js` states it):
    /// the title and keywords above the caption, the place and the album's title, above the
    /// file's name and the camera.
    static let weights: [SearchFields: Int] = [.title: 3, .keywords: 3, .caption: 2, .place: 2, .album: 2, .name: 1, .camera: 1]

    /// The best weight of the fields in `self`: what an item found in them scores.
    var weight: Int { Self.weightByMask.indices.contains(rawValue) ? Self.weightByMask[rawValue] : 0 }

    private static let weightByMask: [Int] = (0..<(1 << named.count)).map { mask in
        weights.filter { SearchFields(rawValue: mask).contains($0.key) }.map(\.value).max() ?? 0
    }
}

/// One item as the search sees it: its terms with the fields each was found in, the values its
/// filters (facets) count, and what a grid cell of a result shows. Only what the page shows is
/// read: never a position's coordinates, never a source's folders (the file's own name only).
struct SearchEntry {
    var number: Int
    var terms: [String: SearchFields]
    var facets: Facets
    var record: Record

    /// The values each filter counts; nil where the item has none.
    struct Facets: Equatable {
        var album: String?
        var year: String?
        var month: String?
        var camera: String?
        var lens: String?
        /// 1–5, -1 rejected, 0 unrated.
        var rating: Int
        var kind: String
        var keywords: [String]
    }

    /// What a grid cell needs of a result, with no album chunk loaded.
    struct Record {
        var id: String
        var album: String?
        var name: String
        var kind: String
        var width: Int
        var height: Int
        var renditions: [PageData.PageRendition]
        var placeholder: String?
        var durationLabel: String?
        var motion: Bool?
        var selection: Int?

        /// As a record piece holds it: `[id, album, name, kind, width, height, [[path, width,
        /// height]…], placeholder, durationLabel, motion, selection]`, absent values null (motion
        /// 1 when live) and trailing ones dropped: a key written with every record would be most
        /// of its bytes.
        var json: JSONValue {
            let text = { (value: String?) in value.map(JSONValue.string) ?? .null }
            var fields: [JSONValue] = [.string(id), text(album), .string(name), .string(kind), .number(width), .number(height),
                .array(renditions.map { .array([.string($0.path), .number($0.width), .number($0.height)]) }), text(placeholder),
                text(durationLabel), motion == true ? .number(1) : .null, selection.map { .number($0) } ?? .null]
            while fields.last == .null { fields.removeLast() }
            return .array(fields)
        }
    }

    /// `item`'s entry, numbered `number`; `albumTitles` by album id.
    init(_ item: Item, number: Int, albumTitles: [String: String]) {
        self.init(number: number, source: Source(item, albumTitles: albumTitles))
    }

    init(number: Int, source: Source) {
        self.number = number
        var terms: [String: SearchFields] = [:]
        for (field, text) in source.texts {
            for term in SearchText.terms(text) { terms[term, default: []].insert(field) }
        }
        self.terms = terms
        facets = source.facets
        record = source.record
    }

    /// All an entry is made of, read from its item: the texts its terms come from (cheap to read,
    /// unlike the terms), its filter values and its record; what the index's fingerprint hashes.
    struct Source {
        var texts: [(SearchFields, String)] = []
        var facets: Facets
        var record: Record

        init(_ item: Item, albumTitles: [String: String]) {
            func read(_ text: String?, as field: SearchFields) {
                if let text, !text.isEmpty { texts.append((field, text)) }
            }
            let name = PageData.fileName(of: item)
            let camera = item.camera.flatMap { camera in
                let words = [camera.make, camera.model].compactMap { $0 }.joined(separator: " ")
                return words.isEmpty ? nil : words
            }
            facets = Facets(album: item.album, year: item.takenAt.map { String($0.prefix(4)) },
                month: item.takenAt.flatMap { $0.count >= 7 ? String($0.dropFirst(5).prefix(2)) : nil }, camera: camera,
                lens: item.camera?.lens, rating: item.rating ?? 0, kind: SearchEntry.kind(of: item), keywords: item.keywords ?? [])
            record = Record(id: item.id, album: item.album, name: name, kind: item.kind.rawValue, width: item.width, height: item.height,
                renditions: PageData.renditions(of: item), placeholder: item.placeholder?.thumbhash, durationLabel: item.durationLabel,
                motion: item.motion == nil ? nil : true, selection: item.selection)
            read(item.title, as: .title)
            for keyword in item.keywords ?? [] { read(keyword, as: .keywords) }
            read(item.caption?.text, as: .caption)
            read(item.location?.name, as: .place)
            read(item.album.flatMap { albumTitles[$0] }, as: .album)
            // Without its extension: `jpg` would name nearly every item, and its piece carry a row
            // of filter values for each.
            read(Path.stem(of: name), as: .name)
            read(camera, as: .camera)
            read(item.camera?.lens, as: .camera)
        }

        /// Appends every value of the source to `text`, each ended by a separator no value holds
        /// unescaped (so that two sources differ in `text` when they differ at all).
        func appendFingerprint(to text: inout [UInt8]) {
            func add(_ value: String?) {
                if let value {
                    if value.utf8.allSatisfy({ $0 >= 0x20 }) {
                        text.append(contentsOf: value.utf8)
                    } else {
                        for byte in value.utf8 { text += byte < 0x20 ? [0x1B, byte] : [byte] }
                    }
                }
                text.append(value == nil ? 0x1D : 0x1F)
            }
            for (field, value) in texts { add(String(field.rawValue)); add(value) }
            add(nil)
            for value in [facets.album, facets.year, facets.month, facets.camera, facets.lens, String(facets.rating), facets.kind] { add(value) }
            for keyword in facets.keywords { add(keyword) }
            add(nil)
            for value in [record.id, record.album, record.name, record.kind, String(record.width), String(record.height), record.placeholder,
                          record.durationLabel, record.motion.map { String($0) }, record.selection.map { String($0) }] { add(value) }
            for rendition in record.renditions { add(rendition.path); add(String(rendition.width)); add(String(rendition.height)) }
            text.append(0x1E)
        }
    }

    /// The kind filter's value: a photo that moves is `live`, a camera RAW file `raw`.
    static func kind(of item: Item) -> String {
        if item.kind == .image, item.motion != nil { return "live" }
        if item.kind == .image, item.raw != nil { return "raw" }
        return item.kind.rawValue
    }
}
