import Foundation

/// `vitrine manifest merge`: joins the parts of one gallery made with `--shard K/N` (on one
/// machine or several) into the manifest a single run would have printed, byte for byte.
public enum ManifestMerge {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Joins `parts` (name for messages, bytes). Every part 1…N must be there exactly once.
    public static func merge(_ parts: [(name: String, data: Data)]) throws(Failure) -> Manifest {
        var manifests: [(name: String, manifest: Manifest)] = []
        for part in parts {
            var manifest: Manifest
            do { manifest = try ManifestFile.decode(part.data) } catch {
                throw Failure(description: "\(part.name): \(error.description)")
            }
            guard manifest.partial != nil else {
                throw Failure(description: "\(part.name): not a part of a gallery (made without --shard K/N)")
            }
            restoreCustomCaptions(in: &manifest, from: part.data)
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
        return merged
    }

    /// Decoding loses a custom caption's bytes; take them from the part's text again.
    static func restoreCustomCaptions(in manifest: inout Manifest, from data: Data) {
        guard manifest.items.contains(where: { $0.caption?.custom != nil }),
            case .array(let nodes, _)? = JSONSpans.parse(data)?["items"], nodes.count == manifest.items.count
        else { return }
        let bytes = Array(data)
        for (index, node) in nodes.enumerated() where manifest.items[index].caption?.custom != nil {
            guard let span = node["caption"]?["custom"]?.range,
                let raw = RawJSON(String(decoding: bytes[span], as: UTF8.self))
            else { continue }
            manifest.items[index].caption?.custom = raw
        }
    }
}
