import Foundation

/// A JSON text parsed without losing a byte: the bytes are kept as given, and a flat table of
/// nodes says where each value (and each member's name) lies in them. Reading a value
/// (``JSONNode``), taking its exact source text, editing a few members while keeping every
/// other byte (``JSONEditor``) and decoding into Codable types (``JSONDocumentDecoder``) all
/// work on this one parse.
///
/// Parsing is strict RFC 8259: no trailing commas, no comments, no control characters inside
/// strings, valid UTF-8 only, no lone surrogate escapes (`"\ud800"`), at most 512 levels of
/// nesting (as Foundation), at most 4 GiB. One exception, as Foundation's readers make it: a
/// UTF-8 byte-order mark before the value is skipped (it stays in ``bytes``, and offsets count
/// it). Other encodings (UTF-16, UTF-32) are not recognised.
///
/// The table holds one 24-byte record per value, in document order (a container's children
/// follow it), with 32-bit offsets: a few bytes more per value than the text itself.
/// The bytes are not copied: a document made from `Data` shares its storage.
public final class JSONDocument: Sendable {
    /// The text as given, byte-order mark included; offsets count from its first byte.
    public let bytes: Data
    /// One record per value, in document order; the root is record 0.
    let records: JSONRecordTable

    /// Parses `data`; throws where the text stops being JSON.
    public init(_ data: Data) throws(JSONParseError) {
        // Offsets count from the first byte: a slice of other Data starts again at 0.
        bytes = data.startIndex == 0 ? data : Data(data)
        var parsed: Result<JSONRecordTable, JSONParseError>!
        bytes.withUnsafeBytes { raw in
            var parser = JSONParser(raw.assumingMemoryBound(to: UInt8.self))
            do throws(JSONParseError) {
                try parser.parseDocument()
                parsed = .success(JSONRecordTable(parser.finished()))
            } catch {
                parser.discard()
                parsed = .failure(error)
            }
        }
        records = try parsed.get()
    }

    public convenience init(_ bytes: [UInt8]) throws(JSONParseError) {
        try self.init(Data(bytes))
    }

    public convenience init(_ text: String) throws(JSONParseError) {
        try self.init(Data(text.utf8))
    }

    /// The top-level value.
    public var root: JSONNode { JSONNode(document: self, index: 0) }

    /// The node at `pointer` below the root (`/items/3/id`), or nil when there is none.
    public func node(at pointer: JSONPointer) -> JSONNode? { root.node(at: pointer) }

    /// How many values the document holds (its node table's length).
    public var nodeCount: Int { records.count }

    // MARK: Record access shared by nodes, the decoder and the editor

    /// The child records of `index`, first to last.
    func children(of index: Int) -> JSONChildIndices {
        JSONChildIndices(records: records, upcoming: firstChild(of: index))
    }

    /// The first child record of `index`, 0 when it has none. Children follow their
    /// container, inside its span.
    @inline(__always)
    func firstChild(of index: Int) -> Int {
        index + 1 < records.count && records[index + 1].start < records[index].end && records[index].kind.rawValue >= JSONKind.array.rawValue
            ? index + 1 : 0
    }

    /// How many members or elements record `index` has (walked).
    func childCount(of index: Int) -> Int {
        var count = 0
        for _ in children(of: index) { count += 1 }
        return count
    }

