import Foundation

/// One object's member changes as byte edits, by the rules ``JSONEditor`` states: names
/// compared as bytes where they lie in the text (decoded only when escaped), separators taken
/// from the object's own spans.
struct JSONMemberEdits {
    let document: JSONDocument
    let object: Int
    /// In the order given: the last change to a name counts.
    let changes: [(key: String, change: JSONEditor.Change)]


    func edits() -> [JSONEditor.ByteEdit] {
        var final: [(key: [UInt8], change: JSONEditor.Change)] = []
        final.reserveCapacity(changes.count)
        for (key, change) in changes {
            let name = Array(key.utf8)
            final.removeAll { $0.key == name }
            final.append((name, change))
        }
        var members: [JSONRecord] = []
        var escaped: [Int: [UInt8]] = [:]  // the decoded names of members whose names have escapes
        for child in document.children(of: object) {
            let record = document.records[child]
            if record.flags & JSONRecord.escapedKey != 0 { escaped[members.count] = Array(document.key(of: child)!.utf8) }
            members.append(record)
        }
        return document.withBytes { text in edits(Names(members: members, escaped: escaped, text: text), final) }
    }

    /// The members' names, compared as bytes.
    private struct Names {
        let members: [JSONRecord]
        let escaped: [Int: [UInt8]]
        let text: UnsafeBufferPointer<UInt8>

        /// How member `member`'s name compares with `name` (byte order: negative, 0, positive).
        func order(_ member: Int, _ name: [UInt8]) -> Int {
            name.withUnsafeBufferPointer { name in
                if !escaped.isEmpty, let own = escaped[member] { return own.withUnsafeBufferPointer { JSONDocument.compare($0, name) } }
                let start = Int(members[member].keyStart) + 1
                return JSONDocument.compare(UnsafeBufferPointer(start: text.baseAddress! + start, count: Int(members[member].keyEnd) - 1 - start), name)
            }
        }

        /// Whether member `member`'s name is `name` (lengths first: most differ).
        func isNamed(_ member: Int, _ name: [UInt8]) -> Bool {
            if !escaped.isEmpty, let own = escaped[member] { return own == name }
            return Int(members[member].keyEnd) - Int(members[member].keyStart) - 2 == name.count && order(member, name) == 0
        }
    }

    private func edits(_ names: Names, _ final: [(key: [UInt8], change: JSONEditor.Change)]) -> [JSONEditor.ByteEdit] {
        let members = names.members, text = names.text
        let keyStart = { (member: Int) in Int(members[member].keyStart) }
        let valueEnd = { (member: Int) in Int(members[member].end) }
        let braces = document.records[object].span

        // Which change each member's name is given (the names of `final` differ), and the
        // last member of each name.
        var match = [Int](repeating: -1, count: members.count)
        var last = [Int](repeating: -1, count: final.count)
        for member in members.indices {
            for change in final.indices where names.isNamed(member, final[change].key) {
                match[member] = change
                last[change] = member
                break
            }
        }
        var removed = [Bool](repeating: false, count: members.count)
        var edits: [JSONEditor.ByteEdit] = []
        edits.reserveCapacity(final.count + 2)
        for member in members.indices where match[member] >= 0 {
            if case .set(let value) = final[match[member]].change, last[match[member]] == member {
                edits.append(.init(range: members[member].span, text: value))
            } else {
                removed[member] = true
            }
        }
        var inserted: [(key: [UInt8], text: [UInt8])] = []
        for (change, (key, kind)) in final.enumerated() where last[change] < 0 {
            guard case .set(let value) = kind else { continue }
            var member: [UInt8] = []
            member.reserveCapacity(key.count + value.count + 8)
            key.withUnsafeBufferPointer { JSONStringCoding.write(utf8: $0, into: &member) }
            member += " : ".utf8
            member += value
            inserted.append((key, member))
        }
        if inserted.isEmpty && !removed.contains(true) { return edits }

        // The bytes between two members, as this object writes them.
        let separator: [UInt8] = switch members.count {
        case 0: Array(",".utf8)
        case 1: Array(",".utf8) + text[(braces.lowerBound + 1)..<keyStart(0)]
        default: Array(text[valueEnd(0)..<keyStart(1)])
        }
        inserted.sort { $0.key.lexicographicallyPrecedes($1.key) }
        let kept = members.indices.filter { !removed[$0] }
        if kept.isEmpty {
            // Nothing of the object's own stays: what is inserted is all there is between the braces.
            let inside = (braces.lowerBound + 1)..<(members.isEmpty ? braces.lowerBound + 1 : braces.upperBound - 1)
            edits.append(.init(range: inside, text: Array(inserted.map(\.text).joined(separator: separator))))
            return edits
        }

        // Each run of removed members goes with the separator after it, or before it at the end.
        var run = 0
        while run < members.count {
            guard removed[run] else {
                run += 1
                continue
            }
            var end = run
            while end + 1 < members.count, removed[end + 1] { end += 1 }
            edits.append(.init(range: end + 1 < members.count ? keyStart(run)..<keyStart(end + 1) : valueEnd(run - 1)..<valueEnd(end), text: []))
            run = end + 1
        }

        // Inserted members, grouped by the place they go.
        var groups: [(at: Int, text: [UInt8])] = []
        for member in inserted {
            let before = kept.first { names.order($0, member.key) > 0 }
            let at = before.map(keyStart) ?? valueEnd(kept.last!)
            let text = before == nil ? separator + member.text : member.text + separator
            if let group = groups.firstIndex(where: { $0.at == at }) { groups[group].text += text } else { groups.append((at, text)) }
        }
        edits += groups.map { .init(range: $0.at..<$0.at, text: $0.text) }
        return edits
    }
}
