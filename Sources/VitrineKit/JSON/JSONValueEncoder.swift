import Foundation

/// Encodes an `Encodable` value into a ``JSONValue``, as Foundation's `JSONEncoder` would
/// see it with its default strategies: a Double written as Foundation writes it (`10`,
/// `65.4`, `1e-07`), `Data` as Base64, a `URL` as its absolute string, `Decimal` as a number,
/// `Date` as its own encoding gives (seconds since 2001), nil optionals left out. A value
/// that encodes nothing is an empty object, as in Foundation.
///
/// A ``RawJSON`` (a custom caption) becomes a ``JSONValue/verbatim(_:)`` leaf, so that its bytes
/// reach the output. NaN and infinities throw `EncodingError.invalidValue` naming the coding
/// path: JSON has no way to write them.
public struct JSONValueEncoder {
    /// Given to every `encode(to:)`; default empty.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    public init() {}

    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        try ValueEncoding(userInfo: userInfo).slot(for: value, at: nil).value
    }
}

/// What a container holds while encoding goes on: nested containers are filled after they
/// are handed out, so they are references until the end.
enum EncodingSlot {
    case value(JSONValue)
    case object(ObjectBuilder)
    case array(ArrayBuilder)
    case encoder(ValueEncoding)

    var value: JSONValue {
        switch self {
        case .value(let value): value
        case .object(let builder): .object(builder.members.map { JSONValue.Member($0.key, $0.slot.value) })
        case .array(let builder): .array(builder.slots.map(\.value))
        case .encoder(let encoding): encoding.slot?.value ?? .object([])
        }
    }
}

final class ObjectBuilder {
    var members: [(key: String, slot: EncodingSlot)] = []
}

final class ArrayBuilder {
    var slots: [EncodingSlot] = []
}

/// The `Encoder` behind ``JSONValueEncoder``: one per value that is not a plain scalar.
final class ValueEncoding: Encoder {
    let userInfo: [CodingUserInfoKey: Any]
    /// What was encoded; nil until something was.
    var slot: EncodingSlot?
    /// The path, as links: built into an array only when asked for (mostly for errors).
    // Unowned: a parent holds its children (through its builder), and a strong link back would
    // make every nested value a cycle that is never freed.
    private unowned let parent: ValueEncoding?
    private let key: (any CodingKey)?

    init(parent: ValueEncoding? = nil, key: (any CodingKey)? = nil, userInfo: [CodingUserInfoKey: Any]) {
        self.parent = parent
        self.key = key
        self.userInfo = userInfo
    }

    var codingPath: [any CodingKey] {
        var path = parent?.codingPath ?? []
        if let key { path.append(key) }
        return path
    }

    /// A new encoder one step further along the path.
    func child(_ key: any CodingKey) -> ValueEncoding { ValueEncoding(parent: self, key: key, userInfo: userInfo) }

    /// For types that write themselves (``RawJSON``, ``JSONValue``).
    func store(_ value: JSONValue) { slot = .value(value) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object(let builder)? = slot { return KeyedEncodingContainer(KeyedValueContainer(encoding: self, builder: builder)) }
        let builder = ObjectBuilder()
        slot = .object(builder)
        return KeyedEncodingContainer(KeyedValueContainer(encoding: self, builder: builder))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array(let builder)? = slot { return UnkeyedValueContainer(encoding: self, builder: builder) }
        let builder = ArrayBuilder()
        slot = .array(builder)
        return UnkeyedValueContainer(encoding: self, builder: builder)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueContainer(encoding: self) }

    /// `value` encoded, at `codingPath` + `key`: plain values directly, others through a new encoder.
    func slot<T: Encodable>(for value: T, at key: (any CodingKey)?) throws -> EncodingSlot {
        // Identity checks first, not casts: these run for every value encoded.
        if T.self == String.self { return .value(.string(unsafeBitCast(value, to: String.self))) }
        if T.self == Int.self { return .value(.number(unsafeBitCast(value, to: Int.self))) }
        if T.self == Bool.self { return .value(.bool(unsafeBitCast(value, to: Bool.self))) }
        if T.self == Double.self { return .value(try number(unsafeBitCast(value, to: Double.self), at: key)) }
        if T.self == Float.self { return .value(try number(unsafeBitCast(value, to: Float.self), at: key)) }
        if T.self == URL.self { return .value(.string((value as! URL).absoluteString)) }
        if T.self == Data.self { return .value(.string((value as! Data).base64EncodedString())) }
        if T.self == Decimal.self { return .value(.number((value as! Decimal).description)) }
        let child = key.map(child) ?? ValueEncoding(parent: self, userInfo: userInfo)
        try value.encode(to: child)
        return .encoder(child)
    }

    func number<T: BinaryFloatingPoint & CustomStringConvertible>(_ value: T, at key: (any CodingKey)?) throws -> JSONValue {
        guard let text = JSONNumber.text(value) else {
            let fullPath = codingPath + (key.map { [$0] } ?? [])
            throw EncodingError.invalidValue(value, .init(codingPath: fullPath,
                debugDescription: "\(T.self) \(value) cannot be written in JSON (at '\(JSONPointer(codingPath: fullPath))')"))
        }
        return .number(text)
    }
}

