/// One page of a gallery's contact sheet, as the manifest's `sheets` lists it.
public struct ContactSheet: Codable, Equatable, Sendable {
    /// The file, relative to the folder the sheets were written into, `/`-separated.
    public var path: String
    /// 1-based.
    public var page: Int
    public var width: Int
    public var height: Int
    /// The ids of the items on it, in the order of their cells.
    public var items: [String]
    /// The id of the album whose items it shows (`""` for the root); absent in a gallery
    /// without albums. `page` counts within the album.
    public var album: String?

    public init(path: String, page: Int, width: Int, height: Int, items: [String], album: String? = nil) {
        self.path = path
        self.page = page
        self.width = width
        self.height = height
        self.items = items
        self.album = album
    }
}

/// A video's contact sheet of frames, as its manifest item's `sheet` records it.
public struct VideoSheet: Codable, Equatable, Sendable {
    /// Relative to the output folder, `/`-separated: `clips/holiday-sheet.jpg`.
    public var path: String
    public var width: Int
    public var height: Int
    /// How many frames it shows.
    public var frames: Int
    /// Each frame's time in seconds from the start of the video stream (3 decimals), increasing.
    public var times: [Double]

    public init(path: String, width: Int, height: Int, frames: Int, times: [Double]) {
        self.path = path
        self.width = width
        self.height = height
        self.frames = frames
        self.times = times
    }
}
