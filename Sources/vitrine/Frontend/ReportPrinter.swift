import ArgumentKit
import Foundation
import VitrineKit

/// Runs a command that reads inputs on the worker pool, tells people what happens as it
/// happens (stderr, through a ``Reporter``), prints the manifest (stdout) and gives the exit
/// status.
enum ReportPrinter {
    /// Output options shared by every command that prints a manifest.
    static let allowDamaged = Option.flag("allow-damaged", help: "keep files the decoder reports as damaged, marked \"damaged\": true")
    static let ndjson = Option.flag("ndjson", help: "print one item per line (NDJSON) when done, instead of one manifest")
    static let specs = OptionSpec.list(allowDamaged, ndjson) + Reporter.specs

    /// Starts the worker pool, runs `work` on the command's inputs (with the list reader for
    /// `-`, and the reporter to tell), then prints the manifest. A bad option only `work` can
    /// judge (`--initial-index`) is a usage error.
    static func run(_ command: ParsedCommand,
                    _ work: (WorkerPool, [InputPath], () -> [InputPath], Reporter) throws(ScanError) -> Manifest) -> Int32 {
        let reporter = Reporter(command: command)
        guard let pool = InputOptions.pool(from: command) else { return ExitStatus.fatal }
        let interrupt = Interrupt.shared.stopping(pool)
        let started = Date()
        let manifest: Manifest
        do {
            // The workers end (and their temporary folder goes) before printing, which a closed pipe may cut short.
            defer { pool.shutdown() }
            manifest = try work(pool, InputPath.commandLine(command.positionals), InputOptions.listReader(from: command), reporter)
        } catch {
            if let signal = interrupt.received { return 128 + signal }
            reporter.receive(.finished(RunSummary(items: 0, errors: 0, warnings: reporter.warnings, seconds: 0)))
            Diagnostics.usageError(SettingNames.message(error, in: command), commandPath: command.path)
            return ExitStatus.usage
        }
        // Stopped: no manifest of a part of the inputs.
        if let signal = interrupt.received { return 128 + signal }
        reporter.receive(.finished(RunSummary(items: manifest.items.count, errors: manifest.errors.count,
            warnings: reporter.warnings, seconds: Date().timeIntervalSince(started))))
        do {
            if command[ndjson] {
                let writer = JSONWriter.compact
                for item in manifest.items {
                    var line = try writer.encode(item)
                    line.append(0x0A)
                    Output.write(line)
                }
            } else {
                try manifest.write { Output.write($0) }
            }
        } catch {
            Diagnostics.error("cannot encode the manifest: \(error)")
            return ExitStatus.fatal
        }
        return manifest.errors.isEmpty ? ExitStatus.success : ExitStatus.someFailed
    }
}
