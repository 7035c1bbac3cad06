import Foundation

/// Parses command lines against a `CommandSpec` tree.
///
/// Rules, in brief:
/// - At a level with subcommands, the first non-option word selects one; `help [COMMAND...]`
///   shows help. With no command given, the outcome is that level's help.
/// - `--help` / `-h` anywhere before `--` gives help for the command reached so far;
///   `--version` at the root level gives `.version` when the root has a version.
/// - `--name value`, `--name=value`, `-n value`, `-nvalue`, bundles `-vq`, `-vn value`, `-vnvalue`.
/// - A following word starting with `-` (other than a lone `-`) is never taken as a value;
///   use `--name=-5` for such values. A lone `-` is an ordinary value or positional.
/// - `--` ends options; options may appear before, between or after positionals.
/// - Messages name options by their long form (`'--jobs'`), even when given as `-j`.
public enum ArgumentParser {
    /// Parses `arguments` (without argv[0]) against `root`.
    public static func parse(_ arguments: [String], root: CommandSpec) throws(ArgumentError) -> ParseOutcome {
        if let early = earlyExit(arguments, root: root) { return early }
        var state = ParseState(root: root, arguments: arguments)
        return try state.run()
    }

    /// The help text for the command at `path`, e.g. `["vitrine", "scan"]` (the root's
    /// name first, as in `ParsedCommand.path`; a path without it is accepted too).
    /// Unknown names stop the descent. No trailing newline.
    public static func help(for path: [String], root: CommandSpec) -> String {
        var names = path[...]
        if names.first == root.name { names = names.dropFirst() }
        var spec = root
        var resolved = [root.name]
        for name in names {
            guard let sub = spec.subcommand(named: name) else { break }
            spec = sub
            resolved.append(sub.name)
        }
        return HelpFormatter.render(spec, path: resolved, showVersion: resolved.count == 1 && root.version != nil)
    }

    /// True when `word` may be consumed as an option's value.
    /// `-` (stdin) and negative numbers (`--delta -7`) are values; other dashed words are options.
    static func canBeValue(_ word: String) -> Bool {
        word == "-" || !word.hasPrefix("-") || Double(word) != nil
    }

    /// Finds `--help`/`-h` (or root-level `--version`) before `--`, following subcommands
    /// leniently so that help wins over any other mistake on the line.
    static func earlyExit(_ args: [String], root: CommandSpec) -> ParseOutcome? {
        var spec = root
        var path = [root.name]
        var i = 0
        while i < args.count {
            let arg = args[i]
            i += 1
            if arg == "--" { return nil }
            if arg == "--help" || arg == "-h" { return .help(help(for: path, root: root)) }
            if arg == "--version", path.count == 1, let version = root.version { return .version(version) }
            if arg.hasPrefix("--") {
                if !arg.contains("="), let option = spec.option(long: String(arg.dropFirst(2))),
                   !option.isFlag, i < args.count, canBeValue(args[i]) {
                    i += 1
                }
            } else if arg.hasPrefix("-") && arg != "-" {
                let letters = Array(arg.dropFirst())
                for (j, letter) in letters.enumerated() {
                    if letter == "h" { return .help(help(for: path, root: root)) }
                    guard let option = spec.option(short: letter) else { break }
                    if option.isFlag { continue }
                    if j == letters.count - 1, i < args.count, canBeValue(args[i]) { i += 1 }
                    break
                }
            } else if !spec.subcommands.isEmpty {
                if let sub = spec.subcommand(named: arg) {
                    spec = sub
                    path.append(sub.name)
                } else if arg == "help" {
                    return nil
                }
            }
        }
        return nil
    }

    /// `unknown command 'scna' (did you mean 'scan'?)`, suggesting visible subcommands and `help`.
    static func unknownCommand(_ word: String, in spec: CommandSpec, path: [String]) -> ArgumentError {
        var message = "unknown command '\(word)'"
        if !spec.subcommands.isEmpty {
            let names = spec.subcommands.filter { !$0.hidden }.map(\.name) + ["help"]
            if let guess = Suggestion.closest(to: word, among: names) {
                message += " (did you mean '\(guess)'?)"
            }
        }
        return ArgumentError(message, commandPath: path)
    }
}

/// The strict, left-to-right pass.
struct ParseState {
    let root: CommandSpec
    let args: [String]
    var index = 0
    var spec: CommandSpec
    var path: [String]
    var optionValues: [String: [String]] = [:]
    var flagCounts: [String: Int] = [:]
    var occurrences: [ParsedCommand.Occurrence] = []
    var positionals: [String] = []

    init(root: CommandSpec, arguments: [String]) {
        self.root = root
        self.args = arguments
        self.spec = root
        self.path = [root.name]
    }

    var isRoot: Bool { path.count == 1 }

    func fail(_ message: String) -> ArgumentError { ArgumentError(message, commandPath: path) }

    var helpOutcome: ParseOutcome { .help(ArgumentParser.help(for: path, root: root)) }

    mutating func run() throws(ArgumentError) -> ParseOutcome {
        var optionsEnded = false
        while index < args.count {
            let arg = args[index]
            index += 1
            if optionsEnded || arg == "-" || !arg.hasPrefix("-") {
                if !optionsEnded && !spec.subcommands.isEmpty {
                    if let outcome = try select(arg) { return outcome }
                } else {
                    positionals.append(arg)
                }
            } else if arg == "--" {
                optionsEnded = true
            } else if arg.hasPrefix("--") {
                if let outcome = try parseLong(arg) { return outcome }
            } else {
                if let outcome = try parseShort(arg) { return outcome }
            }
        }
        if !spec.subcommands.isEmpty && positionals.isEmpty { return helpOutcome }
        let named = try assignPositionals()
        return .run(ParsedCommand(path: path, spec: spec, positionals: positionals,
                                  optionValues: optionValues, flagCounts: flagCounts,
                                  positionalsByName: named, occurrences: occurrences))
    }

