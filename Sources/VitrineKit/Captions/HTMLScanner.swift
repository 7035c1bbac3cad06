/// Splits HTML-like caption text into text, start tags and end tags, as browsers would for
/// well-formed input and forgivingly for the rest: a `<` that starts no tag is text, comments
/// and `<!…>` / `<?…>` are dropped. Tag and attribute names come out lower-cased, entities in
/// text and attribute values decoded.
struct HTMLScanner {
    enum Token: Equatable {
        case text(String)
        case start(name: String, attributes: [MarkupTree.Attribute], selfClosing: Bool)
        case end(name: String)
    }

    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ html: String) { scalars = Array(html.unicodeScalars) }

    mutating func next() -> Token? {
        guard position < scalars.count else { return nil }
        if scalars[position] == "<", let token = tag() { return token }
        let start = position
        position += 1
        while position < scalars.count, scalars[position] != "<" { position += 1 }
        return .text(Self.decodeEntities(scalars[start..<position]))
    }

    /// Moves past `</name>` (or to the end): the content of a dropped element is never read.
    mutating func skip(toEndOf name: String) {
        let closing = Array("</\(name)".unicodeScalars)
        while position < scalars.count {
            if scalars[position] == "<", position + closing.count <= scalars.count,
                zip(scalars[position..<position + closing.count], closing).allSatisfy({ lower($0) == $1 }) {
                position += closing.count
                while position < scalars.count, scalars[position] != ">" { position += 1 }
                position = min(position + 1, scalars.count)
                return
            }
            position += 1
        }
    }

    /// A tag at `position` (which holds `<`), or nil when the `<` is plain text.
    private mutating func tag() -> Token? {
        var cursor = position + 1
        guard cursor < scalars.count else { return nil }
        if scalars[cursor] == "!" || scalars[cursor] == "?" {
            let isComment = cursor + 2 < scalars.count && scalars[cursor + 1] == "-" && scalars[cursor + 2] == "-"
            cursor = isComment ? find("-->", from: cursor + 3).map { $0 + 3 } ?? scalars.count
                : (find(">", from: cursor).map { $0 + 1 } ?? scalars.count)
            position = cursor
            return .text("")
        }
        let isEnd = scalars[cursor] == "/"
        if isEnd { cursor += 1 }
        guard cursor < scalars.count, Self.isLetter(scalars[cursor]) else { return nil }
        let nameStart = cursor
        while cursor < scalars.count, Self.isNameScalar(scalars[cursor]) { cursor += 1 }
        let name = String(String.UnicodeScalarView(scalars[nameStart..<cursor].map(lower)))
        var attributes: [MarkupTree.Attribute] = []
        var selfClosing = false
        while true {
            while cursor < scalars.count, Self.isSpace(scalars[cursor]) { cursor += 1 }
            guard cursor < scalars.count else { return endOfInputInTag() }
            if scalars[cursor] == ">" { cursor += 1; break }
            if scalars[cursor] == "/" { selfClosing = true; cursor += 1; continue }
            let attributeStart = cursor
            while cursor < scalars.count, !Self.isSpace(scalars[cursor]), !"=>/".unicodeScalars.contains(scalars[cursor]) { cursor += 1 }
            let attributeName = String(String.UnicodeScalarView(scalars[attributeStart..<cursor].map(lower)))
            while cursor < scalars.count, Self.isSpace(scalars[cursor]) { cursor += 1 }
            var value = ""
            if cursor < scalars.count, scalars[cursor] == "=" {
                cursor += 1
                while cursor < scalars.count, Self.isSpace(scalars[cursor]) { cursor += 1 }
                guard cursor < scalars.count else { return endOfInputInTag() }
                if scalars[cursor] == "\"" || scalars[cursor] == "'" {
                    guard let close = find(String(scalars[cursor]), from: cursor + 1) else { return endOfInputInTag() }
                    value = Self.decodeEntities(scalars[(cursor + 1)..<close])
                    cursor = close + 1
                } else {
                    let valueStart = cursor
                    while cursor < scalars.count, !Self.isSpace(scalars[cursor]), scalars[cursor] != ">" { cursor += 1 }
                    value = Self.decodeEntities(scalars[valueStart..<cursor])
                }
            }
            if !attributeName.isEmpty, !attributes.contains(where: { $0.name == attributeName }) {
                attributes.append(.init(name: attributeName, value: value))
            }
        }
        position = cursor
        return isEnd ? .end(name: name) : .start(name: name, attributes: attributes, selfClosing: selfClosing)
    }

    /// A tag still open at the end of the text swallows the rest, as in browsers; this also
    /// keeps the scan linear (no rescanning from every unclosed `<a title="`).
    private mutating func endOfInputInTag() -> Token {
        position = scalars.count
        return .text("")
    }

    private func find(_ needle: String, from start: Int) -> Int? {
        let pattern = Array(needle.unicodeScalars)
        var index = start
        outer: while index + pattern.count <= scalars.count {
            for offset in pattern.indices where scalars[index + offset] != pattern[offset] {
                index += 1
                continue outer
            }
            return index
        }
        return nil
    }

    private func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }
    private static func isLetter(_ s: Unicode.Scalar) -> Bool { ("a"..."z").contains(s) || ("A"..."Z").contains(s) }
    private static func isNameScalar(_ s: Unicode.Scalar) -> Bool { isLetter(s) || ("0"..."9").contains(s) || s == "-" }
    private static func isSpace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\n" || s == "\t" || s == "\r" || s == "\u{0C}" }

    static let namedEntities: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©", "reg": "®",
        "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
        "laquo": "«", "raquo": "»", "deg": "°", "middot": "·", "times": "×", "euro": "€", "trade": "™",
    ]

    /// Text with `&name;`, `&#123;` and `&#x1F600;` decoded; anything else left as written.
    static func decodeEntities(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var out = String.UnicodeScalarView()
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            guard scalar == "&", let semicolon = scalars[index...].prefix(12).firstIndex(of: ";") else {
                out.append(scalar)
                index += 1
                continue
            }
            let body = String(String.UnicodeScalarView(scalars[(index + 1)..<semicolon]))
            var decoded: Unicode.Scalar?
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                decoded = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if body.hasPrefix("#") {
                decoded = UInt32(body.dropFirst()).flatMap(Unicode.Scalar.init)
            } else {
                decoded = namedEntities[body]
            }
            if let decoded, decoded.value != 0 {
                out.append(decoded)
                index = semicolon + 1
            } else {
                out.append(scalar)
                index += 1
            }
        }
        return String(out)
    }
}
