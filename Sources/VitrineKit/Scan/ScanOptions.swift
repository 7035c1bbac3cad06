/// How items are ordered in the gallery.
public enum ItemOrder: String, CaseIterable, Sendable {
    /// Path by path, byte order.
    case name
    /// Path by path, digits by value and letters case-folded: `img2` before `img10` (default).
    case natural
    /// EXIF date taken, falling back to the file's modification time; ties by natural order.
    case date
    /// The file's modification time; ties by natural order.
    case mtime
    /// As found: inputs in command-line order, folder entries in byte order.
    case none
    /// sigal's `Order:` header in `name.md` sidecars (and a folder's `index.md` for its place
    /// among folders), within each folder; items and folders without one first; ties, and
    /// everything else, by natural order. Files come before sub-folders.
    case sidecar
    /// The order of entries in the `--captions` file; items it does not list after them, in
    /// natural order.
    case captions
}

/// Everything `scan` needs to know.
public struct ScanOptions: Sendable {
    /// Order of items: default `.natural`.
    public var order: ItemOrder = .natural
    /// Reverse the order: default off.
    public var reverse = false
    /// prev/next wrap around at the ends: default off.
    public var cyclic = false
    /// The item a viewer opens first: default 0.
    public var initialIndex = 0
    /// What to read of each file.
    public var probe = ProbeOptions()
    /// Where captions, titles, keywords, places and ratings come from.
    public var captions = CaptionOptions()

    public init() {}
}
