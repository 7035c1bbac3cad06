/// The compact codes of the search index's pieces (format 2; the page's `search-code.js` reads
/// them): numbers and sets of numbers as base-64 digits inside JSON strings, which cost a byte a
/// digit where JSON arrays of numbers cost four or more, and which the page keeps as strings
/// until it needs them.
///
/// - varint: a number in groups of 5 bits, most significant first, every group but the last
///   written as the digit 32 + group.
/// - set: ascending numbers, as varints of their gaps (`delta`) or as a bitmap (`~` then digits of
///   6 numbers each), whichever is shorter.
/// - fixed(w): a number in exactly `w` digits.
enum SearchCode {
    static let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    static let bitmapMark = UInt8(ascii: "~")

    /// Appends `value` (≥ 0) as a varint.
    static func appendVarint(_ value: Int, to text: inout [UInt8]) {
        precondition(value >= 0, "a varint is not negative")
        var groups = 1
        while value >> (5 * groups) > 0 { groups += 1 }
        for group in stride(from: groups - 1, through: 0, by: -1) {
            let bits = (value >> (5 * group)) & 31
            text.append(digits[group > 0 ? 32 + bits : bits])
        }
    }

    static func varint(_ value: Int) -> String {
        var text: [UInt8] = []
        appendVarint(value, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `value` in exactly `width` digits, most significant first.
    static func appendFixed(_ value: Int, width: Int, to text: inout [UInt8]) {
        precondition(value >= 0 && (width >= 11 || value < 1 << (6 * width)), "\(value) does not fit \(width) digits")
        for place in stride(from: width - 1, through: 0, by: -1) { text.append(digits[(value >> (6 * place)) & 63]) }
    }

    /// The digits a value up to `largest` takes (0 for none: every value is 0).
    static func width(forLargest largest: Int) -> Int {
        var width = 0
        while largest >= 1 << (6 * width) { width += 1 }
        return width
    }

    /// `numbers` (ascending, distinct, ≥ 0) as a set: the shorter of its two forms, gaps on a tie.
    static func set(_ numbers: [Int]) -> String {
        var delta: [UInt8] = []
        var previous = -1
        for number in numbers {
            appendVarint(number - previous - 1, to: &delta)
            previous = number
        }
        guard let last = numbers.last, last / 6 + 2 < delta.count else { return String(decoding: delta, as: UTF8.self) }
        var bits = [Int](repeating: 0, count: last / 6 + 1)
        for number in numbers { bits[number / 6] |= 1 << (number % 6) }
        return String(decoding: [bitmapMark] + bits.map { digits[$0] }, as: UTF8.self)
    }
}
