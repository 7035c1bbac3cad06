import Foundation

/// Decodes a `Decodable` type from a node of a ``JSONDocument``, throwing the `DecodingError`s
/// Foundation's `JSONDecoder` throws, with the same kinds and coding paths (`keyNotFound` at
/// the object's path, `typeMismatch` and `valueNotFound` at the value's), so that messages
/// built from them read alike. Default strategies, as Foundation's: an `Int` from any number
/// whose value is a whole number that fits (`3`, `3.0`, `1e3`), a `Double` from any finite
/// number, a `Bool` only from `true`/`false`, `Data` from Base64, a `URL` from a string,
/// `Date` as its own decoding reads it.
///
/// Where it differs: a member name used twice gives its last value (JSONDecoder takes the
/// first), and a number out of range is `dataCorrupted` at its own path.
///
/// A ``RawJSON`` decoded this way takes its node's exact source text, and a ``JSONValue`` the
/// node's value with numbers as written.
public struct JSONDocumentDecoder {
    /// Given to every `init(from:)`; default empty.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from node: JSONNode) throws -> T {
        try DocumentDecoding(document: node.document, node: node.index, userInfo: userInfo).decode(type)
    }

    public func decode<T: Decodable>(_ type: T.Type, from document: JSONDocument) throws -> T {
        try decode(type, from: document.root)
    }
}

/// The `Decoder` (and single-value container) for one node.
final class DocumentDecoding: Decoder, SingleValueDecodingContainer {
    let document: JSONDocument
    let node: Int
    let userInfo: [CodingUserInfoKey: Any]
    /// The path, as links: built into an array only when asked for (mostly for errors).
    private let parent: DocumentDecoding?
    private let key: (any CodingKey)?

    init(document: JSONDocument, node: Int, parent: DocumentDecoding? = nil, key: (any CodingKey)? = nil,
         userInfo: [CodingUserInfoKey: Any]) {
        self.document = document
        self.node = node
        self.parent = parent
        self.key = key
        self.userInfo = userInfo
    }

    var codingPath: [any CodingKey] {
        var path = parent?.codingPath ?? []
        if let key { path.append(key) }
        return path
    }

    /// The decoder of child record `child`, one step further along the path.
    func child(_ child: Int, key: any CodingKey) -> DocumentDecoding {
        DocumentDecoding(document: document, node: child, parent: self, key: key, userInfo: userInfo)
    }

    private var value: NodeValue { NodeValue(document: document, node: node) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard value.kind == .object else {
            throw value.mismatch([String: Any].self, at: codingPath, null: "Cannot get keyed decoding container -- found null value instead")
        }
        return KeyedDecodingContainer(KeyedNodeContainer<Key>(decoding: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard value.kind == .array else {
            throw value.mismatch([Any].self, at: codingPath, null: "Cannot get unkeyed decoding container -- found null value instead")
        }
        return UnkeyedNodeContainer(decoding: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value.kind == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try value.bool { codingPath } }
    func decode(_ type: String.Type) throws -> String { try value.string { codingPath } }
    func decode(_ type: Double.Type) throws -> Double { try value.double { codingPath } }
    func decode(_ type: Float.Type) throws -> Float { try value.float { codingPath } }
    func decode(_ type: Int.Type) throws -> Int { try value.int { codingPath } }
    func decode(_ type: Int8.Type) throws -> Int8 { try value.integer(type) { codingPath } }
    func decode(_ type: Int16.Type) throws -> Int16 { try value.integer(type) { codingPath } }
    func decode(_ type: Int32.Type) throws -> Int32 { try value.integer(type) { codingPath } }
    func decode(_ type: Int64.Type) throws -> Int64 { try value.integer(type) { codingPath } }
    func decode(_ type: UInt.Type) throws -> UInt { try value.integer(type) { codingPath } }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try value.integer(type) { codingPath } }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try value.integer(type) { codingPath } }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try value.integer(type) { codingPath } }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try value.integer(type) { codingPath } }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let plain = try value.plain(type, at: { codingPath }) { return plain }
        return try T(from: self)
    }

    /// `type` decoded from child record `child`, one step further along the path: plain
    /// values directly, others through a new decoder.
    func decode<T: Decodable>(_ type: T.Type, child: Int, key: any CodingKey) throws -> T {
        if let plain = try NodeValue(document: document, node: child).plain(type, at: { codingPath + [key] }) { return plain }
        return try T(from: self.child(child, key: key))
    }
}

