import Foundation

/// The gallery manifest: what `scan` (and later `thumbs`, `build`) print on stdout.
///
/// Keys are written sorted and nothing depends on the clock, so the same inputs and
/// options give byte-identical output. Optional fields are left out when unknown.
public struct Manifest: Codable, Equatable, Sendable {
    /// `vitrine-manifest/3`: bumped when a field changes meaning (in /2, `position`, `prev` and
    /// `next` are the album's; in /3, a video's `width` is its display width, non-square pixels
    /// applied).
    public var schema: String = Manifest.schemaVersion
    /// The program and version that wrote it, like `vitrine 0.1.0`.
    public var generator: String = "vitrine \(VitrineVersion.string)"
    /// How a viewer should page: default `.horizontal`.
    public var direction: Direction = .horizontal
    /// The space between pages in a viewer, in CSS pixels (seed 000's `subviewGap`), and
    /// between a gallery page's cells: default ``defaultGap``. Always written; a manifest
    /// written before it existed reads as the default.
    @ReadsAsDefault<GapDefault> public var gap: Int = Manifest.defaultGap
    /// Whether `prev`/`next` wrap around at the ends.
    public var cyclic: Bool = false
    /// The item a viewer opens first (0-based; default 0). Absent when there are no items.
    public var initialIndex: Int?
    /// The gallery's title and description: the first input folder's `index.md`.
    public var title: String?
    public var description: Caption?
    /// Folders below the inputs that have an `index.md`: their titles and descriptions
    /// (`--albums none` only; albums replace it).
    public var folders: [Folder]?
    /// The albums (`--albums folders`), the root first, then depth-first in album order.
    public var albums: [Album]?
    /// Present only in a part made with `--shard`: what `manifest merge` needs to join the parts.
    public var partial: PartialManifest?
    public var items: [Item] = []
    /// Files that could not be read, sorted by path.
    public var errors: [ItemError] = []
    /// Contact sheets of the gallery (`sheet`), one per page, in page order.
    public var sheets: [ContactSheet]?

    public static let schemaVersion = "vitrine-manifest/3"
    /// `gap` when no option sets it: 30 pixels.
    public static let defaultGap = 30
    /// The gaps `--gap` takes, and `manifest validate` accepts.
    public static let gapRange = 0...10_000

    public init() {}
}

