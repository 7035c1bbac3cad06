import Foundation

extension SiteBuilder {
    /// A build up to the manifest, stage by stage, each taking what the one before gave: the scan,
    /// the check that it would not remove too much (``ShrinkCheck``), the decisions against the last
    /// build's state (kept outputs folded in, moved ones moved), then, unless it is a dry run,
    /// the temporary files of dead builds removed, the rest made, and what nothing plans any
    /// more removed. Gives the manifest with every item folded in, and the counts of what was done.
    func buildItems(_ inputs: [InputPath], readList: () -> [InputPath], run: BuildRun) throws(Failure) -> BuiltItems {
        var manifest: Manifest
        let scanned: ScanStage.Scanned
        switch try ScanStage(run: run).scan(inputs, readList: readList) {
        case .unchanged(let note): return .unchanged(note)
        case .scanned(let found, let scan): (manifest, scanned) = (found, scan)
        }
        let built = BuiltItems.Items(fingerprint: scanned.fingerprint, said: scanned.said, scanErrors: manifest.errors.count)
        let present = Set(manifest.items.map { SourceKey.of($0) })
        try ShrinkCheck(run: run).check(manifest.items, present: present, reused: scanned.reused)
        let decided: DecideStage.Decided
        (manifest, decided) = try DecideStage(planner: scanned.planner, reused: scanned.reused, present: present, state: run.state)
            .decide(consume manifest, run: run)
        let pass = decided.pass
        let actions = run.options.listsActions ? pass.actions + decided.removals.map { "remove " + $0.joined(separator: " ") } : []
        guard !run.dryRun, let state = run.state, let recorder = run.recorder else {
            // A dry run: what the decisions would do.
            let counts = ItemCounts(made: pass.toMake, kept: pass.toKeep, moved: pass.toMove, removed: decided.removals.count,
                actions: actions)
            return .items(manifest, counts, built)
        }
        recorder.watch(decided.unclaimed)
        let cleanup = CleanupStage(run: run)
        cleanup.removeTemporaryFiles(in: pass.folders)
        let made: Int
        (manifest, made) = try MakeStage(run: run, planner: scanned.planner, pass: pass).make(consume manifest, recorder: recorder)
        let removed = cleanup.removeOutputs(decided.removals)
        try cleanup.forget(decided.unclaimed, present: present, state: state, recorder: recorder)
        let counts = ItemCounts(made: made, kept: pass.toKeep, moved: decided.moved, removed: removed.removed, actions: actions,
            refused: removed.refused)
        return .items(manifest, counts, built)
    }

    /// What the item stages did, as the report counts it: outputs made, kept, moved and removed,
    /// a line per action when asked for, and the paths from the state refused.
    struct ItemCounts {
        var made = 0
        var kept = 0
        var moved = 0
        var removed = 0
        var actions: [String] = []
        var refused: [String] = []

        /// Counts the contact sheets' pages too: drawn (or to draw), kept and removed.
        mutating func addSheets(made: Int, kept: Int, removed: Int) {
            (self.made, self.kept, self.removed) = (self.made + made, self.kept + kept, self.removed + removed)
        }
    }

    /// What ``buildItems(_:readList:run:)`` gives: the manifest with every item folded in and
    /// the counts of what was done, or the last build's note when nothing changed since.
    enum BuiltItems {
        case items(Manifest, ItemCounts, Items)
        case unchanged(UnchangedBuild)

        /// What a build that completes notes for the next (``UnchangedBuild``).
        struct Items {
            /// Nil when no build of these inputs can be known unchanged.
            var fingerprint: String?
            var said: [UnchangedBuild.Said]
            /// The manifest's errors after the scan: a build that ends with more (an item not
            /// made, a sheet page not drawn) is tried again in full by the next.
            var scanErrors: Int
        }
    }
}

extension SiteBuilder.Report {
    /// The report of a build that ends with `manifest`, from what its stages did.
    init(manifest: Manifest, counts: SiteBuilder.ItemCounts, page: GalleryPage.Written?, unselected: [String]) {
        self.init(manifest: manifest)
        (made, kept, moved, removed) = (counts.made, counts.kept, counts.moved, counts.removed)
        (actions, refused) = (counts.actions, counts.refused)
        (self.page, self.unselected) = (page, unselected)
    }
}
