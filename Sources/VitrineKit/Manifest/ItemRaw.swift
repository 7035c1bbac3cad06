/// A camera RAW item: its embedded preview, as the scan found it, and which picture its
/// outputs were made from (`raw` in the manifest).
public struct ItemRaw: Codable, Equatable, Hashable, Sendable {
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

    public init(_ header: RawHeader) {
        preview = header.preview
        sensorData = header.sensorData ? nil : false
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
