import Foundation
import VipsKit

extension SiteBuilder {
    /// ``build(_:readList:dryRun:)`` up to the manifest: the scan, the decisions against the
    /// last build's state item by item, the outputs made, removals; the report's manifest has
    /// every item folded in. What it holds beside the items is what is left to make.
    func makeItems(_ inputs: [InputPath], readList: () -> [InputPath], dryRun: Bool, state: StateStore?,
                   part: String, folder: SiteFolder) throws(Failure) -> Report {
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
        // Stopped during the downloads or the probes: what was probed is kept, nothing else is done.
        try stopIfCancelled()
        var manifest = scanned.manifest
        scanned.manifest = Manifest()

        var gallery = GalleryOptions(outputs: options.outputs, outputFolder: site)
        gallery.scan = scanOptions
        gallery.posterAt = options.posterAt
        let planner = GalleryBuilder(options: gallery, pool: pool, listener: listener).planner(for: scanned)
        let present = Set(manifest.items.map { SourceKey.of($0) })
        let recorder = dryRun ? nil : state.map(StateRecorder.init)

        // The decisions, item by item; outputs kept are folded in at once, moved ones moved.
        var ledger = OutputLedger(state: state, outputs: planner.outputs, site: folder, force: options.force)
        var pass = BuildPass(site: site, listsActions: options.listsActions)
        var moved = 0
        let reused = cache.reused
        let gone = GoneSources(state: state, present: present)
        // A batch of items is matched with the state on every core (lookups, kept products
        // read, files checked), then settled one item at a time, in order.
        var matched: [Matched] = []
        let batch = 512, lanes = ProcessInfo.processInfo.activeProcessorCount
        for index in manifest.items.indices {
            if index % batch == 0 {
                // Stopped: what was moved so far is recorded first, as at the end of a pass.
                if pool.isCancelled { recorder?.flush() }
                try stopIfCancelled()
                let range = index..<min(manifest.items.count, index + batch)
                let found = Locked([Matched](repeating: Matched(), count: range.count))
                DispatchQueue.concurrentPerform(iterations: lanes) { [manifest, ledger] lane in
                    for offset in stride(from: lane, to: range.count, by: lanes) {
                        let item = manifest.items[range.lowerBound + offset]
                        let numbered = planner.numbered(for: item)
                        guard !numbered.isEmpty else { continue }
                        let previous = Self.previousSource(of: item, key: SourceKey.of(item), reused: reused, gone: gone)
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
        do { unclaimed = try ledger.unclaimed(besides: recorder?.written ?? []) } catch {
            throw .state("cannot read the build's state: \(error)")
        }
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
        recorder.watch(unclaimed)

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
            let job = planner.job(for: item, outputs: pending[number].making(planned), companions: pending[number].keeping(planned))
            return job ?? ItemJob(source: ItemSource(path: "", kind: item.kind, width: 0, height: 0),
                outputFolder: site, outputs: [])
        }, item: { folding.manifest.items[pending[$0].item] }, on: pool, listener: listener) { number, outcome in
            answered.withLock { $0[number] = true }
            let index = pending[number].item
            let planned = planner.planned(for: folding.manifest.items[index])
            var outcome = outcome
            if case .made(let made, let damaged) = outcome {
                let source = SourceKey.of(folding.manifest.items[index])
                for (planned, product) in zip(pending[number].making(planned), made) {
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
        // A path that leads out of the site (an edited state) is refused and left alone.
        for paths in removals {
            var refused = false
            for path in paths {
                do { AtomicFile.remove(try folder.confined(path)) } catch {
                    report.refused.append("\(state.path): \(error)")
                    refused = true
                }
            }
            if refused { report.removed -= 1 }
        }
        do {
            var gone: [String] = []
            try state.eachSource { key, _ in if !present.contains(key) { gone.append(key) } }
            try state.batch {
                for output in unclaimed where !recorder.rewritten.contains(StateRecorder.key(output)) { try state.forget(output) }
                for key in gone { try state.forgetSource(key) }
            }
        } catch {
            throw .state("cannot record the removals in the build's state: \(error)")
        }
        (report.kept, report.moved) = (pass.toKeep, moved)
        report.manifest = manifest
        return report
    }

    /// The key the last build knew `item`'s content under: its own when the file is unchanged
    /// (answered from the state, or read again and found the same content), that of a source gone
    /// since with the same SHA-256 when it was moved or renamed; none when it is new or changed.
    /// Among sources gone with the same content (copies of one picture), the one whose path
    /// ends most like this one's: a folder moved or named otherwise keeps its files' names.
    static func previousSource(of item: Item, key: String, reused: Set<String>, gone: GoneSources) -> String? {
        if reused.contains(key) { return key }
        guard let sha = item.source?.sha256 else { return nil }
        // Ties go to the first key in byte order, so that every run chooses alike.
        return gone.keys(sha256: sha).max { (commonSuffix($0, key), $1) < (commonSuffix($1, key), $0) }
    }

    /// The sources the state knows that this build did not find, by content: read from the
    /// state once, when the first item that is not unchanged asks (a rebuild with nothing new
    /// never does; a first build finds none). A gallery of copies of a few pictures must not
    /// look through every copy for each item.
    final class GoneSources: @unchecked Sendable {
        private let state: StateStore?
        private let present: Set<String>
        private let lock = NSLock()
        private var bySHA: [String: [String]]?

        init(state: StateStore?, present: Set<String>) {
            self.state = state
            self.present = present
        }

        func keys(sha256: String) -> [String] {
            lock.lock()
            defer { lock.unlock() }
            if bySHA == nil {
                var found: [String: [String]] = [:]
                try? state?.eachSource { key, sha in
                    if let sha, !present.contains(key) { found[sha, default: []].append(key) }
                }
                bySHA = found
            }
            return bySHA?[sha256] ?? []
        }
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
