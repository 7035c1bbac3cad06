import Foundation

/// A JSON Schema (draft 2020-12), compiled once, that checks values of a ``JSONDocument`` by
/// walking its node table: `$ref`s resolved, patterns made automata (``ECMAPattern``), each
/// object schema's names in a hash table.
///
/// It implements the keywords in ``keywords`` and refuses to load a schema that uses any
/// other (so a schema cannot say more than is checked): no `format`, `multipleOf`, `contains`,
/// `propertyNames`, `unevaluated…`, `$anchor`, `$dynamicRef`; `$ref` is a JSON pointer in the
/// same document (`#/$defs/item`, with the root `$id` or without), and `$id` is taken at the
/// root only.
///
/// When an object has a member name twice, the last one is checked, as the lookups of
/// ``JSONNode`` (and Python's json) read it; of members that no property names, each is checked.
public struct JSONSchema: Sendable {
    /// The compiled schemas; the root is 0.
    let nodes: [SchemaNode]

    /// The keywords that check something.
    public static let keywords: Set<String> = [
        "type", "const", "enum", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength",
        "pattern", "items", "prefixItems", "minItems", "maxItems", "uniqueItems", "properties", "patternProperties",
        "additionalProperties", "required", "dependentRequired", "dependentSchemas", "minProperties", "maxProperties",
        "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "$ref", "$defs",
    ]
    /// Keywords that only describe (or, for `$schema` and `$id`, are checked when loading).
    public static let annotations: Set<String> = [
        "$schema", "$id", "$comment", "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
    ]
    /// The one `$schema` it reads.
    public static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// Why a schema cannot be loaded: `#/$defs/item/properties/width: unknown keyword 'minimun'`.
    public struct LoadError: Error, Equatable, Sendable, CustomStringConvertible {
        /// Where in the schema, as a JSON pointer.
        public let location: JSONPointer
        public let reason: String
        public var description: String { "#\(location): \(reason)" }
    }

    /// One way a value breaks the schema: where (a JSON pointer into the value) and what.
    public struct Failure: Equatable, Sendable, CustomStringConvertible {
        public let pointer: JSONPointer
        public let message: String
        /// The failing value's node in its document (for a missing member, its object's), for
        /// putting failures in document order.
        public let node: Int
        public var description: String { pointer.tokens.isEmpty ? message : "\(pointer): \(message)" }
    }

    public init(_ text: String) throws(LoadError) {
        do {
            try self.init(try JSONDocument(text))
        } catch let error as LoadError {
            throw error
        } catch {
            throw LoadError(location: [], reason: "not JSON (\(error))")
        }
    }

    public init(_ document: JSONDocument) throws(LoadError) {
        var compiler = SchemaCompiler(document)
        nodes = try compiler.compileAll()
    }

    /// How `value` breaks the schema, in the order met walking it; empty when it is valid.
    public func failures(in value: JSONNode) -> [Failure] {
        nodes.withUnsafeBufferPointer { schema in
            var walk = SchemaWalk(schema: schema, document: value.document, reporting: true)
            _ = walk.check(0, value.index)
            return walk.failures
        }
    }

    public func isValid(_ value: JSONNode) -> Bool {
        nodes.withUnsafeBufferPointer { schema in
            var walk = SchemaWalk(schema: schema, document: value.document, reporting: false)
            return walk.check(0, value.index)
        }
    }
}

/// The JSON types `type` names; `integer` is a number with no fraction (`1.0` is one).
struct SchemaTypes: OptionSet, Sendable {
    let rawValue: UInt8
    static let null = SchemaTypes(rawValue: 1), boolean = SchemaTypes(rawValue: 2), object = SchemaTypes(rawValue: 4)
    static let array = SchemaTypes(rawValue: 8), number = SchemaTypes(rawValue: 16), string = SchemaTypes(rawValue: 32)
    static let integer = SchemaTypes(rawValue: 64)

    /// In the order messages list them.
    static let names: [(String, SchemaTypes)] = [
        ("string", .string), ("integer", .integer), ("number", .number), ("boolean", .boolean), ("object", .object),
        ("array", .array), ("null", .null),
    ]

    /// `an integer or null`.
    var description: String {
        let words = Self.names.filter { contains($0.1) }.map { name, _ in
            name == "integer" || name == "object" || name == "array" ? "an \(name)" : name == "null" ? "null" : "a \(name)"
        }
        return words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }
}

/// One compiled schema: each keyword's argument, ready to check with.
struct SchemaNode: Sendable {
    /// Where it is in the schema document, for messages.
    var location: JSONPointer
    /// `true` or `false` as a schema.
    var always: Bool?
    var types: SchemaTypes?
    var constant: JSONNode?
    var choices: [JSONNode]?
    /// For an `enum` of strings only: their bytes, compared without decoding.
    var stringChoices: [[UInt8]]?
    var minimum: SchemaNumber?, maximum: SchemaNumber?
    var exclusiveMinimum: SchemaNumber?, exclusiveMaximum: SchemaNumber?
    var minLength: Int?, maxLength: Int?
    var pattern: ECMAPattern?
    var prefixItems: [Int] = []
    var items: Int?
    var minItems: Int?, maxItems: Int?
    var uniqueItems = false
    var members: SharedMemberRules?
    var minProperties: Int?, maxProperties: Int?
    var allOf: [Int] = [], anyOf: [Int] = [], oneOf: [Int] = []
    var not: Int?
    var condition: Int?, then: Int?, otherwise: Int?
    var reference: Int?

    init(location: JSONPointer) { self.location = location }

    /// The schemas this one applies to the same value (not to its members or elements).
    var inPlace: [Int] {
        allOf + anyOf + oneOf + [not, condition, then, otherwise, reference].compactMap { $0 } + (members?.rules.dependentSchemas.map(\.schema) ?? [])
    }
}

/// ``MemberRules`` as the walk reads them for every object: shared, not copied, and constant
/// (a class's `let`, so reading needs no exclusivity checks).
final class SharedMemberRules: Sendable {
    let rules: MemberRules
    init(_ rules: MemberRules) { self.rules = rules }
}

/// What an object schema says of members: by name, by pattern, and of the others.
struct MemberRules: Sendable {
    /// Every name the rules mention.
    var names = SchemaNameTable()
    /// By name number: the schema of that property, if `properties` has it.
    var properties: [Int?] = []
    var required: [Int] = []
    var dependentRequired: [(name: Int, needs: [Int])] = []
    var dependentSchemas: [(name: Int, schema: Int)] = []
    var patternProperties: [(pattern: ECMAPattern, schema: Int)] = []
    var additionalProperties: Int?

    mutating func name(_ text: String) -> Int {
        let number = names.add(text)
        if number == properties.count { properties.append(nil) }
        return number
    }

    func text(of name: Int) -> String { String(decoding: names.names[name], as: UTF8.self) }
}
