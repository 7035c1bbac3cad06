import Foundation

/// A JSON object passed through untouched: the `custom` caption style. The bytes read from a
/// captions file are the bytes written into the manifest (pretty-printed manifests; NDJSON
/// lines get them without the whitespace between tokens, so that each item stays one line),
/// and a manifest read back and written again keeps them.
///
/// That holds with vitrine's own JSON layer (``JSONValueEncoder``, ``JSONDocumentDecoder``),
/// where it is a ``JSONValue/verbatim(_:)`` leaf and a node's source text. Foundation's
/// coders see a plain JSON value: encoded as its value, decoded into compact text with
/// sorted keys and numbers as Foundation writes them.
public struct RawJSON: Codable, Equatable, Hashable, Sendable {
    /// The value's JSON text, exactly as read.
    public let text: String

    /// `text` must be one JSON value (leading and trailing whitespace is dropped).
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (try? JSONDocument(trimmed)) != nil else { return nil }
        self.text = trimmed
    }

    /// A node's exact text (already known to be JSON).
    init(_ node: JSONNode) { text = node.text }

    private init(checked text: String) { self.text = text }

    public init(from decoder: any Decoder) throws {
        if let decoding = decoder as? DocumentDecoding {
            self.init(JSONNode(document: decoding.document, index: decoding.node))
        } else {
            self.init(checked: JSONWriter.compact.string(try JSONValue(from: decoder)))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        if let encoding = encoder as? ValueEncoding {
            encoding.store(.verbatim(text))
        } else {
            try JSONValue.verbatim(text).encode(to: encoder)
        }
    }
}
