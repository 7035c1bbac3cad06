import Foundation

/// Ordered multi-selection, as in the seed's gallery: items are numbered 1, 2, 3… in the order
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
    /// vitrine lays out its manifests.
    public static func apply(_ steps: [Step], toJSON data: Data) throws -> Data {
        var manifest = try ManifestFile.decode(data)
        let before = manifest.items.map(\.selection)
        try apply(steps, to: &manifest)
        guard case .array(let nodes, _)? = JSONSpans.parse(data)?["items"], nodes.count == manifest.items.count
        else { throw ManifestFile.ReadError(description: "not a vitrine manifest") }
        var bytes = Array(data)
        // From the last item back, so that earlier offsets stay valid.
        for (index, node) in nodes.enumerated().reversed() where manifest.items[index].selection != before[index] {
            guard case .object(let members, let range) = node else { continue }
            edit(&bytes, members: members, object: range, selection: manifest.items[index].selection)
        }
        return Data(bytes)
    }

    /// Sets, replaces or removes the `selection` member of one item object, in place.
    private static func edit(_ bytes: inout [UInt8], members: [(key: String, node: JSONSpans.Node)], object: Range<Int>,
                             selection: Int?) {
        let keyStarts = members.map { keyStart(before: $0.node.range.lowerBound, in: bytes) }
        if let at = members.firstIndex(where: { $0.key == "selection" }) {
            let value = members[at].node.range
            if let selection {
                bytes.replaceSubrange(value, with: Array(String(selection).utf8))
            } else if at + 1 < members.count {
                bytes.removeSubrange(keyStarts[at]..<keyStarts[at + 1])  // the member, its comma, the gap
            } else if at > 0 {
                bytes.removeSubrange(members[at - 1].node.range.upperBound..<value.upperBound)  // from the comma before
            } else {
                bytes.removeSubrange((object.lowerBound + 1)..<(object.upperBound - 1))
            }
            return
        }
        guard let selection else { return }
        let member = Array("\"selection\" : \(selection)".utf8)
        guard let first = members.first else {
            bytes.insert(contentsOf: member, at: object.lowerBound + 1)
            return
        }
        // The object's own separator between members (`,` and its line break and indent).
        let separator = members.count > 1 ? Array(bytes[first.node.range.upperBound..<keyStarts[1]])
            : Array(",".utf8) + Array(bytes[(object.lowerBound + 1)..<keyStarts[0]])
        if let next = members.firstIndex(where: { $0.key > "selection" }) {
            bytes.insert(contentsOf: member + separator, at: keyStarts[next])
        } else {
            bytes.insert(contentsOf: separator + member, at: members[members.count - 1].node.range.upperBound)
        }
    }

    /// Where the key of the member whose value starts at `valueStart` begins: back over the
    /// colon, the spaces and the quoted key.
    private static func keyStart(before valueStart: Int, in bytes: [UInt8]) -> Int {
        var index = valueStart - 1
        while index > 0, bytes[index] != UInt8(ascii: ":") { index -= 1 }  // the colon
        index -= 1
        while index > 0, bytes[index] != UInt8(ascii: "\"") { index -= 1 }  // the key's closing quote
        index -= 1
        while index > 0 {  // the key's opening quote (a quote not escaped)
            if bytes[index] == UInt8(ascii: "\""), bytes[index - 1] != UInt8(ascii: "\\") { return index }
            index -= 1
        }
        return index
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
