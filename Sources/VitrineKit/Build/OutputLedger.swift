import Foundation

/// What an incremental build does with each output it plans: keep what the last build made
/// when its source and settings are the same (moving it when only the item's name changed),
/// make the rest, and remove what nothing plans any more. The ledger asks the state for one
/// source's outputs at a time (an indexed lookup), and remembers which it handed out, so a
/// gallery of 100,000 items never holds the last build's 500,000 outputs at once.
struct OutputLedger: Sendable {
    /// An output's key in the state: its kind, its settings and the rendering version.
    struct Key: Hashable {
        var kind: String
        var identifier: String
        var renderingVersion: String

        init(_ output: AnyOutput) {
            self.init(kind: type(of: output.base).kindName, identifier: output.base.identifier, renderingVersion: RenderingVersion.current)
        }

        init(kind: String, identifier: String, renderingVersion: String) {
            self.kind = kind
            self.identifier = identifier
            self.renderingVersion = renderingVersion
        }

        func matches(_ output: StateStore.Output) -> Bool {
            output.identifier == identifier && output.kind == kind && output.renderingVersion == renderingVersion
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
    let site: SiteFolder
    /// The state's rows handed out to a planned output of this build: what is left at the end
    /// is what nothing plans any more.
    private var claimed = Set<Int64>()
    /// Of those, the rows whose files go to another item's paths (a renamed source).
    private var moving = Set<Int64>()
    /// The key of each output the build makes, by its place in the planner's outputs.
    private let keys: [Key]

    init(state: StateStore?, outputs: [AnyOutput], site: SiteFolder, force: Bool) {
        self.state = state
        self.site = site
        self.force = force
        keys = outputs.map(Key.init)
    }

    /// What each of `planned` (the outputs of one item, each with its place in the planner's
    /// outputs) could take of what the last build made from `previous`, the source its content
    /// was known under (its own key when unchanged; nil when new or changed): the state's row
    /// and the decision, nil where it is to be made. It changes nothing, and may be asked for
    /// many items at once from several threads; ``claim(_:)`` then settles them in order.
    /// Throws when the state cannot be read: that is not a state without outputs.
    func match(_ planned: [(output: Int, planned: PlannedOutput)], previous: String?) throws -> [Match?] {
        guard !force, let previous, let state else { return planned.map { _ in nil } }
        let rows = try state.outputs(of: previous)
        guard !rows.isEmpty else { return planned.map { _ in nil } }
        return planned.map { number, planned in
            let key = keys[number]
            // A handful of rows, at most one of a kind and settings: a scan costs less than hashing.
            guard let old = rows.first(where: { key.matches($0.output) }),
                let decision = decide(planned, old: old.output)
            else { return nil }
            return Match(row: old.row, decision: decision)
        }
    }

    /// A planned output that can be kept or moved: the state's row it takes, and how.
    struct Match {
        var row: Int64
        var decision: Decision
    }

    /// The decisions for one item's matches: each row goes to the first output that claims it
    /// (two copies of one renamed file cannot both take its outputs); the others are made.
    mutating func claim(_ matches: [Match?]) -> [Decision] {
        matches.map { match in
            guard let match, claimed.insert(match.row).inserted else { return .make }
            if case .move = match.decision { moving.insert(match.row) }
            return match.decision
        }
    }

    private func decide(_ planned: PlannedOutput, old: StateStore.Output) -> Decision? {
        let oldTarget = old.target
        let same = oldTarget == planned.target
        guard oldTarget.sourceScale == planned.target.sourceScale, oldTarget.width == planned.target.width,
            oldTarget.height == planned.target.height, oldTarget.input == planned.target.input,
            oldTarget.paths.count == planned.target.paths.count,
            let product = Self.product(old.product),
            // Another item's paths come from the state, which may have been edited: only paths
            // below the site are taken (the planned ones are this build's own).
            same || oldTarget.paths.allSatisfy({ (try? site.confined($0)) != nil }),
            // Every level of a pyramid, not only its top folder: what was deleted by hand is made again.
            planned.output.isComplete(oldTarget, product: product, in: site.path)
        else { return nil }
        return same ? .keep(product) : .move(from: oldTarget, product: product)
    }

    /// Moves an output's files from `old` paths to `new` ones, in order; false when one fails
    /// (the output is then made again).
    func move(from old: OutputTarget, to new: OutputTarget) -> Bool {
        for (from, to) in zip(old.paths, new.paths) {
            let target = Path.join(site.path, to)
            do {
                let source = try site.confined(from)
                try AtomicFile.createFolder(Path.parent(of: target))
                try AtomicFile.moveIntoPlace(source, over: target)
            } catch {
                return false
            }
        }
        return true
    }

    /// The last build's outputs no planned output claimed (of sources gone, changed or failed,
    /// or made with settings no longer asked for): theirs to remove. Without their products.
    /// - Parameter written: rows this build wrote already (outputs moved or taken over).
    func unclaimed(besides written: Set<Int64>) throws -> [StateStore.Output] {
        guard let state else { return [] }
        var left: [StateStore.Output] = []
        try state.eachOutput { row, output in if !claimed.contains(row) && !written.contains(row) { left.append(output) } }
        return left
    }

    /// The paths of the last build's outputs kept in place, and of the rows this build wrote
    /// (`written`): files this build owns, one output at a time.
    func eachOwned(besides written: Set<Int64>, _ body: ([String]) -> Void) throws {
        guard let state else { return }
        try state.eachOutput { row, output in
            if written.contains(row) || (claimed.contains(row) && !moving.contains(row)) {
                body(output.target.paths)
            }
        }
    }

    /// A kept product, read with the JSON layer's decoder, which costs less than Foundation's
    /// (a large gallery has hundreds of thousands of them).
    static func product(_ data: Data) -> AnyProduct? {
        guard let document = try? JSONDocument(data) else { return nil }
        return try? JSONDocumentDecoder().decode(AnyProduct.self, from: document)
    }
}
