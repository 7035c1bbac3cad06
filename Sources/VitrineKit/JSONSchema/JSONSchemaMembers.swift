/// An object's members against `properties`, `patternProperties`, `additionalProperties`,
/// `required`, `dependentRequired` and `dependentSchemas`, in one pass over them (two when
/// the names are not known to be sorted, to find the last of a repeated name first).
extension SchemaWalk {
    /// Whether the members of object `node` meet `rules`; `count` gets how many there are.
    mutating func checkMembers(_ shared: SharedMemberRules, _ node: Int, count: inout Int) -> Bool {
        // By name number: the member that counts (0: none), as the last of its name.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(shared.rules.names.count, 1)) { seen in
            seen.initialize(repeating: 0)
            // Sorted names are all different: one pass does.
            let distinct = records[node].flags & JSONRecord.sortedKeys != 0
            var members = 0
            if !distinct {
                var child = document.firstChild(of: node)
                while child != 0 {
                    if let name = name(of: child, in: shared) { seen[name] = Int32(child) }
                    members += 1
                    child = Int(records[child].next)
                }
            }
            var valid = true
            var child = document.firstChild(of: node)
            while child != 0 {
                let name = name(of: child, in: shared)
                if distinct {
                    if let name { seen[name] = Int32(child) }
                    members += 1
                }
                if name == nil || seen[name!] == Int32(child), !checkMember(child, name, shared) {
                    guard reporting else { return false }
                    valid = false
                }
                child = Int(records[child].next)
            }
            count = members
            for name in shared.rules.required where seen[name] == 0 {
                guard reporting else { return false }
                fail(node, "missing (required)", member: shared.rules.text(of: name))
                valid = false
            }
            for (name, needs) in shared.rules.dependentRequired where seen[name] != 0 {
                for need in needs where seen[need] == 0 {
                    guard reporting else { return false }
                    fail(node, "missing (required with '\(shared.rules.text(of: name))')", member: shared.rules.text(of: need))
                    valid = false
                }
            }
            for (name, dependent) in shared.rules.dependentSchemas where seen[name] != 0 && !check(dependent, node) {
                guard reporting else { return false }
                valid = false
            }
            return valid
        }
    }

    /// The number the rules give member `child`'s name, nil when they do not name it.
    @inline(__always)
    private func name(of child: Int, in shared: SharedMemberRules) -> Int? {
        document.withStringBytes(child, key: true) { shared.rules.names.lookUp($0) }
    }

    /// Member `child` against its property's schema, the patterns its name matches, or else
    /// `additionalProperties`.
    private mutating func checkMember(_ child: Int, _ name: Int?, _ shared: SharedMemberRules) -> Bool {
        path.append((Int32(child), -1))
        defer { path.removeLast() }
        var valid = true, matched = false
        if let name, let property = shared.rules.properties[name] {
            matched = true
            valid = check(property, child)
        }
        if !shared.rules.patternProperties.isEmpty {
            let patterns = document.withStringBytes(child, key: true) { key in
                shared.rules.patternProperties.filter { $0.pattern.matches(utf8: key) }
            }
            for (_, property) in patterns {
                matched = true
                if !check(property, child) {
                    guard reporting else { return false }
                    valid = false
                }
            }
        }
        if !matched, let additional = shared.rules.additionalProperties {
            if schema[additional].always == false {
                fail(child, "is not a member this object may have")
                return false
            }
            valid = check(additional, child) && valid
        }
        return valid
    }
}
