import VipsKit

/// Everything `vitrine build` needs to know: the gallery's sources and order, and what to make
/// of every item. Each default is defined here, or with the setting it is for.
public struct BuildOptions: Sendable {
    /// Inputs, order, navigation, captions and limits, as `scan` reads them.
    public var scan = ScanOptions()
    /// The site folder: everything is written below it, nothing elsewhere.
    public var site: String
    /// Default ``defaultRenditions``.
    public var renditions: [RenditionSpec] = BuildOptions.defaultRenditions
    /// Default ``Placeholder/Kind/default``.
    public var placeholder: Placeholder.Kind = .default
    /// Zoom tiles of the pictures large enough to need them: default Deep Zoom in `tiles/`, for
    /// pictures over 1.5 times the largest rendition box; nil for none.
    public var tiles: TileSpec? = BuildOptions.defaultTiles(besides: BuildOptions.defaultRenditions)
    /// Contact sheets of the whole gallery, in `sheets/`, their cells kept in the state folder:
    /// default on; nil for none.
    public var sheet: SheetSettings? = BuildOptions.defaultSheet

    /// ``SheetSettings/init()``, with the cells kept in `.vitrine/cells/`.
    public static let defaultSheet: SheetSettings = {
        var settings = SheetSettings()
        settings.cellFolder = ".vitrine/cells"
        return settings
    }()
    /// Videos copied into `media/` for the page to play, their metadata removed: default on;
    /// nil for none.
    public var webVideos: WebVideoSpec? = WebVideoSpec()
    /// Copies of the photos' originals in `originals/`, for a download link (`--originals
    /// copy`): default none.
    public var originals: OriginalCopySpec?
    /// Write `index.html`, the gallery's page: default on.
    public var page = true
    /// Write the search index with the page, in `search/` (``SearchIndex``; `--no-search`: no,
    /// and an old index is removed): default ``SearchIndex/writtenByDefault``.
    public var search = SearchIndex.writtenByDefault
    /// `--title`: the page's title; default nil, the manifest's (``GalleryPage/title``).
    public var pageTitle: String?
    /// `--theme`: the page's look, read and checked (its files' content is part of the options,
    /// so that an edited theme rewrites the page); default ``PageTheme/standard``.
    public var pageTheme = PageTheme.standard
    /// `--page-css`: the site's own CSS, after the theme's; default none.
    public var pageCSS = ""
    /// Write ``iiifManifestName``, a IIIF Presentation 3 manifest of the gallery with its albums
    /// as Ranges (``IIIFPresentation``): default off. Needs IIIF tiles with a base URL.
    public var iiifManifest = false
    /// The IIIF Presentation manifest's name below the site.
    public static let iiifManifestName = "iiif-manifest.json"
    /// Where a video's poster frame is taken: default ``PosterTime/default``.
    public var posterAt: PosterTime = .default
    /// Make everything again, whatever the state says: default off.
    public var force = false
    /// Build into a folder that holds files and is not a vitrine site, replacing what a build
    /// writes there: default off (such a folder is refused).
    public var overwrite = false
    /// Go on when the build would remove every item of the last build, or more than
    /// ``shrinkLimit`` and at least half of them: default off (a mistyped, unmounted or emptied
    /// source must not wipe a site and its selection).
    public var allowShrink = false
    /// The most of the last build's items a build removes unasked when they are half of them or more.
    public static let shrinkLimit = 20
    /// List every action in the report (`--dry-run --verbose`): default off.
    public var listsActions = false
    /// Keep GPS coordinates in the manifest: default off (a site is meant to be published;
    /// place names stay).
    public var keepLocation = false

    public init(site: String) { self.site = site }

    /// A 256×256 filled thumbnail in `thumbs/` (made with its @2x), JPEG.
    public static let defaultThumbnail: RenditionSpec = {
        var thumbnail = RenditionSpec(width: 256, height: 256, mode: .fill)
        thumbnail.folder = "thumbs"
        return thumbnail
    }()
    /// A 1280-pixel fitted display size in `display/`, JPEG.
    public static let defaultDisplay: RenditionSpec = {
        var display = RenditionSpec(width: 1280, height: 1280)
        display.role = .display
        display.folder = "display"
        return display
    }()
    /// ``defaultThumbnail``, its @2x, and ``defaultDisplay``.
    public static let defaultRenditions: [RenditionSpec] = {
        var retina = defaultThumbnail
        retina.scale = 2
        return [defaultThumbnail, retina, defaultDisplay]
    }()

    /// Deep Zoom in `tiles/`, for pictures over 1.5 times the largest rendition box.
    public static func defaultTiles(besides renditions: [RenditionSpec]) -> TileSpec {
        var tiles = TileSpec(minSize: TileSpec.defaultMinSize(besides: renditions))
        tiles.folder = "tiles"
        return tiles
    }

    /// The folder below the site the sheets go in, and their file name.
    public static let sheetFolder = "sheets"
    public static let sheetFileName = "sheet.jpg"

    /// The folders below the site that per-item outputs are written in (`thumbs`, `tiles`).
    public var outputFolders: [String] {
        var folders: [String] = []
        for path in renditions.map(\.folder) + [tiles?.folder, webVideos?.folder, originals?.folder].compactMap({ $0 }) {
            guard let folder = path.split(separator: "/").first.map(String.init), !folders.contains(folder) else { continue }
            folders.append(folder)
        }
        return folders
    }

    /// The per-item outputs, in the order they are listed: renditions, placeholder, tiles, the
    /// cells contact sheets are composed from, videos' copies and photos' originals.
    public var outputs: [AnyOutput] {
        renditions.map(AnyOutput.init) + (placeholder == .none ? [] : [AnyOutput(PlaceholderSpec(placeholder))])
            + (tiles.map { [AnyOutput($0)] } ?? []) + (sheet.map { [AnyOutput($0.cellOutput)] } ?? [])
            + (webVideos.map { [AnyOutput($0), AnyOutput(MotionSpec(web: $0))] } ?? []) + (originals.map { [AnyOutput($0)] } ?? [])
    }
}

/// What changes pixels besides the settings: vitrine's rendering code and libvips. Part of every
/// output's key in the state, so that an upgrade that changes pixels makes them again. Bump
/// ``rendering`` only when output bytes change.
public enum RenderingVersion {
    /// 2: a filled thumbnail's 1x is cut from its @2x (the same crop at both densities), and an
    /// sRGB-tagged source is no longer put through a colour transform.
    public static let rendering = 2

    /// `r2-vips-8.14.1`.
    public static var current: String { "r\(rendering)-vips-\(Vips.version)" }
}
