import Foundation
import VipsKit

/// `vitrine build`: the whole gallery in one incremental, resumable command.
///
/// A build scans its sources (reading again only the files that changed since the last build:
/// same size, modification time and inode), plans every item's outputs, keeps those the last
/// build made from the same content with the same settings, moves those whose item was renamed
/// (known by its content's SHA-256), makes the rest on the worker pool, removes what it made
/// before that nothing plans any more, runs the whole-gallery phases (contact sheets), and
/// writes the manifest. What it knows of the last build is in `SITE/.vitrine/`
/// (``StateStore``), written only once outputs are in place, so a build killed at any moment
/// is finished by the next one as if it had never stopped.
public struct SiteBuilder {
    public var options: BuildOptions
    public var pool: WorkerPool
    /// Hears each file's outcome as it comes: default none.
    public var listener: ProgressListener?

    public init(options: BuildOptions, pool: WorkerPool, listener: ProgressListener? = nil) {
        self.options = options
        self.pool = pool
        self.listener = listener
    }

    /// What a build did.
    public struct Report: Sendable {
        public var manifest: Manifest
        /// Outputs made, kept from the last build as they were, moved to an item's new name,
        /// and removed.
        public var made = 0
        public var kept = 0
        public var moved = 0
        public var removed = 0
        /// One line per action (`make`, `keep`, `move`, `remove`, with the item and paths).
        public var actions: [String] = []
        /// What a person should know about the run that is not a failure (`--merge`: old parts ignored).
        public var notes: [String] = []
    }

    public enum Failure: Error, CustomStringConvertible {
        case site(String)
        case scan(ScanError)
        case state(String)
        /// Stopped by ``WorkerPool/cancel()`` (a signal): what was finished is in the state.
        case cancelled

        public var description: String {
            switch self {
            case .site(let message), .state(let message): message
            case .scan(let error): error.message
            case .cancelled: "stopped: the next build resumes from what was finished"
            }
        }
    }

    /// Where the build keeps what it knows: `SITE/.vitrine/`.
    public static let stateFolder = ".vitrine"

    /// Builds the site from `inputs`. With `dryRun`, nothing is written: the report says what a
    /// build would do.
    public func build(_ inputs: [InputPath], readList: () -> [InputPath] = InputPath.standardInputLines,
                      dryRun: Bool = false) throws(Failure) -> Report {
        let site = options.site
        let part = options.scan.shard.map { "-\($0.index)-of-\($0.count)" } ?? ""
        let stateFolder = Path.join(site, Self.stateFolder)
        let lock = dryRun ? nil : try prepare(site, stateFolder: stateFolder, part: part)
        let state = try openState(Path.join(stateFolder, "state\(part).sqlite"), dryRun: dryRun)
        // The items made and folded in. The plan, the ledger and the decisions (several records
        // for every output of every item) end with that step, before the manifest and the page,
        // each as large as the gallery, are written.
        var report = try makeItems(inputs, readList: readList, dryRun: dryRun, state: state, part: part)
        guard !dryRun, let state else { return report }
        var manifest = report.manifest
        report.manifest = Manifest()
        if options.scan.shard != nil {
            // A part: its items and their outputs; the whole gallery's work waits for the merge.
            SiteManifest.publishable(&manifest, inputs: inputs, keepLocation: options.keepLocation)
            try write(manifest, extra: ExtraMembers(), to: Path.join(site, Self.partPath(part)))
        } else {
            try publish(&manifest, state: state) { (manifest: inout Manifest) throws(Failure) in
                try finish(&manifest, state: state)
                SiteManifest.publishable(&manifest, inputs: inputs, keepLocation: options.keepLocation)
            }
        }
        report.manifest = manifest
        withExtendedLifetime(lock) {}
        return report
    }

