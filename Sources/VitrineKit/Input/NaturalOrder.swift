/// Natural ("human") ordering of names: `img2` before `img10`, case folded, the same on
/// every machine (no locale), with a plain byte comparison as the last tie-breaker so the
/// order is total.
public enum NaturalOrder {
    /// Whether `left` sorts before `right`, comparing path components one by one.
    public static func precedes(_ left: String, _ right: String) -> Bool {
        let leftParts = left.split(separator: "/", omittingEmptySubsequences: false)
        let rightParts = right.split(separator: "/", omittingEmptySubsequences: false)
        for (a, b) in zip(leftParts, rightParts) where a != b {
            let order = compare(Substring(a), Substring(b))
            if order != 0 { return order < 0 }
        }
        if leftParts.count != rightParts.count { return leftParts.count < rightParts.count }
        return left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    /// -1, 0 or 1: digit runs compare by value, other runs case-insensitively.
    static func compare(_ left: Substring, _ right: Substring) -> Int {
        let a = chunks(left), b = chunks(right)
        for (x, y) in zip(a, b) {
            switch (x, y) {
            case (.number(let m), .number(let n)):
                let order = compareDigits(m, n)
                if order != 0 { return order }
            case (.text(let s), .text(let t)):
                if s != t { return s.lexicographicallyPrecedes(t) ? -1 : 1 }
            case (.number, .text): return -1
            case (.text, .number): return 1
            }
        }
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        return 0
    }

    private enum Chunk { case number([UInt8]), text([UInt32]) }

    private static func chunks(_ name: Substring) -> [Chunk] {
        var result: [Chunk] = []
        var digits: [UInt8] = []
        var text: [UInt32] = []
        for scalar in name.unicodeScalars {
            if ("0"..."9").contains(scalar) {
                if !text.isEmpty { result.append(.text(text)); text = [] }
                digits.append(UInt8(scalar.value))
            } else {
                if !digits.isEmpty { result.append(.number(digits)); digits = [] }
                for lowered in scalar.properties.lowercaseMapping.unicodeScalars { text.append(lowered.value) }
            }
        }
        if !text.isEmpty { result.append(.text(text)) }
        if !digits.isEmpty { result.append(.number(digits)) }
        return result
    }

    private static func compareDigits(_ m: [UInt8], _ n: [UInt8]) -> Int {
        let a = m.drop { $0 == UInt8(ascii: "0") }, b = n.drop { $0 == UInt8(ascii: "0") }
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        if a != b { return a.lexicographicallyPrecedes(b) ? -1 : 1 }
        // Same value: fewer leading zeros first (`1` before `01`).
        if m.count != n.count { return m.count < n.count ? -1 : 1 }
        return 0
    }
}
