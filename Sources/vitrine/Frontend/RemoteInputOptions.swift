import ArgumentKit
import Foundation
import VitrineKit

/// The input options of remote images and custom items: `--items`, the download cache and the
/// network's limits. Shared by every command that reads inputs.
enum RemoteInputOptions {
    static let items = Option.value("items", placeholder: "FILE", .string,
        help: "JSON array of more inputs, in order: paths, http(s) URLs, and custom items ({\"kind\": \"custom\", \"view\": {…}, \"svg\": …}), with their captions")
    static let cache = Option.value("cache", placeholder: "DIR", .string,
        defaultDescription: "DIR/.vitrine/cache of the output folder; scan: none, needed for URLs",
        help: "where downloads (and inline SVGs) are kept; later runs ask the server whether they changed (ETag, Last-Modified)")
    static let netJobs = Option.value("net-jobs", placeholder: "N", .integer(in: 1...RemoteOptions.maximumJobs),
        default: RemoteOptions.defaultJobs, help: "downloads at once")
    static let netTimeout = Option.value("net-timeout", placeholder: "SECONDS", .number(in: 1...RemoteOptions.maximumTimeout),
        default: RemoteOptions.defaultTimeout, describedAs: RemoteOptions.defaultTimeout.formatted(maxFractionDigits: 1),
        help: "give a download up after this long without receiving anything (whole seconds)")
    static let netDeadline = Option.value("net-deadline", placeholder: "SECONDS", .number(in: 1...RemoteOptions.maximumDeadline),
        default: RemoteOptions.defaultDeadline, describedAs: RemoteOptions.defaultDeadline.formatted(maxFractionDigits: 1),
        help: "give an attempt at a download up after this long in all, however steadily it comes (not tried again)")
    static let retries = Option.value("retries", placeholder: "N", .integer(in: 0...RemoteOptions.maximumRetries),
        default: RemoteOptions.defaultRetries,
        help: "attempts after the first on a server error (5xx), a timeout or a refused or lost connection, waiting "
            + "\(RemoteOptions.firstBackoff.formatted(maxFractionDigits: 1)) s, then twice as long each time (never on 4xx)")
    static let maxDownload = Option.value("max-download", placeholder: "SIZE",
        .custom(name: "a size like 50M or 1G", convert: ByteSize.init(parsing:)), default: ByteSize(bytes: RemoteOptions.defaultMaxBytes),
        help: "largest download; a larger one is refused by its Content-Length, or stopped there while it streams")
    static let keepQuery = Option.flag("keep-query",
        help: "publish remote URLs with their query in source.url (removed by default: queries carry tokens)")

    static let specs = OptionSpec.list(items, cache, netJobs, netTimeout, netDeadline, retries, maxDownload, keepQuery)

    /// Reads the options into `options` (the items file read, the limits checked by the
    /// library); false after saying why when they cannot work.
    static func read(_ command: ParsedCommand, into options: inout ScanOptions) -> Bool {
        if command[cache]?.isEmpty == true {
            // An empty name would be the current folder: downloads would land among the user's files.
            Diagnostics.usageError("\(cache.flagName) needs a folder name (got '')", commandPath: command.path)
            return false
        }
        var remote = options.remote
        remote.cacheFolder = command[cache]
        remote.jobs = command[netJobs]
        remote.timeout = command[netTimeout]
        remote.deadline = command[netDeadline]
        remote.retries = command[retries]
        remote.maxBytes = command[maxDownload].bytes
        remote.keepQuery = command[keepQuery]
        do {
            options.remote = try remote.validated()
        } catch {
            Diagnostics.usageError(SettingNames.message(error, in: command), commandPath: command.path)
            return false
        }
        if let path = command[items] {
            do {
                options.items = try ItemsFile.read(path, below: BuildConfig.sourceRoot(ofFileOption: items.name, in: command))
            } catch {
                Diagnostics.usageError("\(items.flagName) \(error.description)", commandPath: command.path)
                return false
            }
        }
        return true
    }

    /// Whether there is anything to read: INPUT, or `--items`; says so when not, and when an
    /// INPUT is empty (a variable that was not set).
    static func hasInputs(_ command: ParsedCommand) -> Bool {
        if command.positionals.contains("") {
            Diagnostics.usageError(emptyInput, commandPath: command.path)
            return false
        }
        guard command.positionals.isEmpty, !command.isPresent(items) else { return true }
        Diagnostics.usageError("missing argument INPUT (or \(items.flagName) FILE)", commandPath: command.path)
        return false
    }

    /// Why an empty argument is refused where a file is expected.
    static let emptyInput = "an empty argument ('') names no file or folder"
}