    @inline(__always)
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBytes { try body($0.assumingMemoryBound(to: UInt8.self)) }
    }

    /// The bytes of `range` as text (already checked to be UTF-8 when parsed).
    func text(_ range: Range<Int>) -> String {
        withBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// The decoded characters of the string token at `range` (quotes included).
    func string(token range: Range<Int>, escaped: Bool) -> String {
        withBytes { buffer in
            let inside = UnsafeBufferPointer(rebasing: buffer[(range.lowerBound + 1)..<(range.upperBound - 1)])
            return escaped ? JSONStringCoding.unescape(inside) : String(decoding: inside, as: UTF8.self)
        }
    }

    /// The member of object `index` whose name is `key` (the last one when the name is used
    /// twice, as JSONSerialization; Foundation's JSONDecoder takes the first).
    func member(_ key: String, of index: Int) -> Int? {
        guard records[index].kind == .object else { return nil }
        var key = key
        return key.withUTF8 { name in member(utf8: name, of: index) }
    }

    func member(utf8 name: UnsafeBufferPointer<UInt8>, of index: Int) -> Int? {
        let object = records[index]
        guard firstChild(of: index) != 0 else { return nil }
        // With names in strictly increasing order (vitrine's manifests), the walk can stop at
        // the first name that is not smaller, and there is no later duplicate to find.
        let sorted = object.flags & JSONRecord.sortedKeys != 0
        return withBytes { text in
            var found: Int?
            var child = index + 1
            while true {
                let record = records[child]
                let start = Int(record.keyStart) + 1, length = Int(record.keyEnd) - 1 - start
                if record.flags & JSONRecord.escapedKey == 0 {
                    let order = Self.compare(UnsafeBufferPointer(start: text.baseAddress! + start, count: length), name)
                    if order == 0 {
                        found = child
                        if sorted { return found }
                    } else if order > 0 && sorted {
                        return nil
                    }
                } else if JSONStringCoding.unescape(UnsafeBufferPointer(rebasing: text[start..<(start + length)])).utf8.elementsEqual(name) {
                    found = child
                }
                guard record.next != 0 else { return found }
                child = Int(record.next)
            }
        }
    }

    /// Byte order of two names: negative, 0 or positive.
    @inline(__always)
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            if x.pointee != y.pointee { return Int(x.pointee) - Int(y.pointee) }
            let order = memcmp(x, y, common)
            if order != 0 { return Int(order) }
        }
        return a.count - b.count
    }

    /// The decoded name of member record `index`, or nil when it is not an object's member.
    func key(of index: Int) -> String? {
        let record = records[index]
        guard record.keyEnd != 0 else { return nil }
        return string(token: Int(record.keyStart)..<Int(record.keyEnd), escaped: record.flags & JSONRecord.escapedKey != 0)
    }
}

/// What a JSON value is.
public enum JSONKind: UInt8, Sendable, CustomStringConvertible {
    case null, bool, number, string, array, object

    public var description: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One value of a ``JSONDocument``: where its text and (for an object's member) its name lie,
/// and the link to the next value of the same container. Its own children follow it in the
/// table (the first child is the next record, when that lies inside its span).
struct JSONRecord {
    var kind: JSONKind
    /// ``escapedValue``, ``escapedKey``, ``integer``, ``sortedKeys``.
    var flags: UInt8
    /// The value's text: `start..<end` in the document's bytes.
    var start: UInt32
    var end: UInt32
    /// The member's name, quotes included; both 0 for array elements and the root.
    var keyStart: UInt32 = 0
    var keyEnd: UInt32 = 0
    /// The next sibling's record, 0 for none (the root is never a sibling).
    var next: UInt32 = 0

    /// A string value with a backslash escape in it.
    static let escapedValue: UInt8 = 1
    /// A member name with a backslash escape in it.
    static let escapedKey: UInt8 = 2
    /// A number without fraction or exponent.
    static let integer: UInt8 = 4
    /// An object whose member names (none escaped) are in strictly increasing byte order.
    static let sortedKeys: UInt8 = 8

    var span: Range<Int> { Int(start)..<Int(end) }
    var keySpan: Range<Int>? { keyEnd == 0 ? nil : Int(keyStart)..<Int(keyEnd) }
}

/// The record indices of a container's children.
struct JSONChildIndices: Sequence, IteratorProtocol {
    let records: JSONRecordTable
    var upcoming: Int

    mutating func next() -> Int? {
        guard upcoming != 0 else { return nil }
        defer { upcoming = Int(records[upcoming].next) }
        return upcoming
    }
}

/// Where and why a text is not JSON: `line 3, column 14: expected ',' or '}' after a member`.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Byte offset of the problem from the start of the text (a byte-order mark counts).
    public let offset: Int
    /// 1-based line (lines end with LF; CR LF counts once).
    public let line: Int
    /// 1-based column, in characters (Unicode scalars) from the start of the line.
    public let column: Int
    /// What is wrong, in a few words.
    public let reason: String

    public var description: String { "line \(line), column \(column): \(reason)" }

    init(_ reason: String, at offset: Int, in text: UnsafeBufferPointer<UInt8>) {
        self.reason = reason
        self.offset = offset
        var line = 1, column = 1
        let hasMark = text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF
        for index in min(hasMark ? 3 : 0, offset)..<min(offset, text.count) {
            if text[index] == 0x0A {
                line += 1
                column = 1
            } else if text[index] & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.line = line
        self.column = column
    }
}
