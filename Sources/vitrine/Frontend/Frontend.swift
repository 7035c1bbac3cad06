import ArgumentKit
import Foundation
import VitrineKit

/// Exit statuses, as documented in vitrine(1).
enum ExitStatus {
    static let success: Int32 = 0
    /// Some files failed; the rest were done.
    static let someFailed: Int32 = 1
    /// Bad command line: unknown option, bad value, missing argument.
    static let usage: Int32 = 2
    /// Nothing could be done: libvips or the worker processes could not start, output not writable.
    static let fatal: Int32 = 3
}

/// Parses the command line and runs the chosen subcommand.
enum Frontend {
    static let root = CommandSpec(
        name: "vitrine",
        abstract: "Turn folders of photos and videos into a gallery: a JSON manifest, thumbnails, placeholder hashes, zoom tiles, contact sheets and a web page.",
        discussion: """
            Data (JSON) goes to stdout; messages go to stderr.
            Exit status: 0 all good, 1 some files failed (each named on stderr and listed in the
            manifest's "errors"), 2 bad command line, 3 nothing could be done.
            See vitrine(1) and 'vitrine help <command>'.
            """,
        version: "vitrine \(VitrineVersion.string)",
        subcommands: [ScanCommand.spec, ThumbsCommand.spec, TilesCommand.spec, SheetCommand.spec, BuildCommand.spec, SelectCommand.spec,
            ExportCommand.spec, PageCommand.spec, ManifestCommand.spec, CompletionCommand.spec, WorkerCommand.spec])

    static func run(_ arguments: [String]) -> Int32 {
        let outcome: ParseOutcome
        do {
            outcome = try ArgumentParser.parse(arguments, root: root)
        } catch {
            Diagnostics.usageError(error.message, commandPath: error.commandPath)
            return ExitStatus.usage
        }
        switch outcome {
        case .help(let text) where !arguments.contains { ["--help", "-h", "help"].contains($0) }:
            // A bare `vitrine` (or `vitrine manifest`) is a usage mistake: help on stderr, status 2.
            Diagnostics.write(text.hasSuffix("\n") ? text : text + "\n")
            return ExitStatus.usage
        case .help(let text):
            Output.write(text.hasSuffix("\n") ? text : text + "\n")
            return ExitStatus.success
        case .version(let text):
            Output.write(text + "\n")
            return ExitStatus.success
        case .run(let command):
            // A worker is ended by its parent, which stops the run (and removes what it was writing).
            if command.path.dropFirst().first != WorkerCommand.spec.name { Interrupt.shared.install() }
            switch command.path.dropFirst().first {
            case ScanCommand.spec.name: return ScanCommand.run(command)
            case ThumbsCommand.spec.name: return ThumbsCommand.run(command)
            case TilesCommand.spec.name: return TilesCommand.run(command)
            case SheetCommand.spec.name: return SheetCommand.run(command)
            case BuildCommand.spec.name: return BuildCommand.run(command)
            case SelectCommand.spec.name: return SelectCommand.run(command)
            case ExportCommand.spec.name: return ExportCommand.run(command)
            case PageCommand.spec.name: return PageCommand.run(command)
            case ManifestCommand.spec.name where command.path.last == ManifestCommand.get.name: return ManifestCommand.run(command)
            case ManifestCommand.spec.name where command.path.last == ManifestCommand.schema.name:
                return ManifestCommand.runSchema(command)
            case ManifestCommand.spec.name where command.path.last == ManifestCommand.validate.name:
                return ManifestCommand.runValidate(command)
            case ManifestCommand.spec.name where command.path.last == ManifestCommand.merge.name:
                return ManifestCommand.runMerge(command)
            case CompletionCommand.spec.name: return CompletionCommand.run(command)
            case WorkerCommand.spec.name: return WorkerCommand.run(command)
            default:
                Output.write(ArgumentParser.help(for: command.path, root: root))
                return ExitStatus.success
            }
        }
    }
}
