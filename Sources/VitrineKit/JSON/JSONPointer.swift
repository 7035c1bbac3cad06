import Foundation

/// A place in a JSON value (RFC 6901): `/items/3/id` is member `items`, its element 3, that
/// element's member `id`. The empty pointer is the value itself. In the text, `~` is written
/// `~0` and `/` is written `~1`.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// The steps, unescaped: member names, and array indices as decimal text.
    public var tokens: [String]

    public init(_ tokens: [String] = []) { self.tokens = tokens }

    public init(arrayLiteral tokens: String...) { self.tokens = tokens }

    /// Parses `/a/b~1c` (nil unless it is empty or starts with `/`).
    public init?(parsing text: String) {
        guard !text.isEmpty else {
            self.tokens = []
            return
        }
        guard text.hasPrefix("/") else { return nil }
        tokens = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// The pointer a Codable coding path names (integer keys as indices).
    public init(codingPath: [any CodingKey]) {
        tokens = codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    }

    /// One step further: a member name.
    public func appending(_ key: String) -> JSONPointer { JSONPointer(tokens + [key]) }

    /// One step further: an array index.
    public func appending(index: Int) -> JSONPointer { JSONPointer(tokens + [String(index)]) }

    /// `/items/3/id`; empty for the whole value.
    public var description: String {
        var text = ""
        for token in tokens {
            text += "/"
            // Most tokens need no escape; replacingOccurrences is slow enough to show when a
            // validation prints 100,000 pointers.
            if token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                text += token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            } else {
                text += token
            }
        }
        return text
    }

    /// A token as an array index: decimal digits without a leading zero.
    static func arrayIndex(_ token: String) -> Int? {
        guard let first = token.utf8.first, token.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            first != UInt8(ascii: "0") || token.utf8.count == 1
        else { return nil }
        return Int(token)
    }
}

/// Number text to Swift numbers, as Foundation's JSONDecoder reads them: an `Int` from any
/// number whose value is a whole number that fits (`3`, `3.0`, `1e3`), a `Double` from any
/// finite one.
enum JSONNumber {
    static func int(_ text: UnsafeBufferPointer<UInt8>, isInteger: Bool) -> Int? {
        if isInteger, text.count <= 18 {  // fits without overflow checks
            let negative = text.first == UInt8(ascii: "-")
            var value = 0
            for byte in text.dropFirst(negative ? 1 : 0) {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ Int(digit)
            }
            return text.count > (negative ? 1 : 0) ? (negative ? -value : value) : nil
        }
        let string = String(decoding: text, as: UTF8.self)
        if let value = Int(string) { return value }
        // Foundation takes `34.0` and `1e3` as integers when the value is exact, below 2^53
        // (past it a Double may already have rounded).
        guard let double = Double(string), double.magnitude < 9_007_199_254_740_992, let value = Int(exactly: double) else { return nil }
        return value
    }

    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// A Double as Foundation's JSONEncoder writes it: Swift's shortest round-trip text,
    /// without a trailing `.0` (`10`, `65.4`, `1e-07`, `1e+21`, `-0`). Nil for NaN and infinities.
    static func text<T: BinaryFloatingPoint & CustomStringConvertible>(_ value: T) -> String? {
        guard value.isFinite else { return nil }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
