import Foundation

/// Ordered multi-selection, as in seed 002's gallery: items are numbered 1, 2, 3… in the order
/// they were chosen, and removing one renumbers those chosen after it.
public enum Selection {
    public enum Step: Equatable, Sendable {
        case add(String)
        case remove(String)
        case toggle(String)
        case clear
    }

    public struct UnknownItem: Error, Equatable, Sendable {
        public let reference: String
        public let count: Int
        public var message: String {
            count == 0 ? "no item '\(reference)': the gallery is empty"
                : "no item '\(reference)' (give an id, or an index from 0 to \(count - 1))"
        }
    }

    /// The index an item reference names: an item's id first (ids may look like numbers),
    /// else a 0-based index.
    public static func index(of reference: String, in items: [Item]) -> Int? {
        if let byID = items.firstIndex(where: { $0.id == reference }) { return byID }
        if let number = Int(reference), items.indices.contains(number) { return number }
        return nil
    }

    /// Selected ids, in the order they were chosen.
    public static func selectedIDs(in manifest: Manifest) -> [String] {
        manifest.items.filter { $0.selection != nil }.sorted { $0.selection! < $1.selection! }.map(\.id)
    }

    /// Applies `steps` to a manifest as JSON, touching nothing but `items[].selection`: every
    /// other byte is kept as it was (fields vitrine does not know, a custom caption's layout,
    /// `1.50` written so). A `selection` added goes where sorted keys put it, laid out as
    /// vitrine lays out its manifests (``JSONEditor``).
    public static func apply(_ steps: [Step], toJSON data: Data) throws -> Data {
        try applied(steps, toJSON: data).data
    }

    /// ``apply(_:toJSON:)``, with the manifest the new text holds.
    public static func applied(_ steps: [Step], toJSON data: Data) throws -> (data: Data, manifest: Manifest) {
        let document = try ManifestFile.document(data)
        var manifest = try ManifestFile.decode(document)
        let before = manifest.items.map(\.selection)
        try apply(steps, to: &manifest)
        // The decoder read these very nodes: one per item, in order.
        guard let items = document.root["items"] else { return (data, manifest) }
        var editor = JSONEditor(document)
        for (index, node) in items.elements.enumerated() where manifest.items[index].selection != before[index] {
            if let selection = manifest.items[index].selection {
                editor.setMember("selection", to: String(selection), in: node)
            } else {
                editor.removeMember("selection", from: node)
            }
        }
        return (editor.isEmpty ? data : editor.edited(), manifest)
    }

    /// Applies `steps` in order and renumbers the selection 1…k without gaps. Adding an item
    /// already chosen keeps its place; removing one not chosen does nothing.
    public static func apply(_ steps: [Step], to manifest: inout Manifest) throws(UnknownItem) {
        var chosen = selectedIDs(in: manifest)
        for step in steps {
            switch step {
            case .clear:
                chosen.removeAll()
            case .add(let reference), .remove(let reference), .toggle(let reference):
                guard let index = index(of: reference, in: manifest.items) else {
                    throw UnknownItem(reference: reference, count: manifest.items.count)
                }
                let id = manifest.items[index].id
                let isChosen = chosen.contains(id)
                switch step {
                case .add where !isChosen, .toggle where !isChosen: chosen.append(id)
                case .remove where isChosen, .toggle where isChosen: chosen.removeAll { $0 == id }
                default: break
                }
            }
        }
        let numbers = Dictionary(uniqueKeysWithValues: chosen.enumerated().map { ($1, $0 + 1) })
        for index in manifest.items.indices { manifest.items[index].selection = numbers[manifest.items[index].id] }
    }
}
