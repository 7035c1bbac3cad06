import Foundation

/// An object node's members for `Decodable` types, each found by a walk over the members
/// (no dictionary is built; with sorted names the walk stops early), the last of a repeated
/// name winning.
struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoding: DocumentDecoding
    var codingPath: [any CodingKey] { decoding.codingPath }

    var allKeys: [Key] {
        var seen = Set<String>()
        return decoding.document.children(of: decoding.node).reversed().compactMap { child in
            guard let name = decoding.document.key(of: child), seen.insert(name).inserted else { return nil }
            return Key(stringValue: name)
        }.reversed()
    }

    private func find(_ key: Key) -> Int? {
        var name = key.stringValue
        return name.withUTF8 { decoding.document.member(utf8: $0, of: decoding.node) }
    }

    private func require(_ key: Key) throws -> Int {
        guard let child = find(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath,
                debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return child
    }

    private func value(_ key: Key) throws -> NodeValue { NodeValue(document: decoding.document, node: try require(key)) }

    /// The member's value, nil when it is absent or null (one walk, where the protocol's
    /// default would take three).
    private func present(_ key: Key) -> NodeValue? {
        guard let child = find(key) else { return nil }
        let value = NodeValue(document: decoding.document, node: child)
        return value.kind == .null ? nil : value
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }
    func decodeNil(forKey key: Key) throws -> Bool { try value(key).kind == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).bool { codingPath + [key] } }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).string { codingPath + [key] } }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).double { codingPath + [key] } }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key).float { codingPath + [key] } }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).int { codingPath + [key] } }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).integer(type) { codingPath + [key] } }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key).integer(type) { codingPath + [key] } }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key).integer(type) { codingPath + [key] } }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key).integer(type) { codingPath + [key] } }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).integer(type) { codingPath + [key] } }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key).integer(type) { codingPath + [key] } }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key).integer(type) { codingPath + [key] } }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key).integer(type) { codingPath + [key] } }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key).integer(type) { codingPath + [key] } }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoding.decode(type, child: try require(key), key: key)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key)?.bool { codingPath + [key] } }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key)?.string { codingPath + [key] } }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key)?.double { codingPath + [key] } }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try present(key)?.float { codingPath + [key] } }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key)?.int { codingPath + [key] } }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try present(key)?.integer(type) { codingPath + [key] } }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try present(key)?.integer(type) { codingPath + [key] } }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try present(key)?.integer(type) { codingPath + [key] } }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try present(key)?.integer(type) { codingPath + [key] } }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try present(key)?.integer(type) { codingPath + [key] } }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try present(key)?.integer(type) { codingPath + [key] } }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try present(key)?.integer(type) { codingPath + [key] } }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try present(key)?.integer(type) { codingPath + [key] } }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try present(key)?.integer(type) { codingPath + [key] } }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = present(key) else { return nil }
        return try decoding.decode(type, child: value.node, key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try nested(try require(key), key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try nested(try require(key), key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { try superDecoder(named: JSONKey.super) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(named: key) }

    private func superDecoder(named key: any CodingKey) throws -> any Decoder {
        var name = key.stringValue
        // As Foundation: an absent key gives a decoder of null.
        guard let child = name.withUTF8({ decoding.document.member(utf8: $0, of: decoding.node) }) else {
            return try DocumentDecoding(document: JSONDocument("null"), node: 0, parent: decoding, key: key, userInfo: decoding.userInfo)
        }
        return nested(child, key)
    }

    private func nested(_ child: Int, _ key: any CodingKey) -> DocumentDecoding {
        decoding.child(child, key: key)
    }
}

/// An array node's elements for `Decodable` types, walked once from first to last.
struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
    let decoding: DocumentDecoding
    let count: Int?
    private(set) var currentIndex = 0
    /// The record of the element at `currentIndex`.
    private var current: Int

    init(decoding: DocumentDecoding) {
        self.decoding = decoding
        count = decoding.document.childCount(of: decoding.node)
        current = decoding.document.firstChild(of: decoding.node)
    }

    var codingPath: [any CodingKey] { decoding.codingPath }
    var isAtEnd: Bool { currentIndex >= count! }
    private var indexKey: JSONKey { JSONKey(index: currentIndex) }

    private func next(_ type: Any.Type, _ message: String = "Unkeyed container is at end.") throws -> NodeValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [indexKey], debugDescription: message))
        }
        return NodeValue(document: decoding.document, node: current)
    }

    private mutating func advance() {
        currentIndex += 1
        current = Int(decoding.document.records[current].next)
    }

    private mutating func read<T>(_ type: T.Type, _ body: (NodeValue, () -> [any CodingKey]) throws -> T) throws -> T {
        let path = codingPath + [indexKey]
        let value = try body(try next(type)) { path }
        advance()
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(Never.self).kind == .null else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try read(type) { try $0.bool($1) } }
    mutating func decode(_ type: String.Type) throws -> String { try read(type) { try $0.string($1) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try read(type) { try $0.double($1) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try read(type) { try $0.float($1) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try read(type) { try $0.int($1) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try read(type) { try $0.integer(type, $1) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try read(type) { try $0.integer(type, $1) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try read(type) { try $0.integer(type, $1) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try read(type) { try $0.integer(type, $1) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try read(type) { try $0.integer(type, $1) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) { try $0.integer(type, $1) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) { try $0.integer(type, $1) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) { try $0.integer(type, $1) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) { try $0.integer(type, $1) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try decoding.decode(type, child: try next(type).node, key: indexKey)
        advance()
        return value
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        guard !isAtEnd else {
            currentIndex += 1  // as Foundation: a read past the end counts
            return nil
        }
        let value: T? = NodeValue(document: decoding.document, node: current).kind == .null
            ? nil : try decoding.decode(type, child: current, key: indexKey)
        advance()
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try nested(try next(KeyedDecodingContainer<NestedKey>.self).node).container(keyedBy: type)
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try nested(try next(UnkeyedDecodingContainer.self,
            "Cannot get nested unkeyed container -- unkeyed container is at end.").node).unkeyedContainer()
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = nested(try next(Decoder.self, "Cannot get superDecoder() -- unkeyed container is at end.").node)
        advance()
        return decoder
    }

    private func nested(_ child: Int) -> DocumentDecoding {
        decoding.child(child, key: indexKey)
    }
}
