/// Changes to a ``JSONDocument`` that keep every other byte: replace a value's text, remove
/// an object's member, set one (replacing its value, or inserting it). Changes are collected,
/// then applied in one pass by ``edited()`` (the whole document) or ``edited(_:)`` (one
/// node's text); the document itself never changes.
///
/// Where things go, worked out from the spans the parser recorded:
/// - A removed member takes one separator with it: the comma and whitespace after it when a
///   member follows, else those before it; removing every member leaves `{}`. A name used
///   twice is removed (or set) once for all: setting keeps the last and drops the others.
/// - An inserted member is written `"key" : value` (vitrine's layout) before the first kept
///   member whose name sorts after it (UTF-8 byte order), else after the last one, and is
///   separated from its neighbours by the bytes that separate the object's members (with one
///   member: `,` and the whitespace between `{` and its name; in an empty object: nothing).
///
/// Edits must not overlap (a value replaced inside a member also removed): that is a
/// programming error and stops the program.
public struct JSONEditor {
    public let document: JSONDocument
    private var replacements: [ByteEdit] = []
    /// Member changes per object record, in the order given.
    private var memberChanges: [Int: [(key: String, change: Change)]] = [:]

    private enum Change {
        case set([UInt8])
        case remove
    }

    private struct ByteEdit {
        var range: Range<Int>
        var text: [UInt8]
    }

    public init(_ document: JSONDocument) { self.document = document }

    /// Whether any change was asked for.
    public var isEmpty: Bool { replacements.isEmpty && memberChanges.isEmpty }

    /// Puts `json` (JSON text, not checked) where `node`'s value is.
    public mutating func replace(_ node: JSONNode, with json: String) {
        precondition(node.document === document, "a node of another document")
        replacements.append(ByteEdit(range: node.span, text: Array(json.utf8)))
    }

    /// Puts `value`, written compact, where `node`'s value is.
    public mutating func replace(_ node: JSONNode, with value: JSONValue) {
        replace(node, with: JSONWriter.compact.string(value))
    }

    /// Gives `object` the member `key` with `json` (JSON text, not checked) as its value.
    public mutating func setMember(_ key: String, to json: String, in object: JSONNode) {
        change(object, key, .set(Array(json.utf8)))
    }

    /// Gives `object` the member `key` with `value`, written compact.
    public mutating func setMember(_ key: String, to value: JSONValue, in object: JSONNode) {
        setMember(key, to: JSONWriter.compact.string(value), in: object)
    }

    /// Takes the member `key` (every one of that name) out of `object`; nothing if absent.
    public mutating func removeMember(_ key: String, from object: JSONNode) {
        change(object, key, .remove)
    }

    private mutating func change(_ object: JSONNode, _ key: String, _ change: Change) {
        precondition(object.document === document, "a node of another document")
        precondition(object.kind == .object, "members are an object's")
        memberChanges[object.index, default: []].append((key, change))
    }

    /// The whole document with the changes made.
    public func edited() -> [UInt8] { apply(within: 0..<document.bytes.count) }

    /// `node`'s text with the changes inside it made (changes elsewhere are left out).
    public func edited(_ node: JSONNode) -> [UInt8] { apply(within: node.span) }

    private func apply(within span: Range<Int>) -> [UInt8] {
        var edits = replacements
        for (object, changes) in memberChanges { edits += memberEdits(object, changes) }
        edits = edits.filter { span.contains($0.range.lowerBound) || $0.range.lowerBound == span.upperBound && $0.range.isEmpty }
        // By position; an insertion before a change starting at the same byte.
        edits = edits.enumerated().sorted { a, b in
            let (x, y) = (a.element.range, b.element.range)
            if x.lowerBound != y.lowerBound { return x.lowerBound < y.lowerBound }
            if x.isEmpty != y.isEmpty { return x.isEmpty }
            return a.offset < b.offset
        }.map(\.element)
        var output: [UInt8] = []
        output.reserveCapacity(span.count + edits.reduce(0) { $0 + $1.text.count })
        var cursor = span.lowerBound
        let bytes = document.bytes
        for edit in edits {
            precondition(edit.range.lowerBound >= cursor && edit.range.upperBound <= span.upperBound, "overlapping JSON edits")
            output.append(contentsOf: bytes[cursor..<edit.range.lowerBound])
            output.append(contentsOf: edit.text)
            cursor = edit.range.upperBound
        }
        output.append(contentsOf: bytes[cursor..<span.upperBound])
        return output
    }

