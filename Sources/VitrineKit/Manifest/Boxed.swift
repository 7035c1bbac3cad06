/// An optional value kept on the heap: 8 bytes in the struct that holds it, whatever its size.
///
/// A manifest holds one ``Item`` per photo, 100,000 of them for a large gallery, and most of
/// an item's sub-objects (caption, location, placeholder, a part's sort key) are absent or
/// small; inline, their optionals made an item 570 bytes. Encoded and decoded as the plain
/// optional: absent when nil, never `null`.
@propertyWrapper
public struct Boxed<Value: Sendable>: Sendable {
    private final class Storage: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var storage: Storage?

    public init(wrappedValue: Value?) { storage = wrappedValue.map(Storage.init) }

    public var wrappedValue: Value? {
        get { storage?.value }
        set { storage = newValue.map(Storage.init) }
    }
}

extension Boxed: Equatable where Value: Equatable {
    public static func == (left: Boxed, right: Boxed) -> Bool { left.wrappedValue == right.wrappedValue }
}

extension Boxed: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension KeyedEncodingContainer {
    /// A boxed optional as the optional itself: left out when nil.
    mutating func encode<Value: Encodable>(_ boxed: Boxed<Value>, forKey key: Key) throws {
        try encodeIfPresent(boxed.wrappedValue, forKey: key)
    }
}

extension KeyedDecodingContainer {
    /// A boxed optional as the optional itself: nil when the key is absent or null.
    func decode<Value: Decodable>(_ type: Boxed<Value>.Type, forKey key: Key) throws -> Boxed<Value> {
        Boxed(wrappedValue: try decodeIfPresent(Value.self, forKey: key))
    }
}

extension Boxed: Codable where Value: Codable {
    /// As a value of its own (in an array, say): the optional, `null` when nil.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(wrappedValue: container.decodeNil() ? nil : try container.decode(Value.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value = wrappedValue { try container.encode(value) } else { try container.encodeNil() }
    }
}

