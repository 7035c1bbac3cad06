import Foundation

/// The one rule that turns text into search terms, on both sides of the search: the index a
/// build writes and the query a person types on the page (Sources/page/src/search-text.js
/// implements it again; both are tested against the same fixtures, made by this side). No
/// stemming and no word segmenter, so that the two agree exactly:
///
/// 1. Unicode compatibility decomposition (NFKD), combining marks dropped, then canonical
///    composition again (so that Hangul syllables, which NFKD splits into jamo, stay whole);
/// 2. lower case, with the final sigma as a sigma (JavaScript lowers by context, Swift does not);
/// 3. split on anything that is not a letter or a digit;
/// 4. a run of CJK characters as its overlapping pairs (one character alone as itself);
/// 5. a term longer than ``longestTerm`` characters cut there.
public enum SearchText {
    /// The longest term kept, in Unicode scalars: a query's longer word is cut the same way, so
    /// it still finds what it would.
    public static let longestTerm = 40

    /// The terms of `text`, in order, repeats kept.
    public static func terms(_ text: String) -> [String] {
        var terms: [String] = []
        var word: [Unicode.Scalar] = []
        var han: [Unicode.Scalar] = []
        func endWord() {
            if !word.isEmpty { terms.append(String(String.UnicodeScalarView(word.prefix(longestTerm)))) }
            word = []
        }
        func endHan() {
            if han.count == 1 { terms.append(String(Character(han[0]))) }
            for index in han.indices.dropLast() { terms.append(String(String.UnicodeScalarView(han[index...index + 1]))) }
            han = []
        }
        for scalar in folded(text).unicodeScalars {
            if isCJK(scalar) {
                endWord()
                han.append(scalar)
            } else if isLetterOrDigit(scalar) {
                endHan()
                word.append(scalar)
            } else {
                endWord()
                endHan()
            }
        }
        endWord()
        endHan()
        return terms
    }

    /// `text` decomposed, without combining marks, composed again and in lower case.
    static func folded(_ text: String) -> String {
        // ASCII has nothing to decompose, no marks and no sigma: lower case is all the rule does.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        let decomposed = text.decomposedStringWithCompatibilityMapping.unicodeScalars.filter { !isMark($0) }
        let lower = String(String.UnicodeScalarView(decomposed)).precomposedStringWithCanonicalMapping.lowercased()
        return lower.replacingOccurrences(of: "\u{03C2}", with: "\u{03C3}")
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value | 0x20
            return (value >= 0x61 && value <= 0x7A) || (scalar.value >= 0x30 && scalar.value <= 0x39)
        }
        return switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            true
        default: false
        }
    }

    /// The blocks written without spaces between words: Han (with its extensions and
    /// compatibility ideographs), Hiragana, Katakana and Hangul. Blocks, not scripts, since
    /// Swift has no script property; the page tests the same ranges.
    static let cjkRanges: [ClosedRange<UInt32>] = [
        0x1100...0x11FF, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF, 0xF900...0xFAFF, 0x20000...0x2FA1F,
    ]

    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x1100 && cjkRanges.contains { $0.contains(scalar.value) } && isLetterOrDigit(scalar)
    }
}