/// One photo, video or custom item in gallery order.
public struct Item: Codable, Equatable, Sendable {
    /// Stable, unique, URL-safe id from the path under its input folder, like `beach/dsc-0042`
    /// (a remote image's from its URL's host and path, `example-com/photos/beach`; a custom
    /// item's from its declared `id`).
    public var id: String
    /// 0-based place in the gallery (across albums, depth-first in album order).
    public var index: Int = 0
    /// `3 of 8`: the counter a viewer shows, within the item's album when it has one.
    public var position: String = ""
    /// The id of the album it is in (`--albums folders`); absent in a flat gallery.
    @Boxed public var album: String?
    /// What the source is: default `.image`.
    public var kind: ItemKind = .image
    /// The decoder's name for the content (`jpeg`, `png`, `heif`…; for videos the container,
    /// `mov`, `matroska`, `ogg`…), found by content, not extension. Absent for custom items.
    public var format: String?
    /// Upright width and height: EXIF orientation already applied. A custom item's come from
    /// its SVG when it has one, else from its declaration.
    public var width: Int
    public var height: Int
    /// The EXIF Orientation value as stored in the file (1–8; 0 and other values are kept as found).
    public var orientation: Int?
    /// Beside `orientation`, in the bytes an optional integer leaves: whether the picture has an
    /// alpha channel, and whether a video has sound.
    public var hasAlpha: Bool?
    public var hasAudio: Bool?
    /// EXIF DateTimeOriginal as `YYYY-MM-DDTHH:MM:SS` (local time of the camera, no zone).
    public var takenAt: String?
    /// The camera and lens, and the exposure, from EXIF; each absent when nothing is known.
    @Boxed public var camera: Camera?
    @Boxed public var exposure: Exposure?
    /// Number of frames or pages (animated GIF/WebP, multi-page TIFF); absent when 1.
    @Boxed public var pages: Int?
    /// Videos: seconds (3 decimals), the `m:ss` / `h:mm:ss` label (absent when unknown or not
    /// positive), codec and frames per second.
    @Boxed public var duration: Double?
    @Boxed public var durationLabel: String?
    @Boxed public var codec: String?
    @Boxed public var fps: Double?
    /// Videos: profile, level, pixel format and audio codec (what browsers' support depends
    /// on), and `pq` or `hlg` for an HDR one (its pictures are tone-mapped to SDR).
    @Boxed public var coding: VideoCoding?
    /// Unboxed: one byte, beside `damaged` in the same word.
    public var hdr: HDRTransfer?
    /// The decoder reported damage and `--allow-damaged` kept the file anyway.
    public var damaged: Bool?
    /// The file the item was read from; absent for a custom item without an SVG.
    public var source: Source?
    /// Custom items: the declaration's `view` object, byte for byte, for the viewer to draw.
    @Boxed public var view: RawJSON?
    /// A tiny stand-in to paint while a rendition loads (`thumbs`, default ThumbHash).
    @Boxed public var placeholder: Placeholder?
    /// Files made from this item, smallest first, so a viewer can show a small one at the
    /// final size and upgrade (absent when none were asked for).
    public var renditions: [Rendition]?
    /// The zoom pyramid made of this item (`tiles`, `thumbs --tiles`); absent when none was
    /// made (a picture no larger than `--min-size`).
    @Boxed public var tiles: ItemTiles?
    /// How a viewer may zoom it (`tiles`, `thumbs --tiles`): every picture gets one.
    @Boxed public var zoom: Zoom?
    /// The previous and next item's id within its album (the gallery without albums); absent
    /// at the ends unless the gallery is cyclic.
    public var prev: String?
    public var next: String?
    /// Place in the ordered multi-selection (1 = chosen first); absent when not selected.
    @Boxed public var selection: Int?
    /// In a part (`--shard`) only: what the gallery order compares, for `manifest merge`.
    @Boxed public var sortKey: RecordedSortKey?
    /// The caption, from the first source (in `--captions-from` order) that has one.
    @Boxed public var caption: Caption?
    /// Title, keywords, place and star rating (-1 rejected, 1–5; 0, unrated, is left out), each from the first source
    /// that has it.
    @Boxed public var title: String?
    public var keywords: [String]?
    @Boxed public var location: Location?
    @Boxed public var rating: Int?
    /// Videos: the contact sheet of frames made of this one (`sheet --frames`).
    @Boxed public var sheet: VideoSheet?
    /// Videos: the web renditions a page plays (`build`), the browser taking the first it can.
    public var media: [WebVideo]?
    /// Photos: the clip a Live Photo or Motion Photo moves with (``Motion``).
    @Boxed public var motion: Motion?
    /// A copy of a photo's original in the site, for a download link (`build --originals copy`).
    @Boxed public var original: MediaCopy?
    /// Camera RAW files: the preview found, and which picture the outputs came from (``ItemRaw``).
    @Boxed public var raw: ItemRaw?

    /// What messages and `errors` call the item: its URL, else its source's path, else its id.
    public var name: String { source.map { $0.url ?? $0.path } ?? id }
}

/// How a part (`--shard K/N`) was made.
public struct PartialManifest: Codable, Equatable, Sendable {
    /// `K/N`.
    public var shard: String
    /// `--order` and `--reverse`.
    public var order: String
    public var reverse: Bool
    /// `--initial-index`, checked when the parts are joined.
    public var initialIndex: Int
    /// With albums: `--album-order` and `--reverse-albums`, for the merge to order them.
    public var albumOrder: String?
    public var reverseAlbums: Bool?
    /// `thumbs`: items the scan found but rendering lost (their errors are in `errors`), so
    /// that the merge knows where the initial item was.
    public var dropped: [DroppedItem]?
}

/// An item a part lost after its scan: where it stood in the gallery order.
public struct DroppedItem: Codable, Equatable, Sendable {
    public var id: String
    /// The album it was in (with albums).
    public var album: String?
    public var takenAt: String?
    public var sortKey: RecordedSortKey
}

