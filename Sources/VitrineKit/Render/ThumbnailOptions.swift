/// What `thumbs` makes of every item: renditions and a placeholder hash.
public struct ThumbnailOptions: Sendable {
    /// Default one ``RenditionSpec/defaultBox`` box, fitted, JPEG.
    public var renditions: [RenditionSpec] = [RenditionSpec(width: RenditionSpec.defaultBox.width, height: RenditionSpec.defaultBox.height)]
    /// Default ``Placeholder/Kind/default``.
    public var placeholder: Placeholder.Kind = .default

    public init() {}

    /// The outputs, in the order they are listed: the renditions, then the placeholder.
    public var outputs: [AnyOutput] {
        renditions.map(AnyOutput.init) + (placeholder == .none ? [] : [AnyOutput(PlaceholderSpec(placeholder))])
    }
}
