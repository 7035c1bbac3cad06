import Foundation

/// How an option's value is checked at parse time.
///
/// When `validate` returns a reason, the parser reports
/// `invalid value 'V' for '--opt': expected NAME`, followed by ` (REASON)`
/// when the reason is not empty. Built-in types return an empty reason,
/// except `.choice`, which returns `did you mean 'x'?` for near misses.
public struct ValueType: Sendable {
    /// Describes the accepted values in messages, e.g. "an integer from 1 to 256".
    public let name: String
    /// Returns nil when the value is valid, else a short reason (may be empty).
    public let validate: @Sendable (String) -> String?
    /// The accepted values of a `.choice` type (listed in help); nil for other types.
    public let choices: [String]?

    init(name: String, choices: [String]? = nil, validate: @escaping @Sendable (String) -> String?) {
        self.name = name
        self.choices = choices
        self.validate = validate
    }

    /// Any string, including the empty string. This is the default type of `.value` options.
    public static let string = ValueType(name: "a string") { _ in nil }

    /// A base-10 integer (optional leading `+`/`-`) inside `range`.
    /// Named "an integer from 1 to 256"; open-ended ranges (using `Int.min`/`Int.max`)
    /// read "an integer of at least 1", "an integer of at most 9" or "an integer".
    public static func integer(in range: ClosedRange<Int>) -> ValueType {
        let name: String
        switch (range.lowerBound == Int.min, range.upperBound == Int.max) {
        case (true, true): name = "an integer"
        case (false, true): name = "an integer of at least \(range.lowerBound)"
        case (true, false): name = "an integer of at most \(range.upperBound)"
        case (false, false): name = "an integer from \(range.lowerBound) to \(range.upperBound)"
        }
        return ValueType(name: name) { text in
            guard let value = Int(text), range.contains(value) else { return "" }
            return nil
        }
    }

    /// A finite decimal number inside `range` (e.g. `0.85`, `-2`, `1e3`).
    /// Named "a number from 0 to 1"; infinite bounds read "a number of at least 0" etc.
    public static func number(in range: ClosedRange<Double>) -> ValueType {
        let name: String
        switch (range.lowerBound == -.infinity, range.upperBound == .infinity) {
        case (true, true): name = "a number"
        case (false, true): name = "a number of at least \(format(range.lowerBound))"
        case (true, false): name = "a number of at most \(format(range.upperBound))"
        case (false, false): name = "a number from \(format(range.lowerBound)) to \(format(range.upperBound))"
        }
        return ValueType(name: name) { text in
            guard let value = Double(text), value.isFinite, range.contains(value) else { return "" }
            return nil
        }
    }

    /// Exactly one of `values` (case-sensitive). Named "one of name, natural, date";
    /// a near miss (see `Suggestion.closest`) gets the reason "did you mean 'name'?".
    /// Help lists the choices.
    public static func choice(_ values: [String]) -> ValueType {
        ValueType(name: "one of " + values.joined(separator: ", "), choices: values) { text in
            if values.contains(text) { return nil }
            if let guess = Suggestion.closest(to: text, among: values) {
                return "did you mean '\(guess)'?"
            }
            return ""
        }
    }

    /// A size as accepted by `Dimensions(parsing:)`: `256x256`, `256` (width only)
    /// or `x256` (height only), positive integers. Named "a size like 256x256, 256 or x256".
    public static let size = ValueType(name: "a size like 256x256, 256 or x256") { text in
        Dimensions(parsing: text) == nil ? "" : nil
    }

    /// A caller-defined type. `name` completes "expected …" in messages; `validate`
    /// returns nil when valid, else a reason shown in parentheses (empty for none).
    public static func custom(name: String, validate: @escaping @Sendable (String) -> String?) -> ValueType {
        ValueType(name: name, validate: validate)
    }

    /// "1" for 1.0, "0.5" for 0.5.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}

/// A width and/or height, as accepted by `ValueType.size`.
public struct Dimensions: Equatable, Sendable, CustomStringConvertible {
    /// The width, or nil when only a height was given (`x256`).
    public let width: Int?
    /// The height, or nil when only a width was given (`256`).
    public let height: Int?

    /// Creates dimensions directly; no validation.
    public init(width: Int?, height: Int?) {
        self.width = width
        self.height = height
    }

    /// Parses `256x256`, `256` (width only) or `x256` (height only). Numbers are
    /// positive ASCII integers without sign; `x` may also be `X`. Returns nil otherwise
    /// (e.g. `0x5`, `256x`, `x`, `-5`, empty).
    public init?(parsing text: String) {
        func positive(_ part: Substring) -> Int? {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let value = Int(part), value > 0 else { return nil }
            return value
        }
        if let x = text.firstIndex(where: { $0 == "x" || $0 == "X" }) {
            let widthPart = text[..<x]
            guard let height = positive(text[text.index(after: x)...]) else { return nil }
            if widthPart.isEmpty {
                self.init(width: nil, height: height)
            } else {
                guard let width = positive(widthPart) else { return nil }
                self.init(width: width, height: height)
            }
        } else {
            guard let width = positive(text[...]) else { return nil }
            self.init(width: width, height: nil)
        }
    }

    /// `256x256`, `256` or `x256`, the same forms `init(parsing:)` accepts.
    public var description: String {
        switch (width, height) {
        case let (w?, h?): return "\(w)x\(h)"
        case let (w?, nil): return "\(w)"
        case let (nil, h?): return "x\(h)"
        case (nil, nil): return ""
        }
    }
}
