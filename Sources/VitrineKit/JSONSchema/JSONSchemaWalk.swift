import Foundation

/// One check of a value against a compiled ``JSONSchema``: walks the document's node table,
/// keeping the way down (for the JSON pointers of failures) and nothing else. When not
/// `reporting` (inside `not`, `if`, `anyOf`, `oneOf`, or for ``JSONSchema/isValid(_:)``) it
/// stops at the first failure.
struct SchemaWalk {
    let schema: UnsafeBufferPointer<SchemaNode>
    let document: JSONDocument
    let records: UnsafeMutablePointer<JSONRecord>
    /// Whether failures are written down (the outermost walk) or only counted.
    private(set) var reporting: Bool
    /// The way down to the value being checked: each step's node, and its place when it is an
    /// array's element (-1 for an object's member).
    var path: [(node: Int32, position: Int32)] = []
    private(set) var failures: [JSONSchema.Failure] = []

    init(schema: UnsafeBufferPointer<SchemaNode>, document: JSONDocument, reporting: Bool) {
        self.schema = schema
        self.document = document
        records = document.records.buffer.base
        self.reporting = reporting
    }

    /// Whether value `node` meets schema `index`; failures are recorded when reporting.
    mutating func check(_ index: Int, _ node: Int) -> Bool {
        let rules = schema.baseAddress! + index
        if let always = rules.pointee.always {
            if !always { fail(node, "is not allowed here") }
            return always
        }
        var valid = true
        let record = records[node]
        if let types = rules.pointee.types, !admits(types, node, record) {
            guard reporting else { return false }
            fail(node, "is \(describe(node)), should be \(types.description)")
            valid = false
        }
        if let constant = rules.pointee.constant, !JSONEquality.equal(constant, JSONNode(document: document, index: node)) {
            guard reporting else { return false }
            fail(node, "is \(describe(node)), should be \(Self.shortText(constant.text))")
            valid = false
        }
        if rules.pointee.choices != nil, !isChoice(rules, node, record) {
            guard reporting else { return false }
            let choices = rules.pointee.choices!.map { Self.shortText($0.text) }.joined(separator: ", ")
            fail(node, "is \(describe(node)), should be one of \(choices)")
            valid = false
        }
        switch record.kind {
        case .number: valid = checkNumber(rules, node, record) && valid
        case .string: valid = checkString(rules, node, record) && valid
        case .array: valid = checkArray(rules, node) && valid
        case .object: valid = checkObject(rules, node) && valid
        default: break
        }
        if !valid && !reporting { return false }
        return checkApplicators(rules, node) && valid
    }

    // MARK: By kind

    private mutating func checkNumber(_ rules: UnsafePointer<SchemaNode>, _ node: Int, _ record: JSONRecord) -> Bool {
        var valid = true
        for bound in 0..<4 {
            let limit: SchemaNumber?, words: String
            switch bound {
            case 0: (limit, words) = (rules.pointee.minimum, "at least")
            case 1: (limit, words) = (rules.pointee.maximum, "at most")
            case 2: (limit, words) = (rules.pointee.exclusiveMinimum, "more than")
            default: (limit, words) = (rules.pointee.exclusiveMaximum, "less than")
            }
            guard let limit else { continue }
            let order = document.withBytes {
                limit.order(of: UnsafeBufferPointer(rebasing: $0[record.span]), isInteger: record.flags & JSONRecord.integer != 0)
            }
            let holds: Bool
            switch bound {
            case 0: holds = order >= 0
            case 1: holds = order <= 0
            case 2: holds = order > 0
            default: holds = order < 0
            }
            if !holds {
                guard reporting else { return false }
                fail(node, "is \(describe(node)), should be \(words) \(limit.text)")
                valid = false
            }
        }
        return valid
    }

