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
        // The scan's order held the items rendering lost too: the initial index counts them.
        let dropped = manifests.flatMap { $0.manifest.partial?.dropped ?? [] }
        let entries = (items.map { ($0.id, $0.takenAt, $0.sortKey!, true) } + dropped.map { ($0.id, $0.takenAt, $0.sortKey, false) })
            .sorted { $0.2.walk < $1.2.walk }
        let keys = entries.map { id, takenAt, recorded, _ -> SortKey in
            var key = SortKey(file: InputFile(path: id, relativePath: recorded.path, inputIndex: recorded.input,
                bytes: 0, modified: recorded.mtime ?? 0), takenAt: takenAt)
            key.sidecarOrders = recorded.orders ?? []
            key.captionsPosition = recorded.captions
            return key
        }
        let scanOrder = ItemSorter.order(keys, by: order, reverse: partial.reverse).map { entries[$0] }
        let byID = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
        items = scanOrder.filter(\.3).map { byID[$0.0]! }
        for index in items.indices { items[index].sortKey = nil }
        let initial = partial.initialIndex
        guard scanOrder.isEmpty ? initial == 0 : (0..<scanOrder.count).contains(initial) else {
            throw Failure(description: ScanError.initialIndexOutOfRange(initial, count: scanOrder.count).message)
        }
        // As a single run: the item asked for, or, if it was lost, the one after it.
        let initialItem: Int? = items.isEmpty ? nil
            : items.firstIndex { $0.id == scanOrder[initial].0 } ?? min(scanOrder[..<initial].filter(\.3).count, items.count - 1)
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
        var errors: [ItemError] = []
        for (_, manifest) in manifests { for error in manifest.errors where !errors.contains(error) { errors.append(error) } }
        merged.errors = errors.sorted(by: ItemError.precedes)
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
