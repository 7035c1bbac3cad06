import Foundation

/// One value of a ``JSONDocument``, for reading: what it is, its members or elements, its
/// string, number or boolean, and its exact source text. Cheap to copy (a reference to the
/// document and an index); valid as long as you hold it.
///
/// Members are looked up by name with the last duplicate winning (as JSONSerialization;
/// Foundation's JSONDecoder takes the first). Elements are reached by walking, so
/// `node[i]` costs `i` steps: iterate ``elements`` to visit them all.
public struct JSONNode: Sendable {
    public let document: JSONDocument
    /// The node's place in the document's table (document order; the root is 0).
    public let index: Int

    var record: JSONRecord { document.records[index] }

    public var kind: JSONKind { record.kind }

    /// Where the value's text lies in ``JSONDocument/bytes``.
    public var span: Range<Int> { record.span }

    /// The value exactly as written: `1.50` stays `1.50`, an object keeps its spacing.
    public var text: String { document.text(span) }

    /// For an object's member: where its name lies, quotes included; nil otherwise.
    public var keySpan: Range<Int>? { record.keySpan }

    /// For an object's member: its name, escapes decoded; nil otherwise.
    public var key: String? { document.key(of: index) }

    /// Members of an object, elements of an array; 0 for anything else. Counted by walking
    /// them.
    public var count: Int { document.childCount(of: index) }

    /// An object's members in document order (duplicates included); empty for anything else.
    public var members: [(key: String, value: JSONNode)] {
        guard kind == .object else { return [] }
        return document.children(of: index).map { (document.key(of: $0) ?? "", JSONNode(document: document, index: $0)) }
    }

    /// An array's elements (or an object's member values) in document order.
    public var elements: JSONNodeSequence { JSONNodeSequence(document: document, upcoming: document.firstChild(of: index)) }

    /// The first member or element; nil when there is none.
    public var firstChild: JSONNode? {
        let child = document.firstChild(of: index)
        return child == 0 ? nil : JSONNode(document: document, index: child)
    }

    /// The next member or element of the same container; nil at the end.
    public var nextSibling: JSONNode? { record.next == 0 ? nil : JSONNode(document: document, index: Int(record.next)) }

    /// An object's member named `key` (the last one when the name is used twice).
    public subscript(key: String) -> JSONNode? {
        document.member(key, of: index).map { JSONNode(document: document, index: $0) }
    }

    /// An array's element at `position` (0-based), found by walking; nil when out of range.
    public subscript(position: Int) -> JSONNode? {
        guard kind == .array, position >= 0 else { return nil }
        return elements.dropFirst(position).first { _ in true }
    }

    /// A string's characters, escapes decoded; nil for anything else.
    public var string: String? {
        let record = record
        guard record.kind == .string else { return nil }
        return document.string(token: record.span, escaped: record.flags & JSONRecord.escapedValue != 0)
    }

    /// A number's text as written (`1.50`, `1e3`); nil for anything else.
    public var numberText: String? { kind == .number ? text : nil }

    /// A number's value as an `Int`, when it is a whole number that fits (`3`, `3.0`, `1e3`).
    public var int: Int? {
        let record = record
        guard record.kind == .number else { return nil }
        return document.withBytes { JSONNumber.int(UnsafeBufferPointer(rebasing: $0[record.span]), isInteger: record.flags & JSONRecord.integer != 0) }
    }

    /// A number's value as a `Double` (nearest); nil for anything else or out of range.
    public var double: Double? {
        kind == .number ? document.withBytes { JSONNumber.double(UnsafeBufferPointer(rebasing: $0[span])) } : nil
    }

    /// `true` or `false`; nil for anything else (a number is not a boolean).
    public var bool: Bool? {
        kind == .bool ? document.withBytes { $0[Int(record.start)] } == UInt8(ascii: "t") : nil
    }

    public var isNull: Bool { kind == .null }

    /// The value at `pointer` below this one; nil when a step does not exist.
    public func node(at pointer: JSONPointer) -> JSONNode? {
        var node = self
        for token in pointer.tokens {
            switch node.kind {
            case .object: guard let member = node[token] else { return nil }; node = member
            case .array:
                guard let position = JSONPointer.arrayIndex(token), let element = node[position] else { return nil }
                node = element
            default: return nil
            }
        }
        return node
    }

    /// Where this value is from the document's root, as a JSON pointer (`/items/3/id`).
    /// Found by walking down from the root: meant for messages, not for loops.
    public var pointer: JSONPointer {
        var tokens: [String] = []
        var container = 0
        while container != index {
            // Each child's subtree runs up to its next sibling; the last child's to the end
            // of its container's.
            var step = 0
            for child in document.children(of: container) {
                let next = Int(document.records[child].next)
                if next == 0 || index < next {
                    tokens.append(document.records[container].kind == .object ? document.key(of: child) ?? "" : String(step))
                    container = child
                    break
                }
                step += 1
            }
        }
        return JSONPointer(tokens)
    }
}

/// The nodes of a container, first to last.
public struct JSONNodeSequence: Sequence, IteratorProtocol, Sendable {
    let document: JSONDocument
    var upcoming: Int

    public mutating func next() -> JSONNode? {
        guard upcoming != 0 else { return nil }
        defer { upcoming = Int(document.records[upcoming].next) }
        return JSONNode(document: document, index: upcoming)
    }
}
