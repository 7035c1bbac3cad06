import ArgumentKit
import Foundation
import VitrineKit

/// `vitrine build`'s options from a file: `--config FILE`, else `vitrine.json` in the first
/// source folder. A JSON object whose keys are the long options' names without dashes
/// (`"thumb-size": "320x320"`, `"order": "date"`, `"sheets": false` or `"no-sheets": true`,
/// `"cyclic": true`); what the command line gives wins; an unknown key is an error. The file's
/// values are added to the parsed command by looking each key up among the options by name.
enum BuildConfig {
    /// The config file's name looked for in the first source folder.
    static let fileName = "vitrine.json"

    /// `command` with the file's options added where the command line does not give them;
    /// nil (after saying why) when the file cannot be used.
    static func merged(_ command: ParsedCommand) -> ParsedCommand? {
        let explicit = command[BuildCommand.config]
        guard let path = file(of: command) else { return command }
        let data: Data
        switch read(path, given: explicit != nil) {
        case .success(let bytes): data = bytes
        case .failure(.notRegular(.folder)):
            Diagnostics.usageError("\(path) is a folder, not a JSON file of options", commandPath: command.path)
            return nil
        case .failure(let failure) where explicit == nil:
            // A source's file that leads out of the source, or is a FIFO (which the walk of the
            // source says, as it does every one): the build goes on without it.
            if failure != .missing, !failure.isNotRegular { Diagnostics.warning("\(path): \(failure.warning)") }
            return command
        case .failure(let failure):
            Diagnostics.usageError("\(path): \(failure.description)", commandPath: command.path)
            return nil
        }
        let given: [(name: String, values: [String])]
        do {
            // Only the file --config names may reach beyond its folder.
            let confined = explicit == nil ? Path.parent(of: path) : nil
            given = try options(from: data, for: BuildCommand.spec, besides: command, confinedTo: confined)
        } catch {
            Diagnostics.usageError("\(path): \(error.description)", commandPath: command.path)
            return nil
        }
        var merged = command
        do throws(ArgumentError) {
            for option in given { merged = try merged.adding(option.name, values: option.values) }
        } catch {
            Diagnostics.usageError("\(path): \(error.message)", commandPath: command.path)
            return nil
        }
        return merged
    }

    /// The file of options `command` reads: the one `--config` names, else the first source
    /// folder's vitrine.json when there is one; nil for none.
    static func file(of command: ParsedCommand) -> String? {
        // An empty first SRC is refused later; it must not make ./vitrine.json a source's file.
        command[BuildCommand.config] ?? command.positionals.first.flatMap { $0.isEmpty ? nil : Path.join($0, fileName) }.flatMap { path in
            FileManager.default.fileExists(atPath: path) ? path : nil
        }
    }

    /// The most a file of options may hold.
    static let maximumBytes = 1 << 20

