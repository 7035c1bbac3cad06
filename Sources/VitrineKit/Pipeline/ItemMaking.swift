import Foundation
import VipsKit

/// An item with outputs to make: its place in the manifest, its planned outputs (planned once),
/// and for each the product kept, or nil where one is to be made. A command without state
/// (`thumbs`, `tiles`, `sheet`) keeps none; a build keeps what its last build made.
struct PendingItem {
    var item: Int
    var planned: [PlannedOutput]
    var kept: [AnyProduct?]

    /// - Parameter kept: the product kept for each planned output: default none, all to make.
    init(item: Int, planned: [PlannedOutput], kept: [AnyProduct?]? = nil) {
        self.item = item
        self.planned = planned
        self.kept = kept ?? Array(repeating: nil, count: planned.count)
    }

    /// Of the item's planned outputs, those left to make.
    var making: [PlannedOutput] { zip(planned, kept).filter { $0.1 == nil }.map(\.0) }

    /// Of the item's planned outputs, those kept (or moved).
    var keeping: [PlannedOutput] { zip(planned, kept).filter { $0.1 != nil }.map(\.0) }

    /// The products of every planned output: those kept, with `made` (the made outputs, in
    /// order) in the places left; nil when the worker answered with too few.
    func products(made: [AnyProduct]) -> [AnyProduct]? {
        var next = made.makeIterator()
        var products: [AnyProduct] = []
        for product in kept {
            guard let product = product ?? next.next() else { return nil }
            products.append(product)
        }
        return products
    }
}

/// The make stage of every command (`thumbs`, `tiles`, `sheet` and `build`): hands the pending
/// items' jobs to the executor, largest sources first (so a run ends with small files, not one
/// worker on a big one), and folds each answer into the manifest as it comes. What differs
/// between commands comes in as values: the job of an item (a build stamps its source and keeps
/// its companions) and who hears of each output made (a build's state).
struct ItemMaking {
    let executor: any ItemExecutor
    let listener: ProgressListener?
    /// The job that makes a pending item's outputs; nil when there is nothing to make of it.
    let job: @Sendable (PendingItem, Item) -> ItemJob?
    /// Told of each output made and in place, with the item as the scan found it (before the
    /// answer is folded in); serialised with the answers. Default none.
    var madeOutput: (@Sendable (PlannedOutput, AnyProduct, Item) -> Void)?

    /// What the stage gives: the manifest folded into, the items that failed (by their place in
    /// it), the pending items no worker answered for (by their number among the pending: jobs
    /// never started once the run was cancelled), and how many outputs were made.
    struct Made {
        var manifest: Manifest
        var failures: [Int: ItemFailure]
        var unanswered: [Int]
        var outputs: Int

        /// The manifest with every failure settled (items moved to its errors), an item no
        /// worker answered for among them.
        func settled(_ pending: [PendingItem]) -> Manifest {
            var (manifest, failures) = (manifest, failures)
            for number in unanswered { failures[pending[number].item] = ItemFailure(.crashed, "no answer from the worker") }
            manifest.settle(failures)
            return manifest
        }
    }

    /// Runs the jobs of `pending` and folds their answers into `manifest`.
    func make(_ manifest: consuming Manifest, pending: [PendingItem]) -> Made {
        let folding = FoldingManifest(manifest)
        let answered = Locked([Bool](repeating: false, count: pending.count))
        let (job, madeOutput) = (job, madeOutput)
        executor.execute(count: pending.count, order: Self.largestFirst(pending, of: folding.manifest.items), job: { number in
            let item = folding.manifest.items[pending[number].item]
            return job(pending[number], item)
                ?? ItemJob(source: ItemSource(path: "", kind: item.kind, width: 0, height: 0), outputFolder: "", outputs: [])
        }, item: { folding.manifest.items[pending[$0].item] }, listener: listener) { number, outcome in
            answered.withLock { $0[number] = true }
            let index = pending[number].item
            var outcome = outcome
            if case .made(let made, let damaged) = outcome {
                folding.made += made.count
                if let madeOutput {
                    let item = folding.manifest.items[index]
                    for (planned, product) in zip(pending[number].making, made) { madeOutput(planned, product, item) }
                }
                outcome = pending[number].products(made: made).map { .made($0, damaged: damaged) }
                    ?? .failed(ItemFailure(.crashed, "an output is missing"))
            }
            folding.failures[index] = folding.manifest.items[index].fold(outcome, of: pending[number].planned)
        }
        let unanswered = answered.current.indices.filter { !answered.current[$0] }
        return Made(manifest: folding.manifest, failures: folding.failures, unanswered: unanswered, outputs: folding.made)
    }

    /// The order the pending items' jobs start in: largest source first, the gallery's order
    /// among equals.
    static func largestFirst(_ pending: [PendingItem], of items: [Item]) -> [Int] {
        pending.indices.sorted { (items[pending[$0].item].source?.bytes ?? 0) > (items[pending[$1].item].source?.bytes ?? 0) }
    }

    /// The folders `pending`'s outputs are written into, and `outputFolder` itself (where
    /// scratch folders are made): where temporary files of killed runs may lie.
    static func folders(of pending: [PendingItem], in outputFolder: String) -> Set<String> {
        Set(pending.flatMap { $0.planned.flatMap(\.target.paths) }.map { Path.parent(of: Path.join(outputFolder, $0)) } + [outputFolder])
    }
}

/// The manifest being folded into while the workers run: read when a job is made, written when
/// one is answered, never both at once (the executor serialises them).
final class FoldingManifest: @unchecked Sendable {
    var manifest: Manifest
    var failures: [Int: ItemFailure] = [:]
    /// Outputs made and in place so far.
    var made = 0

    init(_ manifest: Manifest) { self.manifest = manifest }
}
