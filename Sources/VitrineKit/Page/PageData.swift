import Foundation

/// The page's private data, written beside `index.html` as scripts under `data/` (browsers
/// refuse `fetch` of local files, but a script may hand its data to the page): what the page
/// needs to draw a view, in pieces it loads as views need them, so that `index.html` and the
/// first view cost the same whatever the gallery's size. `manifest.json` stays the contract
/// for tools; these pieces may change with any version.
///
/// - `data/index.js`: the settings and the album tree (titles, descriptions, covers, counts,
///   each album's number of chunks).
/// - `data/ALBUM-ID/0001.js`… (the root album's `data/0001.js`…): an album's own items in order,
///   ``chunkSize`` a piece. Album ids never hold a dot, so no album folder is named like a piece.
/// - `data/ids-XX.js`: which album, and where in it, each item is, bucketed by a hash of its id
///   (``bucket(of:among:)``), for a link to an item.
///
/// Each piece is one call, `vitrinePiece("data/…js", {…})`, of a function the page defines.
enum PageData {
    /// Items a chunk holds.
    static let chunkSize = 500
    /// Buckets of the id lookup (`data/ids-00.js`…) for a gallery of `items`: a power of two
    /// that keeps each to a few hundred ids, at most 4,096.
    static func bucketCount(for items: Int) -> Int {
        var count = 1
        while count < 4_096 && count * 250 < items { count *= 2 }
        return count
    }
    /// The folder below the site.
    static let folder = "data"
    /// The longest alt text cut from a caption, in characters.
    static let altLength = 120
    /// The narrowest and widest a picture is drawn in the justified layout, as width / height:
    /// a panorama or a strip beyond them is cropped to them, so that no row is absurd.
    static let aspectRange: ClosedRange<Double> = 0.5...3.0

    /// An item's width / height within ``aspectRange``; an item without dimensions counts as square.
    static func clampedAspect(width: Int, height: Int) -> Double {
        guard width > 0, height > 0 else { return 1 }
        return min(max(Double(width) / Double(height), aspectRange.lowerBound), aspectRange.upperBound)
    }

    /// A chunk's summed aspect ratios (``clampedAspect(width:height:)``), to 2 decimals: what
    /// the justified layout estimates a chunk's height from before loading it.
    static func aspectSum(_ items: some Sequence<Item>) -> Double {
        (items.reduce(0) { $0 + clampedAspect(width: $1.width, height: $1.height) } * 100).rounded() / 100
    }

    /// The gallery's settings and album tree.
    struct Index: Encodable {
        var title: String
        var cyclic: Bool
        var direction: String
        var gap: Int
        var chunkSize: Int
        /// ``aspectRange`` as `[narrowest, widest]`.
        var aspectRange: [Double]
        var buckets: Int
        /// The screen the manifest's zoom scales are relative to.
        var viewport: [Int]
        var albums: [AlbumEntry]
    }

    struct AlbumEntry: Encodable {
        var id: String
        var title: String
        var description: PageCaption?
        var parent: String?
        var children: [String]
        var count: Int
        var total: Int
        var chunks: Int
        /// Each chunk's ``aspectSum(_:)``, in order.
        var aspects: [Double]
        var dates: DateRange?
        var cover: Cover?
    }

    /// What an album's cover draws: its item's renditions and placeholder (no words: the
    /// album's title is beside it, and a caption edit leaves the index alone).
    struct Cover: Encodable {
        var item: String
        var renditions: [PageRendition]
        var placeholder: String?
        var width: Int
        var height: Int
    }

    struct PageRendition: Encodable {
        var path: String
        var width: Int
        var height: Int
    }

    /// A caption as the page draws it (its source left out).
    struct PageCaption: Encodable {
        var style: String
        var text: String?
        var markup: String?
        var custom: RawJSON?

        init(_ caption: Caption) {
            style = caption.style.rawValue
            text = caption.text
            markup = caption.markup
            custom = caption.custom
        }
    }

