import ArgumentKit
import Foundation
import VitrineKit

/// `vitrine build SRC... -o SITE`: the whole gallery, incremental, parallel, resumable.
enum BuildCommand {
    static let spec = CommandSpec(
        name: "build",
        abstract: "Build the whole gallery into SITE: renditions, zoom tiles, contact sheets, placeholders, manifest.json.",
        discussion: """
            Incremental: SITE/.vitrine/ records what was made from which source with which
            settings; a rebuild makes only what changed (a source's content, or the settings of
            an output), keeps renamed sources' outputs (known by content), and removes what it
            made whose source is gone. It never writes outside SITE nor removes a file it did
            not make; an existing SITE must be empty or a vitrine site (or --overwrite), and no
            SRC may lie inside it. Resumable: outputs are put in place atomically and recorded after, so a
            build stopped at any moment (Ctrl-C, a scheduler's time limit, a crash) is finished
            by the next. Options may also come from vitrine.json in the first source folder or
            --config FILE (the command line wins). --shard K/N (or auto, from Slurm, Kubernetes,
            AWS Batch or GNU parallel) builds one part into SITE/parts/; --merge joins them.
            Inputs, order and captions are read as 'vitrine scan' reads them. See vitrine-build(1).
            """,
        options: [
            .value("output", short: "o", placeholder: "SITE", help: "the site folder (required)"),
            .value("thumb-size", placeholder: "SIZE", type: .size,
                defaultDescription: BuildOptions.defaultRenditions[0].boxLabel, help: "thumbnail box (with an @2x copy)"),
            .value("thumb-fit", placeholder: "HOW", type: .choice(RenditionSpec.FitMode.allCases.map(\.rawValue)),
                defaultDescription: BuildOptions.defaultRenditions[0].mode.rawValue, help: "fill the thumbnail box (cropped) or fit in it"),
            .flag("no-retina", help: "no @2x thumbnails"),
            .value("display-size", placeholder: "SIZE", type: .size,
                defaultDescription: BuildOptions.defaultRenditions[2].boxLabel, help: "the size a viewer shows, fitted"),
            .flag("no-display", help: "no display size"),
            .value("format", short: "f", placeholder: "FORMAT", type: .choice(ImageFormat.allCases.map(\.rawValue)),
                defaultDescription: Encoding().format.rawValue, help: "renditions' format"),
            .value("quality", short: "q", placeholder: "Q", type: .integer(in: 1...100),
                defaultDescription: "jpeg \(ImageFormat.jpeg.defaultQuality)", help: "renditions' encoder quality"),
            .value("placeholder", placeholder: "KIND", type: .choice(Placeholder.Kind.allCases.map(\.rawValue)),
                defaultDescription: Placeholder.Kind.default.rawValue, help: "each item's placeholder hash"),
            .value("poster-at", placeholder: "TIME", type: .custom(name: "seconds like 2.5 or a percentage like 10%",
                validate: { PosterTime(parsing: $0) == nil ? "" : nil }),
                defaultDescription: PosterTime.default.description, help: "where a video's poster frame is taken"),
            .flag("no-tiles", help: "no zoom tiles"),
            .value("tile-layout", placeholder: "LAYOUT", type: .choice(TileLayout.allCases.map(\.rawValue)),
                defaultDescription: TileSpec().layout.rawValue, help: "zoom tiles' layout (see vitrine-tiles(1))"),
            .value("tile-size", placeholder: "PX", type: .integer(in: 1...TileSpec.maximumTileSize),
                defaultDescription: "the layout's", help: "tile side in pixels"),
            .value("tile-min-size", placeholder: "PX", type: .integer(in: 0...Int(Int32.max)),
                defaultDescription: "1.5 x the largest rendition", help: "only pictures whose longest side is larger get tiles"),
            .value("base-url", placeholder: "URL", help: "where SITE is served, for IIIF ids (IIIF layouts)"),
            .flag("no-sheets", help: "no contact sheets"),
            .value("sheet-columns", placeholder: "N", type: .integer(in: 1...1000),
                defaultDescription: "\(SheetSettings.defaultColumns)", help: "contact sheets: cells a row"),
            .value("sheet-cell", placeholder: "WxH", type: .size, defaultDescription: SheetSettings.defaultCell.description,
                help: "contact sheets: each cell's box"),
            .value("sheet-gap", placeholder: "PX", type: .integer(in: 0...10_000), defaultDescription: "\(SheetSettings.defaultGap)",
                help: "contact sheets: pixels between cells"),
            .value("sheet-per-page", placeholder: "N", type: .integer(in: 1...100_000),
                defaultDescription: "columns x \(SheetSettings.defaultRows)", help: "contact sheets: cells a page"),
            .flag("keep-location", help: "keep GPS coordinates in the manifest (place names are always kept)"),
            .flag("keep-metadata", help: "keep the videos' metadata in their copies in media/ (removed by default)"),
            .flag("no-video-copies", help: "no copies of the videos in media/ (the page then shows their posters only)"),
            .flag("no-page", help: "no index.html"),
            .flag("force", help: "make everything again, whatever was made before"),
            .flag("overwrite", help: "build into a folder that holds files and is not a vitrine site (refused by default)"),
            .flag("dry-run", help: "print what would be made, kept and removed (outputs and contact sheet pages: counts; each with --verbose), write nothing"),
            .value("config", placeholder: "FILE", help: "read options from this JSON file (default: vitrine.json in the first source folder)"),
            .value("shard-count", placeholder: "N", type: .integer(in: 1...10_000),
                help: "with --shard auto: the number of parts, for schedulers that do not say it"),
            .flag("merge", help: "join the parts in SITE/parts/ into SITE/manifest.json and make the contact sheets: vitrine build --merge SITE"),
        ] + InputOptions.specs.filter { $0.long != "shard" } + [
            .value("shard", placeholder: "K/N", help: "build only part K of N (or auto: from the scheduler's environment)"),
            .flag("allow-damaged", help: "keep files the decoder reports as damaged, marked \"damaged\": true"),
        ] + Reporter.specs,
        positionals: [PositionalSpec(name: "SRC", help: "source folder or file, or - for a list on stdin", arity: .zeroOrMore)])

