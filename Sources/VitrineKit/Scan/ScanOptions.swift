/// How items are ordered in the gallery.
public enum ItemOrder: String, CaseIterable, Sendable {
    /// Path by path, byte order.
    case name
    /// Path by path, digits by value and letters case-folded: `img2` before `img10` (default).
    case natural
    /// EXIF date taken, falling back to the file's modification time; ties by natural order.
    case date
    /// The file's modification time; ties by natural order.
    case mtime
    /// As found: inputs in command-line order, folder entries in byte order.
    case none
    /// sigal's `Order:` header in `name.md` sidecars (and a folder's `index.md` for its place
    /// among folders), within each folder; items and folders without one first; ties, and
    /// everything else, by natural order. Files come before sub-folders.
    case sidecar
    /// The order of entries in the `--captions` file; items it does not list after them, in
    /// natural order.
    case captions
}

/// Everything `scan` needs to know.
public struct ScanOptions: Sendable {
    /// Order of items: default `.natural`.
    public var order: ItemOrder = .natural
    /// Reverse the order: default off.
    public var reverse = false
    /// Whether folders become albums: default `.folders`.
    public var albums: AlbumMode = .folders
    /// Order of sibling albums: default `.natural` (with `--order sidecar`, `Order:` first).
    public var albumOrder: AlbumOrder = .natural
    /// Reverse the order of sibling albums: default off.
    public var reverseAlbums = false
    /// prev/next wrap around at the ends (within each album): default off.
    public var cyclic = false
    /// The item a viewer opens first: default 0.
    public var initialIndex = 0
    /// How a viewer pages (the manifest's `direction`): default `.horizontal`.
    public var direction: Direction = .horizontal
    /// Pixels between a viewer's pages (the manifest's `gap`): default ``Manifest/defaultGap``.
    public var gap = Manifest.defaultGap
    /// What to read of each file.
    public var probe = ProbeOptions()
    /// Live Photos (a photo and its clip) and Motion Photos as one photo item that moves: default
    /// on; off, the clip is an item of its own and a Motion Photo a still.
    public var motion = true
    /// Where captions, titles, keywords, places and ratings come from.
    public var captions = CaptionOptions()
    /// Read only this share of the files, for a partial manifest (`manifest merge` joins them):
    /// default nil, every file.
    public var shard: Shard?
    /// `--items FILE`: inputs after the command line's, in its order: default none.
    public var items: ItemsFile?
    /// How remote images are downloaded, and where they are kept.
    public var remote = RemoteOptions()
    /// Which picture of a camera RAW file outputs are made from: default ``RawMode/default``.
    public var raw: RawMode = .default
    /// A camera RAW file and the JPEG or HEIC beside it as one item: default ``RawPairs/default``.
    public var rawPairs: RawPairs = .default

    public init() {}

    /// How sibling albums are ordered.
    public var albumOrdering: AlbumTree.Ordering {
        AlbumTree.Ordering(order: albumOrder, reverse: reverseAlbums, bySidecar: order == .sidecar)
    }
}

/// One of `count` shares of a gallery's files (`--shard 2/3`), so that machines can scan (and
/// render) a gallery in parts whose manifests `vitrine manifest merge` joins.
///
/// Every part walks all inputs, so paths, orders and ids are the same as in a single run (ids
/// are shared out among the files named like media, which every part sees). A file's share
/// comes from a hash of its path below its input, so a camera's `IMG_0001`…`IMG_9999` spread
/// evenly.
public struct Shard: Codable, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// 1-based.
    public var index: Int
    public var count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Most parts a gallery may be made in.
    public static let largestCount = 10_000

    /// `K/N`: decimal digits without a leading zero (as the manifest schema's pattern).
    public init?(parsing text: String) {
        guard let (index, count) = Self.numbers(text), count <= Self.largestCount else { return nil }
        self.init(index: index, count: count)
    }

    /// Why `text` is not a shard, in words naming it (`"3/2" is not K/N with 1 <= K <= N`);
    /// nil when it is one.
    public static func problem(parsing text: String) -> String? {
        guard Shard(parsing: text) == nil else { return nil }
        if let (_, count) = numbers(text), count > largestCount { return "\(quoted(text)) has more than \(largestCount) parts" }
        return "\(quoted(text)) is not K/N with 1 <= K <= N"
    }

    private static func numbers(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let decimal = parts.allSatisfy { $0.first.map { $0 != "0" } == true && $0.utf8.count <= 9 && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        guard parts.count == 2, decimal, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        return (index, count)
    }

    /// `text` as a JSON string (escapes and all), for a message.
    private static func quoted(_ text: String) -> String {
        JSONWriter.compact.data(.string(text)).withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether the file at `relativePath` (below its input) belongs to this part.
    public func contains(relativePath: String) -> Bool {
        // FNV-1a: the same share on every machine and every run (Swift's Hasher is seeded).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in relativePath.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int(hash % UInt64(count)) == index - 1
    }
}
