import Foundation

/// A JSON object passed through untouched: the `custom` caption style. The bytes read from a
/// captions file are the bytes written into the manifest (pretty-printed manifests; NDJSON
/// lines get them without the whitespace between tokens, so that each item stays one line).
public struct RawJSON: Codable, Equatable, Hashable, Sendable {
    /// The value's JSON text, exactly as read.
    public let text: String

    /// `text` must be one JSON value (leading and trailing whitespace is dropped).
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8), options: .fragmentsAllowed)) != nil else { return nil }
        self.text = trimmed
    }

    /// Decoding a manifest gives the value back with its keys sorted (a decoder does not see bytes).
    public init(from decoder: Decoder) throws {
        let value = try JSONValue(from: decoder)
        let data = try JSONSerialization.data(withJSONObject: value.foundation,
            options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        text = String(decoding: data, as: UTF8.self)
    }

    /// With a ``RawJSONSplice`` in the encoder's `userInfo` (as ``JSONEncoder/encodeSplicingRawJSON(_:)``
    /// sets up), writes a placeholder the splice later replaces by `text`; otherwise the value.
    public func encode(to encoder: Encoder) throws {
        if let splice = encoder.userInfo[RawJSONSplice.key] as? RawJSONSplice {
            var container = encoder.singleValueContainer()
            try container.encode(splice.placeholder(for: text))
        } else {
            let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
            try value.encode(to: encoder)
        }
    }

    /// `text` without whitespace between tokens (strings untouched): one line.
    var compacted: String {
        var out = String.UnicodeScalarView()
        var inString = false, escaped = false
        for scalar in text.unicodeScalars {
            if inString {
                if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" { inString = false }
            } else if scalar == "\"" {
                inString = true
            } else if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" {
                continue
            }
            out.append(scalar)
        }
        return String(out)
    }
}

/// Collects the raw values met while encoding, and puts them back in place of their placeholders.
final class RawJSONSplice: @unchecked Sendable {
    static let key = CodingUserInfoKey(rawValue: "vitrine.rawJSONSplice")!
    /// A control character no encoded string can contain unescaped, so no real text can collide.
    private static let marker = "\u{1}vitrine-raw-json-"
    private var texts: [String] = []

    func placeholder(for text: String) -> String {
        texts.append(text)
        return Self.marker + String(texts.count - 1)
    }

    /// `data` with each `"\u0001vitrine-raw-json-N"` string replaced by raw value N.
    func splice(_ data: Data, compact: Bool) -> Data {
        guard !texts.isEmpty else { return data }
        var output = String(decoding: data, as: UTF8.self)
        for (index, text) in texts.enumerated().reversed() {
            let placeholder = "\"\\u0001vitrine-raw-json-\(index)\""
            let value = compact ? RawJSON(text)?.compacted ?? text : text
            output = output.replacingOccurrences(of: placeholder, with: value)
        }
        return Data(output.utf8)
    }
}

extension JSONEncoder {
    /// Encodes `value`, writing every ``RawJSON`` inside it as its original bytes.
    public func encodeSplicingRawJSON<T: Encodable>(_ value: T) throws -> Data {
        let splice = RawJSONSplice()
        userInfo[RawJSONSplice.key] = splice
        defer { userInfo[RawJSONSplice.key] = nil }
        return splice.splice(try encode(value), compact: !outputFormatting.contains(.prettyPrinted))
    }
}

/// Any JSON value, for decoding what vitrine passes through without knowing its shape.
enum JSONValue: Codable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    var foundation: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .number(let value): value
        case .string(let value): value
        case .array(let value): value.map(\.foundation)
        case .object(let value): value.mapValues(\.foundation)
        }
    }
}
