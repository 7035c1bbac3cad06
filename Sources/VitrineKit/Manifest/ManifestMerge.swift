import Foundation
import VipsKit

/// `vitrine manifest merge`: joins the parts of one gallery made with `--shard K/N` (on one
/// machine or several) into the manifest a single run would have printed, byte for byte.
///
/// Each item's JSON object is taken from its part as it is there, except for the members the
/// merge recomputes (`index`, `position`, `prev`, `next`; `sortKey` is removed): fields vitrine
/// does not know, a custom caption's layout and numbers such as `1.50` come through.
public enum ManifestMerge {
    /// Why the parts cannot be joined, naming the settings they were made with (``Setting``).
    public struct Failure: SettingProblem, Sendable {
        public let sentence: SettingText

        init(sentence: SettingText) { self.sentence = sentence }

        init(description: String) { sentence = SettingText(stringLiteral: description) }
    }

    /// A joined gallery.
    public struct Merged: Sendable {
        /// The manifest without its items (title, folders, errors… joined from the parts).
        public let manifest: Manifest
        /// Each item's JSON text, in gallery order: its part's object with the recomputed
        /// members changed.
        public let itemTexts: [String]

        /// The manifest as vitrine prints manifests (``JSONWriter/pretty``, final newline),
        /// each item's object as ``itemTexts`` has it.
        public func encoded() throws -> Data {
            let members = try JSONValueEncoder().encode(manifest).members.map { member in
                member.key == "items" ? JSONValue.Member("items", .array(itemTexts.map(JSONValue.verbatim))) : member
            }
            return JSONWriter.pretty.data(.object(members), newline: true)
        }
    }

    /// A part read: its name for messages, its manifest without items, and its items.
    private typealias Part = (name: String, manifest: Manifest, entries: [Entry])

    /// What the merge needs of an item: its place in the scan's order, and its object.
    private struct Entry: Sendable {
        let id: String
        let album: String?
        let takenAt: String?
        let sortKey: RecordedSortKey?
        let node: JSONNode
    }

    /// A part's manifest without its items, and what the merge needs of them. Decoded items
    /// are large; the rest of them is in their objects.
    private static func read(_ part: (name: String, data: Data)) -> Result<(Manifest, [Entry]), Failure> {
        var manifest: Manifest
        let document: JSONDocument
        do {
            document = try ManifestFile.document(part.data)
            manifest = try ManifestFile.decode(document)
        } catch {
            return .failure(Failure(description: "\(part.name): \(error.description)"))
        }
        guard let partial = manifest.partial else {
            return .failure(Failure(sentence: "\(part.name): not a part of a gallery (made without \(Setting.shard) K/N)"))
        }
        if let problem = Shard.problem(parsing: partial.shard) {
            return .failure(Failure(description: "\(part.name): partial.shard \(problem)"))
        }
        // The decoder read these very nodes: one per item, in order.
        let nodes = document.root["items"]?.elements
        let entries = zip(manifest.items, nodes.map(Array.init) ?? []).map {
            Entry(id: $0.id, album: $0.album, takenAt: $0.takenAt, sortKey: $0.sortKey, node: $1)
        }
        manifest.items = []
        return .success((manifest, entries))
    }

    /// Every part read. Parts are independent: they are read on every core, and the first bad
    /// one in the order given is reported.
    private static func read(_ parts: [(name: String, data: Data)]) throws(Failure) -> [Part] {
        let readings = Locked([Result<(Manifest, [Entry]), Failure>?](repeating: nil, count: parts.count))
        DispatchQueue.concurrentPerform(iterations: parts.count) { index in
            let reading = read(parts[index])
            readings.withLock { $0[index] = reading }
        }
        // Taken out, so that the items' documents go when the merge lets go of them.
        let results = readings.withLock { results in
            defer { results = [] }
            return results
        }
        var manifests: [Part] = []
        for (part, reading) in zip(parts, results) {
            let (manifest, entries) = try reading!.get()
            manifests.append((part.name, manifest, entries))
        }
        return manifests
    }

