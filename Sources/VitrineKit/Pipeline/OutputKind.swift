/// One kind of thing vitrine makes from one item: a thumbnail rendition, a placeholder hash, a
/// zoom-tile pyramid, a contact-sheet cell, a video's sheet, a copy of a video or of a photo's
/// original (``OutputKinds/all``).
///
/// A value of a kind is its settings, small and `Hashable`, as Nuke's image processors are: its
/// ``identifier`` names everything that shapes the output, so it is also the cache key of an
/// incremental build. The pipeline plans each kind for each item (``target(for:)``: the paths
/// it will own), a worker makes it from the item's one decode (``make(_:from:staging:)``), and
/// the main process folds what was made into the manifest (``fold(_:target:into:)``). Kinds
/// never see the worker pool, and the pool never sees a kind.
public protocol OutputKind: Codable, Hashable, Sendable {
    /// What the worker hands back for one item: the facts the manifest records.
    associatedtype Product: Codable, Equatable, Sendable

    /// The kind's name on the wire between processes (`rendition`, `placeholder`).
    static var kindName: String { get }

    /// Every setting that shapes the output, in a fixed order: a stable cache key.
    var identifier: String { get }

    /// What this output makes of `item` (upright size, kind, id), or nil when it makes nothing
    /// of it (an @2x rendition the source cannot fill, tiles of a small photo).
    func target(for item: PlanningItem) -> OutputTarget?

    /// Makes the output from the item's decode, staging its files (they are committed, in
    /// staging order, once every output of the item has been made).
    func make(_ target: OutputTarget, from picture: ItemPicture, staging: Staging) throws -> Product

    /// Records what was made in the manifest's item.
    func fold(_ product: Product, target: OutputTarget, into item: inout Item)

    /// This output once the gallery's items are known, before any is planned: a kind whose
    /// paths depend on the whole gallery (a lone video's sheet keeps the name asked for) sets
    /// them here. Default: itself.
    func settled(for items: [Item]) -> Self

    /// Whether what an earlier build made at `target` (below `folder`) is all there, checked
    /// without reading every file: a rebuild keeps it only then. Default: each of its paths exists.
    func isComplete(_ target: OutputTarget, product: Product, in folder: String) -> Bool

    /// Whether ``isComplete(_:product:in:)`` reads the product (a pyramid's levels); when not,
    /// a check of every kept output need not decode them. Default false.
    static var completenessReadsProduct: Bool { get }

    /// The filled (cropped) box this output asks of ``ItemPicture/thumbnail(width:height:upscale:crop:)``,
    /// if any: so that an output made again alone is cut as in a build that made them all.
    /// Default none.
    func filledBox(for target: OutputTarget) -> FilledBox?

    /// Seconds of work beyond a file's time limit (`--timeout`) that making this output of
    /// `item` may take (a video's transcode), or nil for none. Default none.
    func extraSeconds(for target: OutputTarget, item: PlanningItem) -> Double?
}

extension OutputKind {
    public func settled(for items: [Item]) -> Self { self }

    public func isComplete(_ target: OutputTarget, product: Product, in folder: String) -> Bool { target.exists(in: folder) }

    public static var completenessReadsProduct: Bool { false }

    public func filledBox(for target: OutputTarget) -> FilledBox? { nil }

    public func extraSeconds(for target: OutputTarget, item: PlanningItem) -> Double? { nil }
}

/// A box an output fills with a crop: what ``ItemPicture`` needs to cut a smaller box of the
/// same shape from it.
public struct FilledBox: Codable, Hashable, Sendable {
    public var crop: String
    public var width: Int
    public var height: Int
    public var upscale: Bool

    public init(crop: String, width: Int, height: Int, upscale: Bool = false) {
        self.crop = crop
        self.width = width
        self.height = height
        self.upscale = upscale
    }

