import Foundation
import VipsKit

/// What a command that makes outputs of every item needs to know.
public struct GalleryOptions: Sendable {
    /// Inputs, order, navigation, captions and limits, exactly as `scan`.
    public var scan = ScanOptions()
    /// What to make of every item (renditions, a placeholder…), in this order.
    public var outputs: [AnyOutput]
    /// Where the files go. Nothing is ever written outside it.
    public var outputFolder: String
    /// Where a video's poster frame is taken: default ``PosterTime/default``.
    public var posterAt: PosterTime = .default
    /// Whole-gallery work run, in this order, once every item's outputs are folded into the
    /// manifest (a contact sheet): default none. Their item outputs are planned with ``outputs``.
    public var phases: [any GalleryPhase] = []
    /// Whether inputs inside ``outputFolder`` are read: default not. A command writing files
    /// of the names asked for (`sheet --frames 9 clip.mp4 -o clip-sheet.jpg`) writes beside
    /// its inputs, into a folder it does not own.
    public var readsOutputFolder = false

    public init(outputs: [AnyOutput], outputFolder: String) {
        self.outputs = outputs
        self.outputFolder = outputFolder
    }
}

/// A scan, then a plan of every item's outputs, carried out on the worker pool, and what was
/// made folded into the manifest: the pipeline of `thumbs` (and of every command that makes
/// files of each item). Items whose outputs fail are moved to the manifest's `errors`.
public struct GalleryBuilder {
    public var options: GalleryOptions
    public var pool: WorkerPool
    /// Hears each file's outcome as it comes: default none.
    public var listener: ProgressListener?

    public init(options: GalleryOptions, pool: WorkerPool, listener: ProgressListener? = nil) {
        self.options = options
        self.pool = pool
        self.listener = listener
    }

    /// Scans `inputs` (and the `--items` file's entries), then makes every item's outputs.
    /// Remote images are kept in ``RemoteOptions/cacheFolder``, by default
    /// ``RemoteOptions/defaultCacheFolder(in:)`` of the output folder.
    public func build(_ inputs: [InputPath], readList: () -> [InputPath] = InputPath.standardInputLines) throws(ScanError)
        -> MediaScanner.Report
    {
        var scan = options.scan
        if scan.remote.cacheFolder == nil { scan.remote.cacheFolder = RemoteOptions.defaultCacheFolder(in: options.outputFolder) }
        var scanner = MediaScanner(options: scan, pool: pool, listener: listener)
        // Outputs written into a folder below an input must not come back as photos next time.
        if !options.readsOutputFolder { scanner.excludedFolders = [options.outputFolder] }
        var report = try scanner.scan(inputs, readList: readList)
        report.manifest = make(report.manifest, planner: planner(for: report))
        return report
    }

    /// The outputs of every item of a manifest read from a file (a merge of shards), with no
    /// scan: sources are opened at the paths it records (its `source.pathBytes` where the name
    /// is not UTF-8), in its order, and every image is converted to sRGB. Its captions,
    /// durations and selection are used as they are.
    public func build(_ manifest: Manifest) -> Manifest {
        let aliases = PathAliases()
        let sources = SourceSettings(options)
        let planner = ItemPlanner(outputs: outputs(for: manifest.items), outputFolder: options.outputFolder) { item, file in
            let open = { (file: Item.Source) in file.pathBytes == nil ? file.path : aliases.path(for: file.openBytes) ?? file.path }
            var source = sources.source(for: item, path: open(file), convertColour: item.kind != .video, intent: nil)
            source.pairedRawPath = item.raw?.source.map(open)
            return source
        }
        return withExtendedLifetime(aliases) { make(manifest, planner: planner) }
    }

    /// Makes every item's outputs as `planner` plans them (the make stage every command
    /// shares, ``ItemMaking``, with nothing kept and nothing recorded), folds what was made
    /// into `manifest`, then runs the phases.
    private func make(_ manifest: Manifest, planner: ItemPlanner) -> Manifest {
        let pending = manifest.items.indices.compactMap { index in
            let planned = planner.planned(for: manifest.items[index])
            return planned.isEmpty ? nil : PendingItem(item: index, planned: planned)
        }
        for folder in ItemMaking.folders(of: pending, in: options.outputFolder) { AtomicFile.removeLeftovers(in: folder) }
        let making = ItemMaking(executor: pool, listener: listener) { pending, item in planner.job(for: item, outputs: pending.making) }
        var manifest = making.make(manifest, pending: pending).settled(pending)
        let context = GalleryPhaseContext(outputFolder: options.outputFolder, listener: listener, isCancelled: { [pool] in pool.isCancelled },
            pages: pool)
        for phase in options.phases { phase.run(on: &manifest, context: context) }
        return manifest
    }

    /// The command's outputs and those its phases need, each once.
    var allOutputs: [AnyOutput] {
        var seen = Set<AnyOutput>()
        return (options.outputs + options.phases.flatMap(\.itemOutputs)).filter { seen.insert($0).inserted }
    }

    /// ``allOutputs`` settled for the gallery's items (``OutputKind/settled(for:)``).
    func outputs(for items: [Item]) -> [AnyOutput] { allOutputs.map { $0.settled(for: items) } }

    /// Plans items one at a time, with what the scan learnt of the sources (not the report's
    /// manifest).
    public func planner(for report: MediaScanner.Report) -> ItemPlanner {
        ItemPlanner(options: options, outputs: outputs(for: report.manifest.items), scan: report)
    }

    /// What a worker needs to know of an item's source, beside what the scan learnt.
    struct SourceSettings: Sendable {
        var allowDamaged: Bool
        var posterAt: PosterTime
        var toolTimeout: Double

        init(_ options: GalleryOptions) {
            allowDamaged = options.scan.probe.allowDamaged
            posterAt = options.posterAt
            toolTimeout = options.scan.probe.toolTimeout
        }

        func source(for item: Item, path: String, convertColour: Bool, intent: RenderingIntent?) -> ItemSource {
            var source = ItemSource(path: path, kind: item.kind, width: item.width, height: item.height, allowDamaged: allowDamaged)
            if item.kind == .video {
                source.video = VideoSource(duration: item.duration, durationLabel: item.durationLabel, posterAt: posterAt,
                    timeout: toolTimeout, facts: item.videoFacts)
            }
            source.convertColour = convertColour
            source.intent = intent
            return source
        }
    }
}

extension ItemPlanner {
    /// Plans `outputs` (settled for the gallery) with what `scan` learnt of the sources, as
    /// `options` ask; it keeps none of the report's manifest.
    init(options: GalleryOptions, outputs: [AnyOutput], scan report: MediaScanner.Report) {
        let (aliases, needsTransform, intents) = (report.aliases, report.needsColourTransform, report.renderingIntents)
        let sources = GalleryBuilder.SourceSettings(options)
        self.init(outputs: outputs, outputFolder: options.outputFolder) { item, file in
            let open = { (file: Item.Source) in file.pathBytes.flatMap(aliases.path(forBase64:)) ?? file.path }
            // ffmpeg hands over sRGB frames; untagged RGB photos are sRGB already.
            var source = sources.source(for: item, path: open(file), convertColour: item.kind != .video && needsTransform.contains(file.path),
                intent: intents[file.path])
            source.pairedRawPath = item.raw?.source.map(open)
            return source
        }
        raw = options.scan.raw
        rawMaxMemory = options.scan.probe.maxMemory
    }
}
