/// One rendition to make of every item: a box, how to fit it, a pixel scale and an encoding.
///
/// A small `Hashable` value whose ``identifier`` names everything that shapes the output
/// file, so it can serve as a cache key for incremental builds.
public struct RenditionSpec: Codable, Hashable, Sendable {
    /// The box at 1×; either side may be absent (`256` is 256 wide, `x256` is 256 high).
    /// Default ``defaultBox``.
    public var width: Int?
    public var height: Int?
    /// `.fit` (default): the whole picture inside the box. `.fill`: the box filled, then cropped.
    public var mode: FitMode = .fit
    /// What a `.fill` crop keeps: default `.attention` (the most interesting region).
    public var crop: Crop = .attention
    /// Pixel density: 1 (default) or 2 for an @2x rendition of the same box.
    public var scale: Int = 1
    /// Enlarge sources smaller than the box: default off.
    public var upscale: Bool = false
    public var encoding: Encoding = Encoding()
    /// Text drawn into a video's renditions: default none.
    public var badge: Badge?
    /// What the rendition is for, as the manifest says: default `.thumbnail`.
    public var role: RenditionRole = .thumbnail
    /// The folder below the output folder its files go in (`thumbs`): default none, the output
    /// folder itself. Neither this nor ``role`` shapes the bytes: they are not in ``identifier``.
    public var folder: String = ""

    /// The box `thumbs` makes when none is asked for: 256×256.
    public static let defaultBox = Box(width: 256, height: 256)
    /// The largest box side accepted (after @2x): well past any screen, well short of a
    /// decompression bomb.
    public static let maximumSide = 16384

    public enum FitMode: String, Codable, Hashable, Sendable, CaseIterable { case fit, fill }

    public enum Crop: String, Codable, Hashable, Sendable, CaseIterable {
        case centre, attention, entropy

        /// Also takes the American spelling, `center`.
        public init?(parsing text: String) {
            self.init(rawValue: text == "center" ? "centre" : text)
        }

        /// Every spelling ``init(parsing:)`` takes.
        public static let spellings = ["attention", "centre", "center", "entropy"]
    }

    /// What can be drawn into a video's thumbnails.
    public enum Badge: String, Codable, Hashable, Sendable, CaseIterable {
        /// The duration label (`1:05`), bottom-right, white with a soft shadow (seed 002).
        case duration
    }

    public init(width: Int?, height: Int?, mode: FitMode = .fit, crop: Crop = .attention, scale: Int = 1,
                upscale: Bool = false, encoding: Encoding = Encoding(), badge: Badge? = nil) {
        self.width = width
        self.height = height
        self.mode = mode
        self.crop = crop
        self.scale = scale
        self.upscale = upscale
        self.encoding = encoding
        self.badge = badge
    }

    /// `.fill` needs a box: with one side only, the rendition is fitted.
    public var effectiveMode: FitMode { width != nil && height != nil ? mode : .fit }

    /// The box in output pixels (the 1× box times ``scale``).
    public var pixelWidth: Int? { width.map { $0 * scale } }
    public var pixelHeight: Int? { height.map { $0 * scale } }

    /// The box at 1×.
    public var box: Box { Box(width: width, height: height) }

    /// The box as people write it: `256x256`, `256`, `x256`.
    public var boxLabel: String { box.description }

    /// The end of the output file name: `256x256.jpg`, `256x256@2x.webp`.
    public var fileSuffix: String { boxLabel + (scale == 1 ? "" : "@\(scale)x") + "." + encoding.format.fileExtension }

    /// Every setting that shapes the bytes, in a fixed order: a stable cache key.
    public var identifier: String {
        var parts = [boxLabel, effectiveMode.rawValue]
        if effectiveMode == .fill { parts.append(crop.rawValue) }
        if scale != 1 { parts.append("@\(scale)x") }
        if upscale { parts.append("upscale") }
        parts.append(encoding.identifier)
        if let badge { parts.append("badge-" + badge.rawValue) }
        return parts.joined(separator: "-")
    }
}

/// The renditions a command was asked for, checked: every box of `boxes` in every density,
/// each file name once (`-s 256 -s 256` asks for one file, not two writes of it).
public struct RenditionSet: Sendable {
    public private(set) var specs: [RenditionSpec]

    public enum Problem: SettingProblem, Equatable, Sendable {
        /// A box side (times the density) is larger than ``RenditionSpec/maximumSide``.
        case boxTooLarge(side: Int, density: Int, role: RenditionRole)
        case emptyBox(role: RenditionRole)

        public var sentence: SettingText {
            switch self {
            case .boxTooLarge(let side, 1, let role): "\(size(role)) \(side) is larger than \(RenditionSpec.maximumSide) pixels"
            case .boxTooLarge(let side, let density, let role):
                "\(size(role)) \(side) with \(Setting.retina) (\(side * density) px) is larger than \(RenditionSpec.maximumSide) pixels"
            case .emptyBox(let role): "\(size(role)) needs a width or a height"
            }
        }