    /// A non-option word at a level with subcommands.
    mutating func select(_ word: String) throws(ArgumentError) -> ParseOutcome? {
        if let sub = spec.subcommand(named: word) {
            spec = sub
            path.append(sub.name)
            return nil
        }
        if word == "help" { return try helpCommand() }
        throw ArgumentParser.unknownCommand(word, in: spec, path: path)
    }

    /// `help [COMMAND...]`: option-like words after it are ignored.
    func helpCommand() throws(ArgumentError) -> ParseOutcome {
        var target = spec
        var targetPath = path
        for word in args[index...] where !word.hasPrefix("-") {
            if let sub = target.subcommand(named: word) {
                target = sub
                targetPath.append(sub.name)
            } else if word != "help" {
                throw ArgumentParser.unknownCommand(word, in: target, path: targetPath)
            }
        }
        return .help(ArgumentParser.help(for: targetPath, root: root))
    }

    mutating func parseLong(_ arg: String) throws(ArgumentError) -> ParseOutcome? {
        let body = arg.dropFirst(2)
        let name: String
        let inline: String?
        if let eq = body.firstIndex(of: "=") {
            name = String(body[..<eq])
            inline = String(body[body.index(after: eq)...])
        } else {
            name = String(body)
            inline = nil
        }
        let isVersion = name == "version" && isRoot && root.version != nil
        if name == "help" || isVersion {
            if inline != nil { throw fail("option '--\(name)' does not take a value") }
            return name == "help" ? helpOutcome : .version(root.version!)
        }
        guard let option = spec.option(long: name) else {
            var candidates = spec.options.map(\.long) + ["help"]
            if isRoot && root.version != nil { candidates.append("version") }
            var message = "unknown option '--\(name)'"
            if let guess = Suggestion.closest(to: name, among: candidates) {
                message += " (did you mean '--\(guess)'?)"
            }
            throw fail(message)
        }
        if option.isFlag {
            if inline != nil { throw fail("option '\(option.displayName)' does not take a value") }
            try record(option, value: nil)
        } else {
            let value: String
            if let inline { value = inline } else { value = try takeValue(for: option) }
            try record(option, value: value)
        }
        return nil
    }

    mutating func parseShort(_ arg: String) throws(ArgumentError) -> ParseOutcome? {
        let letters = Array(arg.dropFirst())
        let word = String(letters.prefix { $0 != "=" })
        if word.count > 1, spec.option(long: word) != nil {
            throw fail("unknown option '-\(word)' (did you mean '--\(word)'?)")
        }
        var j = 0
        while j < letters.count {
            let letter = letters[j]
            if letter == "h" { return helpOutcome }
            guard let option = spec.option(short: letter) else {
                throw fail("unknown option '-\(letter)'")
            }
            if option.isFlag {
                try record(option, value: nil)
                j += 1
                continue
            }
            var rest = String(letters[(j + 1)...])
            if rest.hasPrefix("=") { rest.removeFirst() }
            let value: String
            if rest.isEmpty && j == letters.count - 1 { value = try takeValue(for: option) } else { value = rest }
            try record(option, value: value)
            return nil
        }
        return nil
    }

    /// Consumes the next word as the value of `option`.
    mutating func takeValue(for option: OptionSpec) throws(ArgumentError) -> String {
        guard index < args.count, ArgumentParser.canBeValue(args[index]) else {
            throw fail("option '\(option.displayName)' expects a value")
        }
        index += 1
        return args[index - 1]
    }

    mutating func record(_ option: OptionSpec, value: String?) throws(ArgumentError) {
        guard let value, case let .value(_, _, repeatable, _) = option.kind else {
            flagCounts[option.long, default: 0] += 1
            occurrences.append(.init(long: option.long, value: nil))
            return
        }
        if !repeatable && optionValues[option.long] != nil {
            throw fail("option '\(option.displayName)' given more than once")
        }
        if let message = option.problem(with: value) { throw fail(message) }
        optionValues[option.long, default: []].append(value)
        occurrences.append(.init(long: option.long, value: value))
    }

    /// Distributes positional words over the specs: required ones first get a word,
    /// variadic ones take what remains after later specs' minimums.
    func assignPositionals() throws(ArgumentError) -> [String: [String]] {
        var named: [String: [String]] = [:]
        var next = 0
        let specs = spec.positionals
        for (k, positional) in specs.enumerated() {
            let laterMinimum = specs[(k + 1)...].reduce(0) { $0 + $1.arity.minimum }
            let spare = max(0, positionals.count - next - laterMinimum)
            let take: Int
            switch positional.arity {
            case .one, .oneOrMore:
                guard next < positionals.count else { throw fail("missing argument \(positional.name)") }
                take = positional.arity == .one ? 1 : max(1, spare)
            case .optional:
                take = min(1, spare)
            case .zeroOrMore:
                take = spare
            }
            named[positional.name] = Array(positionals[next..<(next + take)])
            if let type = positional.type {
                for word in positionals[next..<(next + take)] {
                    guard let reason = type.validate(word) else { continue }
                    throw fail("invalid value '\(word)' for \(positional.name): expected \(type.name)" + (reason.isEmpty ? "" : " (\(reason))"))
                }
            }
            next += take
        }
        if next < positionals.count { throw fail("unexpected argument '\(positionals[next])'") }
        return named
    }
}
