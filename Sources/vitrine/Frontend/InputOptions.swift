import ArgumentKit
import Foundation
import VitrineKit

/// The options every command that reads inputs shares: order, navigation, limits, workers.
enum InputOptions {
    static let specs: [OptionSpec] = [
        .flag("null", short: "0", help: "the list read for - is NUL-separated (find -print0), not one path per line"),
        .value("order", placeholder: "ORDER", type: .choice(ItemOrder.allCases.map(\.rawValue)),
            defaultDescription: "natural",
            help: "item order; natural sorts img2 before img10, date uses EXIF DateTimeOriginal, else mtime"),
        .flag("reverse", short: "r", help: "reverse the order"),
        .flag("cyclic", help: "prev/next wrap around: the last item's next is the first"),
        .value("initial-index", placeholder: "N", type: .integer(in: 0...Int(Int32.max)), defaultDescription: "0",
            help: "the item a viewer opens first (0-based; must exist)"),
        .value("direction", placeholder: "DIRECTION", type: .choice(Direction.allCases.map(\.rawValue)),
            defaultDescription: ScanOptions().direction.rawValue, help: "how a viewer pages: horizontal or vertical"),
        gap,
        .value("jobs", short: "j", placeholder: "N", type: .integer(in: 1...256),
            defaultDescription: "\(ProcessInfo.processInfo.activeProcessorCount) (cores)",
            help: "worker processes"),
        .value("timeout", placeholder: "SECONDS", type: .number(in: 0.1...86_400),
            defaultDescription: TimeLimit.perFile.formatted(maxFractionDigits: 1),
            help: "time limit for one file; a file over it is reported and the run goes on"),
        .value("max-pixels", placeholder: "N", type: .integer(in: 1...Int(Int64.max)),
            defaultDescription: String(ProbeOptions().maxPixels),
            help: "refuse images whose header claims more pixels than this, before decoding"),
        .value("max-memory", placeholder: "SIZE", type: .custom(name: "a size like 512M or 2G") { ByteSize(parsing: $0) == nil ? "" : nil },
            defaultDescription: ByteSize(bytes: ProbeOptions().maxMemory).description,
            help: "refuse pictures libvips decodes whole (interlaced PNG, GIF, HEIF/AVIF) that would take more memory than this per worker, before decoding"),
        .value("shard", placeholder: "K/N", type: .custom(name: "a part like 2/3 (K from 1 to N)") { Shard(parsing: $0) == nil ? "" : nil },
            help: "read only part K of N of the files, for a partial manifest that vitrine manifest merge joins"),
        .value("captions", placeholder: "FILE", type: .string,
            help: "captions file: CSV/TSV (path,caption[,style][,title]…) or JSON; its order is --order captions"),
        .value("captions-from", placeholder: "LIST", type: .custom(name: "a comma-separated list of file, sidecar, xmp, iptc, exif, or none") {
                CaptionSources.parse($0).error
            }, defaultDescription: "file,sidecar,xmp,iptc,exif",
            help: "caption sources, first wins (per field): file, sidecar (name.md/.txt), xmp, iptc, exif; none"),
        .value("caption-fallback", placeholder: "WHAT", type: .choice(CaptionOptions.Fallback.allCases.map(\.rawValue)),
            defaultDescription: "none", help: "caption when no source has one: none, or filename (name without extension)"),
        .value("lang", placeholder: "LANG", type: .string, defaultDescription: "x-default",
            help: "XMP language alternative for captions and titles (fr, pt-BR); x-default, then the first, otherwise"),
    ] + RemoteInputOptions.specs

    /// `--gap PX`, the manifest's `gap`. `sheet` has a `--gap` of its own (between its cells), and
    /// leaves this one out of its specs (``specs(besides:)``).
    static let gap = OptionSpec.value("gap", placeholder: "PX", type: .integer(in: Manifest.gapRange),
        defaultDescription: String(Manifest.defaultGap), help: "pixels between a viewer's pages (and a gallery page's cells)")

