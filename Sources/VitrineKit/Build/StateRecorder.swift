import Foundation
import VipsKit

/// Records made outputs in the state as items finish (in batches, a transaction each), so
/// that a build stopped halfway is resumed from what was done: an output is recorded only once
/// its files are in place (its worker answered after committing them).
final class StateRecorder: @unchecked Sendable {
    private let state: StateStore
    private var pending: [StateStore.Output] = []
    private var lastFlush = Date()
    private(set) var failure: String?
    /// The state's rows written so far: this build's, never to be taken for the last one's.
    private(set) var written = Set<Int64>()

    init(state: StateStore) { self.state = state }

    /// One output made (or moved into place) from the source `key`; called one at a time.
    func record(_ planned: PlannedOutput, _ product: AnyProduct, source key: String) {
        let outputKey = OutputLedger.Key(planned.output)
        guard let made = try? JSONEncoder.compact.encode(product) else { return }
        pending.append(StateStore.Output(source: key, kind: outputKey.kind, identifier: outputKey.identifier,
            target: planned.target.stateText, product: made))
        if pending.count >= 500 || Date().timeIntervalSince(lastFlush) > 2 { flush() }
    }

    /// Writes what is pending.
    func flush() {
        defer {
            pending = []
            lastFlush = Date()
        }
        guard !pending.isEmpty else { return }
        do {
            try state.batch { for output in pending { written.insert(try state.keep(output)) } }
        } catch {
            failure = failure ?? "\(error)"
        }
    }
}
