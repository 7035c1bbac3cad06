/// A parsed pattern: what the automaton is made from.
indirect enum PatternNode: Equatable {
    /// One code point from the set.
    case character(ScalarSet)
    case sequence([PatternNode])
    case choice([PatternNode])
    /// `min` to `max` (nil: no limit) times.
    case repeated(PatternNode, min: Int, max: Int?)
    /// `^` and `$` (without the `m` flag: the start and end of the whole string).
    case start, end
}

/// Why a pattern cannot be used: not ECMA-262 with the `u` flag, or a part of it this matcher
/// does not implement (named in the message).
public struct PatternSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 0-based, in code points.
    public let offset: Int
    public let reason: String
    public var description: String { "at character \(offset + 1): \(reason)" }
}

/// ECMA-262's pattern grammar with the `u` flag, the parts vitrine implements: literals,
/// `.`, classes (`[a-z]`, `[^…]`, `\d \w \s` and their negations), escapes (`\n`, `\t`, `\cX`,
/// `\0`, `\xHH`, `\uHHHH` and surrogate pairs, `\u{…}`, syntax characters), groups (`(…)`,
/// `(?:…)`, `(?<name>…)`, captures only group), alternation, `? * + {m} {m,} {m,n}` (lazy or
/// not: for "does it match" that is the same), `^` and `$`. Refused, by name: lookaround,
/// backreferences, `\b \B`, `\p{…}`.
struct PatternParser {
    private let scalars: [UInt32]
    private var position = 0
    /// Most times a `{m,n}` may repeat: the automaton holds each copy.
    static let largestCount = 1000

    init(_ source: String) { scalars = source.unicodeScalars.map(\.value) }

    static func parse(_ source: String) throws(PatternSyntaxError) -> PatternNode {
        var parser = PatternParser(source)
        let node = try parser.disjunction()
        if parser.position < parser.scalars.count { throw parser.error("unmatched ')'") }
        return node
    }

    private func error(_ reason: String, at offset: Int? = nil) -> PatternSyntaxError {
        PatternSyntaxError(offset: offset ?? position, reason: reason)
    }

    private var current: UInt32? { position < scalars.count ? scalars[position] : nil }

    private func isNext(_ text: String) -> Bool {
        let wanted = text.unicodeScalars.map(\.value)
        return scalars.count - position >= wanted.count && Array(scalars[position..<(position + wanted.count)]) == wanted
    }

    private mutating func disjunction() throws(PatternSyntaxError) -> PatternNode {
        var choices = [try alternative()]
        while current == 0x7C {  // |
            position += 1
            choices.append(try alternative())
        }
        return choices.count == 1 ? choices[0] : .choice(choices)
    }

    private mutating func alternative() throws(PatternSyntaxError) -> PatternNode {
        var terms: [PatternNode] = []
        while let scalar = current, scalar != 0x7C, scalar != 0x29 {  // | )
            terms.append(try term())
        }
        return terms.count == 1 ? terms[0] : .sequence(terms)
    }

    private mutating func term() throws(PatternSyntaxError) -> PatternNode {
        let start = position
        switch current! {
        case 0x5E: position += 1; return try noQuantifier(.start, "'^'")
        case 0x24: position += 1; return try noQuantifier(.end, "'$'")
        default: break
        }
        let node = try atom()
        guard let (min, max) = try quantifier() else { return node }
        if let max, max < min { throw error("{\(min),\(max)}: the larger count comes first", at: start) }
        return .repeated(node, min: min, max: max)
    }

    private mutating func noQuantifier(_ node: PatternNode, _ name: String) throws(PatternSyntaxError) -> PatternNode {
        if let scalar = current, [0x2A, 0x2B, 0x3F, 0x7B].contains(scalar) { throw error("nothing to repeat after \(name)") }
        return node
    }

