import Foundation

/// Turns a schema document into ``SchemaNode``s: each keyword checked and read once, `$ref`s
/// resolved to the node they point at, anything not implemented refused by name.
struct SchemaCompiler {
    private let document: JSONDocument
    private var nodes: [SchemaNode] = []
    /// Schema document node → compiled node, so that a schema reached twice (by `$ref` and
    /// under `$defs`) is compiled once, and recursive references end.
    private var compiled: [Int: Int] = [:]
    /// The root's `$id` without its fragment: a `$ref` may start with it.
    private var base: String?

    init(_ document: JSONDocument) { self.document = document }

    mutating func compileAll() throws(JSONSchema.LoadError) -> [SchemaNode] {
        let root = document.root
        if let id = root["$id"] {
            guard let text = id.string else { throw JSONSchema.LoadError(location: ["$id"], reason: "not a string") }
            base = text.hasSuffix("#") ? String(text.dropLast()) : text
        }
        _ = try compile(root, at: [])
        try refuseLoops()
        return nodes
    }

    private func failure(_ location: JSONPointer, _ reason: String) -> JSONSchema.LoadError {
        JSONSchema.LoadError(location: location, reason: reason)
    }

    private mutating func compile(_ node: JSONNode, at location: JSONPointer) throws(JSONSchema.LoadError) -> Int {
        if let known = compiled[node.index] { return known }
        let number = nodes.count
        compiled[node.index] = number
        nodes.append(SchemaNode(location: location))
        var schema = SchemaNode(location: location)
        switch node.kind {
        case .bool: schema.always = node.bool
        case .object: try fill(&schema, from: node, at: location)
        default: throw failure(location, "a schema is an object or a boolean, not \(node.kind)")
        }
        nodes[number] = schema
        return number
    }

    private mutating func fill(_ schema: inout SchemaNode, from node: JSONNode, at location: JSONPointer) throws(JSONSchema.LoadError) {
        var seen = Set<String>()
        for (keyword, value) in node.members {
            let at = location.appending(keyword)
            guard seen.insert(keyword).inserted else { throw failure(at, "given twice") }
            switch keyword {
            case "type":
                let names = value.kind == .array ? value.elements.map { $0.string } : [value.string]
                var types: SchemaTypes = []
                for name in names {
                    guard let type = SchemaTypes.names.first(where: { $0.0 == name })?.1 else {
                        throw failure(at, "not a type name or a list of them (null, boolean, object, array, number, string, integer)")
                    }
                    types.insert(type)
                }
                schema.types = types
            case "const": schema.constant = value
            case "enum":
                guard value.kind == .array else { throw failure(at, "not an array") }
                schema.choices = Array(value.elements)
                if schema.choices!.allSatisfy({ $0.kind == .string }) {
                    schema.stringChoices = schema.choices!.map { choice in document.withStringBytes(choice.index) { Array($0) } }
                }
            case "minimum": schema.minimum = try number(value, at)
            case "maximum": schema.maximum = try number(value, at)
            case "exclusiveMinimum": schema.exclusiveMinimum = try number(value, at)
            case "exclusiveMaximum": schema.exclusiveMaximum = try number(value, at)
            case "minLength": schema.minLength = try count(value, at)
            case "maxLength": schema.maxLength = try count(value, at)
            case "minItems": schema.minItems = try count(value, at)
            case "maxItems": schema.maxItems = try count(value, at)
            case "minProperties": schema.minProperties = try count(value, at)
            case "maxProperties": schema.maxProperties = try count(value, at)
            case "pattern": schema.pattern = try pattern(value, at)
            case "uniqueItems":
                guard let flag = value.bool else { throw failure(at, "not a boolean") }
                schema.uniqueItems = flag
            case "items":
                guard value.kind != .array else { throw failure(at, "an array of schemas is 'prefixItems' in draft 2020-12") }
                schema.items = try compile(value, at: at)
            case "prefixItems": schema.prefixItems = try list(value, at)
            case "allOf": schema.allOf = try list(value, at)
            case "anyOf": schema.anyOf = try list(value, at)
            case "oneOf": schema.oneOf = try list(value, at)
            case "not": schema.not = try compile(value, at: at)
            case "if": schema.condition = try compile(value, at: at)
            case "then": schema.then = try compile(value, at: at)
            case "else": schema.otherwise = try compile(value, at: at)
            case "$ref": schema.reference = try reference(value, at)
            case "$defs":
                for (name, definition) in try object(value, at) { _ = try compile(definition, at: at.appending(name)) }
            case "properties", "patternProperties", "additionalProperties", "required", "dependentRequired", "dependentSchemas":
                var rules = schema.members?.rules ?? MemberRules()
                try addMemberRule(keyword, value, at, to: &rules)
                schema.members = SharedMemberRules(rules)
            case "$schema", "$id":
                guard location.tokens.isEmpty else { throw failure(at, "'\(keyword)' is taken at the root only") }
                if keyword == "$schema", value.string != JSONSchema.dialect {
                    throw failure(at, "only draft 2020-12 (\(JSONSchema.dialect)) is read")
                }
            default:
                guard JSONSchema.annotations.contains(keyword) else {
                    throw failure(at, "'\(keyword)' is not a keyword this validator implements")
                }
            }
        }
    }