    static func run(_ command: ParsedCommand) -> Int32 {
        guard let command = BuildConfig.merged(command) else { return ExitStatus.usage }
        guard let options = options(from: command) else { return ExitStatus.usage }
        let reporter = Reporter(command: command)
        guard let pool = InputOptions.pool(from: command) else { return ExitStatus.fatal }
        let interrupt = Interrupt(pool: pool)
        defer { pool.shutdown() }
        let started = Date()
        let builder = SiteBuilder(options: options, pool: pool, listener: reporter)
        let report: SiteBuilder.Report
        do {
            if command.flag("merge") {
                report = try builder.merge()
            } else {
                report = try builder.build(InputPath.commandLine(command.positionals), readList: InputOptions.listReader(from: command),
                    dryRun: command.flag("dry-run"))
            }
        } catch .scan(let error) {
            reporter.receive(.finished(RunSummary(items: 0, errors: 0, warnings: reporter.warnings, seconds: 0)))
            Diagnostics.usageError(error.message, commandPath: command.path)
            return ExitStatus.usage
        } catch .usage(let message) {
            Diagnostics.usageError(message, commandPath: command.path)
            return ExitStatus.usage
        } catch {
            if let signal = interrupt.received { return 128 + signal }
            reporter.fatal(error.description)
            return ExitStatus.fatal
        }
        if let signal = interrupt.received { return 128 + signal }
        var summary = RunSummary(items: report.manifest.items.count, errors: report.manifest.errors.count,
            warnings: reporter.warnings, seconds: Date().timeIntervalSince(started))
        summary.outputs = RunSummary.Outputs(made: report.made, kept: report.kept + report.moved, removed: report.removed)
        reporter.receive(.finished(summary))
        if !command.flag("quiet") { report.notes.forEach(Diagnostics.note) }
        report.refused.forEach(Diagnostics.error)
        if command.flag("dry-run") {
            if command.flag("verbose") { Output.write(report.actions.map { $0 + "\n" }.joined()) }
            Output.write("make \(report.made), keep \(report.kept), move \(report.moved), remove \(report.removed)\n")
        } else if !command.flag("quiet"), command.value("progress") != "json" {
            Diagnostics.note(String(format: "%d items: %d outputs made, %d kept, %d moved, %d removed; %d failed in %.1f s",
                report.manifest.items.count, report.made, report.kept, report.moved, report.removed,
                report.manifest.errors.count, summary.seconds))
        }
        return report.manifest.errors.isEmpty && report.refused.isEmpty ? ExitStatus.success : ExitStatus.someFailed
    }

