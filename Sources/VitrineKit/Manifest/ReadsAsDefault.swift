/// A value that is always written, and that reads as `Default.value` when the key is absent
/// (a manifest written before the field existed), so that the field can be added within
/// `vitrine-manifest/1`.
@propertyWrapper
public struct ReadsAsDefault<Default: ManifestFieldDefault>: Sendable, Equatable {
    public var wrappedValue: Default.Value

    public init(wrappedValue: Default.Value) { self.wrappedValue = wrappedValue }
}

/// The value an absent field reads as (see ``ReadsAsDefault``).
public protocol ManifestFieldDefault {
    associatedtype Value: Codable & Equatable & Sendable
    static var value: Value { get }
}

/// `gap`: ``Manifest/defaultGap``.
public enum GapDefault: ManifestFieldDefault {
    public static var value: Int { Manifest.defaultGap }
}

extension ReadsAsDefault: Codable {
    public init(from decoder: Decoder) throws {
        self.init(wrappedValue: try decoder.singleValueContainer().decode(Default.Value.self))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension KeyedDecodingContainer {
    /// A defaulted field: its default when the key is absent.
    func decode<Default>(_ type: ReadsAsDefault<Default>.Type, forKey key: Key) throws -> ReadsAsDefault<Default> {
        ReadsAsDefault(wrappedValue: try decodeIfPresent(Default.Value.self, forKey: key) ?? Default.value)
    }
}
