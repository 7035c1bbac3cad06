import ArgumentKit
import Foundation
import VitrineKit

/// The input options of remote images and custom items: `--items`, the download cache and the
/// network's limits. Shared by every command that reads inputs.
enum RemoteInputOptions {
    static let specs: [OptionSpec] = [
        .value("items", placeholder: "FILE", type: .string,
            help: "JSON array of more inputs, in order: paths, http(s) URLs, and custom items ({\"kind\": \"custom\", \"view\": {…}, \"svg\": …}), with their captions"),
        .value("cache", placeholder: "DIR", type: .string, defaultDescription: "DIR/.vitrine/cache of the output folder; scan: none, needed for URLs",
            help: "where downloads (and inline SVGs) are kept; later runs ask the server whether they changed (ETag, Last-Modified)"),
        .value("net-jobs", placeholder: "N", type: .integer(in: 1...RemoteOptions.maximumJobs), defaultDescription: String(RemoteOptions.defaultJobs),
            help: "downloads at once"),
        .value("net-timeout", placeholder: "SECONDS", type: .number(in: 1...RemoteOptions.maximumTimeout),
            defaultDescription: RemoteOptions.defaultTimeout.formatted(maxFractionDigits: 1),
            help: "give a download up after this long without receiving anything (whole seconds)"),
        .value("net-deadline", placeholder: "SECONDS", type: .number(in: 1...RemoteOptions.maximumDeadline),
            defaultDescription: RemoteOptions.defaultDeadline.formatted(maxFractionDigits: 1),
            help: "give an attempt at a download up after this long in all, however steadily it comes (not tried again)"),
        .value("retries", placeholder: "N", type: .integer(in: 0...RemoteOptions.maximumRetries), defaultDescription: String(RemoteOptions.defaultRetries),
            help: "attempts after the first on a server error (5xx), a timeout or a refused or lost connection, waiting "
                + "\(RemoteOptions.firstBackoff.formatted(maxFractionDigits: 1)) s, then twice as long each time (never on 4xx)"),
        .value("max-download", placeholder: "SIZE", type: .custom(name: "a size like 50M or 1G") { ByteSize(parsing: $0) == nil ? "" : nil },
            defaultDescription: ByteSize(bytes: RemoteOptions.defaultMaxBytes).description,
            help: "largest download; a larger one is refused by its Content-Length, or stopped there while it streams"),
        .flag("keep-query", help: "publish remote URLs with their query in source.url (removed by default: queries carry tokens)"),
    ]

    /// Reads the options into `options` (the items file read, the limits checked by the
    /// library); false after saying why when they cannot work.
    static func read(_ command: ParsedCommand, into options: inout ScanOptions) -> Bool {
        var remote = options.remote
        remote.cacheFolder = command.value("cache")
        remote.jobs = command.int("net-jobs") ?? remote.jobs
        remote.timeout = command.double("net-timeout") ?? remote.timeout
        remote.deadline = command.double("net-deadline") ?? remote.deadline
        remote.retries = command.int("retries") ?? remote.retries
        remote.maxBytes = command.value("max-download").flatMap(ByteSize.init(parsing:))?.bytes ?? remote.maxBytes
        remote.keepQuery = command.flag("keep-query")
        do {
            options.remote = try remote.validated()
        } catch {
            Diagnostics.usageError(error.description, commandPath: command.path)
            return false
        }
        if let path = command.value("items") {
            do {
                options.items = try ItemsFile.read(path)
            } catch {
                Diagnostics.usageError("--items \(error.description)", commandPath: command.path)
                return false
            }
        }
        return true
    }

    /// Whether there is anything to read: INPUT, or `--items`; says so when not.
    static func hasInputs(_ command: ParsedCommand) -> Bool {
        guard command.positionals.isEmpty, !command.isPresent("items") else { return true }
        Diagnostics.usageError("missing argument INPUT (or --items FILE)", commandPath: command.path)
        return false
    }
}
