/// Text with Pango styling, held as characters each under the tags open around it, so that any
/// part of it (a line, a prefix cut with `…`) can be written back as balanced Pango markup.
///
/// libvips' `text` reads every string as Pango markup: plain text comes in through
/// ``init(plain:)`` (escaped when written), our sanitised caption markup through
/// ``Markup/pango(_:)`` and ``init(pango:)``.
public struct StyledText: Equatable, Sendable {
    public struct Piece: Equatable, Sendable {
        public var character: Character
        /// The opening tags around it, outermost first (`<b>`, `<span foreground="#c00">`).
        public var tags: [String]
    }

    public var pieces: [Piece]

    public init(pieces: [Piece]) { self.pieces = pieces }

    public init(plain text: String) { pieces = text.map { Piece(character: $0, tags: []) } }

    /// Reads Pango markup as ``Markup/pango(_:)`` writes it: tags, and the entities `&amp;
    /// &lt; &gt; &quot; &apos;` and `&#N;`. An unknown entity is kept as text.
    public init(pango: String) {
        pieces = []
        var open: [String] = []
        var rest = Substring(pango)
        while let first = rest.first {
            if first == "<", let end = rest.firstIndex(of: ">") {
                let tag = String(rest[...end])
                if tag.hasPrefix("</") {
                    if !open.isEmpty { open.removeLast() }
                } else if !tag.hasSuffix("/>") {
                    open.append(tag)
                }
                rest = rest[rest.index(after: end)...]
            } else if first == "&", let end = rest.prefix(10).firstIndex(of: ";"),
                let character = Self.entity(String(rest[rest.index(after: rest.startIndex)..<end]))
            {
                pieces.append(Piece(character: character, tags: open))
                rest = rest[rest.index(after: end)...]
            } else {
                pieces.append(Piece(character: first, tags: open))
                rest = rest.dropFirst()
            }
        }
    }

    private static func entity(_ name: String) -> Character? {
        switch name {
        case "amp": "&"
        case "lt": "<"
        case "gt": ">"
        case "quot": "\""
        case "apos": "'"
        default:
            name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map(Character.init)
                : name.hasPrefix("#") ? UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map(Character.init) : nil
        }
    }

    public var isEmpty: Bool { pieces.isEmpty }
    public var count: Int { pieces.count }
    /// The words without styling.
    public var plain: String { String(pieces.map(\.character)) }

    public func prefix(_ count: Int) -> StyledText { StyledText(pieces: Array(pieces.prefix(count))) }
    public func dropFirst(_ count: Int) -> StyledText { StyledText(pieces: Array(pieces.dropFirst(count))) }

    /// Without spaces (and tabs) at either end.
    public var trimmed: StyledText {
        let isBlank = { (piece: Piece) in piece.character == " " || piece.character == "\t" }
        guard let first = pieces.firstIndex(where: { !isBlank($0) }), let last = pieces.lastIndex(where: { !isBlank($0) })
        else { return StyledText(pieces: []) }
        return StyledText(pieces: Array(pieces[first...last]))
    }

    /// The lines between line breaks, trimmed, blank ones left out.
    public var lines: [StyledText] {
        pieces.split(whereSeparator: { $0.character.isNewline }).map { StyledText(pieces: Array($0)).trimmed }.filter { !$0.isEmpty }
    }

    /// Followed by `suffix`, set in the styling of the last character.
    public func appending(_ suffix: String) -> StyledText {
        let tags = pieces.last?.tags ?? []
        return StyledText(pieces: pieces + suffix.map { Piece(character: $0, tags: tags) })
    }

    /// Balanced Pango markup: tags opened and closed where the styling changes, text escaped.
    public var pango: String {
        var out = "", open: [String] = []
        func close(to depth: Int) {
            while open.count > depth { out += "</" + Self.name(of: open.removeLast()) + ">" }
        }
        for piece in pieces {
            let shared = zip(open, piece.tags).prefix(while: { $0 == $1 }).count
            close(to: shared)
            for tag in piece.tags[shared...] {
                out += tag
                open.append(tag)
            }
            out += Markup.escape(String(piece.character), quotes: false)
        }
        close(to: 0)
        return out
    }

    /// `<span foreground="…">` → `span`.
    private static func name(of tag: String) -> String {
        String(tag.dropFirst().prefix(while: { $0 != " " && $0 != ">" && $0 != "/" }))
    }
}

/// Sent to a worker as its pieces, run by run: each character kept as it was cut, so that
/// the worker fits the same text (a character is not joined to the next when read back).
extension StyledText: Codable, Hashable {
    private struct Run: Codable, Hashable {
        var tags: [String]
        var characters: [String]
    }

    public init(from decoder: Decoder) throws {
        let runs = try decoder.singleValueContainer().decode([Run].self)
        pieces = runs.flatMap { run in run.characters.compactMap(\.first).map { Piece(character: $0, tags: run.tags) } }
    }

    public func encode(to encoder: Encoder) throws {
        var runs: [Run] = []
        for piece in pieces {
            if runs.last?.tags == piece.tags { runs[runs.count - 1].characters.append(String(piece.character)) }
            else { runs.append(Run(tags: piece.tags, characters: [String(piece.character)])) }
        }
        var container = encoder.singleValueContainer()
        try container.encode(runs)
    }
}

extension StyledText.Piece: Hashable {}

/// Cuts text into lines no wider than a width, as libvips' `text` cannot: it wraps, but has no
/// ellipsis and no limit on lines. Lines break at the last space that fits (anywhere in a
/// word too long for a line, or in scripts without spaces), and the last line allowed ends in
/// `…` when text is left over.
public enum TextFitter {
    /// - Parameter measure: the width in pixels `text` takes when drawn.
    public static func lines(_ text: StyledText, width: Int, maxLines: Int, measure: (StyledText) -> Int) -> [StyledText] {
        guard maxLines > 0 else { return [] }
        var queue = text.lines
        var result: [StyledText] = []
        while !queue.isEmpty, result.count < maxLines {
            let current = queue.removeFirst()
            let isLast = result.count == maxLines - 1
            let fits = measure(current) <= width
            if fits && !(isLast && !queue.isEmpty) {
                result.append(current)
                continue
            }
            if isLast {
                result.append(ellipsized(current, width: width, measure: measure))
                break
            }
            // The longest prefix that fits, then back to the last space in it, if any.
            var cut = max(1, longestPrefix(of: current, fitting: width, measure: measure) { $0 })
            if cut < current.count, let space = current.pieces[1...cut].lastIndex(where: { $0.character == " " }) {
                cut = space
            }
            result.append(current.prefix(cut).trimmed)
            let rest = current.dropFirst(cut).trimmed
            if !rest.isEmpty { queue.insert(rest, at: 0) }
        }
        return result
    }

    /// The longest prefix of `text` that fits with `…` after it (`…` alone when none does).
    static func ellipsized(_ text: StyledText, width: Int, measure: (StyledText) -> Int) -> StyledText {
        let count = longestPrefix(of: text, fitting: width, measure: measure) { $0.trimmed.appending("…") }
        return text.prefix(count).trimmed.appending("…")
    }

    /// The largest n for which `shape(prefix(n))` fits (0 when none does): a binary search,
    /// widths growing with the prefix.
    private static func longestPrefix(of text: StyledText, fitting width: Int, measure: (StyledText) -> Int,
                                      shape: (StyledText) -> StyledText) -> Int {
        var fits = 0, fails = text.count + 1
        while fails - fits > 1 {
            let middle = (fits + fails) / 2
            if measure(shape(text.prefix(middle))) <= width { fits = middle } else { fails = middle }
        }
        return fits
    }
}
