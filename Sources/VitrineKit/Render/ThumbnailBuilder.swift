import Foundation

/// Everything `thumbs` needs to know.
public struct ThumbnailOptions: Sendable {
    /// Inputs, order, navigation and limits, exactly as `scan`.
    public var scan = ScanOptions()
    /// The renditions to make of every item: default one 256×256 fit box, JPEG.
    public var specs: [RenditionSpec] = [RenditionSpec(width: 256, height: 256)]
    /// Where the files go. Nothing is ever written outside it.
    public var outputDirectory: String
    /// Where a video's poster frame is taken: default 10 % of its duration.
    public var posterAt: PosterTime = .percent(10)
    /// Burn the duration label into video renditions: default off.
    public var durationBadge = false
    /// The placeholder each item gets: default ThumbHash.
    public var placeholder: Placeholder.Kind = .thumbhash

    public init(outputDirectory: String) { self.outputDirectory = outputDirectory }
}

/// `thumbs`: a scan, then every item's renditions made on the worker pool.
///
/// Output files are named `<id>-<box>[@2x].<ext>` below the output folder, so ids that keep
/// sub-folders keep them here too. An @2x rendition is left out when the source is not larger
/// than the 1× one would be (it would be the same picture), unless upscaling is on.
public struct ThumbnailBuilder: Sendable {
    public var options: ThumbnailOptions
    public var pool: WorkerPool

    public init(options: ThumbnailOptions, pool: WorkerPool) {
        self.options = options
        self.pool = pool
    }

    public func build(_ inputs: [String], readList: () -> [String] = InputWalker.standardInputLines) throws(ScanError)
        -> MediaScanner.Report
    {
        var scanner = MediaScanner(options: options.scan, pool: pool)
        // Thumbnails written into a folder below an input must not come back as photos next time.
        scanner.excludedFolders = [options.outputDirectory]
        var report = try scanner.scan(inputs, readList: readList)
        var manifest = report.manifest
        let plans = manifest.items.map { item in plannedOutputs(for: item) }
        for folder in Set(plans.flatMap { $0.map { ($0.path as NSString).deletingLastPathComponent } }) {
            AtomicFile.removeLeftovers(in: folder)
        }
        let tasks = zip(manifest.items, plans).map { item, outputs in
            var request = RenderRequest(outputs: outputs, allowDamaged: options.scan.probe.allowDamaged,
                sourceWidth: item.width, sourceHeight: item.height)
            request.placeholder = options.placeholder
            if item.kind == "video" {
                request.video = VideoRendering(duration: item.duration, posterAt: options.posterAt,
                    badge: options.durationBadge ? item.durationLabel : nil, timeout: options.scan.probe.toolTimeout)
            }
            // ffmpeg hands over sRGB frames; untagged RGB photos are sRGB already.
            request.convertColour = item.kind != "video" && report.needsColourTransform.contains(item.source.path)
            return WorkTask.render(path: item.source.path, request: request)
        }
        // Largest sources first: the run ends with small files, not one worker on a big one.
        let order = manifest.items.indices.sorted { manifest.items[$0].source.bytes > manifest.items[$1].source.bytes }
        let results = pool.runCollecting(tasks, order: order)

        var kept: [Item] = []
        for (index, var item) in manifest.items.enumerated() {
            switch results[index] {
            case .success(.render(.rendered(let files, let damaged, let placeholder))):
                item.placeholder = placeholder
                item.renditions = zip(plans[index], files).map { plan, file in rendition(plan.spec, file, id: item.id) }
                    .sorted { ($0.width * $0.height, $0.scale, $0.path) < ($1.width * $1.height, $1.scale, $1.path) }
                if damaged {
                    // One line a file: the scan may have said it already.
                    if item.damaged != true {
                        report.warnings.append((item.source.path, "damaged: rendered what decodes (--allow-damaged)"))
                    }
                    item.damaged = true
                }
                kept.append(item)
            case .success(.render(.failed(let message, let reason))):
                manifest.errors.append(ItemError(path: item.source.path, message: message, reason: reason))
            case .failure(let failure):
                manifest.errors.append(ItemError(path: item.source.path, message: failure.message, reason: failure.reason))
            default:
                manifest.errors.append(ItemError(path: item.source.path, message: "no answer from the worker", reason: .crashed))
            }
        }
        // The viewer still opens on the item asked for; if that one failed, on the one after it.
        // (`manifest.items` still holds the scan's order here.)
        if let initial = manifest.initialIndex {
            manifest.initialIndex = Navigation.initialIndex(askedFor: initial, in: manifest.items.map(\.id), kept: kept.map(\.id))
        }
        // A part records the items it lost, so that the merge can follow the initial item as
        // a single run does.
        if manifest.partial != nil {
            let keptIDs = Set(kept.map(\.id))
            let dropped = manifest.items.filter { !keptIDs.contains($0.id) }.compactMap { item in
                item.sortKey.map { DroppedItem(id: item.id, takenAt: item.takenAt, sortKey: $0) }
            }
            manifest.partial?.dropped = dropped.isEmpty ? nil : dropped
        }
        Navigation.link(&kept, cyclic: options.scan.cyclic)
        manifest.items = kept
        manifest.errors.sort(by: ItemError.precedes)
        report.manifest = manifest
        return report
    }

