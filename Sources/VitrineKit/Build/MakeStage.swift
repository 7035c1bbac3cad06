import Foundation
import VipsKit

/// A build's third stage: the make stage every command shares (``ItemMaking``), with what a
/// build adds. Takes the manifest with kept outputs folded in, and the decisions' pending items
/// (each with its planned outputs and the products it keeps); each job carries its source's
/// stamp from the scan and the item's kept outputs as companions, each output is recorded in
/// the state once its worker answered (its files are in place), and a cancelled run leaves the
/// state as it is. Gives the manifest with items that failed moved to its errors.
struct MakeStage {
    let run: BuildRun
    let planner: ItemPlanner
    /// The decisions (``DecideStage``): the items left to make, and the folders written into.
    let pass: BuildPass

    /// Gives the manifest folded into, and how many outputs were made and put in place.
    func make(_ manifest: consuming Manifest, recorder: StateRecorder) throws(SiteBuilder.Failure) -> (Manifest, made: Int) {
        let (planner, state) = (planner, run.state)
        let making = ItemMaking(executor: run.maker, listener: run.listener, job: { pending, item in
            guard var job = planner.job(for: item, outputs: pending.making, companions: pending.keeping) else { return nil }
            job.source.stamp = Self.stamp(of: item, in: state)
            return job
        }, madeOutput: { planned, product, item in recorder.record(planned, product, source: SourceKey.of(item)) })
        let made = making.make(manifest, pending: pass.pending)
        recorder.flush()
        if let failure = recorder.failure { throw run.stateFailure(.recordOutputs, failure) }
        if run.maker.isCancelled {
            // The workers were killed: what they were writing is left under temporary names.
            CleanupStage(run: run).removeTemporaryFiles(in: pass.folders)
            throw .cancelled
        }
        return (made.settled(pass.pending), made.outputs)
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
