import Foundation
import VipsKit

/// Records made outputs in the state as items finish (in batches, a transaction each), so
/// that a build stopped halfway is resumed from what was done: an output is recorded only once
/// its files are in place (its worker answered after committing them).
final class StateRecorder: @unchecked Sendable {
    private let state: StateStore
    private var pending: [StateStore.Output] = []
    private var lastFlush = Date()
    private(set) var failure: (any Error)?
    /// The state's rows written so far: this build's, never to be taken for the last one's.
    private(set) var written = Set<Int64>()

    /// The keys of the last build's rows this build leaves (see ``watch(_:)``), and those of
    /// them it wrote again since: an output made again after its files were deleted by hand
    /// has the key of the row it replaces, which must not be forgotten with the others.
    private var leaving = Set<StateStore.Output.Key>()
    private(set) var rewritten = Set<StateStore.Output.Key>()

    init(state: StateStore) { self.state = state }

    /// Notes which of `outputs` (rows no planned output claimed) this build writes again.
    func watch(_ outputs: [StateStore.Output]) { leaving = Set(outputs.map(Self.key)) }

    static func key(_ output: StateStore.Output) -> StateStore.Output.Key { output.key }

    /// One output made (or moved into place) from the source `key`; called one at a time.
    func record(_ planned: PlannedOutput, _ product: AnyProduct, source key: String) {
        let outputKey = OutputLedger.Key(planned.output)
        guard let made = try? JSONEncoder.compact.encode(product) else { return }
        pending.append(StateStore.Output(source: key, kind: outputKey.kind, identifier: outputKey.identifier,
            renderingVersion: outputKey.renderingVersion, target: planned.target, product: made))
        if !leaving.isEmpty, let last = pending.last, leaving.contains(Self.key(last)) { rewritten.insert(Self.key(last)) }
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
            failure = failure ?? error
        }
    }
}
