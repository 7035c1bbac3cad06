import Foundation

/// Writes a ``JSONValue`` as text, byte for byte as Foundation's `JSONEncoder` writes the same
/// value with `.sortedKeys` and `.withoutEscapingSlashes` (``pretty``: also `.prettyPrinted`,
/// as vitrine prints manifests; ``compact``: one line, as NDJSON): two-space indent,
/// `"key" : value`, an empty array as `[`, a blank line and the closing bracket indented
/// (`[\n\n  ]`), strings escaped as ``JSONStringCoding`` says, numbers as their text.
///
/// Keys are sorted by their UTF-8 bytes, as Foundation sorts them on Linux (`B` before `a`,
/// `a10` before `a9`); when a name is used twice in one object only the last is written.
/// ``JSONValue/verbatim(_:)`` text is written as is (pretty) or without the whitespace
/// between its tokens (compact).
public struct JSONWriter: Sendable {
    /// How the text is laid out.
    public enum Layout: Sendable {
        /// Several lines, two-space indent (`.prettyPrinted`).
        case pretty
        /// One line, no whitespace.
        case compact
    }

    /// Default ``Layout/pretty``.
    public var layout: Layout
    /// Default true: members sorted by name; false: written in the value's order.
    public var sortsKeys: Bool

    public init(layout: Layout = .pretty, sortsKeys: Bool = true) {
        self.layout = layout
        self.sortsKeys = sortsKeys
    }

    /// Manifests: pretty, sorted (`JSONEncoder.manifest`).
    public static let pretty = JSONWriter(layout: .pretty)
    /// NDJSON lines: compact, sorted (`JSONEncoder.compact`).
    public static let compact = JSONWriter(layout: .compact)

    /// `value`'s text, with a line break after it when `newline` (default: without).
    public func data(_ value: JSONValue, newline: Bool = false) -> Data {
        var output = GrowableBuffer<UInt8>(capacity: 1 << 12)
        write(value, depth: 0, into: &output)
        if newline { output.append(0x0A) }
        return output.data()
    }

    public func bytes(_ value: JSONValue) -> [UInt8] {
        var output = GrowableBuffer<UInt8>(capacity: 1 << 12)
        write(value, depth: 0, into: &output)
        return output.array()
    }

    public func string(_ value: JSONValue) -> String { String(decoding: bytes(value), as: UTF8.self) }

    /// `value`'s text as it is laid out `depth` levels down a document (its first line is not
    /// indented: the caller has written that line's start), for writers that stream a
    /// document piece by piece.
    public func bytes(_ value: JSONValue, depth: Int) -> [UInt8] {
        var output = GrowableBuffer<UInt8>(capacity: 1 << 10)
        write(value, depth: depth, into: &output)
        return output.array()
    }

    /// A member's start at `depth`: the comma before it unless it is the first, the line break
    /// and indent (pretty), the quoted name and the separator.
    public func memberStart(_ key: String, depth: Int, first: Bool) -> [UInt8] {
        var output = GrowableBuffer<UInt8>(capacity: 64)
        if !first { output.append(UInt8(ascii: ",")) }
        newline(depth, into: &output)
        JSONStringCoding.write(key, into: &output)
        if layout == .pretty { output.append(" : ") } else { output.append(UInt8(ascii: ":")) }
        return output.array()
    }

    /// An array element's start at `depth`: the comma before it unless it is the first, and the
    /// line break and indent (pretty).
    public func elementStart(depth: Int, first: Bool) -> [UInt8] {
        var output = GrowableBuffer<UInt8>(capacity: 64)
        if !first { output.append(UInt8(ascii: ",")) }
        newline(depth, into: &output)
        return output.array()
    }

    /// The end of an array or object opened at `depth` that held `count` entries: as
    /// ``data(_:newline:)`` closes one.
    public func containerEnd(_ closing: UInt8, depth: Int, count: Int) -> [UInt8] {
        var output = GrowableBuffer<UInt8>(capacity: 64)
        if layout == .pretty {
            if count == 0 { output.append(0x0A) }
            newline(depth, into: &output)
        }
        output.append(closing)
        return output.array()
    }

    /// Encodes `value` with ``JSONValueEncoder`` and writes it: what `JSONEncoder` with the
    /// same options gives, custom captions (``RawJSON``) kept byte for byte.
    public func encode<T: Encodable>(_ value: T, newline: Bool = false) throws -> Data {
        data(try JSONValueEncoder().encode(value), newline: newline)
    }

    private func write(_ value: JSONValue, depth: Int, into output: inout GrowableBuffer<UInt8>) {
        switch value {
        case .null: output.append("null")
        case .bool(let value): output.append(value ? "true" : "false")
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): JSONStringCoding.write(text, into: &output)
        case .verbatim(let text):
            if layout == .pretty { output.append(contentsOf: text.utf8) } else { Self.compacting(text, into: &output) }
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(depth + 1, into: &output)
                write(element, depth: depth + 1, into: &output)
            }
            if layout == .pretty {
                if elements.isEmpty { output.append(0x0A) }
                newline(depth, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            var first = true
            for member in sortsKeys ? Self.sorted(members) : members {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                newline(depth + 1, into: &output)
                JSONStringCoding.write(member.key, into: &output)
                if layout == .pretty { output.append(" : ") } else { output.append(UInt8(ascii: ":")) }
                write(member.value, depth: depth + 1, into: &output)
            }
            if layout == .pretty {
                if members.isEmpty { output.append(0x0A) }
                newline(depth, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A line break and the indent of `depth` (pretty layout only).
    private func newline(_ depth: Int, into output: inout GrowableBuffer<UInt8>) {
        guard layout == .pretty else { return }
        output.append(0x0A)
        for _ in 0..<depth { output.append("  ") }
    }

    /// Members by name (UTF-8 bytes), the last of each name only.
    static func sorted(_ members: [JSONValue.Member]) -> [JSONValue.Member] {
        if members.count < 2 { return members }
        // Ties broken by position, so that the last of a repeated name ends its run.
        let order = members.indices.sorted { a, b in
            let first = members[a].key.utf8, second = members[b].key.utf8
            return first.elementsEqual(second) ? a < b : first.lexicographicallyPrecedes(second)
        }
        var result: [JSONValue.Member] = []
        result.reserveCapacity(members.count)
        for (position, index) in order.enumerated() {
            if position + 1 < order.count, members[order[position + 1]].key.utf8.elementsEqual(members[index].key.utf8) { continue }
            result.append(members[index])
        }
        return result
    }

    /// `text` without the whitespace between tokens (strings untouched).
    static func compacting(_ text: String, into output: inout GrowableBuffer<UInt8>) {
        var inString = false, escaped = false
        for byte in text.utf8 {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                continue
            }
            output.append(byte)
        }
    }
}
