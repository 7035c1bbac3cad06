/// A placeholder hash as an output kind: no file, a few bytes in the manifest, computed from
/// the whole upright picture (never a cropped rendition) so that it has the picture's shape.
public struct PlaceholderSpec: OutputKind {
    public static let kindName = "placeholder"

    /// `.thumbhash` or `.blurhash`.
    public var kind: Placeholder.Kind

    public init(_ kind: Placeholder.Kind) { self.kind = kind }

    public var identifier: String { kind.rawValue }

    /// Every item gets one; it reads whatever whole picture the item's other outputs decoded.
    public func target(for item: PlanningItem) -> OutputTarget? {
        kind == .none ? nil : OutputTarget(paths: [], sourceScale: nil)
    }

    public func make(_ target: OutputTarget, from picture: ItemPicture, staging: Staging) throws -> Placeholder? {
        try Placeholder.make(kind, from: try picture.wholePicture(atLeast: Placeholder.side))
    }

    public func fold(_ made: Placeholder?, target: OutputTarget, into item: inout Item) {
        item.placeholder = made
    }
}