    /// Whether a box of `width` × `height` can be cut from this one as from a larger filled
    /// picture: the same crop and shape, and at least twice its size.
    func feeds(crop: String, width: Int, height: Int) -> Bool {
        self.crop == crop && self.width >= 2 * width && self.width * height == self.height * width
    }
}

/// What the plan knows of an item when it plans outputs for it.
public struct PlanningItem: Sendable {
    public var id: String
    public var kind: ItemKind
    /// Upright size: EXIF orientation applied.
    public var width: Int
    public var height: Int
    /// The source's path as the manifest shows it (for its extension); default none.
    public var sourceName: String?
    /// The decoder's name of its format (`jpeg`, `heif`), as the manifest's `format`; default none.
    public var format: String?
    /// A video's streams; default none.
    public var video: VideoFacts?
    /// A photo's clip (a Live Photo's, a Motion Photo's); default none.
    public var motion: Motion?
    /// A RAW+JPEG pair's RAW file (``ItemRaw/source``); default none.
    public var pairedRaw: Item.Source?

    public init(id: String, kind: ItemKind, width: Int, height: Int, sourceName: String? = nil, format: String? = nil,
                video: VideoFacts? = nil, motion: Motion? = nil, pairedRaw: Item.Source? = nil) {
        self.video = video
        self.motion = motion
        self.pairedRaw = pairedRaw
        self.id = id
        self.kind = kind
        self.width = width
        self.height = height
        self.sourceName = sourceName
        self.format = format
    }
}

/// One output of one item, as planned: the paths it owns and how it reads the decode.
public struct OutputTarget: Codable, Hashable, Sendable {
    /// Paths below the output folder, `/`-separated: the files and folders this output owns.
    public var paths: [String]
    /// The share of the upright source's size it reads (1: every pixel), or nil when it can
    /// work from any whole picture another output of the item made (a placeholder).
    public var sourceScale: Double?
    /// The box, in output pixels, asked of the resizer (renditions, cells); nil for none.
    public var width: Int?
    public var height: Int?
    /// What identifies an input besides the item's source that the output is made from (a Live
    /// Photo's clip file): an output made from another is made again. Default none.
    public var input: String?

    /// Whether each of its paths exists below `folder`, as a file or folder vitrine makes: a
    /// FIFO, a socket or a symbolic link put in an output's place is no output, made again.
    public func exists(in folder: String) -> Bool { paths.allSatisfy { FileStat.isFileOrFolder(Path.join(folder, $0)) } }

    public init(paths: [String], sourceScale: Double?, width: Int? = nil, height: Int? = nil) {
        self.paths = paths
        self.sourceScale = sourceScale
        self.width = width
        self.height = height
    }
}

/// Every kind a worker can make. A new kind is added here (and nowhere in the pool).
public enum OutputKinds {
    public static let all: [any OutputKind.Type] = [RenditionSpec.self, PlaceholderSpec.self, TileSpec.self, SheetCellSpec.self,
        VideoSheetSpec.self, WebVideoSpec.self, MotionSpec.self, OriginalCopySpec.self]

    static func named(_ name: String) -> (any OutputKind.Type)? { all.first { $0.kindName == name } }
}

/// An output of any kind, as plans and jobs carry it.
public struct AnyOutput: Codable, Hashable, Sendable, CustomStringConvertible {
    public let base: any OutputKind

    public init(_ base: some OutputKind) { self.base = base }

    /// `rendition:256x256-fit-jpeg-q82-bg-255.255.255`: the kind and its identifier.
    public var description: String { type(of: base).kindName + ":" + base.identifier }

