import ArgumentKit
import Foundation
import VitrineKit

/// The options every command that reads inputs shares: order, navigation, limits, workers.
enum InputOptions {
    static let null = Option.flag("null", short: "0", help: "the list read for - is NUL-separated (find -print0), not one path per line")
    static let order = Option.value("order", placeholder: "ORDER", .choice, default: ScanOptions().order,
        help: "item order; natural sorts img2 before img10, date uses EXIF DateTimeOriginal, else mtime")
    static let reverse = Option.flag("reverse", short: "r", help: "reverse the order")
    static let albums = Option.value("albums", placeholder: "HOW", .choice, default: ScanOptions().albums,
        help: "folders: every folder that holds media is an album, nested as the folders are; none: one flat gallery")
    static let albumOrder = Option.value("album-order", placeholder: "ORDER", .choice, default: ScanOptions().albumOrder,
        help: "order of sibling albums: name, natural, or date (their earliest item's); --order sidecar puts Order: first")
    static let reverseAlbums = Option.flag("reverse-albums", help: "reverse the order of sibling albums")
    static let cyclic = Option.flag("cyclic", help: "prev/next wrap around: the last item's next is the first")
    static let initialIndex = Option.value("initial-index", placeholder: "N", .integer(in: 0...Int(Int32.max)),
        default: ScanOptions().initialIndex, help: "the item a viewer opens first (0-based; must exist)")
    static let direction = Option.value("direction", placeholder: "DIRECTION", .choice, default: ScanOptions().direction,
        help: "how a viewer pages: horizontal or vertical")
    static let jobs = Option.value("jobs", short: "j", placeholder: "N", .integer(in: 1...256),
        defaultDescription: "\(ProcessInfo.processInfo.activeProcessorCount) (cores)", help: "worker processes")
    static let timeout = Option.value("timeout", placeholder: "SECONDS", .number(in: 0.1...86_400), default: TimeLimit.perFile,
        describedAs: TimeLimit.perFile.formatted(maxFractionDigits: 1),
        help: "time limit for one file; a file over it is reported and the run goes on")
    static let maxPixels = Option.value("max-pixels", placeholder: "N", .integer(in: 1...Int(Int64.max)),
        default: ProbeOptions().maxPixels, help: "refuse images whose header claims more pixels than this, before decoding")
    static let maxMemory = Option.value("max-memory", placeholder: "SIZE",
        .custom(name: "a size like 512M or 2G", convert: ByteSize.init(parsing:)), default: ByteSize(bytes: ProbeOptions().maxMemory),
        help: "refuse pictures libvips decodes whole (interlaced PNG, GIF, HEIF/AVIF) that would take more memory than this per worker, before decoding")
    static let shard = Option.value("shard", placeholder: "K/N", .custom(name: "a part like 2/3 (K from 1 to N)", convert: Shard.init(parsing:)),
        help: "read only part K of N of the files, for a partial manifest that vitrine manifest merge joins")
    static let captions = Option.value("captions", placeholder: "FILE", .string,
        help: "captions file: CSV/TSV (path,caption[,style][,title]…) or JSON; its order is --order captions")
    static let captionsFrom = Option.value("captions-from", placeholder: "LIST",
        Conversion(.custom(name: "a comma-separated list of file, sidecar, xmp, iptc, exif, or none") { CaptionSources.parse($0).error }) {
            CaptionSources.parse($0).sources
        }, default: CaptionOptions().sources, describedAs: CaptionOptions().sources.map(\.rawValue).joined(separator: ","),
        help: "caption sources, first wins (per field): file, sidecar (name.md/.txt), xmp, iptc, exif; none")
    static let captionFallback = Option.value("caption-fallback", placeholder: "WHAT", .choice, default: CaptionOptions().fallback,
        help: "caption when no source has one: none, or filename (name without extension)")
    static let noMotion = Option.flag("no-motion",
        help: "Live Photos (photo + same-named short MOV with Apple's content identifier) and Motion Photos (JPEG with an MP4 appended) stay separate items, or the still alone")
    static let rawPairs = Option.value("raw-pairs", placeholder: "HOW", .choice, default: ScanOptions().rawPairs,
        help: "merge: a camera RAW file and the same-named JPEG or HEIC beside it (taken within \(RawPairs.largestDateGap) s, when both are dated) "
            + "are one item, shown from the JPEG; apart: two items")
    static let raw = Option.value("raw", placeholder: "HOW", .choice, default: RawMode.default,
        help: "camera RAW files: preview (the JPEG the camera embedded), develop (LibRaw, from the sensor data), "
            + "or auto (the preview when it is as large as the largest output, else develop)")
    /// The options of commands that make pictures (not `scan`).
    static let pictureSpecs = OptionSpec.list(raw)
    static let lang = Option.value("lang", placeholder: "LANG", .string, defaultDescription: "x-default",
        help: "XMP language alternative for captions and titles (fr, pt-BR); x-default, then the first, otherwise")

