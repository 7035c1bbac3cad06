import Foundation

/// A build's first stage. Takes the inputs; gives the manifest of every item found, in gallery
/// order, how to plan each one's outputs, and the sources whose content the state knows already. Unchanged
/// files are answered from the state; the others are read (and hashed, so that a file moved or
/// copied elsewhere is still known by its content) and their answers kept in it.
struct ScanStage {
    let run: BuildRun

    /// What the scan learnt beside the items.
    struct Scanned {
        var planner: ItemPlanner
        /// Sources whose content is the one the state knows (unchanged, or read again and the same).
        var reused: Set<String>
    }

    func scan(_ inputs: [InputPath], readList: () -> [InputPath]) throws(SiteBuilder.Failure) -> (Manifest, Scanned) {
        let options = scanOptions
        let cache = StateProbeCache(state: run.state, writes: !run.dryRun)
        var scanner = MediaScanner(options: options, pool: run.prober, listener: run.listener)
        scanner.excludedFolders = [run.site]
        scanner.probeCache = cache
        let report: MediaScanner.Report
        do { report = try scanner.scan(inputs, readList: readList) } catch { throw .scan(error) }
        cache.flush()
        if let failure = cache.readFailure { throw run.stateFailure(.read, failure) }
        if let failure = cache.failure { throw run.stateFailure(.recordSources, failure) }
        // Stopped during the downloads or the probes: what was probed is kept, nothing else is done.
        try run.stopIfCancelled()
        var gallery = GalleryOptions(outputs: run.options.outputs + run.extraOutputs, outputFolder: run.site)
        gallery.scan = options
        gallery.posterAt = run.options.posterAt
        let outputs = gallery.outputs.map { $0.settled(for: report.manifest.items) }
        return (report.manifest, Scanned(planner: ItemPlanner(options: gallery, outputs: outputs, scan: report), reused: cache.reused))
    }

    /// The options' scan, hashing every file read. Remote images are downloaded into the
    /// site's state folder (a dry run too: what a build would do depends on what the server
    /// sends), and asked for again with If-None-Match next time.
    private var scanOptions: ScanOptions {
        var options = run.options.scan
        options.probe.hash = true
        if options.remote.cacheFolder == nil { options.remote.cacheFolder = RemoteOptions.defaultCacheFolder(in: run.site) }
        return options
    }
}
