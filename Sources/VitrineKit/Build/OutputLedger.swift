import Foundation

/// What an incremental build does with each output it plans: keep what the last build made
/// when its source and settings are the same (moving it when only the item's name changed),
/// make the rest, and remove what nothing plans any more. The ledger asks the state for one
/// source's outputs at a time (an indexed lookup), and remembers which it handed out, so a
/// gallery of 100,000 items never holds the last build's 500,000 outputs at once.
struct OutputLedger {
    /// An output's key in the state: its kind, and its settings with the rendering version.
    struct Key: Hashable {
        var kind: String
        var identifier: String

        init(_ output: AnyOutput) {
            kind = type(of: output.base).kindName
            identifier = output.base.identifier + "@" + RenderingVersion.current
        }

        init(kindName: String, identifier: String) {
            kind = kindName
            self.identifier = identifier
        }
    }

    enum Decision {
        /// The last build's output is in place: its product is folded in as it is.
        case keep(AnyProduct)
        /// It is there under another item's name (the source was renamed or moved): its files
        /// are moved to the new paths first.
        case move(from: OutputTarget, product: AnyProduct)
        case make
    }

    let state: StateStore?
    let force: Bool
    let site: String
    /// The state's rows handed out to a planned output of this build: what is left at the end
    /// is what nothing plans any more.
    private var claimed = Set<Int64>()
    /// Each output's key, worked out once (every item has the same few outputs).
    private var keys: [AnyOutput: Key] = [:]

    init(state: StateStore?, site: String, force: Bool) {
        self.state = state
        self.site = site
        self.force = force
    }

    /// What to do with each of `planned`, the outputs of one item whose content is the last
    /// build's source `previous` (its own key when unchanged; nil when new or changed).
    mutating func decide(_ planned: [PlannedOutput], previous: String?) -> [Decision] {
        guard !force, let previous, let rows = try? state?.outputs(of: previous), !rows.isEmpty else {
            return planned.map { _ in .make }
        }
        var byKey: [Key: (row: Int64, output: StateStore.Output)] = [:]
        for row in rows where !claimed.contains(row.row) {
            byKey[Key(kindName: row.output.kind, identifier: row.output.identifier)] = row
        }
        return planned.map { planned in
            guard let old = byKey[key(of: planned.output)], let decision = decide(planned, old: old.output) else { return .make }
            claimed.insert(old.row)
            return decision
        }
    }

    private mutating func key(of output: AnyOutput) -> Key {
        if let key = keys[output] { return key }
        let key = Key(output)
        keys[output] = key
        return key
    }

    private func decide(_ planned: PlannedOutput, old: StateStore.Output) -> Decision? {
        let same = old.target == planned.target.stateText
        guard let oldTarget = same ? planned.target : OutputTarget(stateText: old.target),
            oldTarget.sourceScale == planned.target.sourceScale, oldTarget.width == planned.target.width,
            oldTarget.height == planned.target.height, oldTarget.paths.count == planned.target.paths.count,
            oldTarget.paths.allSatisfy({ exists(Path.join(site, $0)) }),
            let product = Self.product(old.product)
        else { return nil }
        return same ? .keep(product) : .move(from: oldTarget, product: product)
    }

    /// Moves an output's files from `old` paths to `new` ones, in order; false when one fails
    /// (the output is then made again).
    func move(from old: OutputTarget, to new: OutputTarget) -> Bool {
        for (from, to) in zip(old.paths, new.paths) {
            let target = Path.join(site, to)
            do {
                try AtomicFile.createFolder(Path.parent(of: target))
                try AtomicFile.moveIntoPlace(Path.join(site, from), over: target)
            } catch {
                return false
            }
        }
        return true
    }

    /// The last build's outputs no planned output claimed (of sources gone, changed or failed,
    /// or made with settings no longer asked for): theirs to remove. Without their products.
    func unclaimed() throws -> [StateStore.Output] {
        guard let state else { return [] }
        var left: [StateStore.Output] = []
        try state.eachOutput { row, output in if !claimed.contains(row) { left.append(output) } }
        return left
    }

    /// A kept product, read with the JSON layer's decoder (Foundation's costs twice as much, and
    /// a large gallery has hundreds of thousands of them).
    static func product(_ data: Data) -> AnyProduct? {
        guard let document = try? JSONDocument(data) else { return nil }
        return try? JSONDocumentDecoder().decode(AnyProduct.self, from: document)
    }

    private func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
