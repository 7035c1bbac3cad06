/// Zoom tiles of every photo large enough to need them: a pyramid libvips' `dzsave` cuts from
/// the upright sRGB picture (the item's one decode), and the zoom policy a viewer applies.
///
/// A small `Hashable` value: its ``identifier`` names everything that shapes the files. The
/// zoom policy (``zoom``) only shapes the manifest entry, which is computed when the product
/// is folded in, so it is not part of the identifier.
public struct TileSpec: Codable, Hashable, Sendable {
    /// Default `.dz` (Deep Zoom: `<id>.dzi` and `<id>_files/`).
    public var layout: TileLayout = .dz
    /// Tile side in pixels: default ``TileLayout/defaultTileSize`` of the layout.
    public var tileSize: Int
    /// Pixels each Deep Zoom tile repeats of its neighbours: default ``TileLayout/defaultOverlap``
    /// (1 for Deep Zoom, 0 for the others, which have none).
    public var overlap: Int
    /// Default `.jpeg`.
    public var format: TileFormat = .jpeg
    /// 1–100; default per format (``TileFormat/defaultQuality``; PNG is lossless).
    public var quality: Int?
    /// Default `.fs` (files in folders); `.zip`: one archive per picture.
    public var container: TileContainer = .fs
    /// Where DIR is served, for the IIIF ids (`https://example.org/gallery`, no trailing `/`):
    /// needed by the IIIF layouts, meaningless to the others. Default none.
    public var baseURL: String?
    /// Only pictures whose longest upright side is larger get tiles; the others get a zoom
    /// policy alone. Default 0 (every picture; see ``defaultMinSize(besides:)``).
    public var minSize: Int = 0
    /// Keep the source's metadata in every tile: default off (tiles carry none).
    public var keepMetadata: Bool = false
    /// How viewers may zoom, recorded in the manifest: default ``ZoomOptions/init()``.
    public var zoom = ZoomOptions()
    /// The folder below the output folder the pyramids go in (`tiles`): default none, the
    /// output folder itself. It shapes only the IIIF ids, in ``identifier`` with the base URL.
    public var folder: String = ""

    public init(layout: TileLayout = .dz, tileSize: Int? = nil, overlap: Int? = nil, format: TileFormat = .jpeg,
                quality: Int? = nil, container: TileContainer = .fs, baseURL: String? = nil, minSize: Int = 0,
                keepMetadata: Bool = false, zoom: ZoomOptions = ZoomOptions()) {
        self.layout = layout
        self.tileSize = tileSize ?? layout.defaultTileSize
        self.overlap = overlap ?? layout.defaultOverlap
        self.format = format
        self.quality = quality
        self.container = container
        self.baseURL = baseURL
        self.minSize = minSize
        self.keepMetadata = keepMetadata
        self.zoom = zoom
    }

    /// The largest tile side libvips accepts.
    public static let maximumTileSize = 8192

    /// The minimum size when tiles are made beside thumbnails: 1.5 times the largest side of
    /// any rendition box (in pixels, @2x included), since a picture a thumbnail already shows
    /// whole needs no zooming.
    public static func defaultMinSize(besides renditions: [RenditionSpec]) -> Int {
        let largest = renditions.map { max($0.pixelWidth ?? 0, $0.pixelHeight ?? 0) }.max() ?? 0
        return largest * 3 / 2
    }

    public var effectiveQuality: Int { quality ?? format.defaultQuality }

    /// Every setting that shapes the files, in a fixed order: `dz-254-o1-jpeg-q82-fs-min0`.
    public var identifier: String {
        var parts = [layout.rawValue, String(tileSize), "o\(overlap)", format.rawValue]
        if format != .png { parts.append("q\(effectiveQuality)") }
        parts.append(container.rawValue)
        parts.append("min\(minSize)")
        if keepMetadata { parts.append("meta") }
        // The ids in info.json hold the folder: a site made when they held it twice is remade.
        if let baseURL { parts.append("id=" + (folder.isEmpty ? baseURL : baseURL + "/" + folder)) }
        return parts.joined(separator: "-")
    }

    /// Why asked-for settings cannot work: checked in the library, naming the settings
    /// (``Setting``) each command words as its own options.
    public enum Problem: SettingProblem, Equatable, Sendable {
        case tileSize(Int)
        case overlap(Int, tileSize: Int)
        case overlapNeedsDeepZoom
        case baseURLNeeded(TileLayout)
        case baseURLUnused(TileLayout)
        case badBaseURL(String)
        case zoom(ZoomOptions.Problem)