    /// ``specs`` without the options named in `taken` (those a command defines otherwise).
    static func specs(besides taken: Set<String>) -> [OptionSpec] { specs.filter { !taken.contains($0.long) } }

    /// The scan options asked for, or nil (after saying why on stderr) when they cannot work.
    /// - Parameters:
    ///   - shard: read `--shard K/N` here (default); `build` reads its own (`auto`).
    ///   - viewerGap: whether `--gap` is the manifest's (false for `sheet`, whose own `--gap`
    ///     spaces its cells); default true.
    static func scanOptions(from command: ParsedCommand, shard: Bool = true, viewerGap: Bool = true) -> ScanOptions? {
        var options = ScanOptions()
        options.order = command.value("order").flatMap(ItemOrder.init(rawValue:)) ?? .natural
        options.reverse = command.flag("reverse")
        options.cyclic = command.flag("cyclic")
        options.initialIndex = command.int("initial-index") ?? 0
        options.direction = command.value("direction").flatMap(Direction.init(rawValue:)) ?? options.direction
        if viewerGap { options.gap = command.int("gap") ?? options.gap }
        options.probe.maxPixels = command.int("max-pixels") ?? options.probe.maxPixels
        options.probe.maxMemory = command.value("max-memory").flatMap(ByteSize.init(parsing:))?.bytes ?? options.probe.maxMemory
        options.probe.toolTimeout = TimeLimit.tools(within: command.double("timeout") ?? TimeLimit.perFile)
        options.probe.allowDamaged = command.flag("allow-damaged")
        if shard { options.shard = command.value("shard").flatMap(Shard.init(parsing:)) }
        if options.shard != nil, command.flag("ndjson") {
            Diagnostics.usageError("--shard makes a partial manifest for vitrine manifest merge, which NDJSON cannot carry; leave out --ndjson",
                commandPath: command.path)
            return nil
        }
        if let list = command.value("captions-from") { options.captions.sources = CaptionSources.parse(list).sources }
        options.captions.fallback = command.value("caption-fallback").flatMap(CaptionOptions.Fallback.init(rawValue:)) ?? .none
        options.captions.language = command.value("lang")
        if let path = command.value("captions") {
            do {
                options.captions.file = try CaptionsFile.read(path)
            } catch {
                Diagnostics.usageError("--captions \(error.description)", commandPath: command.path)
                return nil
            }
        }
        guard RemoteInputOptions.read(command, into: &options) else { return nil }
        if options.order == .captions, options.captions.file == nil {
            Diagnostics.usageError("--order captions needs --captions FILE", commandPath: command.path)
            return nil
        }
        return options
    }

    /// How `-` is read: lines, or NUL-separated with `--null`.
    static func listReader(from command: ParsedCommand) -> () -> [InputPath] {
        if command.flag("null") { return { InputPath.standardInputNulSeparated() } }
        return { InputPath.standardInputLines() }
    }

    /// The worker pool, running this very binary as `vitrine __worker`.
    static func pool(from command: ParsedCommand) -> WorkerPool? {
        guard let executable = Bundle.main.executableURL else {
            Diagnostics.error("cannot find the vitrine executable to start workers")
            return nil
        }
        let pool = WorkerPool(.init(executable: executable, workers: command.int("jobs"),
            timeout: command.double("timeout") ?? TimeLimit.perFile))
        pool.prewarm()
        return pool
    }
}

/// `--captions-from file,sidecar,xmp`: caption sources in order of precedence.
enum CaptionSources {
    static func parse(_ list: String) -> (sources: [CaptionSource], error: String?) {
        if list.trimmingCharacters(in: .whitespaces) == "none" { return ([], nil) }
        var sources: [CaptionSource] = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let source = CaptionSource(rawValue: name) else {
                let names = CaptionSource.allCases.map(\.rawValue)
                return ([], Suggestion.closest(to: name, among: names).map { "'\(name)': did you mean '\($0)'?" } ?? "unknown source '\(name)'")
            }
            guard !sources.contains(source) else { return ([], "'\(name)' is given twice") }
            sources.append(source)
        }
        return (sources, nil)
    }
}
