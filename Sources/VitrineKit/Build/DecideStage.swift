import Foundation
import VipsKit

/// A build's second stage. Takes the scanned items and their planner; plans each item's outputs
/// once, matches them with what the last build made from the same content (a batch of items at
/// a time on every core: lookups, kept products read, files checked), then claims them one
/// item at a time, in order. Outputs kept are folded into the manifest at once, moved ones are
/// moved and recorded. Gives the manifest folded into, the decisions (what is left to make, each
/// pending item with its planned outputs), and what the last build made that nothing plans any more.
struct DecideStage {
    /// Items matched with the state at a time.
    static let batch = 512

    struct Decided {
        /// The decisions, item by item, and the work they leave.
        var pass: BuildPass
        /// The last build's outputs no planned output claimed: their rows are forgotten.
        var unclaimed: [StateStore.Output] = []
        /// Of their files, those no output of this build owns: removed.
        var removals: [[String]] = []
        /// Outputs moved to an item's new name.
        var moved = 0
    }

    /// An item's outputs, planned, matched with the state, and the source its content was known under.
    struct Matched {
        var numbered: [(output: Int, planned: PlannedOutput)] = []
        var previous: String?
        var matches: [OutputLedger.Match?] = []
    }

    let planner: ItemPlanner
    let reused: Set<String>
    let gone: GoneSources

    init(planner: ItemPlanner, reused: Set<String>, present: Set<String>, state: StateStore?) {
        self.planner = planner
        self.reused = reused
        gone = GoneSources(state: state, present: present)
    }

    func decide(_ manifest: consuming Manifest, run: BuildRun) throws(SiteBuilder.Failure) -> (Manifest, Decided) {
        // What the last build made, and which of it this one has claimed so far.
        var ledger = OutputLedger(state: run.state, outputs: planner.outputs, site: run.folder, force: run.options.force)
        var decided = Decided(pass: BuildPass(site: run.site, listsActions: run.options.listsActions))
        // The paths outputs are moved to: this build's, whatever the state says.
        var movedTo = Set<String>()
        // The folders found real on the way to outputs (``SiteFolder/refuseLinks(on:checked:isFolder:)``).
        var checked = Set<String>()
        // The whole-gallery outputs' album folders: the sheets' and the page's data pieces'.
        let galleryFolders = (run.options.sheet == nil ? [] : [BuildOptions.sheetFolder]) + (run.options.page ? [PageData.folder] : [])
        for album in Set(manifest.items.compactMap(\.album)) {
            for top in galleryFolders { try refuseLinks(on: Path.join(top, album), isFolder: true, run: run, checked: &checked) }
        }
        // The search index's folders of term and record pieces.
        if run.options.page, run.options.search {
            for folder in SearchIndex.pieceFolders { try refuseLinks(on: folder, isFolder: true, run: run, checked: &checked) }
        }
        for start in stride(from: 0, to: manifest.items.count, by: Self.batch) {
            // Stopped: what was moved so far is recorded first, as at the end of a pass.
            if run.maker.isCancelled { run.recorder?.flush() }
            try run.stopIfCancelled()
            let range = start..<min(manifest.items.count, start + Self.batch)
            let matched = try match(manifest.items, range: range, ledger: ledger, run: run)
            try refuseLinks(on: matched, run: run, checked: &checked)
            for (offset, item) in matched.enumerated() where !item.numbered.isEmpty {
                decided.moved += settle(item, index: range.lowerBound + offset, in: &manifest, ledger: &ledger, pass: &decided.pass,
                    run: run, movedTo: &movedTo)
            }
        }
        run.recorder?.flush()
        try leftovers(&decided, ledger: ledger, run: run, movedTo: movedTo)
        return (manifest, decided)
    }

