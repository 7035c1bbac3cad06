import Foundation

/// Describes a command: its options, positional arguments and subcommands.
/// The same spec drives parsing and `--help` output.
///
/// A command with subcommands takes no positionals of its own: the first
/// non-option word at its level must name a subcommand (or be `help`).
public struct CommandSpec: Sendable {
    /// The word that selects this command ("scan"), or the program name for the root ("vitrine").
    public var name: String
    /// One line shown under the usage line in help (and beside the name in the parent's list).
    public var abstract: String
    /// Free text printed verbatim at the end of help. Default: nil.
    public var discussion: String?
    /// Root only: when set, `--version` at the root yields `.version(version)`. Default: nil.
    public var version: String?
    /// Declared options, in help order. Default: none (`-h, --help` is always added).
    public var options: [OptionSpec]
    /// Positional arguments, in order. Default: none.
    public var positionals: [PositionalSpec]
    /// Subcommands, in help order. Default: none.
    public var subcommands: [CommandSpec]
    /// Hidden commands parse normally but are left out of help and suggestions. Default: false.
    public var hidden: Bool

    /// Creates a command spec; every parameter after `abstract` has an empty/nil/false default.
    public init(name: String, abstract: String, discussion: String? = nil, version: String? = nil,
                options: [OptionSpec] = [], positionals: [PositionalSpec] = [],
                subcommands: [CommandSpec] = [], hidden: Bool = false) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.version = version
        self.options = options
        self.positionals = positionals
        self.subcommands = subcommands
        self.hidden = hidden
    }

    /// The declared option with this long name (without dashes).
    public func option(long: String) -> OptionSpec? {
        options.first { $0.long == long }
    }

    /// The declared option with this short name.
    public func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }

    /// The direct subcommand with this exact name, hidden or not.
    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// Mistakes in this spec tree, one sentence each; empty when the spec is sound.
    /// Checks names (empty, dashes, `=`, spaces), duplicates, reserved names
    /// (`-h`, `--help`, `--version` on a versioned root), positionals on commands
    /// with subcommands, and more than one variadic positional. Handy in a unit test.
    public func configurationProblems() -> [String] {
        problems(path: [name], isRoot: true)
    }

    private func problems(path: [String], isRoot: Bool) -> [String] {
        let here = path.joined(separator: " ")
        var found: [String] = []
        var longs = Set<String>(), shorts = Set<Character>()
        for option in options {
            let long = option.long
            if long.isEmpty || long.hasPrefix("-") || long.contains("=") || long.contains(" ") {
                found.append("\(here): invalid long name '\(long)'")
            }
            if long == "help" || (isRoot && version != nil && long == "version") {
                found.append("\(here): '--\(long)' is reserved")
            }
            if !longs.insert(long).inserted {
                found.append("\(here): '--\(long)' declared more than once")
            }
            if let short = option.short {
                if short == "h" {
                    found.append("\(here): '-h' is reserved for help")
                } else if short == "-" || short == "=" || short.isWhitespace {
                    found.append("\(here): invalid short name '\(short)'")
                }
                if !shorts.insert(short).inserted {
                    found.append("\(here): '-\(short)' declared more than once")
                }
            }
        }
        if !subcommands.isEmpty && !positionals.isEmpty {
            found.append("\(here): a command with subcommands cannot take positionals")
        }
        if positionals.filter(\.arity.isVariadic).count > 1 {
            found.append("\(here): more than one variadic positional")
        }
        var names = Set<String>()
        for sub in subcommands {
            if sub.name.isEmpty || sub.name.hasPrefix("-") || sub.name.contains(" ") {
                found.append("\(here): invalid subcommand name '\(sub.name)'")
            }
            if !names.insert(sub.name).inserted {
                found.append("\(here): subcommand '\(sub.name)' declared more than once")
            }
            if sub.version != nil {
                found.append("\(here) \(sub.name): only the root command can have a version")
            }
            found += sub.problems(path: path + [sub.name], isRoot: false)
        }
        return found
    }
}

/// A positional argument such as `INPUT`.
public struct PositionalSpec: Sendable {
    /// How many words a positional takes.
    public enum Arity: Sendable, Equatable {
        /// Exactly one (required). Usage: `NAME`.
        case one
        /// Zero or one. Usage: `[NAME]`.
        case optional
        /// At least one. Usage: `NAME...`.
        case oneOrMore
        /// Any number. Usage: `[NAME...]`.
        case zeroOrMore

        /// The fewest words this arity needs (0 or 1).
        public var minimum: Int { self == .one || self == .oneOrMore ? 1 : 0 }
        /// True when more than one word may be taken.
        public var isVariadic: Bool { self == .oneOrMore || self == .zeroOrMore }
    }

    /// Shown in usage, help and messages ("missing argument INPUT").
    public let name: String
    /// One line of help text.
    public let help: String
    /// How many words it takes.
    public let arity: Arity
    /// How each word is checked (and completed, when it has choices); nil, the default, takes
    /// any word and completes file names.
    public let type: ValueType?

    /// Creates a positional; `arity` defaults to `.one`, `type` to nil (any word: a file).
    public init(name: String, help: String, arity: Arity = .one, type: ValueType? = nil) {
        self.name = name
        self.help = help
        self.arity = arity
        self.type = type
    }
}