    /// ``build(_:readList:dryRun:)`` up to the manifest: the scan, the decisions against the
    /// last build's state item by item, the outputs made, removals; the report's manifest has
    /// every item folded in. What it holds beside the items is what is left to make.
    private func makeItems(_ inputs: [InputPath], readList: () -> [InputPath], dryRun: Bool, state: StateStore?,
                           part: String) throws(Failure) -> Report {
        let site = options.site
        let cache = StateProbeCache(state: state, writes: !dryRun)

        // The scan: unchanged files answered from the state, the others read (and hashed, so
        // that a file moved or copied elsewhere is still known by its content) and kept in it.
        var scanOptions = options.scan
        scanOptions.probe.hash = true
        // Remote images are downloaded into the site's state folder (a dry run too: what a
        // build would do depends on what the server sends), and asked for again with
        // If-None-Match next time.
        if scanOptions.remote.cacheFolder == nil { scanOptions.remote.cacheFolder = RemoteOptions.defaultCacheFolder(in: site) }
        var scanner = MediaScanner(options: scanOptions, pool: pool, listener: listener)
        scanner.excludedFolders = [site]
        scanner.probeCache = cache
        var scanned: MediaScanner.Report
        do { scanned = try scanner.scan(inputs, readList: readList) } catch { throw .scan(error) }
        cache.flush()
        if let failure = cache.failure { throw .state("cannot record the sources in the build's state: \(failure)") }
        var manifest = scanned.manifest
        scanned.manifest = Manifest()

        var gallery = GalleryOptions(outputs: options.outputs, outputFolder: site)
        gallery.scan = scanOptions
        gallery.posterAt = options.posterAt
        let planner = GalleryBuilder(options: gallery, pool: pool, listener: listener).planner(for: scanned)
        let present = Set(manifest.items.map { SourceKey.of($0) })
        let recorder = dryRun ? nil : state.map(StateRecorder.init)

        // The decisions, item by item; outputs kept are folded in at once, moved ones moved.
        var ledger = OutputLedger(state: state, outputs: planner.outputs, site: site, force: options.force)
        var pass = BuildPass(site: site, listsActions: options.listsActions)
        var moved = 0
        let reused = cache.reused
        // A batch of items is matched with the state on every core (lookups, kept products
        // read, files checked), then settled one item at a time, in order.
        var matched: [Matched] = []
        let batch = 512, lanes = ProcessInfo.processInfo.activeProcessorCount
        for index in manifest.items.indices {
            if index % batch == 0 {
                let range = index..<min(manifest.items.count, index + batch)
                let found = Locked([Matched](repeating: Matched(), count: range.count))
                DispatchQueue.concurrentPerform(iterations: lanes) { [manifest, ledger] lane in
                    for offset in stride(from: lane, to: range.count, by: lanes) {
                        let item = manifest.items[range.lowerBound + offset]
                        let numbered = planner.numbered(for: item)
                        guard !numbered.isEmpty else { continue }
                        let previous = Self.previousSource(of: item, key: SourceKey.of(item), state: state, reused: reused, present: present)
                        let matches = ledger.match(numbered, previous: previous)
                        found.withLock { $0[offset] = Matched(numbered: numbered, previous: previous, matches: matches) }
                    }
                }
                matched = found.current
            }
            let item = matched[index % batch]
            guard !item.numbered.isEmpty else { continue }
            let planned = item.numbered.map(\.planned)
            let key = SourceKey.of(manifest.items[index])
            var decisions = ledger.claim(item.matches)
            if let recorder {
                for (position, decision) in decisions.enumerated() {
                    switch decision {
                    case .move(let from, let product):
                        if ledger.move(from: from, to: planned[position].target) {
                            recorder.record(planned[position], product, source: key)
                            moved += 1
                        } else {
                            decisions[position] = .make
                        }
                    case .keep(let product) where item.previous != key:
                        // Files in place, made from the same content under another name (the
                        // source path spelt otherwise): they are this source's now.
                        recorder.record(planned[position], product, source: key)
                    default:
                        break
                    }
                }
            }
            if let products = pass.record(item: index, id: manifest.items[index].id, planned: planned, decisions: decisions) {
                _ = GalleryBuilder.fold(.made(products, damaged: false), of: planned, into: &manifest.items[index])
            }
        }
        recorder?.flush()
        let unclaimed: [StateStore.Output]
        do { unclaimed = try ledger.unclaimed(besides: recorder?.written ?? []) } catch { throw .state("cannot read the build's state: \(error)") }
        // Their files, but none an output of this build owns: one made with new settings or
        // from new content may have the old one's name.
        var leaving = Set(unclaimed.flatMap(Self.paths(of:)))
        for item in manifest.items where !leaving.isEmpty {
            for planned in planner.planned(for: item) { leaving.subtract(planned.target.paths) }
        }
        let removals = unclaimed.map { Self.paths(of: $0).filter(leaving.contains) }.filter { !$0.isEmpty }
        var report = Report(manifest: Manifest())
        (report.made, report.kept, report.moved, report.removed) = (pass.toMake, pass.toKeep, pass.toMove, removals.count)
        if options.listsActions { report.actions = pass.actions + removals.map { "remove " + $0.joined(separator: " ") } }
        if dryRun {
            report.manifest = manifest
            return report
        }
        guard let state, let recorder else { throw .state("no state store") }

        // Temporary files of builds that died: at once, since this build holds the lock (parts
        // of one run share the site, and another machine's part may be writing: they wait).
        for folder in pass.folders.union([site]) { AtomicFile.removeLeftovers(in: folder, olderThan: part.isEmpty ? 0 : 600) }
        let folding = FoldingManifest(manifest)
        manifest = Manifest()
        let pending = pass.pending
        let order = pending.indices.sorted {
            (folding.manifest.items[pending[$0].item].source?.bytes ?? 0) > (folding.manifest.items[pending[$1].item].source?.bytes ?? 0)
        }
        let answered = Locked([Bool](repeating: false, count: pending.count))
        GalleryBuilder.run(count: pending.count, order: order, job: { number in
            let item = folding.manifest.items[pending[number].item]
            let planned = planner.planned(for: item)
            let making = zip(planned, pending[number].kept).filter { $0.1 == nil }.map(\.0)
            return planner.job(for: item, outputs: making) ?? ItemJob(source: ItemSource(path: "", kind: item.kind, width: 0, height: 0),
                outputFolder: site, outputs: [])
        }, item: { folding.manifest.items[pending[$0].item] }, on: pool, listener: listener) { number, outcome in
            answered.withLock { $0[number] = true }
            let index = pending[number].item
            let planned = planner.planned(for: folding.manifest.items[index])
            var outcome = outcome
            if case .made(let made, let damaged) = outcome {
                let source = SourceKey.of(folding.manifest.items[index])
                for (planned, product) in zip(planned.indices.filter { pending[number].kept[$0] == nil }.map { planned[$0] }, made) {
                    recorder.record(planned, product, source: source)
                }
                outcome = BuildPass.products(kept: pending[number].kept, made: made).map { .made($0, damaged: damaged) }
                    ?? .failed(ItemFailure(.crashed, "an output is missing"))
            }
            folding.failures[index] = GalleryBuilder.fold(outcome, of: planned, into: &folding.manifest.items[index])
        }
        recorder.flush()
        if let failure = recorder.failure { throw .state("cannot record the outputs in the build's state: \(failure)") }
        if pool.isCancelled {
            // The workers were killed: what they were writing is left under temporary names.
            for folder in pass.folders.union([site]) { AtomicFile.removeLeftovers(in: folder, olderThan: part.isEmpty ? 0 : 600) }
            throw .cancelled
        }
        for (number, done) in answered.current.enumerated() where !done {
            folding.failures[pending[number].item] = ItemFailure(.crashed, "no answer from the worker")
        }
        manifest = folding.manifest
        folding.manifest = Manifest()
        GalleryBuilder.settle(folding.failures, in: &manifest)

        // What nothing plans any more: removed, files first, then what the state says of them.
        for paths in removals { for path in paths { AtomicFile.remove(Path.join(site, path)) } }
        do {
            var gone: [String] = []
            try state.eachSourceKey { key in if !present.contains(key) { gone.append(key) } }
            try state.batch {
                for output in unclaimed { try state.forget(output) }
                for key in gone { try state.forgetSource(key) }
            }
        } catch {
            throw .state("cannot record the removals in the build's state: \(error)")
        }
        (report.kept, report.moved) = (pass.toKeep, moved)
        report.manifest = manifest
        return report
    }