    /// `* + ? {m} {m,} {m,n}`, each perhaps followed by `?`; nil when there is none.
    private mutating func quantifier() throws(PatternSyntaxError) -> (Int, Int?)? {
        let bounds: (Int, Int?)
        switch current {
        case 0x2A: bounds = (0, nil); position += 1
        case 0x2B: bounds = (1, nil); position += 1
        case 0x3F: bounds = (0, 1); position += 1
        case 0x7B:
            position += 1
            let low = try count()
            var high: Int? = low
            if current == 0x2C {
                position += 1
                high = current == 0x7D ? nil : try count()
            }
            guard current == 0x7D else { throw error("'{' is not a quantifier (write '\\{' for the character)") }
            position += 1
            bounds = (low, high)
        default: return nil
        }
        if current == 0x3F { position += 1 }  // lazy: the same language
        return bounds
    }

    private mutating func count() throws(PatternSyntaxError) -> Int {
        var value = 0, digits = 0
        while let scalar = current, (0x30...0x39).contains(scalar) {
            value = min(value * 10 + Int(scalar - 0x30), Self.largestCount + 1)
            digits += 1
            position += 1
        }
        if digits == 0 { throw error("'{' is not a quantifier (write '\\{' for the character)") }
        if value > Self.largestCount { throw error("a count over \(Self.largestCount) is not supported") }
        return value
    }

    private mutating func atom() throws(PatternSyntaxError) -> PatternNode {
        let scalar = current!
        switch scalar {
        case 0x2E: position += 1; return .character(.dot)
        case 0x28: return try group()
        case 0x5B: return .character(try characterClass())
        case 0x5C:
            position += 1
            return .character(try escape(inClass: false))
        case 0x2A, 0x2B, 0x3F: throw error("nothing to repeat")
        case 0x7B, 0x7D, 0x5D: throw error("'\(Unicode.Scalar(scalar)!)' must be escaped")
        default:
            position += 1
            return .character(ScalarSet(scalar))
        }
    }

    private mutating func group() throws(PatternSyntaxError) -> PatternNode {
        let start = position
        position += 1
        if isNext("?=") || isNext("?!") || isNext("?<=") || isNext("?<!") { throw error("lookaround is not supported", at: start) }
        if isNext("?:") {
            position += 2
        } else if isNext("?<") {
            position += 2
            while let scalar = current, scalar != 0x3E { position += 1 }
            guard current == 0x3E else { throw error("unterminated group name") }
            position += 1
        } else if current == 0x3F {
            throw error("unknown group kind '(?'", at: start)
        }
        let inside = try disjunction()
        guard current == 0x29 else { throw error("unmatched '('", at: start) }
        position += 1
        return inside
    }

    private mutating func characterClass() throws(PatternSyntaxError) -> ScalarSet {
        let start = position
        position += 1
        let negated = current == 0x5E
        if negated { position += 1 }
        var set = ScalarSet()
        while true {
            guard let scalar = current else { throw error("unterminated character class", at: start) }
            if scalar == 0x5D { break }
            let (low, lowIsSet) = try classAtom()
            if current == 0x2D, position + 1 < scalars.count, scalars[position + 1] != 0x5D {
                position += 1
                let (high, highIsSet) = try classAtom()
                guard !lowIsSet, !highIsSet, let first = low.ranges.first?.lowerBound, let last = high.ranges.first?.lowerBound else {
                    throw error("a class escape cannot bound a range")
                }
                guard first <= last else { throw error("range out of order in character class") }
                set = set.union(ScalarSet([first...last]))
            } else {
                set = set.union(low)
            }
        }
        position += 1
        return negated ? set.complement : set
    }

    /// One member of a class: a code point, or a class escape (`\d`) as a set (true).
    private mutating func classAtom() throws(PatternSyntaxError) -> (ScalarSet, Bool) {
        let scalar = current!
        position += 1
        guard scalar == 0x5C else { return (ScalarSet(scalar), false) }
        let kind = current
        let set = try escape(inClass: true)
        return (set, [0x64, 0x44, 0x77, 0x57, 0x73, 0x53].contains(kind ?? 0))
    }

