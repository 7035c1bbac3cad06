import ArgumentKit
import Foundation
import VitrineKit

/// `vitrine scan INPUT...`: read every file's header and print the gallery manifest.
enum ScanCommand {
    static let spec = CommandSpec(
        name: "scan",
        abstract: "Find the photos below the inputs and print the gallery manifest (JSON) on stdout.",
        discussion: """
            INPUT is a file, a folder (walked recursively; hidden entries and folders holding a
            .nomedia file are skipped) or - for a newline-separated list of paths on stdin.
            Files are recognised by content, not by name. Only headers are read unless --verify
            is given. Files that are not pictures are ignored quietly (listed with --verbose);
            files meant to be pictures that cannot be read are named on stderr, listed in the
            manifest's "errors", and make the exit status 1.
            """,
        options: InputOptions.specs + [
            .flag("hash", help: "add the SHA-256 of each file's bytes as source.sha256"),
            .flag("verify", help: "decode every pixel to catch truncated or damaged files (slower)"),
            .flag("allow-damaged", help: "keep files the decoder reports as damaged, marked \"damaged\": true"),
            .flag("ndjson", help: "print one item per line (NDJSON) instead of one manifest"),
            .flag("verbose", short: "v", help: "also list the files ignored as not media, on stderr"),
        ],
        positionals: [PositionalSpec(name: "INPUT", help: "file, folder, or - for a list on stdin", arity: .oneOrMore)])

    static func run(_ command: ParsedCommand) -> Int32 {
        var options = InputOptions.scanOptions(from: command)
        options.probe.hash = command.flag("hash")
        options.probe.verify = command.flag("verify")
        options.probe.allowDamaged = command.flag("allow-damaged")
        guard let pool = InputOptions.pool(from: command) else { return ExitStatus.fatal }

        let report: MediaScanner.Report
        do {
            report = try MediaScanner(options: options, pool: pool).scan(command.positionals)
        } catch {
            Diagnostics.usageError(error.message, commandPath: command.path)
            return ExitStatus.usage
        }
        if command.flag("verbose") {
            for (path, reason) in report.ignored { Diagnostics.note("\(path): ignored: \(reason)") }
        }
        // Warnings on files kept anyway: damage always (it is in the manifest too), metadata
        // oddities ("unknown EXIF resolution unit") only for --verbose.
        let damaged = Set(report.manifest.items.filter { $0.damaged == true }.map(\.source.path))
        for (path, message) in report.warnings where damaged.contains(path) || command.flag("verbose") {
            Diagnostics.warning("\(path): \(message)")
        }
        for error in report.manifest.errors { Diagnostics.fileError(path: error.path, message: error.message) }

        do {
            if command.flag("ndjson") {
                let encoder = JSONEncoder.compact
                for item in report.manifest.items {
                    var line = try encoder.encode(item)
                    line.append(0x0A)
                    Output.write(line)
                }
            } else {
                Output.write(try report.manifest.encoded())
            }
        } catch {
            Diagnostics.error("cannot encode the manifest: \(error)")
            return ExitStatus.fatal
        }
        return report.manifest.errors.isEmpty ? ExitStatus.success : ExitStatus.someFailed
    }
}