/// An item's sort key in a part: what ``ItemSorter`` compares, recorded so that items from
/// several parts can be put in the order a single run would give.
public struct RecordedSortKey: Codable, Equatable, Sendable {
    /// Which input (0-based, command-line order) the file was found under.
    public var input: Int
    /// Its path below that input.
    public var path: String
    /// Its place in the walk of all inputs (for `--order none`).
    public var walk: Int
    /// Modification time (for `--order date` and `mtime`).
    public var mtime: Double?
    /// Folders' and its own `Order:` (for `--order sidecar`).
    public var orders: [String?]?
    /// Its place in the captions file (for `--order captions`).
    public var captions: Int?
}

/// A folder's own text, from its `index.md` (sigal's format).
public struct Folder: Codable, Equatable, Sendable {
    /// The folder's path as the items' `source.path` begin with it.
    public var path: String
    public var title: String?
    public var description: Caption?
    /// The `Order:` header, which `--order sidecar` sorts folders by.
    public var order: String?
    /// The id of the item its `Thumbnail:` header names (a file in the folder).
    public var thumbnail: String?
}

/// A file made from an item: a thumbnail or another size.
public struct Rendition: Codable, Equatable, Sendable {
    /// What it is for.
    public var role: RenditionRole
    /// Relative to the output folder, `/`-separated: `beach/dsc-0042-256x256.jpg`.
    public var path: String
    /// Its pixel size.
    public var width: Int
    public var height: Int
    public var format: ImageFormat
    /// The box asked for, at 1×: `256x256`, `256`, `x256`.
    public var box: String
    /// `fit` (whole picture inside the box) or `fill` (box filled, cropped).
    public var fit: RenditionSpec.FitMode
    /// Pixel density: 1, or 2 for @2x.
    public var scale: Int
    public var bytes: Int
}

/// A zoom pyramid: where it is and how it is cut.
public struct ItemTiles: Codable, Equatable, Sendable {
    public var layout: TileLayout
    public var container: TileContainer
    /// Relative to the output folder, `/`-separated: the `.dzi`, the IIIF `info.json`, the
    /// Zoomify `ImageProperties.xml`, the Google layout's folder, or (`zip`) the archive.
    public var path: String
    /// `zip` only: the path inside the archive of what `path` names in `fs`.
    public var entry: String?
    /// IIIF only: the image service's id, as written in its `info.json`.
    public var id: String?
    public var tileSize: Int
    /// Pixels each tile repeats of its neighbours (Deep Zoom only; 0 elsewhere).
    public var overlap: Int
    /// Zoom levels: Deep Zoom down to 1×1 pixel, the others down to one tile.
    public var levels: Int
    public var format: TileFormat
}

/// A picture's zoom policy (see ``ZoomPolicy``): scales relative to the picture fitted in the
/// viewport, 1 = fitted.
public struct Zoom: Codable, Equatable, Sendable {
    /// Whether there is a range to zoom in (`maxScale` above `minScale`).
    public var enabled: Bool
    public var minScale: Double
    /// Where the picture's pixels are 1:1 on screen, unless set otherwise; at least 1.
    public var maxScale: Double
    public var doubleTap: DoubleTap
    /// What a double tap zooms to (absent when `doubleTap` is `none`).
    public var doubleTapScale: Double?
    /// Whether a small picture is enlarged to fit and zoom may pass 1:1.
    public var aboveOriginal: Bool
}

/// A file that was meant to be media but could not be used.
public struct ItemError: Codable, Hashable, Sendable {
    public var path: String
    /// One line saying what went wrong; it names no option (``setting`` does).
    public var message: String
    /// A stable reason code.
    public var reason: ErrorReason
    /// The limit or option that decided it (``ItemFailure/setting``), written as its key in
    /// vitrine.json (``Setting/manifestKey``), so that a tool can act on it.
    public var setting: Setting?

    public init(path: String, message: String, reason: ErrorReason, setting: Setting? = nil) {
        self.path = path
        self.message = message
        self.reason = reason
        self.setting = setting
    }

    public init(path: String, _ failure: ItemFailure) {
        self.init(path: path, message: failure.message, reason: failure.reason, setting: failure.setting)
    }

