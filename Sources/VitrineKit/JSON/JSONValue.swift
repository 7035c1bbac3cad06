import Foundation

/// A JSON value held in memory, for building what ``JSONWriter`` prints and for passing on
/// what vitrine does not know the shape of. Nothing is lost on the way through: numbers keep
/// their text (`1.50`, `1e3`), objects keep their members' order (and a duplicate name, the
/// last of which counts), and ``verbatim`` holds JSON text to be written as it is.
///
/// Equality is textual: `.number("1.50") != .number("1.5")`.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number's text, which must follow JSON's number grammar.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([Member])
    /// JSON text (one value) written as it is in the pretty layout, and without the
    /// whitespace between its tokens in the compact one. The writer does not check it.
    case verbatim(String)

    /// One member of an object: its name (unescaped) and value.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: JSONValue

        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// A number from an integer.
    public static func number<T: BinaryInteger>(_ value: T) -> JSONValue { .number(String(value)) }

    /// A number from a Double, written as Foundation's JSONEncoder writes it; nil for NaN
    /// and infinities, which JSON cannot hold.
    public static func number(_ value: Double) -> JSONValue? { JSONNumber.text(value).map(JSONValue.number) }

    /// The value of a document's node, exactly (numbers as written, strings decoded).
    public init(_ node: JSONNode) {
        switch node.kind {
        case .null: self = .null
        case .bool: self = .bool(node.bool!)
        case .number: self = .number(node.text)
        case .string: self = .string(node.string!)
        case .array: self = .array(node.elements.map(JSONValue.init))
        case .object: self = .object(node.members.map { Member($0.key, JSONValue($0.value)) })
        }
    }

    /// Parses `text` (one JSON value); ``verbatim`` values are parsed when met.
    public init(parsing text: String) throws(JSONParseError) {
        self.init(try JSONDocument(text).root)
    }

    public var kind: JSONKind {
        switch self {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        case .verbatim(let text): (try? JSONDocument(text).root.kind) ?? .null
        }
    }

    /// An object's member named `key` (the last one when the name is used twice).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// An array's element; nil when out of range.
    public subscript(position: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(position) else { return nil }
        return elements[position]
    }

    /// The value at `pointer` below this one.
    public func value(at pointer: JSONPointer) -> JSONValue? {
        var value = self
        for token in pointer.tokens {
            switch value {
            case .object: guard let member = value[token] else { return nil }; value = member
            case .array: guard let position = JSONPointer.arrayIndex(token), let element = value[position] else { return nil }; value = element
            default: return nil
            }
        }
        return value
    }

    public var members: [Member] {
        if case .object(let members) = self { return members }
        return []
    }

    public var elements: [JSONValue] {
        if case .array(let elements) = self { return elements }
        return []
    }

    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A number's text as written.
    public var numberText: String? {
        if case .number(let text) = self { return text }
        return nil
    }

    /// A whole number that fits an `Int` (`3`, `3.0`, `1e3`).
    public var int: Int? {
        guard case .number(let text) = self else { return nil }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { JSONNumber.int($0, isInteger: !bytes.contains { $0 == 0x2E || $0 | 0x20 == 0x65 }) }
    }

    public var double: Double? {
        guard case .number(let text) = self else { return nil }
        return Double(text).flatMap { $0.isFinite ? $0 : nil }
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var isNull: Bool { self == .null }
}

extension JSONValue: Codable {
    /// With ``JSONDocumentDecoder``, the node's value exactly; with another decoder (such as
    /// Foundation's), whatever it gives: numbers come back as Foundation writes them
    /// (`1.50` as `1.5`), object members in no particular order.
    public init(from decoder: any Decoder) throws {
        if let decoding = decoder as? DocumentDecoding {
            self.init(JSONNode(document: decoding.document, index: decoding.node))
            return
        }
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() { self = .null; return }
            if let value = try? container.decode(Bool.self) { self = .bool(value); return }
            if let value = try? container.decode(Int.self) { self = .number(value); return }
            if let value = try? container.decode(Double.self), let number = JSONValue.number(value) { self = number; return }
            if let value = try? container.decode(String.self) { self = .string(value); return }
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !container.isAtEnd { elements.append(try container.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let container = try decoder.container(keyedBy: JSONKey.self)
        self = .object(try container.allKeys.map { Member($0.stringValue, try container.decode(JSONValue.self, forKey: $0)) })
    }

    /// With ``JSONValueEncoder``, the value itself; with another encoder (such as
    /// Foundation's), numbers as `Int` when whole and small enough, else as `Double`.
    public func encode(to encoder: any Encoder) throws {
        if let encoding = encoder as? ValueEncoding {
            encoding.store(self)
            return
        }
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let text):
            var container = encoder.singleValueContainer()
            if let value = Int(text) { try container.encode(value) } else { try container.encode(Double(text) ?? 0) }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let members):
            var container = encoder.container(keyedBy: JSONKey.self)
            for member in members { try container.encode(member.value, forKey: JSONKey(member.key)) }
        case .verbatim(let text):
            do { try JSONValue(parsing: text).encode(to: encoder) } catch {
                throw EncodingError.invalidValue(text, .init(codingPath: encoder.codingPath, debugDescription: "not JSON: \(error)"))
            }
        }
    }
}

/// Any member name, for containers whose names are data.
struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) { stringValue = string }
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    static let `super` = JSONKey("super")
}
