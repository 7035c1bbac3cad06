import Foundation
import VipsKit

/// A build's third stage. Takes the manifest with kept outputs folded in, and the decisions'
/// pending items (each with its planned outputs); hands their jobs to the run's maker, largest sources
/// first, records each output in the state once its worker answered (its files are in place),
/// and folds what was made in. Gives the manifest with items that failed moved to its errors.
struct MakeStage {
    let run: BuildRun
    let planner: ItemPlanner
    /// The decisions (``DecideStage``): the items left to make, and the folders written into.
    let pass: BuildPass

    /// Gives the manifest folded into, and how many outputs were made and put in place.
    func make(_ manifest: consuming Manifest, recorder: StateRecorder) throws(SiteBuilder.Failure) -> (Manifest, made: Int) {
        var (manifest, failures, answered, made) = execute(manifest, recorder: recorder)
        recorder.flush()
        if let failure = recorder.failure { throw run.stateFailure(.recordOutputs, failure) }
        if run.maker.isCancelled {
            // The workers were killed: what they were writing is left under temporary names.
            CleanupStage(run: run).removeTemporaryFiles(in: pass.folders)
            throw .cancelled
        }
        for (number, done) in answered.enumerated() where !done {
            failures[pass.pending[number].item] = ItemFailure(.crashed, "no answer from the worker")
        }
        manifest.settle(failures)
        return (manifest, made)
    }

    /// Runs the pending jobs; gives the manifest folded into (its holder released here, so that
    /// it is not copied when settled), the items that failed, which jobs were answered, and the
    /// count of outputs made.
    private func execute(_ manifest: consuming Manifest, recorder: StateRecorder)
        -> (Manifest, [Int: ItemFailure], [Bool], Int)
    {
        let folding = FoldingManifest(manifest)
        let pending = pass.pending
        let order = pending.indices.sorted {
            (folding.manifest.items[pending[$0].item].source?.bytes ?? 0) > (folding.manifest.items[pending[$1].item].source?.bytes ?? 0)
        }
        let answered = Locked([Bool](repeating: false, count: pending.count))
        let (planner, site, state) = (planner, run.site, run.state)
        run.maker.execute(count: pending.count, order: order, job: { number in
            let item = folding.manifest.items[pending[number].item]
            guard var job = planner.job(for: item, outputs: pending[number].making, companions: pending[number].keeping) else {
                return ItemJob(source: ItemSource(path: "", kind: item.kind, width: 0, height: 0), outputFolder: site, outputs: [])
            }
            job.source.stamp = Self.stamp(of: item, in: state)
            return job
        }, item: { folding.manifest.items[pending[$0].item] }, listener: run.listener) { number, outcome in
            answered.withLock { $0[number] = true }
            let index = pending[number].item
            var outcome = outcome
            if case .made(let made, let damaged) = outcome {
                folding.made += made.count
                let source = SourceKey.of(folding.manifest.items[index])
                for (planned, product) in zip(pending[number].making, made) { recorder.record(planned, product, source: source) }
                outcome = BuildPass.products(kept: pending[number].kept, made: made).map { .made($0, damaged: damaged) }
                    ?? .failed(ItemFailure(.crashed, "an output is missing"))
            }
            folding.failures[index] = folding.manifest.items[index].fold(outcome, of: pending[number].planned)
        }
        return (folding.manifest, folding.failures, answered.current, folding.made)
    }
}

extension MakeStage {
    /// The stamp of `item`'s file as the scan found it: its record in the state, which this
    /// build's scan wrote or found true. None for a remote image (its copy is vitrine's own,
    /// replaced by a download) or a custom item, nor when the record is not of the size the
    /// item has (a record of an earlier scan).
    static func stamp(of item: Item, in state: StateStore?) -> SourceStamp? {
        guard item.kind != .custom, let source = item.source, source.url == nil,
            let record = try? state?.source(SourceKey.of(item)), record.bytes == source.bytes
        else { return nil }
        return SourceStamp(record)
    }
}

extension SourceStamp {
    /// The file as the scan found it, from its record in the state (this build's scan wrote
    /// it, or found the file as the record says).
    init(_ source: StateStore.Source) {
        self.init(bytes: source.bytes, modifiedNanoseconds: source.modifiedNanoseconds, device: source.identity.device,
            inode: source.identity.inode, changedNanoseconds: source.changedNanoseconds)
    }
}