/// One node's scalar value, read as a Codable type; the coding path is only built for errors.
struct NodeValue {
    let document: JSONDocument
    let node: Int

    var record: JSONRecord { document.records[node] }
    var kind: JSONKind { record.kind }

    /// `typeMismatch`, or `valueNotFound` when the value is null (as Foundation).
    func mismatch(_ type: Any.Type, at path: [any CodingKey], null message: String? = nil) -> DecodingError {
        if kind == .null {
            return .valueNotFound(type, .init(codingPath: path, debugDescription: message ?? "Cannot get value of type \(type) -- found null value instead"))
        }
        return .typeMismatch(type, .init(codingPath: path, debugDescription: "Expected to decode \(type) but found \(kind) instead."))
    }

    private func outOfRange(_ type: Any.Type, at path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: path, debugDescription: "Number \(document.text(record.span)) is not representable as \(type)."))
    }

    func bool(_ path: () -> [any CodingKey]) throws -> Bool {
        let record = record
        guard record.kind == .bool else { throw mismatch(Bool.self, at: path()) }
        return document.withBytes { $0[Int(record.start)] } == UInt8(ascii: "t")
    }

    func string(_ path: () -> [any CodingKey]) throws -> String {
        let record = record
        guard record.kind == .string else { throw mismatch(String.self, at: path()) }
        return document.string(token: record.span, escaped: record.flags & JSONRecord.escapedValue != 0)
    }

    func double(_ path: () -> [any CodingKey]) throws -> Double {
        let record = record
        guard record.kind == .number else { throw mismatch(Double.self, at: path()) }
        guard let value = document.withBytes({ JSONNumber.double(UnsafeBufferPointer(rebasing: $0[record.span])) }) else {
            throw outOfRange(Double.self, at: path())
        }
        return value
    }

    func float(_ path: () -> [any CodingKey]) throws -> Float {
        guard kind == .number else { throw mismatch(Float.self, at: path()) }
        let value = Float(try double(path))
        guard value.isFinite else { throw outOfRange(Float.self, at: path()) }
        return value
    }

    func int(_ path: () -> [any CodingKey]) throws -> Int {
        let record = record
        guard record.kind == .number else { throw mismatch(Int.self, at: path()) }
        guard let value = document.withBytes({
            JSONNumber.int(UnsafeBufferPointer(rebasing: $0[record.span]), isInteger: record.flags & JSONRecord.integer != 0)
        }) else {
            throw outOfRange(Int.self, at: path())
        }
        return value
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type, _ path: () -> [any CodingKey]) throws -> T {
        guard kind == .number else { throw mismatch(type, at: path()) }
        if type == UInt64.self || type == UInt.self, let value = T(document.text(record.span)) { return value }
        guard let value = T(exactly: try int(path)) else { throw outOfRange(type, at: path()) }
        return value
    }

    /// `type` when it is one Foundation reads itself rather than through `init(from:)`.
    func plain<T: Decodable>(_ type: T.Type, at path: () -> [any CodingKey]) throws -> T? {
        // Identity checks, not casts: these run for every value decoded.
        if type == String.self { return unsafeBitCast(try string(path), to: T.self) }
        if type == Int.self { return unsafeBitCast(try int(path), to: T.self) }
        if type == Double.self { return unsafeBitCast(try double(path), to: T.self) }
        if type == Bool.self { return unsafeBitCast(try bool(path), to: T.self) }
        if type == URL.self {
            guard let url = URL(string: try string(path)) else {
                throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "Invalid URL string."))
            }
            return url as? T
        }
        if type == Data.self {
            guard let data = Data(base64Encoded: try string(path)) else {
                throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "Encountered Data is not valid Base64."))
            }
            return data as? T
        }
        if type == Decimal.self {
            guard kind == .number, let value = Decimal(string: document.text(record.span), locale: Locale(identifier: "en_US_POSIX"))
            else { throw mismatch(type, at: path()) }
            return value as? T
        }
        return nil
    }
}
