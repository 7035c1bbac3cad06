import Foundation

/// A build's first stage. Takes the inputs; gives the manifest of every item found, in gallery
/// order, how to plan each one's outputs, and the sources whose content the state knows already. Unchanged
/// files are answered from the state; the others are read (and hashed, so that a file moved or
/// copied elsewhere is still known by its content) and their answers kept in it. Or, when the
/// files found and the options are those of the last complete build and its site is as that
/// build left it (``UnchangedBuild``), gives only that: there is nothing to do.
struct ScanStage {
    let run: BuildRun

    enum Outcome {
        case scanned(Manifest, Scanned)
        case unchanged(UnchangedBuild)
    }

    /// What the scan learnt beside the items.
    struct Scanned {
        var planner: ItemPlanner
        /// Sources whose content is the one the state knows (unchanged, or read again and the same).
        var reused: Set<String>
        /// What a complete build of these files notes (``UnchangedBuild``); nil when none can be
        /// known unchanged.
        var fingerprint: String?
        /// What the scan said of the files.
        var said: [UnchangedBuild.Said]
    }

    func scan(_ inputs: [InputPath], readList: () -> [InputPath]) throws(SiteBuilder.Failure) -> Outcome {
        let options = scanOptions
        let cache = StateProbeCache(state: run.state, writes: !run.dryRun)
        let said = SaidRecorder(passingTo: run.listener)
        var scanner = MediaScanner(options: options, pool: run.prober, listener: said)
        scanner.excludedFolders = [run.site]
        scanner.probeCache = cache
        var gathered: MediaScanner.Gathered
        do { gathered = try scanner.gather(inputs, readList: readList) } catch { throw .scan(error) }
        // A folder that could not be listed: what is below it is not known, so neither is the build unchanged.
        var fingerprint = run.dryRun || !gathered.found.unreadableFolders.isEmpty ? nil
            : UnchangedBuild.fingerprint(of: gathered, inputs: inputs, options: run.options, extraOutputs: run.extraOutputs)
        if let unchanged = try unchanged(fingerprint) { return .unchanged(unchanged) }
        if !run.dryRun, let state = run.state {
            // Whatever this build changes, the note no longer describes the site.
            do { try state.forgetNote(UnchangedBuild.noteKey) } catch { throw run.stateFailure(.recordBuild, error) }
        }
        var unreadable = run.state.map(UnreadableSources.init(state:))
        do { if try unreadable?.keep(&gathered.found, listener: said) == true { fingerprint = nil } } catch {
            throw run.stateFailure(.read, error)
        }
        said.isKeeping = true
        scanner.keptIDs = (lastIDs, PublishedPaths(inputs: inputs))
        var report: MediaScanner.Report
        do { report = try scanner.scan(gathered) } catch { throw .scan(error) }
        unreadable?.restoreText(in: &report.manifest, inputs: inputs, site: run.site)
        cache.flush()
        if let failure = cache.readFailure { throw run.stateFailure(.read, failure) }
        if let failure = cache.failure { throw run.stateFailure(.recordSources, failure) }
        // Stopped during the downloads or the probes: what was probed is kept, nothing else is done.
        try run.stopIfCancelled()
        var gallery = GalleryOptions(outputs: run.options.outputs + run.extraOutputs, outputFolder: run.site)
        gallery.scan = options
        gallery.posterAt = run.options.posterAt
        let outputs = gallery.outputs.map { $0.settled(for: report.manifest.items) }
        let planner = ItemPlanner(options: gallery, outputs: outputs, scan: report)
        return .scanned(report.manifest, Scanned(planner: planner, reused: cache.reused, fingerprint: fingerprint, said: said.said))
    }

    /// The last complete build's note, when it is for `fingerprint` and the site is as that build
    /// left it; its messages said again.
    private func unchanged(_ fingerprint: String?) throws(SiteBuilder.Failure) -> UnchangedBuild? {
        guard let fingerprint, let state = run.state, let note = UnchangedBuild.noted(in: state, fingerprint: fingerprint) else { return nil }
        let page = run.options.page ? Path.join(run.site, GalleryPage.fileName) : nil
        let presentation = run.options.iiifManifest ? Path.join(run.site, BuildOptions.iiifManifestName) : nil
        do {
            guard try note.holds(in: run.folder, state: state, outputs: run.options.outputs + run.extraOutputs, page: page,
                presentation: presentation)
            else { return nil }
        } catch {
            throw run.stateFailure(.read, error)
        }
        for said in note.said { run.listener?.receive(said.event) }
        return note
    }

    /// The ids of the site's last `manifest.json` (every part reads the same one), which a rebuild
    /// keeps; none when there is none. One that cannot be read is said when the build publishes.
    private var lastIDs: KeptIDs {
        guard case .success(let data) = ManifestFile.bytes(of: Path.join(run.site, SiteBuilder.manifestName), inSite: run.site)
        else { return KeptIDs() }
        return KeptIDs(manifest: data)
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