        public var sentence: SettingText {
            switch self {
            case .tileSize(let size): "\(Setting.tileSize) \(size) is not between 1 and \(TileSpec.maximumTileSize)"
            case .overlap(let overlap, let size): "\(Setting.tileOverlap) \(overlap) must be smaller than half the tile size (\(size))"
            case .overlapNeedsDeepZoom:
                "\(Setting.tileOverlap) only applies to \(Setting.tileLayout) dz (IIIF, Zoomify and Google tiles have none)"
            case .baseURLNeeded(let layout):
                "\(Setting.tileLayout) \(layout.rawValue) needs \(Setting.tileBaseURL) URL (where \(Setting.outputFolder) is served): "
                    + "IIIF ids are absolute URLs"
            case .baseURLUnused(let layout):
                "\(Setting.tileBaseURL) only applies to the IIIF layouts, not \(Setting.tileLayout) \(layout.rawValue)"
            case .badBaseURL(let text): "\(Setting.tileBaseURL) '\(text)' is not an http or https URL without a query or fragment"
            case .zoom(let problem): problem.sentence
            }
        }
    }

    /// The settings, checked, with the base URL normalised (no trailing `/`, which would
    /// break the ids viewers and validators compare).
    public func checked() throws(Problem) -> TileSpec {
        var spec = self
        guard (1...Self.maximumTileSize).contains(tileSize) else { throw .tileSize(tileSize) }
        if overlap != 0 && layout != .dz { throw .overlapNeedsDeepZoom }
        guard overlap >= 0, overlap * 2 < tileSize else { throw .overlap(overlap, tileSize: tileSize) }
        switch (layout.isIIIF, baseURL) {
        case (true, nil): throw .baseURLNeeded(layout)
        case (false, _?): throw .baseURLUnused(layout)
        case (true, let text?):
            guard let normalised = Self.normalisedBaseURL(text) else { throw .badBaseURL(text) }
            spec.baseURL = normalised
        case (false, nil): break
        }
        do { try zoom.check() } catch { throw .zoom(error) }
        return spec
    }

    /// `http(s)://host[:port][/path]` without trailing slashes, or nil when it is not one.
    static func normalisedBaseURL(_ text: String) -> String? {
        var url = text
        while url.hasSuffix("/") { url.removeLast() }
        let lower = url.lowercased()
        guard let scheme = ["http://", "https://"].first(where: lower.hasPrefix) else { return nil }
        let rest = url.dropFirst(scheme.count)
        guard let host = rest.split(separator: "/", omittingEmptySubsequences: false).first, !host.isEmpty,
              !url.contains("?"), !url.contains("#"), !url.contains(where: { $0 == " " || $0.isNewline })
        else { return nil }
        return url
    }
}

/// How a pyramid's files are laid out: what viewer reads it.
public enum TileLayout: String, Codable, Hashable, Sendable, CaseIterable {
    /// Deep Zoom (OpenSeadragon's own): `<id>.dzi` and `<id>_files/<level>/<col>_<row>.jpg`.
    case dz
    /// IIIF Image API 2.1, level 0: `<id>.iiif/info.json` and its tiles and full images.
    case iiif
    /// IIIF Image API 3.0, level 0: the same folder, in 3.0's words.
    case iiif3
    /// Zoomify: `<id>.zoomify/ImageProperties.xml` and `TileGroup<n>/`.
    case zoomify
    /// Google Maps: `<id>.google/<z>/<y>/<x>.jpg`.
    case google

    /// 254 for Deep Zoom (254 + 2 × 1 overlap = 256), 512 for IIIF, 256 for the others.
    public var defaultTileSize: Int {
        switch self {
        case .dz: 254
        case .iiif, .iiif3: 512
        case .zoomify, .google: 256
        }
    }

    /// 1 for Deep Zoom, 0 for the others.
    public var defaultOverlap: Int { self == .dz ? 1 : 0 }

    public var isIIIF: Bool { self == .iiif || self == .iiif3 }

    /// What the item's id is followed by in the name of the pyramid's folder (or, for Deep
    /// Zoom, its descriptor): a `.` or `_`, which ids never hold, so it never meets another
    /// item's files.
    var suffix: String {
        switch self {
        case .dz: ".dzi"
        case .iiif, .iiif3: ".iiif"
        case .zoomify: ".zoomify"
        case .google: ".google"
        }
    }
}

/// How tiles are encoded.
public enum TileFormat: String, Codable, Hashable, Sendable, CaseIterable {
    case jpeg, webp, png

    public var fileExtension: String { image.fileExtension }
    /// 82 for JPEG and 80 for WebP, as renditions (``ImageFormat/defaultQuality``).
    public var defaultQuality: Int { image.defaultQuality }
    var image: ImageFormat {
        switch self {
        case .jpeg: .jpeg
        case .webp: .webp
        case .png: .png
        }
    }
    /// Its IANA media type, for IIIF manifests.
    var mediaType: String { "image/" + self.rawValue }
}

/// Where a pyramid's files go.
public enum TileContainer: String, Codable, Hashable, Sendable, CaseIterable {
    /// Files and folders below DIR.
    case fs
    /// One zip archive per picture, `<id>.zip`, holding what `fs` would put beside `<id>`.
    case zip
}
