import Foundation

/// A JSON number's exact value, as JSON Schema compares numbers: by value, not by text (`1`,
/// `1.0` and `10e-1` are equal, and integers), with no rounding at any size.
struct JSONDecimal: Comparable, Hashable, Sendable {
    var negative: Bool
    /// Significant digits (0 to 9), without leading or trailing zeros; empty for zero.
    var digits: [UInt8]
    /// The value is 0.d₁d₂… × 10^exponent.
    var exponent: Int

    /// The value of number text already checked by the JSON parser.
    init(_ text: UnsafeBufferPointer<UInt8>) {
        var index = 0
        negative = text.first == UInt8(ascii: "-")
        if negative { index += 1 }
        var digits: [UInt8] = []
        var pointAt = 0, seenPoint = false
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                seenPoint = true
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if digits.isEmpty && byte == UInt8(ascii: "0") {
                    if seenPoint { pointAt -= 1 }  // 0.00…: the point moves past leading zeros
                } else {
                    digits.append(byte - UInt8(ascii: "0"))
                    if !seenPoint { pointAt += 1 }
                }
            } else {
                break  // e or E
            }
            index += 1
        }
        var power = 0
        if index < text.count {
            index += 1
            let minus = text[index] == UInt8(ascii: "-")
            if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
            while index < text.count {
                power = min(power * 10 + Int(text[index] - UInt8(ascii: "0")), 1 << 40)  // far past any double
                index += 1
            }
            if minus { power = -power }
        }
        while digits.last == 0 { digits.removeLast() }
        self.digits = digits
        exponent = digits.isEmpty ? 0 : pointAt + power
        if digits.isEmpty { negative = false }
    }

    init(_ text: String) {
        var text = text
        self = text.withUTF8 { JSONDecimal($0) }
    }

    /// A whole number (`3`, `3.0`, `1e3`).
    var isInteger: Bool { digits.count <= exponent || digits.isEmpty }

    /// The value as an `Int` when it is a whole number that fits.
    var int: Int? {
        guard isInteger, exponent <= 18 else { return nil }
        var value = 0
        for place in 0..<exponent { value = value * 10 + Int(place < digits.count ? digits[place] : 0) }
        return negative ? -value : value
    }

    static func < (a: JSONDecimal, b: JSONDecimal) -> Bool {
        if a.negative != b.negative { return a.negative }
        return a.negative ? magnitudeLess(b, a) : magnitudeLess(a, b)
    }

    private static func magnitudeLess(_ a: JSONDecimal, _ b: JSONDecimal) -> Bool {
        if a.digits.isEmpty || b.digits.isEmpty { return a.digits.isEmpty && !b.digits.isEmpty }
        if a.exponent != b.exponent { return a.exponent < b.exponent }
        return a.digits.lexicographicallyPrecedes(b.digits)
    }
}

/// A bound of `minimum`, `maximum` and their exclusive forms: exact, with an `Int` for the
/// common case of whole numbers on both sides.
struct SchemaNumber: Sendable {
    let value: JSONDecimal
    let int: Int?
    let text: String

    init(_ node: JSONNode) {
        text = node.text
        value = JSONDecimal(text)
        int = value.int
    }

    /// `number` (the text of a number node) compared to the bound: negative, 0 or positive.
    func order(of number: UnsafeBufferPointer<UInt8>, isInteger: Bool) -> Int {
        if isInteger, let int, number.count <= 18, let instance = JSONNumber.int(number, isInteger: true) {
            return instance < int ? -1 : instance == int ? 0 : 1
        }
        let instance = JSONDecimal(number)
        return instance < value ? -1 : instance == value ? 0 : 1
    }
}

extension JSONDocument {
    /// The decoded bytes of string record `index`, or of its member name (`key`).
    @inline(__always)
    func withStringBytes<Result>(_ index: Int, key: Bool = false, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let record = records[index]
        let (start, end, escaped) = key
            ? (Int(record.keyStart) + 1, Int(record.keyEnd) - 1, record.flags & JSONRecord.escapedKey != 0)
            : (Int(record.start) + 1, Int(record.end) - 1, record.flags & JSONRecord.escapedValue != 0)
        return withBytes { text in
            let inside = UnsafeBufferPointer(rebasing: text[start..<end])
            guard escaped else { return body(inside) }
            var decoded = JSONStringCoding.unescape(inside)
            return decoded.withUTF8(body)
        }
    }