    /// The file's bytes: the file `--config` names may be a pipe; a source's `vitrine.json` is
    /// a regular file below the source folder (``ConfinedRead``).
    static func read(_ path: String, given: Bool) -> Result<Data, ConfinedRead.Failure> {
        if given { return ConfinedRead.readGiven(path, limit: maximumBytes) }
        guard let root = ReadRoot(.source, folder: Path.parent(of: path)) else { return .failure(.missing) }
        return ConfinedRead.read(path, below: root, limit: maximumBytes)
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// Options that name a file to read: in a source folder's vitrine.json, a path inside it.
    static let fileOptions = Set([InputOptions.captions.name, RemoteInputOptions.items.name, PageOptions.pageCSS.name])
    /// Options that name a folder to read: in a source folder's vitrine.json, a folder inside it
    /// (a theme folder; `"theme": "justified"` names a built-in theme, not a folder).
    static let folderOptions = Set([PageOptions.theme.name])
    /// Options a source folder's vitrine.json may not set: where the build writes.
    static let writingOptions = Set([BuildCommand.output.name, RemoteInputOptions.cache.name])
    /// Options a source folder's vitrine.json may not even hold, whatever their value: what the
    /// build may destroy is decided on the command line or in the file --config names, never
    /// by a folder that may come from anyone.
    /// By name, with the flag as the command spells it.
    static let destroyingOptions: [String: String] = Dictionary(uniqueKeysWithValues:
        [BuildCommand.overwrite, BuildCommand.force, BuildCommand.allowShrink, BuildCommand.dryRun].map { ($0.name, $0.flagName) }
            + [(BuildCommand.config.name, BuildCommand.config.flagName)])

    /// The options the file's object stands for, by name, with their values (none for a flag),
    /// leaving out the options `command` already has.
    /// - Parameter folder: the source folder the file was found in, whose tree its paths must
    ///   stay inside (they are read relative to it); nil for the file --config names.
    static func options(from data: Data, for spec: CommandSpec, besides command: ParsedCommand,
                        confinedTo folder: String? = nil) throws(Problem) -> [(name: String, values: [String])] {
        guard let document = try? JSONDocument(data) else { throw Problem(description: "not JSON") }
        guard document.root.kind == .object else { throw Problem(description: "not a JSON object of options") }
        let options = Dictionary(spec.options.map { ($0.long, $0) }, uniquingKeysWith: { first, _ in first })
        var given: [(name: String, values: [String])] = []
        for (key, node) in document.root.members {
            if folder != nil, let flagName = destroyingOptions[key] {
                throw Problem(description: "'\(key)' is not taken from a source folder's vitrine.json, whatever its value "
                    + "(give \(flagName) on the command line, or in the file \(BuildCommand.config.flagName) names)")
            }
            guard key != BuildCommand.config.name else { continue }
            let flag = options[key].flatMap { $0.isFlag ? $0 : nil }
            let negated = options["no-" + key].flatMap { $0.isFlag ? $0 : nil }
            if flag != nil || negated != nil {
                guard let value = node.bool else { throw Problem(description: "'\(key)' takes true or false (got \(node.text.prefix(80)))") }
                // `"no-tiles": true` beside `"tiles": true` says two things.
                if negated != nil, let other = document.root.members.first(where: { $0.0 == "no-" + key })?.1.bool, other == value {
                    throw Problem(description: "'\(key)' and 'no-\(key)' contradict each other")
                }
                let name = value ? (flag?.long) : (negated?.long)
                let either = [flag, negated].compactMap { $0 }
                if let name, !either.contains(where: { command.isPresent($0) }) { given.append((name, [])) }
                continue
            }
            guard options[key] != nil else { throw Problem(description: "unknown option '\(key)'") }
            if folder != nil, writingOptions.contains(key) {
                throw Problem(description: "'\(key)' is not taken from a source folder's vitrine.json (give --\(key), or name the file with --config)")
            }
            guard let option = options[key], !command.isPresent(option) else { continue }
            var texts: [String] = []
            for value in node.kind == .array ? Array(node.elements) : [node] {
                guard let text = value.string ?? value.numberText else {
                    throw Problem(description: "'\(key)' takes a string or a number")
                }
                if let folder, fileOptions.contains(key) {
                    texts.append(try inside(folder, text, for: key))
                } else if let folder, folderOptions.contains(key), case .folder? = PageTheme.Source(parsing: text) {
                    texts.append(try inside(folder, folder: text, for: key))
                } else {
                    texts.append(text)
                }
            }
            given.append((key, texts))
        }
        // A pair that says opposite things in one file is refused; against the command line,
        // the command line's wins and the file's is left out.
        if let contradiction = OptionConflicts.build.firstTogether(in: Set(given.map(\.name))) {
            throw Problem(description: contradiction)
        }
        return given.filter { option in !OptionConflicts.build.opposing(option.name).contains { command.isPresent($0) } }
    }

    /// The source folder a file option's path must stay inside when a source folder's
    /// vitrine.json gave it (its file is then read as every file found in a source is,
    /// ``ConfinedRead``); nil when the command line or the file --config names gave it.
    static func sourceRoot(ofFileOption name: String, in command: ParsedCommand) -> ReadRoot? {
        guard fileOptions.contains(name), command.wasAdded(name), command[BuildCommand.config] == nil,
            let first = command.positionals.first, !first.isEmpty
        else { return nil }
        return ReadRoot(.source, folder: first)
    }

    /// The folder `path` (from a source folder's vitrine.json) read relative to `folder`, or why
    /// not: an absolute path, `..`, or a link that leads out of the folder's tree.
    static func inside(_ folder: String, folder path: String, for key: String) throws(Problem) -> String {
        let refused = Problem(description: "'\(key)' must name a folder inside \(folder) (got \(CaptionsFile.excerpt(path)))")
        guard !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else { throw refused }
        let full = Path.join(folder, path)
        guard let real = FileStat.realPath(full) else { return full }  // a missing folder is said by its reader
        guard let root = FileStat.realPath(folder), real.hasPrefix(root == "/" ? root : root + "/") else { throw refused }
        return full
    }

    /// `path` (from a source folder's vitrine.json) read relative to `folder`, or why not: an
    /// absolute path, `..`, or a link that leads out of the folder's tree.
    static func inside(_ folder: String, _ path: String, for key: String) throws(Problem) -> String {
        let refused = Problem(description: "'\(key)' must name a file inside \(folder) (got \(CaptionsFile.excerpt(path)))")
        guard !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else { throw refused }
        let full = Path.join(folder, path)
        guard let root = ReadRoot(.source, folder: folder) else { throw refused }
        // Opened and judged now (``ConfinedRead``): a FIFO, a device or a link out is refused here.
        switch ConfinedRead.check(full, below: root) {
        case nil, .missing?: return full  // a missing file is said by its reader
        case .outside?: throw refused
        case let failure?: throw Problem(description: "'\(key)' names \(full): \(failure.description)")
        }
    }
}