    private mutating func addMemberRule(_ keyword: String, _ value: JSONNode, _ at: JSONPointer, to rules: inout MemberRules) throws(JSONSchema.LoadError) {
        switch keyword {
        case "properties":
            for (name, property) in try object(value, at) {
                let number = rules.name(name)
                rules.properties[number] = try compile(property, at: at.appending(name))
            }
        case "patternProperties":
            for (source, property) in try object(value, at) {
                let node = try compile(property, at: at.appending(source))
                do {
                    rules.patternProperties.append((try ECMAPattern(source), node))
                } catch {
                    throw failure(at.appending(source), "not a pattern vitrine can use: \(error)")
                }
            }
        case "additionalProperties": rules.additionalProperties = try compile(value, at: at)
        case "required": rules.required = try names(value, at).map { rules.name($0) }
        case "dependentRequired":
            for (name, needs) in try object(value, at) {
                let needed = try names(needs, at.appending(name)).map { rules.name($0) }
                rules.dependentRequired.append((rules.name(name), needed))
            }
        default:  // dependentSchemas
            for (name, dependent) in try object(value, at) {
                let node = try compile(dependent, at: at.appending(name))
                rules.dependentSchemas.append((rules.name(name), node))
            }
        }
    }

    private func number(_ value: JSONNode, _ at: JSONPointer) throws(JSONSchema.LoadError) -> SchemaNumber {
        guard value.kind == .number else { throw failure(at, "not a number") }
        return SchemaNumber(value)
    }

    /// A non-negative whole number (`1.0` counts).
    private func count(_ value: JSONNode, _ at: JSONPointer) throws(JSONSchema.LoadError) -> Int {
        guard value.kind == .number, let count = document.decimal(value.index).int, count >= 0 else {
            throw failure(at, "not a non-negative integer")
        }
        return count
    }

    private func pattern(_ value: JSONNode, _ at: JSONPointer) throws(JSONSchema.LoadError) -> ECMAPattern {
        guard let source = value.string else { throw failure(at, "not a string") }
        do { return try ECMAPattern(source) } catch { throw failure(at, "not a pattern vitrine can use: \(error)") }
    }

    private mutating func list(_ value: JSONNode, _ at: JSONPointer) throws(JSONSchema.LoadError) -> [Int] {
        guard value.kind == .array, value.firstChild != nil else { throw failure(at, "not a non-empty array of schemas") }
        var schemas: [Int] = []
        for (position, element) in value.elements.enumerated() { schemas.append(try compile(element, at: at.appending(index: position))) }
        return schemas
    }

    private func object(_ value: JSONNode, _ at: JSONPointer) throws(JSONSchema.LoadError) -> [(key: String, value: JSONNode)] {
        guard value.kind == .object else { throw failure(at, "not an object") }
        return value.members
    }

    /// An array of distinct strings.
    private func names(_ value: JSONNode, _ at: JSONPointer) throws(JSONSchema.LoadError) -> [String] {
        let names = value.kind == .array ? value.elements.compactMap(\.string) : []
        guard value.kind == .array, names.count == value.count, Set(names).count == names.count else {
            throw failure(at, "not an array of distinct strings")
        }
        return names
    }

    /// The schema a `$ref` names: a JSON pointer in this document, after `#` (percent-encoded,
    /// as in a URI), perhaps preceded by the root's `$id`.
    private mutating func reference(_ value: JSONNode, _ at: JSONPointer) throws(JSONSchema.LoadError) -> Int {
        guard var text = value.string else { throw failure(at, "not a string") }
        if let base, !base.isEmpty, text.hasPrefix(base) {
            text.removeFirst(base.count)
            if text.isEmpty { text = "#" }  // the root's own URI
        }
        guard text.hasPrefix("#") else { throw failure(at, "'\(text)': only references inside this schema (#/…) are supported") }
        guard let fragment = String(text.dropFirst()).removingPercentEncoding, fragment.isEmpty || fragment.hasPrefix("/") else {
            throw failure(at, "'\(text)': anchors are not supported, only JSON pointers (#/…)")
        }
        guard let pointer = JSONPointer(parsing: fragment), let target = document.root.node(at: pointer) else {
            throw failure(at, "'\(text)' points at nothing")
        }
        return try compile(target, at: pointer)
    }

    /// A schema that reaches itself without going into a member or element (`$ref` to an
    /// ancestor, `allOf` through a `$ref` back) would never finish checking.
    private func refuseLoops() throws(JSONSchema.LoadError) {
        var state = [UInt8](repeating: 0, count: nodes.count)  // 0 new, 1 on the path, 2 done
        func visit(_ node: Int) throws(JSONSchema.LoadError) {
            if state[node] == 2 { return }
            guard state[node] == 0 else { throw failure(nodes[node].location, "applies itself to the same value in a loop ($ref)") }
            state[node] = 1
            for next in nodes[node].inPlace { try visit(next) }
            state[node] = 2
        }
        for node in nodes.indices { try visit(node) }
    }
}
