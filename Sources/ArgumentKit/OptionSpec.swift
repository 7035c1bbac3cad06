import Foundation

/// One named option of a command: a flag (`--verbose`) or an option taking a value (`--jobs 4`).
///
/// The short name `h` and the long names `help` (and `version` on a root with a
/// version) are reserved: the parser handles them before the declared options.
public struct OptionSpec: Sendable {
    /// What an option accepts.
    public enum Kind: Sendable {
        /// A switch without a value. Giving it several times is allowed (see `ParsedCommand.count`).
        case flag
        /// Takes one value per occurrence, written as `placeholder` in help,
        /// checked against `type`. Only `repeatable` options may be given more than once.
        /// `defaultDescription` is shown in help as "(default: …)"; the parser never fills it in.
        case value(placeholder: String, type: ValueType, repeatable: Bool, defaultDescription: String?)
    }

    /// The long name without dashes, e.g. "jobs" for `--jobs`.
    public let long: String
    /// The optional one-letter name, e.g. `j` for `-j`.
    public let short: Character?
    /// One line of help text.
    public let help: String
    /// Flag or value option.
    public let kind: Kind

    /// Creates an option; prefer `.flag(...)` and `.value(...)`.
    public init(long: String, short: Character? = nil, help: String, kind: Kind) {
        self.long = long
        self.short = short
        self.help = help
        self.kind = kind
    }

    /// A flag such as `--verbose` / `-v`. `short` defaults to none.
    public static func flag(_ long: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(long: long, short: short, help: help, kind: .flag)
    }

    /// An option taking a value: `--jobs 4`, `--jobs=4`, `-j 4`, `-j4`.
    /// Defaults: no short name, type `.string`, not repeatable, no default shown in help.
    public static func value(_ long: String, short: Character? = nil, placeholder: String,
                             type: ValueType = .string, repeatable: Bool = false,
                             defaultDescription: String? = nil, help: String) -> OptionSpec {
        OptionSpec(long: long, short: short, help: help,
                   kind: .value(placeholder: placeholder, type: type, repeatable: repeatable,
                                defaultDescription: defaultDescription))
    }

    /// True for flags.
    public var isFlag: Bool {
        if case .flag = kind { return true }
        return false
    }

    /// The value placeholder ("N"), nil for flags.
    public var placeholder: String? {
        if case let .value(placeholder, _, _, _) = kind { return placeholder }
        return nil
    }

    /// The value type, nil for flags.
    public var valueType: ValueType? {
        if case let .value(_, type, _, _) = kind { return type }
        return nil
    }

    /// True for value options that may be given more than once.
    public var isRepeatable: Bool {
        if case let .value(_, _, repeatable, _) = kind { return repeatable }
        return false
    }

    /// The default shown in help, nil for flags and options without one.
    public var defaultDescription: String? {
        if case let .value(_, _, _, defaultDescription) = kind { return defaultDescription }
        return nil
    }

    /// The parser's message for a value this option's type refuses; nil when it is accepted
    /// (and for flags).
    func problem(with value: String) -> String? {
        guard let type = valueType, let reason = type.validate(value) else { return nil }
        var message = "invalid value '\(value)' for '\(displayName)': expected \(type.name)"
        if !reason.isEmpty { message += " (\(reason))" }
        return message
    }

    /// `--long`, the spelling used in error messages.
    var displayName: String { "--" + long }
    /// `--sheet-columns`, as messages spell it.
    public var flagName: String { displayName }
}
