import ArgumentKit
import Foundation
import VitrineKit

/// Tells people what happened (stderr) and prints the manifest (stdout); gives the exit status.
enum ReportPrinter {
    /// Output options shared by every command that prints a manifest.
    static let specs: [OptionSpec] = [
        .flag("allow-damaged", help: "keep files the decoder reports as damaged, marked \"damaged\": true"),
        .flag("ndjson", help: "print one item per line (NDJSON) when done, instead of one manifest"),
        .flag("verbose", short: "v", help: "also list ignored non-media files and metadata warnings, on stderr"),
    ]

    /// Starts the worker pool, runs `work` on the command's inputs (and the list reader for
    /// `-`), then reports as ``finish(_:command:)`` does. A bad option only `work` can judge
    /// (`--initial-index`) is a usage error.
    static func run(_ command: ParsedCommand,
                    _ work: (WorkerPool, [String], () -> [String]) throws(ScanError) -> MediaScanner.Report) -> Int32 {
        guard let pool = InputOptions.pool(from: command) else { return ExitStatus.fatal }
        defer { pool.shutdown() }
        do {
            return finish(try work(pool, command.positionals, InputOptions.listReader(from: command)), command: command)
        } catch {
            Diagnostics.usageError(error.message, commandPath: command.path)
            return ExitStatus.usage
        }
    }

    static func finish(_ report: MediaScanner.Report, command: ParsedCommand) -> Int32 {
        let verbose = command.flag("verbose")
        if verbose {
            for (path, reason) in report.ignored { Diagnostics.note("\(path): ignored: \(reason)") }
        }
        // Warnings on files kept anyway: damage always (it is in the manifest too), metadata
        // oddities ("unknown EXIF resolution unit") only for --verbose.
        let damaged = Set(report.manifest.items.filter { $0.damaged == true }.map(\.source.path))
        for (path, message) in report.warnings where damaged.contains(path) || verbose {
            Diagnostics.warning("\(path): \(message)")
        }
        for (path, message) in report.captionWarnings { Diagnostics.warning("\(path): \(message)") }
        for error in report.manifest.errors { Diagnostics.fileError(path: error.path, message: error.message) }
        do {
            if command.flag("ndjson") {
                let writer = JSONWriter.compact
                for item in report.manifest.items {
                    var line = try writer.encode(item)
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
