import ArgumentKit
import Foundation
import VitrineKit

/// `vitrine select FILE [--add X]... [--remove X]... [--toggle X]... [--clear]`: ordered selection.
enum SelectCommand {
    static let spec = CommandSpec(
        name: "select",
        abstract: "Choose items of a manifest in order (1, 2, 3…) and print the manifest.",
        discussion: """
            The steps are applied in the order given: --add 7 --add 2 --add 9 --remove 2 leaves
            7 as 1 and 9 as 2 (removing one renumbers those chosen after it). X is an item's id,
            or its 0-based index when no id is X. Adding an item already chosen keeps its number.
            The manifest's items get "selection": N; FILE may be - for stdin.
            """,
        options: OptionSpec.list(add, remove, toggle, clear, list, inPlace),
        positionals: [PositionalSpec(name: "FILE", help: "a manifest, or - for stdin", arity: .one)])

    static let add = Option.repeatable("add", short: "a", placeholder: "X", .string, help: "choose an item (last in order)")
    static let remove = Option.repeatable("remove", short: "d", placeholder: "X", .string, help: "unchoose an item; later ones move up")
    static let toggle = Option.repeatable("toggle", short: "t", placeholder: "X", .string, help: "add if not chosen, else remove")
    static let clear = Option.flag("clear", help: "unchoose everything (at this point in the steps)")
    static let list = Option.flag("list", short: "l", help: "print the chosen ids in order, one per line, instead of the manifest")
    static let inPlace = Option.flag("in-place", short: "i", help: "write the manifest back to FILE (atomically) instead of stdout")

    static func run(_ command: ParsedCommand) -> Int32 {
        let file = command.positionals[0]
        if command[inPlace] && file == "-" {
            Diagnostics.usageError("\(inPlace.flagName) needs a file, not -", commandPath: command.path)
            return ExitStatus.usage
        }
        let input: Data
        do { input = try ManifestFile.bytes(of: file) } catch {
            Diagnostics.fileError(path: file, message: error.description)
            return ExitStatus.someFailed
        }
        let steps: [Selection.Step] = command.occurrences.compactMap { occurrence in
            switch occurrence.value {
            case let value? where occurrence.isOccurrence(of: add): .add(value)
            case let value? where occurrence.isOccurrence(of: remove): .remove(value)
            case let value? where occurrence.isOccurrence(of: toggle): .toggle(value)
            case nil where occurrence.isOccurrence(of: clear): .clear
            default: nil
            }
        }
        let data: Data
        let manifest: Manifest
        do {
            (data, manifest) = try Selection.applied(steps, toJSON: input)
        } catch let error as Selection.UnknownItem {
            Diagnostics.usageError(error.message, commandPath: command.path)
            return ExitStatus.usage
        } catch {
            Diagnostics.fileError(path: file, message: "\(error)")
            return ExitStatus.someFailed
        }
        if command[list] {
            Output.write(Selection.selectedIDs(in: manifest).map { $0 + "\n" }.joined())
            if !command[inPlace] { return ExitStatus.success }
        }
        do {
            if command[inPlace] {
                // Write through a symbolic link to its target, and keep the file's permissions.
                // realpath(3): Foundation's resolvingSymlinksInPath leaves relative links alone on Linux.
                let target = realpath(file, nil).map { pointer in
                    defer { free(pointer) }
                    return String(cString: pointer)
                } ?? file
                let mode = (try? FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int) ?? nil
                try AtomicFile.write(data, to: target)
                if let mode { try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: target) }
            } else {
                Output.write(data)
            }
        } catch {
            Diagnostics.error("cannot write \(file): \(error)")
            return ExitStatus.fatal
        }
        return ExitStatus.success
    }
}