    /// `manifest.json`, below the site.
    public static let manifestName = "manifest.json"

    /// `parts/2-of-3.json`: a part's manifest, for ``merge``.
    static func partPath(_ part: String) -> String { "parts/" + part.dropFirst() + ".json" }

    /// The whole-gallery work, once every item is folded in: contact sheets, composed again
    /// only when what they show changed.
    func finish(_ manifest: inout Manifest, state: StateStore) throws(Failure) {
        guard let settings = options.sheet else {
            manifest.sheets = nil
            return
        }
        let fingerprint = SheetReuse.fingerprint(of: manifest, settings: settings)
        let kept = state.note(SheetReuse.noteKey).flatMap { try? JSONDecoder().decode(SheetReuse.self, from: $0) }
        let site = options.site
        if !options.force, let kept, kept.fingerprint == fingerprint,
            kept.sheets.allSatisfy({ FileManager.default.fileExists(atPath: Path.join(site, $0.path)) }) {
            manifest.sheets = kept.sheets.isEmpty ? nil : kept.sheets
            return
        }
        let phase = SheetPhase(settings: settings, folder: site, fileName: Path.join(BuildOptions.sheetFolder, BuildOptions.sheetFileName))
        phase.run(on: &manifest, context: GalleryPhaseContext(outputFolder: site, listener: listener))
        let made = manifest.sheets ?? []
        // Sheets of the last build that this one did not write again (fewer pages now).
        for old in kept?.sheets ?? [] where !made.contains(where: { $0.path == old.path }) {
            AtomicFile.remove(Path.join(site, old.path))
        }
        do {
            try state.setNote(SheetReuse.noteKey, try JSONEncoder.compact.encode(SheetReuse(fingerprint: fingerprint, sheets: made)))
        } catch {
            throw .state("cannot record the sheets in the build's state: \(error)")
        }
    }