    /// The files to make for one item, in spec order.
    func plannedOutputs(for item: Item) -> [PlannedOutput] {
        options.specs.compactMap { spec in
            if spec.scale > 1 && !spec.upscale && !Self.sourceExceeds(spec: spec, width: item.width, height: item.height) {
                return nil
            }
            let box = Self.pixelBox(spec: spec, sourceWidth: item.width, sourceHeight: item.height)
            return PlannedOutput(spec: spec, path: Self.outputPath(id: item.id, spec: spec, in: options.outputDirectory),
                width: box.width, height: box.height)
        }
    }

    /// The box asked of libvips. A `.fill` box the source cannot cover without enlarging
    /// shrinks to the largest box of the same shape that it can: a 256×256 cell of a 200×150
    /// photo is 150×150, still square, never stretched.
    static func pixelBox(spec: RenditionSpec, sourceWidth: Int, sourceHeight: Int) -> (width: Int?, height: Int?) {
        guard spec.mode == .fill, !spec.upscale, let width = spec.pixelWidth, let height = spec.pixelHeight,
            sourceWidth > 0, sourceHeight > 0
        else { return (spec.pixelWidth, spec.pixelHeight) }
        let factor = min(1, Double(sourceWidth) / Double(width), Double(sourceHeight) / Double(height))
        return (max(1, Int((Double(width) * factor).rounded(.down))), max(1, Int((Double(height) * factor).rounded(.down))))
    }

    /// `DIR/<id>-<suffix>`. Ids hold only `a-z 0-9 - /` and no empty or dot segments, so the
    /// result is always inside DIR.
    public static func outputPath(id: String, spec: RenditionSpec, in directory: String) -> String {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return (base.isEmpty ? "." : base) + "/" + id + "-" + spec.fileSuffix
    }

    /// Whether an upright source of this size is larger than the spec's 1× box would make it,
    /// so that a denser rendition has more pixels to show.
    static func sourceExceeds(spec: RenditionSpec, width: Int, height: Int) -> Bool {
        let ratios = [spec.width.map { Double($0) / Double(width) }, spec.height.map { Double($0) / Double(height) }]
            .compactMap { $0 }
        guard let fitFactor = ratios.min(), let fillFactor = ratios.max() else { return true }
        let fills = spec.mode == .fill && ratios.count == 2
        return (fills ? fillFactor : fitFactor) < 1
    }

    private func rendition(_ spec: RenditionSpec, _ file: RenderedFile, id: String) -> Rendition {
        Rendition(role: "thumbnail", path: id + "-" + spec.fileSuffix, width: file.width, height: file.height,
            format: spec.encoding.format.rawValue, box: spec.boxLabel, fit: spec.effectiveMode.rawValue, scale: spec.scale,
            bytes: file.bytes)
    }
}
