import Foundation

/// Albums put in order and filled: what a scan, a merge of parts and a render that lost items
/// all do to a gallery with albums, in one place.
///
/// Items keep the order ``ItemSorter`` gave them within their album; the gallery's order runs
/// through the albums depth-first, an album's own items before its child albums.
public enum AlbumTree {
    /// How sibling albums are ordered.
    public struct Ordering: Sendable, Equatable {
        public var order: AlbumOrder = .natural
        public var reverse = false
        /// `--order sidecar`: albums follow their `index.md`'s `Order:` first, as sigal does.
        public var bySidecar = false

        public init(order: AlbumOrder = .natural, reverse: Bool = false, bySidecar: Bool = false) {
            self.order = order
            self.reverse = reverse
            self.bySidecar = bySidecar
        }
    }

    /// What the tree needs of one item.
    public struct Member: Sendable {
        public var id: String
        public var album: String?
        public var takenAt: String?

        public init(id: String, album: String?, takenAt: String?) {
            self.id = id
            self.album = album
            self.takenAt = takenAt
        }
    }

    /// An item's place within its album: the counter and the neighbours a viewer shows.
    public struct Link: Sendable, Equatable {
        public var position: String
        public var prev: String?
        public var next: String?
    }

    /// `records` (each album once, any order; `children`, `items`, counts and covers are
    /// recomputed) ordered into a tree, root first, depth-first. An album whose parent is
    /// missing hangs from the root; the root is made when missing.
    public static func ordered(_ records: [Album], members: [Member], by ordering: Ordering) -> [Album] {
        var byID: [String: Album] = [:]
        for var record in records where byID[record.id] == nil {
            record.children = []
            if record.id == Album.rootID { record.parent = nil } else if record.parent == nil { record.parent = Album.rootID }
            byID[record.id] = record
        }
        if byID[Album.rootID] == nil { byID[Album.rootID] = Album(id: Album.rootID, path: "") }
        for id in byID.keys where id != Album.rootID && byID[byID[id]!.parent!] == nil { byID[id]!.parent = Album.rootID }
        let earliest = ordering.order == .date ? earliestDates(byID, members: members) : [:]
        var children: [String: [String]] = [:]
        for (id, album) in byID where id != Album.rootID { children[album.parent!, default: []].append(id) }
        let precedes = { (a: String, b: String) -> Bool in
            let left = byID[a]!, right = byID[b]!
            if ordering.bySidecar, let order = OrderValue.compare(left.order, right.order), order != 0 { return order < 0 }
            switch ordering.order {
            case .name:
                let (x, y) = (Path.name(of: left.path), Path.name(of: right.path))
                if x != y { return x.utf8.lexicographicallyPrecedes(y.utf8) }
            case .date:
                switch (earliest[a], earliest[b]) {
                case (let x?, let y?) where x != y: return x < y
                case (.some, nil): return true
                case (nil, .some): return false
                default: break
                }
            case .natural:
                break
            }
            let names = NaturalOrder.compare(Substring(Path.name(of: left.path)), Substring(Path.name(of: right.path)))
            if names != 0 { return names < 0 }
            return left.path.utf8.lexicographicallyPrecedes(right.path.utf8) || (left.path == right.path && a < b)
        }
        var result: [Album] = []
        result.reserveCapacity(byID.count)
        var stack = [Album.rootID]
        while let id = stack.popLast() {
            var album = byID[id]!
            var sorted = (children[id] ?? []).sorted(by: precedes)
            if ordering.reverse { sorted.reverse() }
            album.children = sorted
            result.append(album)
            stack.append(contentsOf: sorted.reversed())
        }
        return result
    }