private struct KeyedValueContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoding: ValueEncoding
    let builder: ObjectBuilder
    var codingPath: [any CodingKey] { encoding.codingPath }

    private func put(_ key: Key, _ slot: EncodingSlot) { builder.members.append((key.stringValue, slot)) }

    mutating func encodeNil(forKey key: Key) { put(key, .value(.null)) }
    mutating func encode(_ value: Bool, forKey key: Key) { put(key, .value(.bool(value))) }
    mutating func encode(_ value: String, forKey key: Key) { put(key, .value(.string(value))) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(key, .value(try encoding.number(value, at: key))) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(key, .value(try encoding.number(value, at: key))) }
    mutating func encode(_ value: Int, forKey key: Key) { put(key, .value(.number(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) { put(key, .value(.number(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) { put(key, .value(.number(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) { put(key, .value(.number(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) { put(key, .value(.number(value))) }
    mutating func encode(_ value: UInt, forKey key: Key) { put(key, .value(.number(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) { put(key, .value(.number(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) { put(key, .value(.number(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) { put(key, .value(.number(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) { put(key, .value(.number(value))) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { put(key, try encoding.slot(for: value, at: key)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = encoding.child(key)
        put(key, .encoder(nested))
        return nested.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = encoding.child(key)
        put(key, .encoder(nested))
        return nested.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: JSONKey.super) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

    private func superEncoder(named key: any CodingKey) -> any Encoder {
        let nested = encoding.child(key)
        builder.members.append((key.stringValue, .encoder(nested)))
        return nested
    }
}

private struct UnkeyedValueContainer: UnkeyedEncodingContainer {
    let encoding: ValueEncoding
    let builder: ArrayBuilder
    var codingPath: [any CodingKey] { encoding.codingPath }
    var count: Int { builder.slots.count }
    private var nextKey: JSONKey { JSONKey(index: builder.slots.count) }

    mutating func encodeNil() { builder.slots.append(.value(.null)) }
    mutating func encode(_ value: Bool) { builder.slots.append(.value(.bool(value))) }
    mutating func encode(_ value: String) { builder.slots.append(.value(.string(value))) }
    mutating func encode(_ value: Double) throws { builder.slots.append(.value(try encoding.number(value, at: nextKey))) }
    mutating func encode(_ value: Float) throws { builder.slots.append(.value(try encoding.number(value, at: nextKey))) }
    mutating func encode(_ value: Int) { builder.slots.append(.value(.number(value))) }
    mutating func encode(_ value: Int8) { builder.slots.append(.value(.number(value))) }
    mutating func encode(_ value: Int16) { builder.slots.append(.value(.number(value))) }
    mutating func encode(_ value: Int32) { builder.slots.append(.value(.number(value))) }
    mutating func encode(_ value: Int64) { builder.slots.append(.value(.number(value))) }
    mutating func encode(_ value: UInt) { builder.slots.append(.value(.number(value))) }
    mutating func encode(_ value: UInt8) { builder.slots.append(.value(.number(value))) }
    mutating func encode(_ value: UInt16) { builder.slots.append(.value(.number(value))) }
    mutating func encode(_ value: UInt32) { builder.slots.append(.value(.number(value))) }
    mutating func encode(_ value: UInt64) { builder.slots.append(.value(.number(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { builder.slots.append(try encoding.slot(for: value, at: nextKey)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = encoding.child(nextKey)
        builder.slots.append(.encoder(nested))
        return nested.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = encoding.child(nextKey)
        builder.slots.append(.encoder(nested))
        return nested.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let nested = encoding.child(nextKey)
        builder.slots.append(.encoder(nested))
        return nested
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let encoding: ValueEncoding
    var codingPath: [any CodingKey] { encoding.codingPath }

    mutating func encodeNil() { encoding.store(.null) }
    mutating func encode(_ value: Bool) { encoding.store(.bool(value)) }
    mutating func encode(_ value: String) { encoding.store(.string(value)) }
    mutating func encode(_ value: Double) throws { encoding.store(try encoding.number(value, at: nil)) }
    mutating func encode(_ value: Float) throws { encoding.store(try encoding.number(value, at: nil)) }
    mutating func encode(_ value: Int) { encoding.store(.number(value)) }
    mutating func encode(_ value: Int8) { encoding.store(.number(value)) }
    mutating func encode(_ value: Int16) { encoding.store(.number(value)) }
    mutating func encode(_ value: Int32) { encoding.store(.number(value)) }
    mutating func encode(_ value: Int64) { encoding.store(.number(value)) }
    mutating func encode(_ value: UInt) { encoding.store(.number(value)) }
    mutating func encode(_ value: UInt8) { encoding.store(.number(value)) }
    mutating func encode(_ value: UInt16) { encoding.store(.number(value)) }
    mutating func encode(_ value: UInt32) { encoding.store(.number(value)) }
    mutating func encode(_ value: UInt64) { encoding.store(.number(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoding.slot = try encoding.slot(for: value, at: nil) }
}
