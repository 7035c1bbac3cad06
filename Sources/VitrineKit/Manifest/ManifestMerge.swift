import Foundation

/// `vitrine manifest merge`: joins the parts of one gallery made with `--shard K/N` (on one
/// machine or several) into the manifest a single run would have printed, byte for byte.
///
/// Each item's JSON object is taken from its part as it is there, except for the members the
/// merge recomputes (`index`, `position`, `prev`, `next`; `sortKey` is removed): fields vitrine
/// does not know, a custom caption's layout and numbers such as `1.50` come through.
public enum ManifestMerge {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// A joined gallery.
    public struct Merged: Sendable {
        /// The manifest, items as decoded from their parts (renumbered and relinked).
        public let manifest: Manifest
        /// Each item's JSON text: its part's object with the recomputed members changed.
        let itemTexts: [String]

        /// The manifest as vitrine prints manifests (``JSONWriter/pretty``, final newline),
        /// each item's object as ``itemTexts`` has it.
        public func encoded() throws -> Data {
            var shell = manifest
            shell.items = []
            let members = try JSONValueEncoder().encode(shell).members.map { member in
                member.key == "items" ? JSONValue.Member("items", .array(itemTexts.map(JSONValue.verbatim))) : member
            }
            var data = JSONWriter.pretty.data(.object(members))
            data.append(0x0A)
            return data
        }
    }

    /// Joins `parts` (name for messages, bytes). Every part 1…N must be there exactly once.
    public static func merge(_ parts: [(name: String, data: Data)]) throws(Failure) -> Merged {
        var manifests: [(name: String, manifest: Manifest)] = []
        var nodes: [String: JSONNode] = [:]  // each item's object in its part, by id
        for part in parts {
            let manifest: Manifest
            let document: JSONDocument
            do {
                document = try ManifestFile.document(part.data)
                manifest = try ManifestFile.decode(document)
            } catch {
                throw Failure(description: "\(part.name): \(error.description)")
            }
            guard manifest.partial != nil else {
                throw Failure(description: "\(part.name): not a part of a gallery (made without --shard K/N)")
            }
            // The decoder read these very nodes: one per item, in order.
            for (item, node) in zip(manifest.items, document.root["items"].map { Array($0.elements) } ?? []) where nodes[item.id] == nil {
                nodes[item.id] = node
            }
            manifests.append((part.name, manifest))
        }
        guard let (firstName, first) = manifests.first, let partial = first.partial,
            let count = Shard(parsing: partial.shard)?.count, let order = ItemOrder(rawValue: partial.order)
        else { throw Failure(description: "no parts to merge") }

        var seen: [Int: String] = [:]
        for (name, manifest) in manifests {
            guard let info = manifest.partial, let shard = Shard(parsing: info.shard) else {
                throw Failure(description: "\(name): its shard is not K/N")
            }
            guard shard.count == count, info.order == partial.order, info.reverse == partial.reverse,
                info.initialIndex == partial.initialIndex, manifest.cyclic == first.cyclic, manifest.direction == first.direction,
                manifest.schema == first.schema
            else {
                throw Failure(description: "\(name) was not made like \(firstName): shard count, --order, --reverse, --cyclic and --initial-index must agree")
            }
            if let other = seen[shard.index] { throw Failure(description: "shard \(shard) is given twice: \(other) and \(name)") }
            seen[shard.index] = name
        }
        let missing = (1...count).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            throw Failure(description: "missing " + missing.map { "shard \($0)/\(count)" }.joined(separator: ", "))
        }

        var items: [Item] = []
        var owner: [String: String] = [:]
        for (name, manifest) in manifests {
            for item in manifest.items {
                if let other = owner[item.id] { throw Failure(description: "item '\(item.id)' is in both \(other) and \(name)") }
                guard item.sortKey != nil else { throw Failure(description: "\(name): item '\(item.id)' has no sortKey") }
                owner[item.id] = name
                items.append(item)
            }
        }
        // The scan's order held the items rendering lost too (`dropped`): the initial index
        // counts them, as a single run's does.
        let dropped = manifests.flatMap { $0.manifest.partial?.dropped ?? [] }
        let scanned = (items.map { DroppedItem(id: $0.id, takenAt: $0.takenAt, sortKey: $0.sortKey!) } + dropped)
            .sorted { $0.sortKey.walk < $1.sortKey.walk }
        let keys = scanned.map { SortKey(recorded: $0.sortKey, takenAt: $0.takenAt) }
        let scanOrder = ItemSorter.order(keys, by: order, reverse: partial.reverse).map { scanned[$0].id }
        let byID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
        items = scanOrder.compactMap { byID[$0] }
        for index in items.indices { items[index].sortKey = nil }
        do {
            try ScanError.check(initialIndex: partial.initialIndex, count: scanOrder.count)
        } catch {
            throw Failure(description: error.message)
        }
        let initialItem = Navigation.initialIndex(askedFor: partial.initialIndex, in: scanOrder, kept: items.map(\.id))
        Navigation.link(&items, cyclic: first.cyclic)

        var merged = first
        merged.partial = nil
        merged.items = items
        merged.initialIndex = initialItem
        merged.title = manifests.lazy.compactMap(\.manifest.title).first
        merged.description = manifests.lazy.compactMap(\.manifest.description).first
        var folders: [String: Folder] = [:]
        for (_, manifest) in manifests {
            for folder in manifest.folders ?? [] {
                // A folder's Thumbnail: names an item only the part that holds it can resolve.
                var joined = folders[folder.path] ?? folder
                joined.thumbnail = joined.thumbnail ?? folder.thumbnail
                folders[folder.path] = joined
            }
        }
        merged.folders = folders.isEmpty ? nil : folders.values.sorted { NaturalOrder.precedes($0.path, $1.path) }
        // Walk errors (a missing input, a loop) are in every part: once is enough.
        merged.errors = Set(manifests.flatMap(\.manifest.errors)).sorted(by: ItemError.precedes)
        return Merged(manifest: merged, itemTexts: items.map { text(of: $0, in: nodes[$0.id]!) })
    }

    /// `item`'s object as its part has it, with the members the merge recomputes changed.
    static func text(of item: Item, in node: JSONNode) -> String {
        var editor = JSONEditor(node.document)
        editor.setMember("index", to: .number(item.index), in: node)
        editor.setMember("position", to: .string(item.position), in: node)
        for (key, value) in [("prev", item.prev), ("next", item.next)] {
            if let value { editor.setMember(key, to: .string(value), in: node) } else { editor.removeMember(key, from: node) }
        }
        editor.removeMember("sortKey", from: node)
        return String(decoding: editor.edited(node), as: UTF8.self)
    }
}
