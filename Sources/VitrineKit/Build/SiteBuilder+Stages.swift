import Foundation

extension SiteBuilder {
    /// A build up to the manifest, stage by stage: the scan, the check that it would not remove
    /// too much (``ShrinkCheck``), the decisions against the last build's state (kept outputs
    /// folded in, moved ones moved), then, unless it is a dry run,
    /// the temporary files of dead builds removed, the rest made, and what nothing plans any
    /// more removed. Gives the manifest with every item folded in, and the report's counts.
    func buildItems(_ inputs: [InputPath], readList: () -> [InputPath], run: inout BuildRun) throws(Failure)
        -> BuiltItems
    {
        var manifest: Manifest
        let scanned: ScanStage.Scanned
        switch try ScanStage(run: run).scan(inputs, readList: readList) {
        case .unchanged(let note): return .unchanged(note)
        case .scanned(let found, let scan): (manifest, scanned) = (found, scan)
        }
        let built = BuiltItems.Items(fingerprint: scanned.fingerprint, said: scanned.said, scanErrors: manifest.errors.count)
        let present = Set(manifest.items.map { SourceKey.of($0) })
        try ShrinkCheck(run: run).check(manifest.items, present: present, reused: scanned.reused)
        let decided = try DecideStage(planner: scanned.planner, reused: scanned.reused, present: present, state: run.state)
            .decide(&manifest, run: &run)
        var report = Report(manifest: Manifest())
        (report.made, report.kept, report.moved) = (run.pass.toMake, run.pass.toKeep, run.pass.toMove)
        report.removed = decided.removals.count
        if options.listsActions { report.actions = run.pass.actions + decided.removals.map { "remove " + $0.joined(separator: " ") } }
        guard !run.dryRun, let state = run.state, let recorder = run.recorder else { return .items(manifest, report, built) }
        recorder.watch(decided.unclaimed)
        let cleanup = CleanupStage(run: run)
        cleanup.removeTemporaryFiles()
        (manifest, report.made) = try MakeStage(run: run, planner: scanned.planner).make(consume manifest, recorder: recorder)
        report.removed -= cleanup.removeOutputs(decided.removals, refused: &report.refused)
        try cleanup.forget(decided.unclaimed, present: present, state: state, recorder: recorder)
        report.moved = decided.moved
        return .items(manifest, report, built)
    }

    /// What ``buildItems(_:readList:run:)`` gives: the manifest with every item folded in and
    /// the report's counts, or the last build's note when nothing changed since.
    enum BuiltItems {
        case items(Manifest, Report, Items)
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
