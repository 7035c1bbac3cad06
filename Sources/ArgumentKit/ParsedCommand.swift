import Foundation

/// The result of a successful parse: the selected command and what was given to it.
///
/// Options are read through their typed keys (`command[key]`, see ``Option``), which fill in
/// their defaults. Options given at an ancestor level (e.g. `vitrine --color scan`) are
/// visible here too.
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
    /// The long names of the options ``adding(_:values:)`` added: given by a configuration
    /// file, not on the command line.
    let added: Set<String>

    init(path: [String], spec: CommandSpec, positionals: [String],
         optionValues: [String: [String]], flagCounts: [String: Int],
         positionalsByName: [String: [String]], occurrences: [Occurrence] = [], added: Set<String> = []) {
        self.path = path
        self.spec = spec
        self.positionals = positionals
        self.optionValues = optionValues
        self.flagCounts = flagCounts
        self.positionalsByName = positionalsByName
        self.occurrences = occurrences
        self.added = added
    }

    /// Whether the option with this long name was added from elsewhere (``adding(_:values:)``)
    /// rather than given on the command line.
    public func wasAdded(_ long: String) -> Bool { added.contains(long) }

    /// How many times the option with this long name was given (a flag's count, or its values).
    func timesGiven(_ long: String) -> Int {
        flagCounts[long] ?? optionValues[long]?.count ?? 0
    }

    /// This command with options from elsewhere (a configuration file) added, each looked up
    /// by its long name among the command's options and checked as the parser checks the
    /// command line: `values` for an option taking values, none for a flag. They count as given
    /// before the command line's.
    /// - Throws: for a name the command does not declare, or a value its type refuses, with
    ///   the parser's message.
    public func adding(_ long: String, values: [String]) throws(ArgumentError) -> ParsedCommand {
        guard let option = spec.option(long: long) else {
            throw ArgumentError("unknown option '--\(long)'", commandPath: path)
        }
        var optionValues = self.optionValues, flagCounts = self.flagCounts
        var added: [Occurrence] = []
        if option.isFlag {
            flagCounts[long, default: 0] += 1
            added.append(Occurrence(long: long, value: nil))
        } else {
            if !option.isRepeatable && values.count + (optionValues[long]?.count ?? 0) > 1 {
                throw ArgumentError("option '\(option.displayName)' given more than once", commandPath: path)
            }
            for value in values {
                if let message = option.problem(with: value) { throw ArgumentError(message, commandPath: path) }
                added.append(Occurrence(long: long, value: value))
            }
            optionValues[long] = values + (optionValues[long] ?? [])
        }
        return ParsedCommand(path: path, spec: spec, positionals: positionals, optionValues: optionValues,
                             flagCounts: flagCounts, positionalsByName: positionalsByName,
                             occurrences: added + occurrences, added: self.added.union([long]))
    }

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
