import Foundation
import VipsKit

/// Records made outputs in the state as items finish (in batches, a transaction each), so
/// that a build stopped halfway is resumed from what was done: an output is recorded only once
/// its files are in place (its worker answered after committing them).
final class StateRecorder: @unchecked Sendable {
    private let state: StateStore
    private let plan: GalleryPlan
    private let sources: [String]
    private var pending: [StateStore.Output] = []
    private var lastFlush = Date()
    private(set) var failure: String?

    /// - Parameter sources: the source key of each of `plan`'s entries.
    init(state: StateStore, plan: GalleryPlan, sources: [String]) {
        self.state = state
        self.plan = plan
        self.sources = sources
    }

    /// One entry's outcome (called one at a time).
    func record(_ index: Int, _ outcome: ItemOutcome) {
        guard case .made(let products, _) = outcome else { return }
        for (planned, product) in zip(plan.entries[index].job.outputs, products) {
            record(planned, product, source: sources[index])
        }
        if pending.count >= 500 || Date().timeIntervalSince(lastFlush) > 2 { flush() }
    }

    /// One output made (or moved into place) from the source `key`.
    func record(_ planned: PlannedOutput, _ product: AnyProduct, source key: String) {
        let outputKey = OutputLedger.Key(planned.output)
        guard let made = try? JSONEncoder.compact.encode(product) else { return }
        pending.append(StateStore.Output(source: key, kind: outputKey.kind, identifier: outputKey.identifier,
            target: planned.target.stateText, product: made))
    }

    /// Writes what is pending.
    func flush() {
        defer {
            pending = []
            lastFlush = Date()
        }
        guard !pending.isEmpty else { return }
        do {
            try state.batch { for output in pending { try state.keep(output) } }
        } catch {
            failure = failure ?? "\(error)"
        }
    }
}