    /// What the run says of it as it happens.
    public var event: ProgressEvent { .error(path: path, message: message, reason: reason, setting: setting) }

    /// The manifest's order of errors: by path (bytes), then reason and message, so that it
    /// is total and every run (and every merge) lists them alike.
    public static func precedes(_ a: ItemError, _ b: ItemError) -> Bool {
        if a.path != b.path { return a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
        return (a.reason.rawValue, a.message) < (b.reason.rawValue, b.message)
    }

    private enum CodingKeys: String, CodingKey {
        case path, message, reason, setting
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decode(String.self, forKey: .path)
        message = try container.decode(String.self, forKey: .message)
        reason = try container.decode(ErrorReason.self, forKey: .reason)
        setting = try container.decodeIfPresent(String.self, forKey: .setting).map { key in
            guard let setting = Setting.allCases.first(where: { $0.manifestKey == key }) else {
                throw DecodingError.dataCorruptedError(forKey: .setting, in: container,
                    debugDescription: "not a setting an error names: \(key)")
            }
            return setting
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(message, forKey: .message)
        try container.encode(reason, forKey: .reason)
        try container.encodeIfPresent(setting?.manifestKey, forKey: .setting)
    }
}

extension Setting {
    /// The setting as a manifest's `errors[].setting` (and a `--progress json` event) names it:
    /// its key in vitrine.json, which is the long option of every command that has it (a test
    /// holds them equal). Only the settings that decide an item's error or warning have one.
    public var manifestKey: String? {
        switch self {
        case .maxPixels: "max-pixels"
        case .maxMemory: "max-memory"
        case .timeout: "timeout"
        case .allowDamaged: "allow-damaged"
        case .netTimeout: "net-timeout"
        case .netDeadline: "net-deadline"
        case .maxDownload: "max-download"
        default: nil
        }
    }
}

/// Why a file could not be used, as the manifest's `errors[].reason` names it.
public enum ErrorReason: String, Sendable, Codable, CaseIterable {
    /// Not readable as media: not a recognised format, empty, or a decoder error at the header.
    case unreadable
    /// Readable but not something vitrine handles (content of another kind, no ffprobe).
    case unsupported
    /// Over `--max-pixels` or `--max-memory` (or a decoder's own limit).
    case tooLarge = "too-large"
    /// The file's work ran past `--timeout`.
    case timeout
    /// The decoder crashed on it (its worker was replaced).
    case crashed
    case notFound = "not-found"
    case permission
    /// A symbolic link loop.
    case loop
    /// The header read, the pixels did not (truncated, corrupt).
    case damaged
    /// An output could not be encoded or written.
    case write
    /// A remote image could not be downloaded: no such host, the connection refused or lost,
    /// a server error (5xx), too many redirects.
    case network
    /// The file changed while its outputs were made (``SourceStamp``), and again when the build
    /// made them anew: what it holds now was never read whole.
    case changed
}

/// What an item is.
public enum ItemKind: String, Codable, Hashable, Sendable, CaseIterable {
    case image, video
    /// Declared in a JSON input file, not read from media: a `view` object for the viewer,
    /// and optionally an SVG that vitrine draws its thumbnails and sheet cell from.
    case custom
}

/// What a rendition is for.
public enum RenditionRole: String, Codable, Hashable, Sendable, CaseIterable {
    /// A reduced copy to show in a grid (`thumbs`; `build`'s `--thumb-size`).
    case thumbnail
    /// A larger copy to show in a viewer (`build`'s `--display-size`).
    case display
}

/// How a viewer pages through the gallery (seed 000's vertical gallery).
public enum Direction: String, Codable, Hashable, Sendable, CaseIterable {
    case horizontal, vertical
}

public enum VitrineVersion {
    public static let string = "0.1.0"
}


extension JSONEncoder {
    /// Foundation's encoder set up as ``JSONWriter/pretty`` writes: sorted keys, no escaped
    /// slashes, pretty-printed.
    public static var manifest: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return encoder
    }

    /// One JSON value per line (NDJSON), as ``JSONWriter/compact`` writes; the worker pipes use it.
    public static var compact: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