    /// The byte edits that make one object's member changes.
    private func memberEdits(_ object: Int, _ changes: [(key: String, change: Change)]) -> [ByteEdit] {
        let records = document.records, bytes = document.bytes
        let members = document.children(of: object).map { (record: $0, key: Array(document.key(of: $0)!.utf8)) }
        let keyStart = { (member: Int) in Int(records[members[member].record].keyStart) }
        let valueEnd = { (member: Int) in Int(records[members[member].record].end) }
        let braces = records[object].span

        // The last change to each name counts.
        var final: [(key: [UInt8], change: Change)] = []
        for (key, change) in changes {
            let name = Array(key.utf8)
            final.removeAll { $0.key == name }
            final.append((name, change))
        }
        var removed = [Bool](repeating: false, count: members.count)
        var edits: [ByteEdit] = []
        var inserted: [(key: [UInt8], text: [UInt8])] = []
        for (key, change) in final {
            let places = members.indices.filter { members[$0].key == key }
            switch change {
            case .remove:
                for place in places { removed[place] = true }
            case .set(let value):
                if let last = places.last {
                    for place in places.dropLast() { removed[place] = true }
                    edits.append(ByteEdit(range: records[members[last].record].span, text: value))
                } else {
                    var member: [UInt8] = []
                    key.withUnsafeBufferPointer { JSONStringCoding.write(utf8: $0, into: &member) }
                    inserted.append((key, member + Array(" : ".utf8) + value))
                }
            }
        }

        // The bytes between two members, as this object writes them.
        let separator: [UInt8] = switch members.count {
        case 0: Array(",".utf8)
        case 1: Array(",".utf8) + bytes[(braces.lowerBound + 1)..<keyStart(0)]
        default: Array(bytes[valueEnd(0)..<keyStart(1)])
        }
        inserted.sort { $0.key.lexicographicallyPrecedes($1.key) }
        let kept = members.indices.filter { !removed[$0] }
        if kept.isEmpty {
            // Nothing of the object's own stays: what is inserted is all there is between the braces.
            let inside = (braces.lowerBound + 1)..<(members.isEmpty ? braces.lowerBound + 1 : braces.upperBound - 1)
            let text = inserted.map(\.text).joined(separator: separator)
            if !members.isEmpty || !inserted.isEmpty { edits.append(ByteEdit(range: inside, text: Array(text))) }
            return edits
        }

        // Each run of removed members goes with the separator after it, or before it at the end.
        var run = 0
        while run < members.count {
            guard removed[run] else {
                run += 1
                continue
            }
            var last = run
            while last + 1 < members.count, removed[last + 1] { last += 1 }
            edits.append(ByteEdit(range: last + 1 < members.count ? keyStart(run)..<keyStart(last + 1) : valueEnd(run - 1)..<valueEnd(last),
                text: []))
            run = last + 1
        }

        // Inserted members, grouped by the place they go.
        var groups: [Int: [UInt8]] = [:]
        for member in inserted {
            if let before = kept.first(where: { member.key.lexicographicallyPrecedes(members[$0].key) }) {
                groups[keyStart(before), default: []] += member.text + separator
            } else {
                groups[valueEnd(kept.last!), default: []] += separator + member.text
            }
        }
        edits += groups.map { ByteEdit(range: $0.key..<$0.key, text: $0.value) }
        return edits
    }
}
