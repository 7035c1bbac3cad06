import ArgumentKit
import Foundation
import VitrineKit

/// How a run talks on stderr while it works: one-line messages as things happen, a progress
/// line when stderr is a terminal, or only NDJSON events (`--progress json`) for CI dashboards.
final class Reporter: ProgressListener, @unchecked Sendable {
    enum Mode: String, CaseIterable {
        /// A progress line when stderr is a terminal (and `TERM` is not `dumb`); messages always.
        case auto
        /// NDJSON events only: errors and warnings become events instead of text lines.
        case json
        /// Messages only.
        case none
    }

    static let verbose = Option.flag("verbose", short: "v",
        help: "also list ignored non-media files, metadata warnings and colour profiles converted with another intent than relative, on stderr")
    static let quiet = Option.flag("quiet", help: "no progress line and no warnings on stderr (errors are still said)")
    static let progress = Option.value("progress", placeholder: "HOW", .choice, default: Mode.auto,
        help: "auto: a progress line on a terminal; json: NDJSON events on stderr instead of text (start, item, progress, warning, error, done); none")
    static let specs = OptionSpec.list(verbose, quiet, progress)

    private let json: Bool
    private let verbose: Bool
    private let quiet: Bool
    private let line: ProgressLine?
    /// The command, which says the setting that decided a file's error or warning as its own option.
    private let command: ParsedCommand
    private let lock = NSLock()
    private(set) var warnings = 0

    init(command: ParsedCommand) {
        let mode = command[Self.progress]
        json = mode == .json
        verbose = command[Self.verbose]
        quiet = command[Self.quiet]
        line = mode == .auto && !quiet && ProgressLine.stderrIsTerminal ? ProgressLine() : nil
        self.command = command
    }

    /// `message` followed by the setting that decided it, as the command says it: `(--max-pixels)`,
    /// or `('max-pixels' in photos/vitrine.json)` when the value came from there.
    private func said(_ message: String, _ setting: Setting?) -> String {
        guard let setting else { return message }
        return "\(message) (\(SettingNames.name(setting, in: command)))"
    }

    func receive(_ event: ProgressEvent) {
        lock.lock()
        defer { lock.unlock() }
        if case .warning = event { warnings += 1 }
        if json {
            if case .note = event, !verbose { return }
            Diagnostics.raw(EventLine.text(for: event))
            return
        }
        switch event {
        case .started(let phase, let total):
            line?.start(phase: phase.rawValue, total: total)
        case .working(_, let path, let fraction):
            line?.working(on: path, fraction: fraction)
        case .item(_, let path, _):
            line?.advance(finishing: path)
        case .warning(let path, let message, let setting):
            guard !quiet else { return }
            say { Diagnostics.warning("\(path): \(said(message, setting))") }
        case .note(let path, let message, let setting):
            guard verbose, !quiet else { return }
            say { Diagnostics.note("\(path): \(said(message, setting))") }
        case .error(let path, let message, _, let setting):
            say { Diagnostics.fileError(path: path, message: said(message, setting)) }
        case .finished:
            line?.stop()
        }
    }

    /// Prints message lines around the progress line, if there is one.
    private func say(_ write: () -> Void) {
        if let line { line.printing(write) } else { write() }
    }

    /// A problem not about one file (the output folder cannot be made): a text line, or an
    /// `error` event without a path.
    func fatal(_ message: String) {
        lock.lock()
        defer { lock.unlock() }
        line?.stop()
        if json {
            Diagnostics.raw(EventLine.text(for: .error(path: "", message: message, reason: .write)))
        } else {
            Diagnostics.error(message)
        }
    }
}

/// NDJSON events: one object a line, keys sorted.
enum EventLine {
    private struct Event: Encodable {
        var event: String
        var phase: String?
        var total: Int?
        var path: String?
        var status: String?
        var fraction: Double?
        var message: String?
        var reason: String?
        /// The setting that decided it, by its key in vitrine.json, as the manifest's errors name it.
        var setting: String?
        var items: Int?
        var errors: Int?
        var warnings: Int?
        var seconds: Double?
        var made: Int?
        var kept: Int?
        var removed: Int?
    }

    static func text(for event: ProgressEvent) -> String {
        let value: Event
        switch event {
        case .started(let phase, let total): value = Event(event: "start", phase: phase.rawValue, total: total)
        case .item(let phase, let path, let status): value = Event(event: "item", phase: phase.rawValue, path: path, status: status.rawValue)
        case .working(let phase, let path, let fraction):
            value = Event(event: "progress", phase: phase.rawValue, path: path, fraction: (fraction * 1000).rounded() / 1000)
        case .warning(let path, let message, let setting):
            value = Event(event: "warning", path: path, message: message, setting: setting?.manifestKey)
        case .note(let path, let message, let setting):
            value = Event(event: "note", path: path, message: message, setting: setting?.manifestKey)
        case .error(let path, let message, let reason, let setting):
            value = Event(event: "error", path: path.isEmpty ? nil : path, message: message, reason: reason.rawValue,
                setting: setting?.manifestKey)
        case .finished(let summary):
            value = Event(event: "done", items: summary.items, errors: summary.errors, warnings: summary.warnings,
                seconds: (summary.seconds * 1000).rounded() / 1000, made: summary.outputs?.made, kept: summary.outputs?.kept,
                removed: summary.outputs?.removed)
        }
        let data = (try? JSONEncoder.compact.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