    /// Writes `manifest.json` and the page, with what the last manifest holds that a rebuild
    /// keeps (``SiteManifest/Carried``) applied first, then `prepare` (the sheets). The last
    /// manifest is read only when it is not the file the last build wrote (an edit, a select):
    /// otherwise what it carries is in the state's note, and a gallery of 100,000 items is not
    /// read back.
    func publish(_ manifest: inout Manifest, state: StateStore?,
                 prepare: (inout Manifest) throws(Failure) -> Void = { (_: inout Manifest) throws(Failure) in }) throws(Failure) {
        let path = Path.join(options.site, Self.manifestName)
        let note = state?.note(ManifestNote.key).flatMap { try? JSONDecoder().decode(ManifestNote.self, from: $0) }
        let stamp = FileStamp(path: path)
        let carried = note.flatMap { stamp != nil && $0.stamp == stamp ? $0.carried : nil }
            ?? SiteManifest.carried(from: stamp == nil ? nil : FileManager.default.contents(atPath: path))
        let (extra, kept) = SiteManifest.apply(carried, to: &manifest)
        try prepare(&manifest)
        try write(manifest, extra: extra, to: path)
        if let state, let stamp = FileStamp(path: path) {
            try? state.setNote(ManifestNote.key, JSONEncoder.compact.encode(ManifestNote(stamp: stamp, carried: kept)))
        }
        try writePage(of: manifest, manifestFile: path)
    }

    /// What the state notes of the manifest a build wrote: the file, and what it carries.
    struct ManifestNote: Codable {
        static let key = "manifest"
        var stamp: FileStamp
        var carried: SiteManifest.Carried
    }

    /// `index.html`, the gallery's page, playing videos from their copies.
    func writePage(of manifest: Manifest, manifestFile: String) throws(Failure) {
        guard options.page else { return }
        var videos: [String: String] = [:]
        for item in manifest.items { if let media = item.media { videos[item.id] = media.path } }
        do { _ = try GalleryPage(site: options.site, videoSources: videos).write(manifest, manifestFile: manifestFile) } catch {
            throw .site("cannot write the page: \(error)")
        }
    }

    func write(_ manifest: Manifest, extra: ExtraMembers, to path: String) throws(Failure) {
        do { try SiteManifest.write(manifest, extra: extra, to: path) } catch {
            throw .site("cannot write \(path): \(error)")
        }
    }

    /// The site and its state folder made, and this part's lock taken.
    func prepare(_ site: String, stateFolder: String, part: String) throws(Failure) -> BuildLock {
        do {
            try AtomicFile.prepareOutputFolder(site)
            try AtomicFile.createFolder(stateFolder)
        } catch let problem as AtomicFile.OutputFolderProblem {
            throw .site(problem.description)
        } catch {
            throw .site("\(error)")
        }
        do { return try BuildLock(path: Path.join(stateFolder, "lock" + part)) } catch { throw .site("\(error)") }
    }

    func openState(_ path: String, dryRun: Bool) throws(Failure) -> StateStore? {
        if dryRun && !FileManager.default.fileExists(atPath: path) { return nil }
        do { return try StateStore(path: path, readOnly: dryRun) } catch { throw .state("the build's state \(path) cannot be used: \(error)") }
    }

    static func paths(of output: StateStore.Output) -> [String] {
        OutputTarget(stateText: output.target)?.paths ?? []
    }

    /// The key the last build knew `item`'s content under: its own when the file is unchanged
    /// (answered from the state, or read again and found the same content), that of a source gone
    /// since with the same SHA-256 when it was moved or renamed; none when it is new or changed.
    /// Among sources gone with the same content (copies of one picture), the one whose path
    /// ends most like this one's: a folder moved or named otherwise keeps its files' names.
    static func previousSource(of item: Item, key: String, state: StateStore?, reused: Set<String>, present: Set<String>) -> String? {
        if reused.contains(key) { return key }
        guard let sha = item.source?.sha256, let state else { return nil }
        let name = Path.name(of: key)
        let gone = { (keys: [String]) in keys.filter { !present.contains($0) } }
        let named = gone((try? state.sourceKeys(sha256: sha, named: name)) ?? [])
        if let best = named.max(by: { commonSuffix($0, key) < commonSuffix($1, key) }) { return best }
        return gone((try? state.sourceKeys(sha256: sha)) ?? []).first
    }

    /// How many bytes two paths share at their ends.
    static func commonSuffix(_ left: String, _ right: String) -> Int {
        zip(left.utf8.reversed(), right.utf8.reversed()).prefix { $0 == $1 }.count
    }

    /// An item's outputs matched with the state, and the source its content was known under.
    struct Matched {
        var numbered: [(output: Int, planned: PlannedOutput)] = []
        var previous: String?
        var matches: [OutputLedger.Match?] = []
    }
}