    /// What follows a backslash.
    private mutating func escape(inClass: Bool) throws(PatternSyntaxError) -> ScalarSet {
        guard let kind = current else { throw error("'\\' at the end of the pattern") }
        let start = position - 1
        position += 1
        switch kind {
        case 0x64: return .digits                 // d
        case 0x44: return ScalarSet.digits.complement
        case 0x77: return .word                   // w
        case 0x57: return ScalarSet.word.complement
        case 0x73: return .space                  // s
        case 0x53: return ScalarSet.space.complement
        case 0x66: return ScalarSet(0x0C)         // f
        case 0x6E: return ScalarSet(0x0A)         // n
        case 0x72: return ScalarSet(0x0D)         // r
        case 0x74: return ScalarSet(0x09)         // t
        case 0x76: return ScalarSet(0x0B)         // v
        case 0x62 where inClass: return ScalarSet(0x08)  // [\b] is a backspace
        case 0x62, 0x42: throw error("word boundaries (\\b, \\B) are not supported", at: start)
        case 0x70, 0x50: throw error("Unicode property escapes (\\p{…}) are not supported", at: start)
        case 0x6B: throw error("backreferences are not supported", at: start)
        case 0x31...0x39: throw error(inClass ? "'\\\(Unicode.Scalar(kind)!)' is not an escape" : "backreferences are not supported", at: start)
        case 0x30:
            if let next = current, (0x30...0x39).contains(next) { throw error("octal escapes are not allowed", at: start) }
            return ScalarSet(0)
        case 0x63:  // cX
            guard let letter = current, (0x41...0x5A).contains(letter) || (0x61...0x7A).contains(letter) else {
                throw error("'\\c' needs a letter", at: start)
            }
            position += 1
            return ScalarSet(letter % 32)
        case 0x78: return ScalarSet(try hex(digits: 2, from: start))
        case 0x75: return ScalarSet(try unicodeEscape(from: start))
        case 0x2D where inClass: return ScalarSet(kind)
        default:
            // The syntax characters ^ $ \ . * + ? ( ) [ ] { } | and /.
            guard "^$\\.*+?()[]{}|/".unicodeScalars.contains(where: { $0.value == kind }) else {
                throw error("'\\\(Unicode.Scalar(kind).map(String.init) ?? "?")' is not an escape", at: start)
            }
            return ScalarSet(kind)
        }
    }

    private mutating func hex(digits: Int, from start: Int) throws(PatternSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let scalar = current, let digit = Self.hexDigit(scalar) else { throw error("bad hexadecimal escape", at: start) }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    /// `\uHHHH` (two of them for a surrogate pair) or `\u{H…}`, after the `u`.
    private mutating func unicodeEscape(from start: Int) throws(PatternSyntaxError) -> UInt32 {
        if current == 0x7B {
            position += 1
            var value: UInt32 = 0, digits = 0
            while let scalar = current, let digit = Self.hexDigit(scalar) {
                value = min(value * 16 + digit, ScalarSet.maximum + 1)
                digits += 1
                position += 1
            }
            guard digits > 0, current == 0x7D, value <= ScalarSet.maximum else { throw error("bad \\u{…} escape", at: start) }
            position += 1
            return value
        }
        let unit = try hex(digits: 4, from: start)
        if (0xD800...0xDBFF).contains(unit), isNext("\\u") {
            let saved = position
            position += 2
            if let low = try? hex(digits: 4, from: start), (0xDC00...0xDFFF).contains(low) {
                return 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            }
            position = saved
        }
        return unit
    }

    private static func hexDigit(_ scalar: UInt32) -> UInt32? {
        switch scalar {
        case 0x30...0x39: scalar - 0x30
        case 0x41...0x46: scalar - 0x41 + 10
        case 0x61...0x66: scalar - 0x61 + 10
        default: nil
        }
    }
}