    public static func == (left: AnyOutput, right: AnyOutput) -> Bool { AnyHashable(left.base) == AnyHashable(right.base) }
    public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }

    private enum CodingKeys: String, CodingKey { case kind, settings }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type(of: base).kindName, forKey: .kind)
        try base.encode(to: container.superEncoder(forKey: .settings))
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .kind)
        guard let kind = OutputKinds.named(name) else {
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown output kind '\(name)'")
        }
        base = try kind.init(from: container.superDecoder(forKey: .settings))
    }

    // Forwarding, with the kind's types opened.
    func target(for item: PlanningItem) -> OutputTarget? { base.target(for: item) }

    func settled(for items: [Item]) -> AnyOutput { Self.settle(base, for: items) }

    private static func settle<Kind: OutputKind>(_ kind: Kind, for items: [Item]) -> AnyOutput { AnyOutput(kind.settled(for: items)) }

    func make(_ target: OutputTarget, from picture: ItemPicture, staging: Staging) throws -> AnyProduct {
        try Self.make(base, target, from: picture, staging: staging)
    }

    private static func make<Kind: OutputKind>(_ kind: Kind, _ target: OutputTarget, from picture: ItemPicture,
                                               staging: Staging) throws -> AnyProduct {
        AnyProduct(try kind.make(target, from: picture, staging: staging), kind: Kind.kindName)
    }

    func filledBox(for target: OutputTarget) -> FilledBox? { base.filledBox(for: target) }

    func extraSeconds(for target: OutputTarget, item: PlanningItem) -> Double? { base.extraSeconds(for: target, item: item) }

    var completenessReadsProduct: Bool { type(of: base).completenessReadsProduct }

    /// ``OutputKind/isComplete(_:product:in:)``; false when `product` is not this kind's.
    func isComplete(_ target: OutputTarget, product: AnyProduct, in folder: String) -> Bool {
        Self.isComplete(base, target, product, in: folder)
    }

    private static func isComplete<Kind: OutputKind>(_ kind: Kind, _ target: OutputTarget, _ product: AnyProduct,
                                                     in folder: String) -> Bool {
        guard let made = product.base as? Kind.Product else { return false }
        return kind.isComplete(target, product: made, in: folder)
    }

    /// Folds a product back; false when it is not this kind's (a mismatched worker).
    func fold(_ product: AnyProduct, target: OutputTarget, into item: inout Item) -> Bool {
        Self.fold(base, product, target: target, into: &item)
    }

    private static func fold<Kind: OutputKind>(_ kind: Kind, _ product: AnyProduct, target: OutputTarget, into item: inout Item)
        -> Bool
    {
        guard let made = product.base as? Kind.Product else { return false }
        kind.fold(made, target: target, into: &item)
        return true
    }
}

/// What a worker made for one output, of any kind; decoded by the kind named in it.
public struct AnyProduct: Codable, Equatable, Sendable {
    public let base: any Codable & Sendable
    let kindName: String

    init<Product: Codable & Equatable & Sendable>(_ product: Product, kind: String) {
        base = product
        kindName = kind
    }

    public static func == (left: AnyProduct, right: AnyProduct) -> Bool {
        left.kindName == right.kindName && left.isEqual(to: right.base)
    }

    private func isEqual(to other: any Codable & Sendable) -> Bool {
        guard let kind = OutputKinds.named(kindName) else { return false }
        return kind.productsEqual(base, other)
    }

    private enum CodingKeys: String, CodingKey { case kind, product }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kindName, forKey: .kind)
        try base.encode(to: container.superEncoder(forKey: .product))
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kindName = try container.decode(String.self, forKey: .kind)
        guard let kind = OutputKinds.named(kindName) else {
            throw DecodingError.dataCorruptedError(forKey: .kind, in: container, debugDescription: "unknown output kind '\(kindName)'")
        }
        base = try kind.decodeProduct(from: container.superDecoder(forKey: .product))
    }
}

extension OutputKind {
    static func decodeProduct(from decoder: Decoder) throws -> any Codable & Sendable { try Product(from: decoder) }

    static func productsEqual(_ left: Any, _ right: Any) -> Bool {
        guard let left = left as? Product, let right = right as? Product else { return false }
        return left == right
    }
}
