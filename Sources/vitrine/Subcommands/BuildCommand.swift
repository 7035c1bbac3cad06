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
        options: OptionSpec.list(output, thumbSize, thumbFit, noRetina, displaySize, noDisplay, format, quality, placeholder, posterAt,
            noTiles, tileLayout, tileSize, tileMinSize, baseURL, iiifManifest, noSheets, sheetColumns, sheetCell, sheetGap, sheetPerPage,
            keepLocation, keepMetadata, noVideoCopies, videoTranscode, videoCodec, videoQuality, videoSize, originals, noPage, PageOptions.title,
            PageOptions.theme, PageOptions.pageCSS, PageOptions.noSearch, force, overwrite, allowShrink, dryRun, config, shardCount, merge)
            + InputOptions.specs(besides: [InputOptions.shard]) + InputOptions.pictureSpecs + OptionSpec.list(shard, ReportPrinter.allowDamaged)
            + Reporter.specs,
        positionals: [PositionalSpec(name: "SRC", help: "source folder or file, or - for a list on stdin", arity: .zeroOrMore)])


    static let output = Option.value("output", short: "o", placeholder: "SITE", .string, help: "the site folder (required)")
    static let thumbSize = Option.value("thumb-size", placeholder: "SIZE", .box, default: BuildOptions.defaultThumbnail.box,
        help: "thumbnail box (with an @2x copy)")
    static let thumbFit = Option.value("thumb-fit", placeholder: "HOW", .choice, default: BuildOptions.defaultThumbnail.mode,
        help: "fill the thumbnail box (cropped) or fit in it")
    static let noRetina = Option.flag("no-retina", help: "no @2x thumbnails")
    static let displaySize = Option.value("display-size", placeholder: "SIZE", .box, default: BuildOptions.defaultDisplay.box,
        help: "the size a viewer shows, fitted")
    static let noDisplay = Option.flag("no-display", help: "no display size")
    static let format = Option.value("format", short: "f", placeholder: "FORMAT", .choice, default: Encoding().format,
        help: "renditions' format")
    static let quality = Option.value("quality", short: "q", placeholder: "Q", .integer(in: 1...100),
        defaultDescription: "jpeg \(ImageFormat.jpeg.defaultQuality)", help: "renditions' encoder quality")
    static let placeholder = Option.value("placeholder", placeholder: "KIND", .choice, default: Placeholder.Kind.default,
        help: "each item's placeholder hash")
    static let posterAt = Option.value("poster-at", placeholder: "TIME", .posterTime, default: PosterTime.default,
        help: "where a video's poster frame is taken")
    static let noTiles = Option.flag("no-tiles", help: "no zoom tiles")
    static let tileLayout = Option.value("tile-layout", placeholder: "LAYOUT", .choice, default: TileSpec().layout,
        help: "zoom tiles' layout (see vitrine-tiles(1))")
    static let tileSize = Option.value("tile-size", placeholder: "PX", .integer(in: 1...TileSpec.maximumTileSize),
        defaultDescription: "the layout's", help: "tile side in pixels")
    static let tileMinSize = Option.value("tile-min-size", placeholder: "PX", .integer(in: 0...Int(Int32.max)),
        defaultDescription: "1.5 x the largest rendition", help: "only pictures whose longest side is larger get tiles")
    static let baseURL = Option.value("base-url", placeholder: "URL", .string, help: "where SITE is served, for IIIF ids (IIIF layouts)")
    static let iiifManifest = Option.flag("iiif-manifest",
        help: "also write SITE/\(BuildOptions.iiifManifestName), a IIIF Presentation 3 manifest with the albums as Ranges (IIIF tile layouts)")
    static let noSheets = Option.flag("no-sheets", help: "no contact sheets")
    static let sheetColumns = Option.value("sheet-columns", placeholder: "N", .integer(in: 1...1000), default: SheetSettings.defaultColumns,
        help: "contact sheets: cells a row")
    static let sheetCell = Option.value("sheet-cell", placeholder: "WxH", .box, default: BuildOptions.defaultSheet.cell,
        help: "contact sheets: each cell's box")
    static let sheetGap = Option.value("sheet-gap", placeholder: "PX", .integer(in: 0...10_000), default: BuildOptions.defaultSheet.gap,
        help: "contact sheets: pixels between cells")
    static let sheetPerPage = Option.value("sheet-per-page", placeholder: "N", .integer(in: 1...100_000),
        defaultDescription: "columns x \(SheetSettings.defaultRows)", help: "contact sheets: cells a page")
    static let keepLocation = Option.flag("keep-location", help: "keep GPS coordinates in the manifest (place names are always kept)")
    static let keepMetadata = Option.flag("keep-metadata",
        help: "keep the metadata in the copies in media/ and originals/ (removed by default)")
    static let originals = Option.value("originals", placeholder: "HOW", .choice, default: OriginalsMode.default,
        help: "copy: each photo's original in originals/, for a download link (HEIC/AVIF only with --keep-metadata); none")
    static let noVideoCopies = Option.flag("no-video-copies",
        help: "no web renditions of the videos in media/ (the page then shows their posters only)")
    static let videoTranscode = Option.value("video-transcode", placeholder: "WHEN", .choice, default: WebVideoSpec.TranscodeMode.auto,
        help: "auto: videos browsers cannot play, HDR or larger than --video-size are transcoded, the rest remuxed; always; never (copied as they are)")
    static let videoCodec = Option.value("video-codec", placeholder: "CODEC", .choice, default: VideoCodec.h264,
        help: "the codec videos are transcoded to (h264 and av1 in MP4, vp9 in WebM)")
    static let videoQuality = Option.value("video-quality", placeholder: "CRF", .integer(in: 0...63),
        defaultDescription: VideoCodec.allCases.map { "\($0.rawValue) \($0.defaultQuality)" }.joined(separator: ", "),
        help: "the transcode's CRF (lower is better): h264 0-51, vp9 0-63, av1 1-63")
    static let videoSize = Option.value("video-size", placeholder: "PX", .integer(in: 16...16_384), default: WebVideoSpec.defaultSize,
        help: "web videos' longest side: larger ones are transcoded down, never up")
    static let noPage = Option.flag("no-page", help: "no index.html")
    static let force = Option.flag("force", help: "make everything again, whatever was made before")
    static let overwrite = Option.flag("overwrite", help: "build into a folder that holds files and is not a vitrine site (refused by default)")
    static let allowShrink = Option.flag("allow-shrink",
        help: "remove what the sources no longer hold even when it is every item of the last build, or at least half of them "
            + "and more than \(BuildOptions.shrinkLimit) (refused by default: a mistyped, unmounted or emptied source)")
    static let dryRun = Option.flag("dry-run",
        help: "print what would be made, kept and removed (outputs and contact sheet pages: counts; each with --verbose), write nothing")
    static let config = Option.value("config", placeholder: "FILE", .string,
        help: "read options from this JSON file (default: vitrine.json in the first source folder)")
    static let shardCount = Option.value("shard-count", placeholder: "N", .integer(in: 1...10_000),
        help: "with --shard auto: the number of parts, for schedulers that do not say it")
    static let merge = Option.flag("merge",
        help: "join the parts in SITE/parts/ into SITE/manifest.json and make the contact sheets: vitrine build --merge SITE")
    static let shard = Option.value("shard", placeholder: "K/N", .string,
        help: "build only part K of N (or auto: from the scheduler's environment)")

    static func run(_ command: ParsedCommand) -> Int32 {
        guard let command = BuildConfig.merged(command) else { return ExitStatus.usage }
        guard let options = options(from: command) else { return ExitStatus.usage }
        let reporter = Reporter(command: command)
        guard let pool = InputOptions.pool(from: command) else { return ExitStatus.fatal }
        let interrupt = Interrupt.shared.stopping(pool)
        defer { pool.shutdown() }
        let started = Date()
        let builder = SiteBuilder(options: options, pool: pool, listener: reporter)
        let report: SiteBuilder.Report
        do {
            if command[merge] {
                report = try builder.merge()
            } else {
                report = try builder.build(InputPath.commandLine(command.positionals), readList: InputOptions.listReader(from: command),
                    dryRun: command[dryRun])
            }
        } catch .scan(let error) {
            reporter.receive(.finished(RunSummary(items: 0, errors: 0, warnings: reporter.warnings, seconds: 0)))
            Diagnostics.usageError(SettingNames.message(error, in: command), commandPath: command.path)
            return ExitStatus.usage
        } catch .shrink(let removing, let last) {
            Diagnostics.usageError("stopped before removing anything: the build would remove \(removing) of the \(last) items "
                + "of the last build (a mistyped, unmounted or emptied source?); give \(allowShrink.flagName) to mean it",
                commandPath: command.path)
            return ExitStatus.usage
        } catch let failure where failure.isUsage {
            Diagnostics.usageError(SettingNames.message(failure, in: command), commandPath: command.path)
            return ExitStatus.usage
        } catch {
            if let signal = interrupt.received { return 128 + signal }
            reporter.fatal(SettingNames.message(error, in: command))
            return ExitStatus.fatal
        }
        if let signal = interrupt.received { return 128 + signal }
        var summary = RunSummary(items: report.itemCount, errors: report.errorCount,
            warnings: reporter.warnings, seconds: Date().timeIntervalSince(started))
        summary.outputs = RunSummary.Outputs(made: report.made, kept: report.kept + report.moved, removed: report.removed)
        reporter.receive(.finished(summary))
        if !command[Reporter.quiet] {
            report.notes.forEach(Diagnostics.note)
            if !report.unselected.isEmpty {
                Diagnostics.note("selected item\(report.unselected.count == 1 ? "" : "s") \(command[dryRun] ? "that would go" : "gone"): "
                    + report.unselected.joined(separator: ", ") + " (the selection keeps the others, in order)")
            }
        }
        report.refused.forEach(Diagnostics.error)
        if command[dryRun] {
            if command[Reporter.verbose] { Output.write(report.actions.map { $0 + "\n" }.joined()) }
            // The search's pieces and the page's files first: the last line stays the outputs' count.
            if let page = report.page {
                let search = page.search
                if options.search || !search.removed.isEmpty {
                    Output.write("search: rewrite \(search.rewritten.count), keep \(search.kept), remove \(search.removed.count)\n")
                }
                Output.write("page: rewrite \(page.rewritten.count), keep \(page.kept), remove \(page.removed.count)\n")
            }
            Output.write("make \(report.made), keep \(report.kept), move \(report.moved), remove \(report.removed)\n")
        } else if !command[Reporter.quiet], command[Reporter.progress] != .json {
            Diagnostics.note("\(report.itemCount) item\(report.itemCount == 1 ? "" : "s"): " + String(format: "%d outputs made, %d kept, %d moved, %d removed; %d failed in %.1f s",
                report.made, report.kept, report.moved, report.removed,
                report.errorCount, summary.seconds))
            if let page = report.page, !page.rewritten.isEmpty || !page.removed.isEmpty {
                Diagnostics.note("page: \(page.rewritten.count) file\(page.rewritten.count == 1 ? "" : "s") rewritten, \(page.kept) kept, \(page.removed.count) removed")
            }
            if let search = report.page?.search, !search.rewritten.isEmpty || !search.removed.isEmpty {
                let pieces = "\(search.rewritten.count) piece\(search.rewritten.count == 1 ? "" : "s")"
                Diagnostics.note("search: \(pieces) rewritten, \(search.kept) kept, \(search.removed.count) removed")
            }
        }
        return report.errorCount == 0 && report.refused.isEmpty ? ExitStatus.success : ExitStatus.someFailed
    }

    /// The command's options, checked; nil (after saying why) when they cannot work.
    static func options(from command: ParsedCommand) -> BuildOptions? {
        if let problem = validate(command) {
            Diagnostics.usageError(problem, commandPath: command.path)
            return nil
        }
        guard let site = site(of: command) else { return nil }
        var options = BuildOptions(site: site)
        guard var scan = InputOptions.scanOptions(from: command, shard: false) else { return nil }
        if let asked = command[shard] {
            do {
                scan.shard = try ShardEnvironment.shard(asked, count: command[shardCount],
                    environment: ProcessInfo.processInfo.environment)
            } catch {
                Diagnostics.usageError(SettingNames.message(error, in: command), commandPath: command.path)
                return nil
            }
        }
        options.scan = scan
        options.force = command[force]
        options.overwrite = command[overwrite]
        options.allowShrink = command[allowShrink]
        options.listsActions = command[dryRun] && command[Reporter.verbose]
        options.keepLocation = command[keepLocation]
        options.page = !command[noPage]
        options.iiifManifest = command[iiifManifest]
        options.pageTitle = command[PageOptions.title]
        options.search = !command[PageOptions.noSearch]
        if options.page {
            guard let look = PageOptions.look(from: command) else { return nil }
            (options.pageTheme, options.pageCSS) = look
        }
        options.webVideos = command[noVideoCopies] ? nil : WebVideoSpec(codec: command[videoCodec], quality: command[videoQuality],
            size: command[videoSize], transcode: command[videoTranscode], keepMetadata: command[keepMetadata])
        options.originals = command[originals] == .copy ? OriginalCopySpec(keepMetadata: command[keepMetadata]) : nil
        options.posterAt = command[posterAt]
        options.placeholder = command[placeholder]
        let encoding = Encoding(format: command[format], quality: command[quality])
        do { options.renditions = try RenditionSet(renditions(from: command, encoding: encoding)).specs } catch {
            Diagnostics.usageError(SettingNames.message(error, in: command), commandPath: command.path)
            return nil
        }
        options.tiles = nil
        if !command[noTiles] {
            var tiles = BuildOptions.defaultTiles(besides: options.renditions)
            var asked = TileSpec(layout: command[tileLayout], tileSize: command[tileSize], baseURL: command[baseURL],
                minSize: command[tileMinSize] ?? tiles.minSize)
            asked.folder = tiles.folder
            do { tiles = try asked.checked() } catch {
                Diagnostics.usageError(SettingNames.message(error, in: command), commandPath: command.path)
                return nil
            }
            options.tiles = tiles
        }
        if command[noSheets] {
            options.sheet = nil
        } else {
            var sheet = BuildOptions.defaultSheet
            sheet.columns = command[sheetColumns]
            sheet.cell = command[sheetCell]
            sheet.gap = command[sheetGap]
            sheet.perSheet = command[sheetPerPage]
            do { options.sheet = try sheet.validated() } catch {
                Diagnostics.usageError(SettingNames.message(error, in: command), commandPath: command.path)
                return nil
            }
        }
        return options
    }

    /// `vitrine build --merge SITE` names the site as its one argument: true when it does.
    static func mergesNamedSite(_ command: ParsedCommand) -> Bool {
        command[merge] && command[output] == nil && command.positionals.count == 1
    }

    /// The site folder: `--output`, or the one argument of `--merge SITE`.
    static func site(of command: ParsedCommand) -> String? {
        let site = mergesNamedSite(command) ? command.positionals.first : command[output]
        return site?.isEmpty == false ? site : nil
    }

    /// The rules between the options and SRC: the first one broken, as said; nil when all hold.
    static func validate(_ command: ParsedCommand) -> String? {
        guard site(of: command) != nil else { return "missing option '\(output.flagName) SITE'" }
        if let contradiction = OptionConflicts.build.firstGivenTogether(in: command) { return contradiction }
        if command[shardCount] != nil, command[shard] != ShardEnvironment.automatic {
            return "\(shardCount.flagName) goes with \(shard.flagName) auto (a scheduler that does not say the number of parts)"
        }
        if !mergesNamedSite(command), command[merge] != command.positionals.isEmpty {
            return command[merge] ? "\(merge.flagName) takes no SRC: it joins the parts already in SITE"
                : "missing SRC: a source folder, file or - for a list on stdin"
        }
        if command.positionals.contains("") { return RemoteInputOptions.emptyInput }
        if command[iiifManifest], command[noTiles] || !command[tileLayout].isIIIF {
            return "\(iiifManifest.flagName) needs \(tileLayout.flagName) iiif or iiif3 (the canvases' image services)"
        }
        if let crf = command[videoQuality], !command[videoCodec].qualityRange.contains(crf) {
            let range = command[videoCodec].qualityRange
            return "\(videoQuality.flagName) \(crf) is out of range for \(videoCodec.flagName) \(command[videoCodec].rawValue): "
                + "\(range.lowerBound)-\(range.upperBound)"
        }
        return nil
    }

    /// The thumbnail (and its @2x) and the display size asked for, unchecked.
    static func renditions(from command: ParsedCommand, encoding: Encoding) -> [RenditionSpec] {
        var specs = BuildOptions.defaultRenditions.map { spec -> RenditionSpec in
            var spec = spec
            spec.encoding = encoding
            let size = command[spec.role == .display ? displaySize : thumbSize]
            (spec.width, spec.height) = (size.width, size.height)
            if spec.role == .thumbnail { spec.mode = command[thumbFit] }
            return spec
        }
        if command[noRetina] { specs.removeAll { $0.role == .thumbnail && $0.scale > 1 } }
        if command[noDisplay] { specs.removeAll { $0.role == .display } }
        return specs
    }
}
