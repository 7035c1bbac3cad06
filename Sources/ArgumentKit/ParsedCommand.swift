import Foundation

/// The result of a successful parse: the selected command and what was given to it.
///
/// Accessors take long option names without dashes. Options given at an
/// ancestor level (e.g. `vitrine --color scan`) are visible here too.
/// Defaults are not filled in: an absent option reads as nil / false / [].
public struct ParsedCommand: Sendable {
    /// Command names from the root, e.g. `["vitrine", "scan"]`.
    public let path: [String]
    /// The spec of the selected (last) command.
    public let spec: CommandSpec
    /// All positional words, in order.
    public let positionals: [String]

    /// Every option as given, in command-line order, for commands whose options are steps
    /// applied in turn (`--add 7 --remove 2 --add 9`).
    public let occurrences: [Occurrence]

    /// One option on the command line: its long name, and its value (nil for a flag).
    public struct Occurrence: Sendable, Equatable {
        public let long: String
        public let value: String?
        public init(long: String, value: String?) {
            self.long = long
            self.value = value
        }
    }

    let optionValues: [String: [String]]
    let flagCounts: [String: Int]
    let positionalsByName: [String: [String]]

    init(path: [String], spec: CommandSpec, positionals: [String],
         optionValues: [String: [String]], flagCounts: [String: Int],
         positionalsByName: [String: [String]], occurrences: [Occurrence] = []) {
        self.path = path
        self.spec = spec
        self.positionals = positionals
        self.optionValues = optionValues
        self.flagCounts = flagCounts
        self.positionalsByName = positionalsByName
        self.occurrences = occurrences
    }

    /// True when the flag was given at least once.
    public func flag(_ long: String) -> Bool { count(long) > 0 }

    /// How many times a flag was given (`-vv` → 2), or how many values an option got.
    public func count(_ long: String) -> Int {
        flagCounts[long] ?? optionValues[long]?.count ?? 0
    }

    /// The given value (the last one for a repeatable option); nil if absent.
    public func value(_ long: String) -> String? { optionValues[long]?.last }

    /// All values of a repeatable option, in command-line order; [] if absent.
    public func values(_ long: String) -> [String] { optionValues[long] ?? [] }

    /// The value as an `Int`; nil if absent or not an integer.
    public func int(_ long: String) -> Int? { value(long).flatMap { Int($0) } }

    /// The value as a `Double`; nil if absent or not a number.
    public func double(_ long: String) -> Double? { value(long).flatMap { Double($0) } }

    /// The value parsed as `Dimensions` (for `.size` options); nil if absent or invalid.
    public func dimensions(_ long: String) -> Dimensions? {
        value(long).flatMap { Dimensions(parsing: $0) }
    }

    /// True when the option (flag or value option) was given.
    public func isPresent(_ long: String) -> Bool { count(long) > 0 }

    /// The word given for a `.one` / `.optional` positional, by its spec name; nil if none.
    public func positional(_ name: String) -> String? { positionalsByName[name]?.first }

    /// The words given for a positional, by its spec name; [] if none.
    public func positionals(named name: String) -> [String] { positionalsByName[name] ?? [] }
}

/// What `ArgumentParser.parse` decided.
public enum ParseOutcome: Sendable {
    /// Run this command.
    case run(ParsedCommand)
    /// Print this help text (no trailing newline) and exit successfully.
    case help(String)
    /// Print this version (the root's `version`, verbatim) and exit successfully.
    case version(String)
}

/// A command-line mistake, ready to show to the user.
public struct ArgumentError: Error, Sendable, CustomStringConvertible, Equatable {
    /// One line, no trailing newline, no "error:" prefix.
    public let message: String
    /// The command reached when the error happened, e.g. `["vitrine", "scan"]`.
    public let commandPath: [String]

    /// Creates an error; callers may use it for their own semantic checks.
    public init(_ message: String, commandPath: [String]) {
        self.message = message
        self.commandPath = commandPath
    }

    /// The message.
    public var description: String { message }

    /// `see 'vitrine scan --help'`, for a second line under the message.
    public var helpHint: String {
        "see '\((commandPath + ["--help"]).joined(separator: " "))'"
    }
}