    /// Joins `parts` (name for messages, bytes). Every part 1…N must be there exactly once.
    public static func merge(_ parts: [(name: String, data: Data)]) throws(Failure) -> Merged {
        var manifests = try read(parts)
        guard let (firstName, first, _) = manifests.first, let partial = first.partial,
            let count = Shard(parsing: partial.shard)?.count, let order = ItemOrder(rawValue: partial.order)
        else { throw Failure(description: "no parts to merge") }
        try checkShards(of: manifests, madeLike: (firstName, first, partial), count: count)
        let (owner, scanned) = try scannedItems(of: manifests)
        let (sorted, albums) = galleryOrder(of: scanned, in: manifests, kept: owner, options: partial, order: order)
        let scanOrder = sorted.map(\.id)
        let ids = scanOrder.filter { owner[$0] != nil }
        do {
            try ScanError.check(initialIndex: partial.initialIndex, count: scanOrder.count)
        } catch {
            throw Failure(sentence: error.sentence)
        }
        let initialItem = Navigation.initialIndex(askedFor: partial.initialIndex, in: scanOrder, kept: ids)
        let merged = joinedManifest(of: manifests.map(\.manifest), albums: albums, initialIndex: initialItem)
        // The entries (and through them the parts' documents) move to the writing.
        var entries: [[Entry]] = []
        for part in manifests.indices {
            entries.append(manifests[part].entries)
            manifests[part].entries = []
        }
        let links = navigationLinks(ids, albums: albums, cyclic: first.cyclic)
        return Merged(manifest: merged, itemTexts: texts(of: consume entries, in: ids, links: links))
    }