    /// The command's options, checked; nil (after saying why) when they cannot work.
    static func options(from command: ParsedCommand) -> BuildOptions? {
        // `vitrine build --merge SITE` names the site as its one argument.
        let merging = command.flag("merge") && command.value("output") == nil && command.positionals.count == 1
        guard let site = merging ? command.positionals.first : command.value("output"), !site.isEmpty else {
            Diagnostics.usageError("missing option '--output SITE'", commandPath: command.path)
            return nil
        }
        if !merging, command.flag("merge") != command.positionals.isEmpty {
            Diagnostics.usageError(command.flag("merge") ? "--merge takes no SRC: it joins the parts already in SITE"
                : "missing SRC: a source folder, file or - for a list on stdin", commandPath: command.path)
            return nil
        }
        var options = BuildOptions(site: site)
        guard var scan = InputOptions.scanOptions(from: command, shard: false) else { return nil }
        if let asked = command.value("shard") {
            do {
                scan.shard = try ShardEnvironment.shard(asked, count: command.int("shard-count"),
                    environment: ProcessInfo.processInfo.environment)
            } catch {
                Diagnostics.usageError(error.description, commandPath: command.path)
                return nil
            }
        }
        options.scan = scan
        options.force = command.flag("force")
        options.overwrite = command.flag("overwrite")
        options.listsActions = command.flag("dry-run") && command.flag("verbose")
        options.keepLocation = command.flag("keep-location")
        options.page = !command.flag("no-page")
        options.videoCopies = command.flag("no-video-copies") ? nil : MediaCopySpec(keepMetadata: command.flag("keep-metadata"))
        options.posterAt = command.value("poster-at").flatMap(PosterTime.init(parsing:)) ?? options.posterAt
        options.placeholder = command.value("placeholder").flatMap(Placeholder.Kind.init(rawValue:)) ?? options.placeholder
        let encoding = Encoding(format: command.value("format").flatMap(ImageFormat.init(rawValue:)) ?? Encoding().format,
            quality: command.int("quality"))
        options.renditions = renditions(from: command, encoding: encoding)
        options.tiles = nil
        if !command.flag("no-tiles") {
            var tiles = BuildOptions.defaultTiles(besides: options.renditions)
            let layout = command.value("tile-layout").flatMap(TileLayout.init(rawValue:)) ?? tiles.layout
            var asked = TileSpec(layout: layout, tileSize: command.int("tile-size"), baseURL: command.value("base-url"),
                minSize: command.int("tile-min-size") ?? tiles.minSize)
            asked.folder = tiles.folder
            do { tiles = try asked.checked() } catch {
                Diagnostics.usageError(error.description, commandPath: command.path)
                return nil
            }
            options.tiles = tiles
        }
        if command.flag("no-sheets") {
            options.sheet = nil
        } else {
            var sheet = BuildOptions.defaultSheet
            sheet.columns = command.int("sheet-columns") ?? sheet.columns
            if let cell = command.dimensions("sheet-cell") { sheet.cell = Box(width: cell.width, height: cell.height) }
            sheet.gap = command.int("sheet-gap") ?? sheet.gap
            sheet.perSheet = command.int("sheet-per-page")
            do { options.sheet = try sheet.validated() } catch {
                Diagnostics.usageError(error.message(naming: .build), commandPath: command.path)
                return nil
            }
        }
        return options
    }

    /// The thumbnail (and its @2x) and the display size asked for.
    static func renditions(from command: ParsedCommand, encoding: Encoding) -> [RenditionSpec] {
        var specs = BuildOptions.defaultRenditions.map { spec -> RenditionSpec in
            var spec = spec
            spec.encoding = encoding
            let size = spec.role == .display ? command.dimensions("display-size") : command.dimensions("thumb-size")
            if let size { (spec.width, spec.height) = (size.width, size.height) }
            if spec.role == .thumbnail, let fit = command.value("thumb-fit").flatMap(RenditionSpec.FitMode.init(rawValue:)) {
                spec.mode = fit
            }
            return spec
        }
        if command.flag("no-retina") { specs.removeAll { $0.role == .thumbnail && $0.scale > 1 } }
        if command.flag("no-display") { specs.removeAll { $0.role == .display } }
        return specs
    }
}

/// Ctrl-C and a scheduler's SIGTERM: the workers are stopped, and the build ends with the
/// state of what it finished (the next build resumes from there), exit 128 + the signal.
final class Interrupt: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private let lock = NSLock()
    private var signal: Int32?

    /// The signal that stopped the build, if one did.
    var received: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return signal
    }

    init(pool: WorkerPool) {
        for number in [SIGINT, SIGTERM] {
            Foundation.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                lock.lock()
                signal = signal ?? number
                lock.unlock()
                pool.cancel()
            }
            source.resume()
            sources.append(source)
        }
    }
}