    /// One item as the page needs it: the grid cell, the viewer page, the info panel.
    struct PageItem: Encodable {
        var id: String
        var name: String
        var kind: String
        var format: String?
        var width: Int
        var height: Int
        var position: String
        var alt: String
        var title: String?
        var caption: PageCaption?
        var renditions: [PageRendition]
        var placeholder: String?
        var duration: Double?
        var durationLabel: String?
        var selection: Int?
        var zoom: Zoom?
        var tiles: ItemTiles?
        /// A video's files, the browser picking the first it plays.
        var videos: [PageVideo]?
        /// A Live Photo's or Motion Photo's clip, its files as ``videos``.
        var motion: [PageVideo]?
        var takenAt: String?
        var keywords: [String]?
        /// The original's copy in the site (`build --originals copy`), for a download link.
        var original: MediaCopy?
        /// A RAW+JPEG pair's RAW file's copy (`--keep-metadata`), for a second download link.
        var rawOriginal: MediaCopy?
        /// What the info panel shows of the camera and the exposure.
        var camera: Camera?
        var exposure: Exposure?
    }

    /// An album's chunk: its items `start`… in album order.
    struct Chunk: Encodable {
        var album: String
        var start: Int
        var items: [PageItem]
    }

    /// The words that stand for a picture: its title, else its caption's first line (cut at
    /// ``altLength``), else its file's name; a custom item has its title only. Never the id.
    static func alt(of item: Item) -> String {
        if let title = item.title, !title.isEmpty { return title }
        if let text = item.caption?.text, let line = text.split(separator: "\n").first.map(String.init), !line.isEmpty {
            return line.count > altLength ? String(line.prefix(altLength - 1)) + "…" : line
        }
        return item.kind == .custom ? "" : fileName(of: item)
    }

    /// The file's own name (a URL's last path segment), without folders.
    static func fileName(of item: Item) -> String {
        guard let source = item.source else { return "" }
        var path = source.url ?? source.path
        if source.url != nil, let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = String(path[..<query]) }
        return Path.name(of: path)
    }

    static func renditions(of item: Item) -> [PageRendition] {
        (item.renditions ?? []).map { PageRendition(path: $0.path, width: $0.width, height: $0.height) }
    }

    static func pageItem(_ item: Item, video: [PageVideo]?) -> PageItem {
        PageItem(id: item.id, name: fileName(of: item), kind: item.kind.rawValue, format: item.format, width: item.width,
            height: item.height, position: item.position, alt: alt(of: item), title: item.title, caption: item.caption.map(PageCaption.init),
            renditions: renditions(of: item), placeholder: item.placeholder?.thumbhash, duration: item.duration,
            durationLabel: item.durationLabel, selection: item.selection, zoom: item.zoom, tiles: item.tiles, videos: video,
            motion: item.motion?.media.map { $0.map(PageVideo.init) },
            takenAt: item.takenAt, keywords: item.keywords, original: item.original, rawOriginal: item.raw?.original, camera: item.camera,
            exposure: item.exposure)
    }

    /// The lookup's bucket of an item id among `buckets`: FNV-1a (32 bits) of its UTF-8 bytes,
    /// modulo; the page computes the same.
    static func bucket(of id: String, among buckets: Int) -> Int {
        var hash: UInt32 = 0x811C_9DC5
        for byte in id.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        return Int(hash % UInt32(buckets))
    }

    /// A piece's path below the site.
    static func chunkPath(album: String, number: Int) -> String {
        let name = String(repeating: "0", count: max(0, 4 - String(number).count)) + String(number) + ".js"
        return album.isEmpty ? Path.join(folder, name) : Path.join(Path.join(folder, album), name)
    }

    static func bucketPath(_ bucket: Int) -> String {
        let hex = String(bucket, radix: 16)
        return Path.join(folder, "ids-" + (hex.count < 2 ? "0" + hex : hex) + ".js")
    }

    static let indexPath = Path.join(folder, "index.js")

    /// Whether `path` (below the site) is a file the page writes: stale ones are removed.
    static func isPiece(_ path: String) -> Bool {
        guard path.hasPrefix(folder + "/") else { return false }
        let name = Path.name(of: path)
        if path == indexPath { return true }
        if Path.parent(of: path) == folder, name.hasPrefix("ids-"), name.hasSuffix(".js"),
            name.dropFirst(4).dropLast(3).allSatisfy(\.isHexDigit) { return true }
        let stem = name.dropLast(3)
        return name.hasSuffix(".js") && stem.count >= 4 && stem.allSatisfy(\.isASCII) && stem.allSatisfy(\.isNumber)
    }
}