    /// The exact value of number record `index`.
    func decimal(_ index: Int) -> JSONDecimal {
        withBytes { JSONDecimal(UnsafeBufferPointer(rebasing: $0[records[index].span])) }
    }

    /// Whether number record `index` is a whole number.
    func isWholeNumber(_ index: Int) -> Bool {
        records[index].flags & JSONRecord.integer != 0 || decimal(index).isInteger
    }
}

/// JSON Schema's equality of two values, from any documents: numbers by value, strings by
/// their characters, arrays element by element, objects by their members in any order (the
/// last of duplicate names counts, as in lookups).
enum JSONEquality {
    static func equal(_ a: JSONNode, _ b: JSONNode) -> Bool {
        guard a.kind == b.kind else { return false }
        switch a.kind {
        case .null: return true
        case .bool: return a.bool == b.bool
        case .number: return a.document.decimal(a.index) == b.document.decimal(b.index)
        case .string:
            return a.document.withStringBytes(a.index) { x in b.document.withStringBytes(b.index) { y in x.elementsEqual(y) } }
        case .array:
            var left = a.elements, right = b.elements
            while true {
                switch (left.next(), right.next()) {
                case (nil, nil): return true
                case (let x?, let y?): if !equal(x, y) { return false }
                default: return false
                }
            }
        case .object:
            let left = Dictionary(a.members, uniquingKeysWith: { $1 }), right = Dictionary(b.members, uniquingKeysWith: { $1 })
            return left.count == right.count && left.allSatisfy { key, value in right[key].map { equal(value, $0) } ?? false }
        }
    }

    /// A hash that equal values share.
    static func hash(_ node: JSONNode, into hasher: inout Hasher) {
        hasher.combine(node.kind.rawValue)
        switch node.kind {
        case .null: break
        case .bool: hasher.combine(node.bool)
        case .number: hasher.combine(node.document.decimal(node.index))
        case .string: node.document.withStringBytes(node.index) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        case .array: for element in node.elements { hash(element, into: &hasher) }
        case .object:
            // In any order: a sum of the members' own hashes.
            var sum = 0
            for (key, value) in Dictionary(node.members, uniquingKeysWith: { $1 }) {
                var member = Hasher()
                member.combine(key)
                hash(value, into: &member)
                sum = sum &+ member.finalize()
            }
            hasher.combine(sum)
        }
    }
}

/// Names an object schema mentions (`properties`, `required`…), found by their UTF-8 bytes
/// with an open-addressing hash table.
struct SchemaNameTable: Sendable {
    private(set) var names: [[UInt8]] = []
    private var slots: [Int32] = []
    private var mask = 0

    var count: Int { names.count }

    /// The name's number, adding it when new.
    mutating func add(_ name: String) -> Int {
        let bytes = Array(name.utf8)
        if let known = bytes.withUnsafeBufferPointer(lookUp) { return known }
        names.append(bytes)
        let size = max(8, (names.count * 2).nextPowerOfTwo)
        slots = Array(repeating: -1, count: size)
        mask = size - 1
        for (number, name) in names.enumerated() {
            var slot = name.withUnsafeBufferPointer(Self.hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number)
        }
        return names.count - 1
    }

    @inline(__always)
    func lookUp(_ name: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !slots.isEmpty else { return nil }
        var slot = Self.hash(name) & mask
        while true {
            let number = slots[slot]
            if number < 0 { return nil }
            if names[Int(number)].withUnsafeBufferPointer({ JSONDocument.compare($0, name) == 0 }) { return Int(number) }
            slot = (slot + 1) & mask
        }
    }

    /// FNV-1a.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash >> 8)
    }
}

private extension Int {
    var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