    private mutating func checkString(_ rules: UnsafePointer<SchemaNode>, _ node: Int, _ record: JSONRecord) -> Bool {
        var valid = true
        if rules.pointee.minLength != nil || rules.pointee.maxLength != nil {
            // Characters are code points: count the bytes that start one.
            let length = document.withStringBytes(node) { bytes in bytes.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) } }
            if let (bound, limit) = Self.outside(length, least: rules.pointee.minLength, most: rules.pointee.maxLength) {
                guard reporting else { return false }
                fail(node, "is \(describe(node)), should be \(bound) \(limit) character\(limit == 1 ? "" : "s") long")
                valid = false
            }
        }
        if let pattern = rules.pointee.pattern, !document.withStringBytes(node, { pattern.matches(utf8: $0) }) {
            guard reporting else { return false }
            fail(node, "is \(describe(node)), should match /\(pattern.source)/")
            valid = false
        }
        return valid
    }

    private mutating func checkArray(_ rules: UnsafePointer<SchemaNode>, _ node: Int) -> Bool {
        var valid = true
        var count = 0
        var child = document.firstChild(of: node)
        let prefix = rules.pointee.prefixItems
        while child != 0 {
            let elementSchema = count < prefix.count ? prefix[count] : rules.pointee.items
            if let elementSchema {
                path.append((Int32(child), Int32(count)))
                let good = check(elementSchema, child)
                path.removeLast()
                if !good {
                    guard reporting else { return false }
                    valid = false
                }
            }
            count += 1
            child = Int(records[child].next)
        }
        if let (bound, limit) = Self.outside(count, least: rules.pointee.minItems, most: rules.pointee.maxItems) {
            guard reporting else { return false }
            fail(node, "has \(count) element\(count == 1 ? "" : "s"), should have \(bound) \(limit)")
            valid = false
        }
        if rules.pointee.uniqueItems, count > 1 {
            valid = checkUnique(node) && valid
        }
        return valid
    }

    /// Each element that equals an earlier one is a failure.
    private mutating func checkUnique(_ node: Int) -> Bool {
        var valid = true
        var earlier: [Int: [(node: JSONNode, position: Int)]] = [:]
        for (position, element) in JSONNode(document: document, index: node).elements.enumerated() {
            var hasher = Hasher()
            JSONEquality.hash(element, into: &hasher)
            let hash = hasher.finalize()
            if let same = earlier[hash]?.first(where: { JSONEquality.equal($0.node, element) }) {
                guard reporting else { return false }
                path.append((Int32(element.index), Int32(position)))
                fail(element.index, "is \(describe(element.index)), the same as element \(same.position) (elements should differ)")
                path.removeLast()
                valid = false
            } else {
                earlier[hash, default: []].append((element, position))
            }
        }
        return valid
    }

    private mutating func checkObject(_ rules: UnsafePointer<SchemaNode>, _ node: Int) -> Bool {
        var valid = true
        var count = 0
        if let members = rules.pointee.members {
            valid = checkMembers(members, node, count: &count)
            if !valid && !reporting { return false }
        } else {
            count = document.childCount(of: node)
        }
        if let (bound, limit) = Self.outside(count, least: rules.pointee.minProperties, most: rules.pointee.maxProperties) {
            guard reporting else { return false }
            fail(node, "has \(count) member\(count == 1 ? "" : "s"), should have \(bound) \(limit)")
            valid = false
        }
        return valid
    }

    // MARK: Combining schemas

    private mutating func checkApplicators(_ rules: UnsafePointer<SchemaNode>, _ node: Int) -> Bool {
        var valid = true
        if let reference = rules.pointee.reference, !check(reference, node) {
            guard reporting else { return false }
            valid = false
        }
        for part in rules.pointee.allOf where !check(part, node) {
            guard reporting else { return false }
            valid = false
        }
        if !rules.pointee.anyOf.isEmpty {
            let matching = quietly { walk in rules.pointee.anyOf.contains { walk.check($0, node) } }
            if !matching {
                guard reporting else { return false }
                fail(node, "matches none of the schemas at #\(rules.pointee.location.appending("anyOf"))")
                valid = false
            }
        }
        if !rules.pointee.oneOf.isEmpty {
            let matching = quietly { walk in rules.pointee.oneOf.reduce(0) { $0 + (walk.check($1, node) ? 1 : 0) } }
            if matching != 1 {
                guard reporting else { return false }
                fail(node, "matches \(matching) of the schemas at #\(rules.pointee.location.appending("oneOf")), should match exactly one")
                valid = false
            }
        }
        if let not = rules.pointee.not, quietly({ $0.check(not, node) }) {
            guard reporting else { return false }
            fail(node, "\(forbidden(not, node))")
            valid = false
        }
        if let condition = rules.pointee.condition, let branch = quietly({ $0.check(condition, node) }) ? rules.pointee.then : rules.pointee.otherwise,
            !check(branch, node)
        {
            guard reporting else { return false }
            valid = false
        }
        return valid
    }

    /// `body` run without writing failures down (the walk stops at the first).
    private mutating func quietly<Result>(_ body: (inout SchemaWalk) -> Result) -> Result {
        let wasReporting = reporting
        reporting = false
        defer { reporting = wasReporting }
        return body(&self)
    }

    /// What a value matching a `not` schema has that it should not: in words for the simple
    /// cases (members, a pattern), else the schema's place.
    private func forbidden(_ index: Int, _ node: Int) -> String {
        let rules = schema[index]
        func members(_ rules: SchemaNode) -> [String]? {
            guard let members = rules.members?.rules, members.properties.allSatisfy({ $0 == nil }), members.patternProperties.isEmpty,
                members.additionalProperties == nil, rules.anyOf.isEmpty, rules.pattern == nil
            else { return nil }
            return members.required.map { "'\(members.text(of: $0))'" }
        }
        if let names = members(rules), names.count == 1 { return "should not have \(names[0])" }
        if rules.members == nil, !rules.anyOf.isEmpty {
            let names = rules.anyOf.map { members(schema[$0]) }
            if names.allSatisfy({ $0?.count == 1 }) { return "should not have \(names.map { $0![0] }.joined(separator: " or "))" }
        }
        if let pattern = rules.pattern, rules.members == nil, rules.types == nil {
            return "is \(describe(node)), should not match /\(pattern.source)/"
        }
        return "should not match the schema at #\(rules.location)"
    }

    // MARK: Failures

    /// Records a failure of the value at the end of `path` (or of its member `member`).
    /// The bound `count` breaks, as a failure names it (`at least`, 2), if any: a string's
    /// characters, an array's elements and an object's members are counted against the same kind of bounds.
    static func outside(_ count: Int, least: Int?, most: Int?) -> (bound: String, limit: Int)? {
        if let least, count < least { return ("at least", least) }
        if let most, count > most { return ("at most", most) }
        return nil
    }

    mutating func fail(_ node: Int, _ message: String, member: String? = nil) {
        guard reporting else { return }
        var tokens = path.map { step in step.position >= 0 ? String(step.position) : document.key(of: Int(step.node)) ?? "" }
        if let member { tokens.append(member) }
        failures.append(JSONSchema.Failure(pointer: JSONPointer(tokens), message: message, node: node))
    }

    /// A value in a message: a string, number, `true`, `false` or `null` as written (cut
    /// after 40 characters); "an object" or "an array" for others.
    func describe(_ node: Int) -> String {
        let kind = records[node].kind
        return kind == .array || kind == .object ? kind.description : Self.shortText(document.text(records[node].span))
    }

    static func shortText(_ text: String) -> String {
        text.unicodeScalars.count <= 40 ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(37))) + "…"
    }

    // MARK: Small checks

    @inline(__always)
    private func admits(_ types: SchemaTypes, _ node: Int, _ record: JSONRecord) -> Bool {
        switch record.kind {
        case .null: types.contains(.null)
        case .bool: types.contains(.boolean)
        case .string: types.contains(.string)
        case .array: types.contains(.array)
        case .object: types.contains(.object)
        case .number: types.contains(.number) || (types.contains(.integer) && document.isWholeNumber(node))
        }
    }

    private func isChoice(_ rules: UnsafePointer<SchemaNode>, _ node: Int, _ record: JSONRecord) -> Bool {
        if let strings = rules.pointee.stringChoices {
            guard record.kind == .string else { return false }
            return document.withStringBytes(node) { bytes in strings.contains { $0.withUnsafeBufferPointer { JSONDocument.compare($0, bytes) == 0 } } }
        }
        let value = JSONNode(document: document, index: node)
        return rules.pointee.choices!.contains { JSONEquality.equal($0, value) }
    }
}