    static let specs: [OptionSpec] = OptionSpec.list(null, order, reverse, albums, albumOrder, reverseAlbums, cyclic, initialIndex, direction, gap, jobs, timeout,
        maxPixels, maxMemory, shard, captions, captionsFrom, captionFallback, lang, noMotion, rawPairs) + RemoteInputOptions.specs

    /// `--gap PX`, the manifest's `gap`. `sheet` has a `--gap` of its own (between its cells), and
    /// leaves this one out of its specs (``specs(besides:)``).
    static let gap = Option.value("gap", placeholder: "PX", .integer(in: Manifest.gapRange), default: ScanOptions().gap,
        help: "pixels between a viewer's pages (and a gallery page's cells)")

    /// ``specs`` without the options named in `taken` (those a command defines otherwise).
    static func specs(besides taken: [any OptionKey]) -> [OptionSpec] {
        specs.filter { option in !taken.contains { $0.spec.long == option.long } }
    }

    /// The scan options asked for, or nil (after saying why on stderr) when they cannot work.
    /// - Parameters:
    ///   - shard: read `--shard K/N` here (default); `build` reads its own (`auto`).
    ///   - viewerGap: whether `--gap` is the manifest's (false for `sheet`, whose own `--gap`
    ///     spaces its cells); default true.
    static func scanOptions(from command: ParsedCommand, shard: Bool = true, viewerGap: Bool = true) -> ScanOptions? {
        var options = ScanOptions()
        options.order = command[order]
        options.reverse = command[reverse]
        options.albums = command[albums]
        options.albumOrder = command[albumOrder]
        options.reverseAlbums = command[reverseAlbums]
        options.cyclic = command[cyclic]
        options.initialIndex = command[initialIndex]
        options.direction = command[direction]
        if viewerGap { options.gap = command[gap] }
        options.probe.maxPixels = command[maxPixels]
        options.probe.maxMemory = command[maxMemory].bytes
        options.probe.toolTimeout = TimeLimit.tools(within: command[timeout])
        options.probe.allowDamaged = command[ReportPrinter.allowDamaged]
        if shard { options.shard = command[Self.shard] }
        if options.shard != nil, command[ReportPrinter.ndjson] {
            Diagnostics.usageError("--shard makes a partial manifest for vitrine manifest merge, which NDJSON cannot carry; leave out --ndjson",
                commandPath: command.path)
            return nil
        }
        options.motion = !command[noMotion]
        options.rawPairs = command[rawPairs]
        // Read by the commands that declare it (``pictureSpecs``); its default for the others.
        options.raw = command[raw]
        options.captions.sources = command[captionsFrom]
        options.captions.fallback = command[captionFallback]
        options.captions.language = command[lang]
        if let path = command[captions] {
            do {
                options.captions.file = try CaptionsFile.read(path, below: BuildConfig.sourceRoot(ofFileOption: captions.name, in: command))
            } catch {
                Diagnostics.usageError("\(captions.flagName) \(error.description)", commandPath: command.path)
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
        if command[null] { return { InputPath.standardInputNulSeparated() } }
        return { InputPath.standardInputLines() }
    }

    /// The worker pool, running this very binary as `vitrine __worker`.
    static func pool(from command: ParsedCommand) -> WorkerPool? {
        guard let executable = Bundle.main.executableURL else {
            Diagnostics.error("cannot find the vitrine executable to start workers")
            return nil
        }
        let pool = WorkerPool(.init(executable: executable, workers: command[jobs],
            timeout: command[timeout]))
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
