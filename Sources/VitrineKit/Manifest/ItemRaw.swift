/// A camera RAW item: its embedded preview, as the scan found it, and which picture its
/// outputs were made from (`raw` in the manifest). Or, for a RAW+JPEG pair (``RawPairs``), the
/// RAW file beside the photo that is the item's picture.
public struct ItemRaw: Codable, Equatable, Sendable {
    /// The embedded preview's upright size; absent when there is none that can be used.
    public var preview: PictureSize?
    /// False when the file is too small to hold its sensor's data: its preview is shown whatever
    /// `--raw` says. Absent when it holds it.
    public var sensorData: Bool?
    /// How the outputs' picture was made: `preview` or `develop` (absent in `scan`, which makes none).
    public var method: String?
    /// That picture's upright size: the preview's, or the developed picture's (half the
    /// sensor's when that was enough).
    public var width: Int?
    public var height: Int?
    /// A RAW+JPEG pair's RAW file; absent when the item's picture is the RAW file itself.
    public var source: Item.Source?
    /// A pair's RAW file copied into the site (`build --originals copy --keep-metadata`), for a
    /// download link beside the photo's `original`.
    public var original: MediaCopy?

    /// Whether the item's picture is made from this RAW file (a lone RAW), not from the photo
    /// its camera wrote beside it.
    public var isPicture: Bool { source == nil }

    public init(_ header: RawHeader) {
        preview = header.preview
        sensorData = header.sensorData ? nil : false
    }

    /// A pair's RAW file, `source`: the photo beside it is the picture.
    init(pairedWith source: Item.Source) {
        self.source = source
    }

    /// Records that the outputs came from `method` of an item of upright size `width`×`height`.
    mutating func settle(_ method: RawMethod, width: Int, height: Int) {
        self.method = method.manifestName
        let size: PictureSize
        switch method {
        case .preview: size = preview ?? PictureSize(width: width, height: height)
        case .develop: size = PictureSize(width: width, height: height)
        // LibRaw's half size rounds up.
        case .developHalf: size = PictureSize(width: (width + 1) / 2, height: (height + 1) / 2)
        }
        (self.width, self.height) = (size.width, size.height)
    }
}