    /// Throws unless every part was made with the first one's options and each shard 1…`count`
    /// is there exactly once.
    private static func checkShards(of manifests: [Part], madeLike first: (name: String, manifest: Manifest, partial: PartialManifest),
        count: Int) throws(Failure) {
        let (firstName, first, partial) = first
        var seen: [Int: String] = [:]
        for (name, manifest, _) in manifests {
            guard let info = manifest.partial, let shard = Shard(parsing: info.shard) else {
                throw Failure(description: "\(name): its shard is not K/N")
            }
            guard shard.count == count, info.order == partial.order, info.reverse == partial.reverse,
                info.initialIndex == partial.initialIndex, info.albumOrder == partial.albumOrder,
                info.reverseAlbums == partial.reverseAlbums, (manifest.albums == nil) == (first.albums == nil),
                manifest.cyclic == first.cyclic, manifest.direction == first.direction, manifest.gap == first.gap,
                manifest.schema == first.schema
            else {
                throw Failure(sentence: "\(name) was not made like \(firstName): shard count, \(Setting.order), \(Setting.reverse), "
                    + "\(Setting.albums), \(Setting.albumOrder), \(Setting.reverseAlbums), \(Setting.cyclic), \(Setting.initialIndex), "
                    + "\(Setting.direction) and \(Setting.viewerGap) must agree")
            }
            if let other = seen[shard.index] { throw Failure(description: "shard \(shard) is given twice: \(other) and \(name)") }
            seen[shard.index] = name
        }
        let missing = (1...count).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            throw Failure(description: "missing " + missing.map { "shard \($0)/\(count)" }.joined(separator: ", "))
        }
    }

    /// Every item the scan found, in the scan's walk order, and which part holds each one kept.
    private static func scannedItems(of manifests: [Part]) throws(Failure) -> (owner: [String: String], items: [DroppedItem]) {
        var owner: [String: String] = [:]
        var scanned: [DroppedItem] = []
        for (name, _, entries) in manifests {
            for item in entries {
                if let other = owner[item.id] { throw Failure(description: "item '\(item.id)' is in both \(other) and \(name)") }
                guard let sortKey = item.sortKey else { throw Failure(description: "\(name): item '\(item.id)' has no sortKey") }
                owner[item.id] = name
                scanned.append(DroppedItem(id: item.id, album: item.album, takenAt: item.takenAt, sortKey: sortKey))
            }
        }
        // The scan's order held the items rendering lost too (`dropped`): the initial index
        // counts them, as a single run's does.
        scanned += manifests.flatMap { $0.manifest.partial?.dropped ?? [] }
        scanned.sort { $0.sortKey.walk < $1.sortKey.walk }
        return (owner, scanned)
    }

    /// The scanned items in gallery order, and the albums of the items `kept` (nil without albums).
    private static func galleryOrder(of scanned: [DroppedItem], in manifests: [Part], kept owner: [String: String],
        options partial: PartialManifest, order: ItemOrder) -> (items: [DroppedItem], albums: [Album]?) {
        let keys = scanned.map { SortKey(recorded: $0.sortKey, takenAt: $0.takenAt) }
        var sorted = ItemSorter.order(keys, by: order, reverse: partial.reverse).map { scanned[$0] }
        // With albums, the scan's order runs through them depth-first; covers, counts and dates
        // are the whole gallery's, which no part knows.
        guard manifests[0].manifest.albums != nil else { return (sorted, nil) }
        let ordering = AlbumTree.Ordering(order: partial.albumOrder.flatMap(AlbumOrder.init(rawValue:)) ?? .natural,
            reverse: partial.reverseAlbums ?? false, bySidecar: order == .sidecar)
        let members = sorted.map { AlbumTree.Member(id: $0.id, album: $0.album, takenAt: $0.takenAt) }
        let ordered = AlbumTree.ordered(joinedAlbums(manifests.map(\.manifest)), members: members, by: ordering)
        var all = ordered
        sorted = AlbumTree.fill(&all, with: members).map { sorted[$0] }
        var kept = ordered
        let keptMembers = sorted.filter { owner[$0.id] != nil }.map { AlbumTree.Member(id: $0.id, album: $0.album, takenAt: $0.takenAt) }
        _ = AlbumTree.fill(&kept, with: keptMembers)
        return (sorted, kept)
    }

    /// The first part's manifest with the whole gallery's albums, initial index, title,
    /// description, folders and errors.
    private static func joinedManifest(of parts: [Manifest], albums: [Album]?, initialIndex: Int?) -> Manifest {
        var merged = parts[0]
        merged.partial = nil
        merged.albums = albums
        merged.initialIndex = initialIndex
        merged.title = parts.lazy.compactMap(\.title).first
        merged.description = parts.lazy.compactMap(\.description).first
        var folders: [String: Folder] = [:]
        for part in parts {
            for folder in part.folders ?? [] {
                // A folder's Thumbnail: names an item only the part that holds it can resolve.
                var joined = folders[folder.path] ?? folder
                joined.thumbnail = joined.thumbnail ?? folder.thumbnail
                folders[folder.path] = joined
            }
        }
        merged.folders = folders.isEmpty ? nil : folders.values.sorted { NaturalOrder.precedes($0.path, $1.path) }
        // Walk errors (a missing input, a loop) are in every part: once is enough.
        merged.errors = Set(parts.flatMap(\.errors)).sorted(by: ItemError.precedes)
        return merged
    }

    /// Each kept item's position, previous and next: through the albums when there are some.
    private static func navigationLinks(_ ids: [String], albums: [Album]?, cyclic: Bool) -> [String: AlbumTree.Link] {
        if let albums { return AlbumTree.links(albums, cyclic: cyclic) }
        return Dictionary(uniqueKeysWithValues: zip(ids, Navigation.links(ids, cyclic: cyclic)).map {
            ($0, AlbumTree.Link(position: $1.position, prev: $1.prev, next: $1.next))
        })
    }

    /// Every part's album records, once each: a `Thumbnail:` names an item only the part that
    /// holds it resolves.
    private static func joinedAlbums(_ parts: [Manifest]) -> [Album] {
        var albums: [String: Album] = [:]
        for part in parts {
            for album in part.albums ?? [] {
                var joined = albums[album.id] ?? album
                joined.thumbnail = joined.thumbnail ?? album.thumbnail
                albums[album.id] = joined
            }
        }
        return albums.values.sorted { NaturalOrder.precedes($0.path, $1.path) }
    }

    /// Each item's text, in gallery order (`ids`). Parts are written on every core, and each
    /// part's document is let go once its items are written, so that few are held at once.
    private static func texts(of parts: consuming [[Entry]], in ids: [String], links: [String: AlbumTree.Link]) -> [String] {
        let places = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        let pending = Locked(consume parts)
        let texts = Locked([String](repeating: "", count: ids.count))
        DispatchQueue.concurrentPerform(iterations: pending.withLock { $0.count }) { part in
            let entries = pending.withLock { parts in
                defer { parts[part] = [] }
                return parts[part]
            }
            let written = entries.map { item in
                let place = places[item.id]!, link = links[item.id]!
                return (place, text(of: item.node, index: place, position: link.position, prev: link.prev, next: link.next))
            }
            texts.withLock { texts in
                for (place, text) in written { texts[place] = text }
            }
        }
        return texts.withLock { texts in
            defer { texts = [] }
            return texts
        }
    }

    /// An item's object as its part has it, with the members the merge recomputes changed.
    private static func text(of node: JSONNode, index: Int, position: String, prev: String?, next: String?) -> String {
        var editor = JSONEditor(node.document)
        editor.setMember("index", to: .number(index), in: node)
        editor.setMember("position", to: .string(position), in: node)
        for (key, value) in [("prev", prev), ("next", next)] {
            if let value { editor.setMember(key, to: .string(value), in: node) } else { editor.removeMember(key, from: node) }
        }
        editor.removeMember("sortKey", from: node)
        return editor.edited(node)
    }
}