        private func size(_ role: RenditionRole) -> Setting { role == .display ? .displaySize : .thumbnailSize }
    }

    /// - Parameters:
    ///   - boxes: default one ``RenditionSpec/defaultBox``.
    ///   - retina: also an @2x rendition of every box.
    public init(boxes: [Box], mode: RenditionSpec.FitMode = .fit, crop: RenditionSpec.Crop = .attention,
                retina: Bool = false, upscale: Bool = false, encoding: Encoding = Encoding(),
                badge: RenditionSpec.Badge? = nil) throws(Problem) {
        let boxes = boxes.isEmpty ? [RenditionSpec.defaultBox] : boxes
        let density = retina ? 2 : 1
        let all = boxes.flatMap { box in
            (1...density).map { scale in
                RenditionSpec(width: box.width, height: box.height, mode: mode, crop: crop, scale: scale, upscale: upscale,
                    encoding: encoding, badge: badge)
            }
        }
        try self.init(all)
    }

    /// `specs` checked (every box has a side, none over ``RenditionSpec/maximumSide`` in
    /// pixels), each file name once: the one check every command's renditions go through.
    public init(_ specs: [RenditionSpec]) throws(Problem) {
        for spec in specs {
            guard spec.width != nil || spec.height != nil else { throw .emptyBox(role: spec.role) }
            let side = max(spec.width ?? 0, spec.height ?? 0)
            // The @2x copy of a box is what goes over: the message names the box asked for.
            let density = specs.filter { $0.role == spec.role && $0.boxLabel == spec.boxLabel }.map(\.scale).max() ?? 1
            if side * density > RenditionSpec.maximumSide { throw .boxTooLarge(side: side, density: density, role: spec.role) }
        }
        var seen = Set<String>()
        self.specs = specs.filter { seen.insert($0.folder + "/" + $0.fileSuffix).inserted }
    }
}

/// How a rendition is written.
public struct Encoding: Codable, Hashable, Sendable {
    /// Default `.jpeg`.
    public var format: ImageFormat = .jpeg
    /// 1–100; default per format (``ImageFormat/defaultQuality``; PNG is lossless).
    public var quality: Int?
    /// Which metadata survives: default `.none` (stripped; pixels are converted to sRGB first).
    public var keepMetadata: MetadataPolicy = .none
    /// Flattening colour for formats without alpha (JPEG), as 0–255 RGB: default white.
    public var background: [Double] = [255, 255, 255]

    /// `none`: everything stripped. `copyright`: only EXIF Copyright and Artist kept.
    /// `all`: everything the source had (EXIF, XMP, IPTC), with an sRGB profile.
    public enum MetadataPolicy: String, Codable, Hashable, Sendable, CaseIterable { case none, copyright, all }

    public init(format: ImageFormat = .jpeg, quality: Int? = nil, keepMetadata: MetadataPolicy = .none,
                background: [Double] = [255, 255, 255]) {
        self.format = format
        self.quality = quality
        self.keepMetadata = keepMetadata
        self.background = background
    }

    public var effectiveQuality: Int { quality ?? format.defaultQuality }

    var identifier: String {
        var parts = [format.rawValue]
        if format != .png { parts.append("q\(effectiveQuality)") }
        if keepMetadata != .none { parts.append("meta-\(keepMetadata.rawValue)") }
        if !format.hasAlpha { parts.append("bg-" + background.map { String(Int($0)) }.joined(separator: ".")) }
        return parts.joined(separator: "-")
    }
}

public enum ImageFormat: String, Codable, Hashable, Sendable, CaseIterable {
    case jpeg, webp, avif, png

    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .webp: "webp"
        case .avif: "avif"
        case .png: "png"
        }
    }

    /// Whether the format keeps an alpha channel (JPEG is flattened onto the background).
    public var hasAlpha: Bool { self != .jpeg }

    /// The encoder quality used when none is asked for.
    public var defaultQuality: Int {
        switch self {
        case .jpeg: 82
        case .webp: 80
        case .avif: 55
        case .png: 100
        }
    }
}

/// A box of pixels; either side may be absent (unbounded).
public struct Box: Codable, Hashable, Sendable, CustomStringConvertible {
    public var width: Int?
    public var height: Int?

    public init(width: Int?, height: Int?) {
        self.width = width
        self.height = height
    }

    /// As people write it: `256x256`, `256` (width only), `x256` (height only); `original`
    /// when neither side is set.
    public var description: String {
        switch (width, height) {
        case let (w?, h?): "\(w)x\(h)"
        case let (w?, nil): "\(w)"
        case let (nil, h?): "x\(h)"
        case (nil, nil): "original"
        }
    }
}
