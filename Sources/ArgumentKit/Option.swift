import Foundation

/// Anything that declares one option: its ``OptionSpec``, for a ``CommandSpec``'s list.
public protocol OptionKey: Sendable {
    var spec: OptionSpec { get }
}

extension OptionSpec: OptionKey {
    public var spec: OptionSpec { self }

    /// The specs of `keys`, in order: `options: OptionSpec.list(output, thumbSize, noRetina)`.
    public static func list(_ keys: any OptionKey...) -> [OptionSpec] { keys.map(\.spec) }
}

/// A typed option: its name, type, default and help stated once, and read back as that type
/// with `command[key]`. A misspelt key, or a value read as another type, is a compile error.
///
///     static let columns = Option.value("columns", placeholder: "N", .integer(in: 1...1000),
///         default: 6, help: "cells a row")
///     let columns: Int = command[columns]
public struct Option<Value: Sendable>: OptionKey {
    public let spec: OptionSpec
    /// The value from the words given for it (the last one counts unless repeatable) and the
    /// number of times it was given (a flag's count).
    let read: @Sendable (_ values: [String], _ count: Int) -> Value

    init(spec: OptionSpec, read: @escaping @Sendable (_ values: [String], _ count: Int) -> Value) {
        self.spec = spec
        self.read = read
    }

    /// The long name without dashes (`sheet-columns`).
    public var name: String { spec.long }
    /// `--sheet-columns`, as messages spell it.
    public var flagName: String { spec.flagName }
}

extension Option where Value == Bool {
    /// A switch: true when given. `short` defaults to none.
    public static func flag(_ long: String, short: Character? = nil, help: String) -> Option<Bool> {
        Option(spec: .flag(long, short: short, help: help)) { _, count in count > 0 }
    }
}

extension Option {
    /// An option taking a value, nil when not given. `defaultDescription` says in help what
    /// not giving it means (a default computed from other options: "columns x 8").
    public static func value<Wrapped>(_ long: String, short: Character? = nil, placeholder: String,
                                      _ conversion: Conversion<Wrapped>, defaultDescription: String? = nil,
                                      help: String) -> Option<Wrapped?> where Value == Wrapped? {
        Option<Wrapped?>(spec: .value(long, short: short, placeholder: placeholder, type: conversion.type,
                                      defaultDescription: defaultDescription, help: help)) { values, _ in
            values.last.flatMap(conversion.convert)
        }
    }

    /// An option taking a value, `default` when not given: help shows it (as `describedAs`,
    /// else as the value's own text).
    public static func value(_ long: String, short: Character? = nil, placeholder: String,
                             _ conversion: Conversion<Value>, default defaultValue: Value,
                             describedAs: String? = nil, help: String) -> Option<Value> {
        Option(spec: .value(long, short: short, placeholder: placeholder, type: conversion.type,
                            defaultDescription: describedAs ?? Conversion<Value>.describe(defaultValue), help: help)) { values, _ in
            values.last.flatMap(conversion.convert) ?? defaultValue
        }
    }

    /// An option that may be given more than once: every value, in command-line order.
    public static func repeatable<Element>(_ long: String, short: Character? = nil, placeholder: String,
                                           _ conversion: Conversion<Element>, defaultDescription: String? = nil,
                                           help: String) -> Option<[Element]> where Value == [Element] {
        Option<[Element]>(spec: .value(long, short: short, placeholder: placeholder, type: conversion.type,
                                       repeatable: true, defaultDescription: defaultDescription, help: help)) { values, _ in
            values.compactMap(conversion.convert)
        }
    }
}

/// How the words given for an option become a typed value: the check the parser applies
/// (``ValueType``) and the conversion of a word it accepted.
public struct Conversion<Target: Sendable>: Sendable {
    public let type: ValueType
    public let convert: @Sendable (String) -> Target?

    /// Words `type` accepts, converted by `convert` (which should accept the same words).
    public init(_ type: ValueType, convert: @escaping @Sendable (String) -> Target?) {
        self.type = type
        self.convert = convert
    }

    /// Words `convert` accepts; `name` completes "expected …" in messages.
    public static func custom(name: String, convert: @escaping @Sendable (String) -> Target?) -> Conversion {
        Conversion(.custom(name: name) { convert($0) == nil ? "" : nil }, convert: convert)
    }

    /// A default as help shows it: a choice's raw value, anything else's description.
    static func describe(_ value: Target) -> String {
        if let choice = value as? any RawRepresentable, let raw = choice.rawValue as? String { return raw }
        return String(describing: value)
    }
}

extension Conversion where Target == String {
    /// Any word.
    public static var string: Conversion { Conversion(.string) { $0 } }

    /// One of `values`, kept as the word.
    public static func choice(_ values: [String]) -> Conversion { Conversion(.choice(values)) { $0 } }
}

extension Conversion where Target == Int {
    public static func integer(in range: ClosedRange<Int>) -> Conversion { Conversion(.integer(in: range)) { Int($0) } }
}

extension Conversion where Target == Double {
    public static func number(in range: ClosedRange<Double>) -> Conversion { Conversion(.number(in: range)) { Double($0) } }
}

extension Conversion where Target == Dimensions {
    public static var size: Conversion { Conversion(.size) { Dimensions(parsing: $0) } }
}

extension Conversion where Target: RawRepresentable & CaseIterable, Target.RawValue == String {
    /// One of the cases, by raw value, listed in help.
    public static var choice: Conversion { choice(Array(Target.allCases)) }

    /// One of `cases`, by raw value.
    public static func choice(_ cases: [Target]) -> Conversion {
        Conversion(.choice(cases.map(\.rawValue))) { word in cases.first { $0.rawValue == word } }
    }
}

extension ParsedCommand {
    /// The option's value, as its key declares it: the default (or nil, false, []) when not given.
    public subscript<Value>(key: Option<Value>) -> Value {
        key.read(optionValues[key.spec.long] ?? [], timesGiven(key.spec.long))
    }

    /// True when the option was given (a default is not given).
    public func isPresent(_ key: any OptionKey) -> Bool { timesGiven(key.spec.long) > 0 }

    /// How many times a flag was given (`-vv` → 2), or how many values an option got.
    public func count(_ key: any OptionKey) -> Int { timesGiven(key.spec.long) }
}

extension ParsedCommand.Occurrence {
    /// True when this is an occurrence of `key`.
    public func isOccurrence(of key: any OptionKey) -> Bool { long == key.spec.long }
}