    /// Fills `albums` (ordered, as ``ordered(_:members:by:)`` gives them) with `members` (in
    /// gallery order within each album), and returns the gallery's order: indices into
    /// `members`, depth-first. Albums left without items below them go (the root stays);
    /// covers follow `thumbnail`, else the first item, else the first child's cover.
    public static func fill(_ albums: inout [Album], with members: [Member]) -> [Int] {
        let place = Dictionary(uniqueKeysWithValues: albums.enumerated().map { ($1.id, $0) })
        var own = [[Int]](repeating: [], count: albums.count)
        for (index, member) in members.enumerated() { own[place[member.album ?? Album.rootID] ?? 0].append(index) }
        // Counts, dates and covers from the leaves up: children come after their parent.
        var total = own.map(\.count)
        var dates: [DateRange?] = own.map { range(of: $0.compactMap { members[$0].takenAt }) }
        for position in albums.indices.reversed() {
            var album = albums[position]
            let ownIDs = own[position].map { members[$0].id }
            let kept = album.children.filter { place[$0].map { total[$0] > 0 } ?? false }
            album.children = kept
            for child in kept.map({ place[$0]! }) {
                total[position] += total[child]
                dates[position] = merged(dates[position], dates[child])
            }
            album.items = ownIDs
            album.itemCount = ownIDs.count
            album.totalItemCount = total[position]
            album.dates = dates[position]
            let named = album.thumbnail.flatMap { name in ownIDs.contains(name) ? name : nil }
            let covers = kept.compactMap { albums[place[$0]!].cover }
            album.cover = named ?? ownIDs.first ?? covers.first
            album.thumbnail = nil
            albums[position] = album
        }
        // Depth-first from the root, through the albums kept.
        var order: [Int] = []
        order.reserveCapacity(members.count)
        var stack = [0]
        var reached = Set<Int>()
        while let position = stack.popLast() {
            reached.insert(position)
            order += own[position]
            stack.append(contentsOf: albums[position].children.map { place[$0]! }.reversed())
        }
        albums = albums.indices.filter(reached.contains).map { albums[$0] }
        return order
    }

    /// Each item's counter and neighbours within its album, by item id.
    public static func links(_ albums: [Album], cyclic: Bool) -> [String: Link] {
        var links: [String: Link] = [:]
        for album in albums {
            let ids = album.items ?? []
            for (id, link) in zip(ids, Navigation.links(ids, cyclic: cyclic)) {
                links[id] = Link(position: link.position, prev: link.prev, next: link.next)
            }
        }
        return links
    }

    /// Puts a manifest's items in album order and links them: `index` gallery-wide, `position`,
    /// `prev` and `next` within the album. `albums` are already ordered.
    public static func arrange(_ manifest: inout Manifest) {
        guard var albums = manifest.albums else { return }
        let members = manifest.items.map { Member(id: $0.id, album: $0.album, takenAt: $0.takenAt) }
        let order = fill(&albums, with: members)
        manifest.items.permute(by: order)
        let links = links(albums, cyclic: manifest.cyclic)
        for index in manifest.items.indices {
            let link = links[manifest.items[index].id]!
            manifest.items[index].index = index
            manifest.items[index].position = link.position
            manifest.items[index].prev = link.prev
            manifest.items[index].next = link.next
        }
        manifest.albums = albums
    }

    private static func earliestDates(_ albums: [String: Album], members: [Member]) -> [String: String] {
        var earliest: [String: String] = [:]
        for member in members {
            guard let date = member.takenAt else { continue }
            var id: String? = member.album ?? Album.rootID
            while let current = id, let album = albums[current] {
                if let known = earliest[current], known <= date { break }
                earliest[current] = date
                id = album.parent
            }
        }
        return earliest
    }

    private static func range(of dates: [String]) -> DateRange? {
        guard let first = dates.min(), let last = dates.max() else { return nil }
        return DateRange(first: first, last: last)
    }

    private static func merged(_ a: DateRange?, _ b: DateRange?) -> DateRange? {
        guard let a else { return b }
        guard let b else { return a }
        return DateRange(first: min(a.first, b.first), last: max(a.last, b.last))
    }
}

/// Album ids for album paths: each folder name folded as item ids are (``ItemIdentifier``), `/`
/// kept, `""` for the root. Siblings that fold alike (`Rome`, `rome`) get `-2`, `-3`… in
/// natural order of their paths, so the same tree always gets the same ids.
struct AlbumIDs {
    private var ids: [String: String] = ["": Album.rootID]

    init(paths: [String]) {
        var all = Set<String>()
        for path in paths {
            var components = path.split(separator: "/")
            while !components.isEmpty, all.insert(components.joined(separator: "/")).inserted { components.removeLast() }
        }
        // Parents before children, so that a child's id extends its parent's.
        let sorted = all.sorted { a, b in
            let (x, y) = (a.split(separator: "/").count, b.split(separator: "/").count)
            return x != y ? x < y : NaturalOrder.precedes(a, b)
        }
        var taken = Set<String>()
        for path in sorted {
            let parent = Path.parent(ofAlbum: path)
            let prefix = ids[parent].map { $0.isEmpty ? "" : $0 + "/" } ?? ""
            let wanted = prefix + ItemIdentifier.slug(component: String(path.split(separator: "/").last ?? ""))
            var id = wanted, counter = 2
            while !taken.insert(id).inserted {
                id = "\(wanted)-\(counter)"
                counter += 1
            }
            ids[path] = id
        }
    }

    subscript(path: String) -> String { ids[path] ?? Album.rootID }
}

extension Path {
    /// An album path's parent (`""` for a top-level album): plain string work, no `NSString`.
    static func parent(ofAlbum path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}