    /// Plans and matches the items of `range` on every core; changes nothing.
    private func match(_ items: [Item], range: Range<Int>, ledger: OutputLedger, run: BuildRun) throws(SiteBuilder.Failure) -> [Matched] {
        let found = Locked([Matched](repeating: Matched(), count: range.count))
        let failure = Locked<(any Error)?>(nil)
        let lanes = ProcessInfo.processInfo.activeProcessorCount
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            for offset in stride(from: lane, to: range.count, by: lanes) {
                let item = items[range.lowerBound + offset]
                let numbered = planner.numbered(for: item)
                guard !numbered.isEmpty else { continue }
                do {
                    let previous = try gone.previousSource(of: item, key: SourceKey.of(item), reused: reused)
                    let matches = try ledger.match(numbered, previous: previous)
                    found.withLock { $0[offset] = Matched(numbered: numbered, previous: previous, matches: matches) }
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                }
            }
        }
        if let error = failure.current { throw run.stateFailure(.read, error) }
        return found.current
    }

    /// Throws a usage failure for a symbolic link on the way to any output of `matched`, before
    /// any of them is moved or made: a link planted in the site must not lead a write out of it.
    private func refuseLinks(on matched: [Matched], run: BuildRun, checked: inout Set<String>) throws(SiteBuilder.Failure) {
        for item in matched {
            for (position, numbered) in item.numbered.enumerated() {
                // An output kept as it is gets no write: its folders are looked at (once a build,
                // for them all), not its own files, which matching has just found in place.
                let kept: Bool
                if position < item.matches.count, case .keep = item.matches[position]?.decision { kept = true } else { kept = false }
                for path in numbered.planned.target.paths {
                    try refuseLinks(on: kept ? Path.parent(of: path) : path, isFolder: kept, run: run, checked: &checked)
                }
            }
        }
    }

    private func refuseLinks(on path: String, isFolder: Bool = false, run: BuildRun, checked: inout Set<String>)
        throws(SiteBuilder.Failure)
    {
        do { try run.folder.refuseLinks(on: path, checked: &checked, isFolder: isFolder) } catch { throw .usage(error.sentence) }
    }

    /// Claims one item's matches: kept outputs stay, moved ones are moved and recorded (made
    /// when the move fails), its decisions recorded in `pass`, and the item is folded in when
    /// nothing is left to make. Its moves.
    private func settle(_ item: Matched, index: Int, in manifest: inout Manifest, ledger: inout OutputLedger, pass: inout BuildPass,
                        run: BuildRun, movedTo: inout Set<String>) -> Int {
        let planned = item.numbered.map(\.planned)
        let key = SourceKey.of(manifest.items[index])
        var decisions = ledger.claim(item.matches)
        var moved = 0
        for (position, decision) in decisions.enumerated() {
            switch decision {
            case .move(let from, let product):
                movedTo.formUnion(planned[position].target.paths)
                guard let recorder = run.recorder else { break }
                if ledger.move(from: from, to: planned[position].target) {
                    recorder.record(planned[position], product, source: key)
                    moved += 1
                } else {
                    decisions[position] = .make
                }
            case .keep(let product) where item.previous != key:
                // Files in place, made from the same content under another name (the source
                // path spelt otherwise): they are this source's now.
                run.recorder?.record(planned[position], product, source: key)
            default:
                break
            }
        }
        if let products = pass.record(item: index, id: manifest.items[index].id, planned: planned, decisions: decisions) {
            _ = manifest.items[index].fold(.made(products, damaged: false), of: planned)
        }
        return moved
    }

    /// The last build's outputs nothing claimed, and those of their files no output of this
    /// build owns (one made with new settings or from new content may have the old one's name).
    private func leftovers(_ decided: inout Decided, ledger: OutputLedger, run: BuildRun, movedTo: Set<String>)
        throws(SiteBuilder.Failure)
    {
        let written = run.recorder?.written ?? []
        do {
            decided.unclaimed = try ledger.unclaimed(besides: written)
            var leaving = Set(decided.unclaimed.flatMap(SiteBuilder.paths(of:)))
            guard !leaving.isEmpty else { return }
            leaving.subtract(movedTo)
            for pending in decided.pass.pending { for planned in pending.planned { leaving.subtract(planned.target.paths) } }
            try ledger.eachOwned(besides: written) { leaving.subtract($0) }
            decided.removals = decided.unclaimed.map { SiteBuilder.paths(of: $0).filter(leaving.contains) }.filter { !$0.isEmpty }
        } catch {
            throw run.stateFailure(.read, error)
        }
    }
}
