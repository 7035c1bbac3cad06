import Foundation

/// A folder of the library as the gallery shows it (`--albums folders`): its own items, then
/// its child albums, nested as the folders are.
///
/// The root album (id `""`, path `""`) is the gallery itself: the source folder, or with
/// several source folders the album that holds one top-level album per source. Files given
/// alone, listed, downloaded or declared belong to it.
public struct Album: Codable, Equatable, Sendable {
    /// Stable and URL-safe, from its path (each folder name folded as ids are, `/` kept):
    /// `2019/rome`; `""` for the root.
    public var id: String
    /// The folder's path below its source, `/`-separated, never absolute (with several
    /// sources, the source folder's name first); `""` for the root.
    public var path: String
    /// Its `index.md`'s `Title:`, else the folder's name (the root: the gallery's title, else
    /// the first source folder's name).
    public var title: String?
    /// Its `index.md`'s Markdown text, sanitised like every markup caption.
    public var description: Caption?
    /// The id of the item that stands for it: `Thumbnail:` when it names an item of the album,
    /// else its first item, else its first child album's cover. Absent in a part (`--shard`).
    public var cover: String?
    /// The album it is in; absent for the root.
    public var parent: String?
    /// Child albums' ids, in album order.
    public var children: [String]
    /// Its own items' ids, in gallery order. Absent in a part.
    public var items: [String]?
    /// How many items it holds itself, and with every album below it. Absent in a part.
    public var itemCount: Int?
    public var totalItemCount: Int?
    /// The earliest and latest `takenAt` of the items it holds, with those below it; absent
    /// when none has a date, and in a part.
    public var dates: DateRange?
    /// Its `index.md`'s `Order:`, which `--order sidecar` sorts albums by.
    public var order: String?
    /// In a part only: the item its `index.md`'s `Thumbnail:` names, when the part holds it
    /// (`manifest merge` picks the cover).
    public var thumbnail: String?

    public init(id: String, path: String, title: String? = nil, description: Caption? = nil, parent: String? = nil,
                children: [String] = []) {
        self.id = id
        self.path = path
        self.title = title
        self.description = description
        self.parent = parent
        self.children = children
    }

    /// The root album's id and path.
    public static let rootID = ""
}

/// From the earliest to the latest date, as `takenAt` writes them.
public struct DateRange: Codable, Equatable, Sendable {
    public var first: String
    public var last: String

    public init(first: String, last: String) {
        self.first = first
        self.last = last
    }
}

/// Whether a gallery is made of albums: `--albums`.
public enum AlbumMode: String, CaseIterable, Sendable {
    /// Every folder that holds media, directly or below it, is an album (default).
    case folders
    /// One flat gallery: no albums, items carry no `album`.
    case none
}

/// How sibling albums are ordered: `--album-order`.
public enum AlbumOrder: String, CaseIterable, Sendable {
    /// By folder name, byte order.
    case name
    /// By folder name, digits by value and letters case-folded (default).
    case natural
    /// By the earliest date of the items they hold; albums without one last; ties by natural order.
    case date
}

extension Manifest {
    /// The indices of the items a viewer steps through in `album`, in order: its own items
    /// (the whole gallery for nil, or in a manifest without albums, where only the root
    /// exists). Nil when there is no such album.
    public func itemIndices(inAlbum album: String?) -> [Int]? {
        guard let album, albums != nil else { return album == nil || album == Album.rootID ? Array(items.indices) : nil }
        guard albums?.contains(where: { $0.id == album }) == true else { return nil }
        return items.indices.filter { (items[$0].album ?? Album.rootID) == album }
    }
}
