import Foundation

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
    /// Member changes, in the order given.
    private var memberChanges: [(object: Int, key: String, change: Change)] = []

    enum Change {
        case set([UInt8])
        case remove
    }

    struct ByteEdit {
        var range: Range<Int>
        var text: [UInt8]
    }

    public init(_ document: JSONDocument) {
        self.document = document
        memberChanges.reserveCapacity(8)
    }

    /// Whether any change was asked for.
    public var isEmpty: Bool { replacements.isEmpty && memberChanges.isEmpty }

    /// Puts `json` (JSON text, not checked) where `node`'s value is.
    public mutating func replace(_ node: JSONNode, with json: String) {
        precondition(node.document === document, "a node of another document")
        replacements.append(ByteEdit(range: node.span, text: Array(json.utf8)))
    }

    /// Puts `value`, written compact, where `node`'s value is.
    public mutating func replace(_ node: JSONNode, with value: JSONValue) {
        precondition(node.document === document, "a node of another document")
        replacements.append(ByteEdit(range: node.span, text: Self.compact(value)))
    }

    /// Gives `object` the member `key` with `json` (JSON text, not checked) as its value.
    public mutating func setMember(_ key: String, to json: String, in object: JSONNode) {
        change(object, key, .set(Array(json.utf8)))
    }

    /// Gives `object` the member `key` with `value`, written compact.
    public mutating func setMember(_ key: String, to value: JSONValue, in object: JSONNode) {
        change(object, key, .set(Self.compact(value)))
    }

    /// Takes the member `key` (every one of that name) out of `object`; nothing if absent.
    public mutating func removeMember(_ key: String, from object: JSONNode) {
        change(object, key, .remove)
    }

    private mutating func change(_ object: JSONNode, _ key: String, _ change: Change) {
        precondition(object.document === document, "a node of another document")
        precondition(object.kind == .object, "members are an object's")
        memberChanges.append((object.index, key, change))
    }

    /// A scalar's text without a trip through the writer's buffers.
    private static func compact(_ value: JSONValue) -> [UInt8] {
        switch value {
        case .string(let text):
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count + 2)
            JSONStringCoding.write(text, into: &bytes)
            return bytes
        case .number(let text): return Array(text.utf8)
        default: return JSONWriter.compact.bytes(value)
        }
    }

    /// The whole document with the changes made.
    public func edited() -> Data {
        let span = 0..<document.bytes.count
        let edits = byteEdits(within: span)
        var output = GrowableBuffer<UInt8>(capacity: span.count + edits.reduce(0) { $0 + $1.text.count })
        apply(edits, within: span) { output.append(contentsOf: $0) }
        return output.data()
    }

    /// `node`'s text with the changes inside it made (changes elsewhere are left out).
    public func edited(_ node: JSONNode) -> String {
        let span = node.span
        let edits = byteEdits(within: span)
        let length = span.count + edits.reduce(0) { $0 + $1.text.count - $1.range.count }
        return String(unsafeUninitializedCapacity: length) { destination in
            var written = 0
            apply(edits, within: span) { piece in
                _ = UnsafeMutableBufferPointer(rebasing: destination[written...]).initialize(fromContentsOf: piece)
                written += piece.count
            }
            return written
        }
    }

    /// The text of `span` in pieces, edits made, in order.
    private func apply(_ edits: [ByteEdit], within span: Range<Int>, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        document.withBytes { bytes in
            var cursor = span.lowerBound
            for edit in edits {
                precondition(edit.range.lowerBound >= cursor && edit.range.upperBound <= span.upperBound, "overlapping JSON edits")
                emit(UnsafeBufferPointer(rebasing: bytes[cursor..<edit.range.lowerBound]))
                edit.text.withUnsafeBufferPointer(emit)
                cursor = edit.range.upperBound
            }
            emit(UnsafeBufferPointer(rebasing: bytes[cursor..<span.upperBound]))
        }
    }

    /// Every change as a byte edit of the text inside `span`, by position (an insertion before
    /// a change starting at the same byte).
    private func byteEdits(within span: Range<Int>) -> [ByteEdit] {
        var edits = replacements
        if replacements.isEmpty, let object = memberChanges.first?.object, memberChanges.allSatisfy({ $0.object == object }) {
            // One object (the usual case): its edits, already in order.
            guard span.contains(document.records[object].span.lowerBound) else { return [] }
            return JSONMemberEdits(document: document, object: object, changes: memberChanges.map { ($0.key, $0.change) }).edits()
                .sorted { $0.range.lowerBound < $1.range.lowerBound || $0.range.lowerBound == $1.range.lowerBound && $0.range.isEmpty }
        }
        // Changes grouped by object, each object's in the order given.
        let order = memberChanges.indices.sorted { a, b in
            memberChanges[a].object != memberChanges[b].object ? memberChanges[a].object < memberChanges[b].object : a < b
        }
        var start = 0
        while start < order.count {
            let object = memberChanges[order[start]].object
            var end = start + 1
            while end < order.count, memberChanges[order[end]].object == object { end += 1 }
            if span.contains(document.records[object].span.lowerBound) {
                edits += JSONMemberEdits(document: document, object: object,
                    changes: order[start..<end].map { (memberChanges[$0].key, memberChanges[$0].change) }).edits()
            }
            start = end
        }
        return edits.enumerated().filter { span.contains($0.element.range.lowerBound) || $0.element.range == span.upperBound..<span.upperBound }
            .sorted { a, b in
                let (x, y) = (a.element.range, b.element.range)
                if x.lowerBound != y.lowerBound { return x.lowerBound < y.lowerBound }
                if x.isEmpty != y.isEmpty { return x.isEmpty }
                return a.offset < b.offset
            }.map(\.element)
    }
}
