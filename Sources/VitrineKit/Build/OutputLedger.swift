import Foundation

/// What an incremental build does with each output it plans: keep what the last build made
/// when its source and settings are the same (moving it when only the item's name changed),
/// make the rest, and remove what nothing plans any more. The ledger holds the last build's
/// outputs (from the state) and hands out the decisions.
struct OutputLedger {
    /// An output's key in the state: its kind, and its settings with the rendering version.
    struct Key: Hashable {
        var kind: String
        var identifier: String

        init(_ output: AnyOutput) {
            kind = type(of: output.base).kindName
            identifier = output.base.identifier + "@" + RenderingVersion.current
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

    /// The last build's outputs, by source key and output key; an output a planned output of
    /// this build claims leaves it, so what stays at the end is what nothing plans any more.
    private var kept: [String: [Key: StateStore.Output]] = [:]
    let force: Bool
    let site: String

    init(outputs: [StateStore.Output], site: String, force: Bool) {
        self.site = site
        self.force = force
        for output in outputs {
            kept[output.source, default: [:]][Key(kindName: output.kind, identifier: output.identifier)] = output
        }
    }

    /// What to do with `planned`, an output of the source `key` whose content is the last
    /// build's source `previous` (the same key when it did not move; nil when it changed).
    mutating func decide(_ planned: PlannedOutput, source key: String, previous: String?) -> Decision {
        let outputKey = Key(planned.output)
        guard !force, let previous, let old = kept[previous]?[outputKey] else { return .make }
        let same = old.target == planned.target.stateText
        guard let oldTarget = same ? planned.target : OutputTarget(stateText: old.target),
            oldTarget.sourceScale == planned.target.sourceScale, oldTarget.width == planned.target.width,
            oldTarget.height == planned.target.height, oldTarget.paths.count == planned.target.paths.count,
            oldTarget.paths.allSatisfy({ exists(Path.join(site, $0)) }),
            let product = Self.product(old.product)
        else { return .make }
        kept[previous]?[outputKey] = nil
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

    /// The last build's outputs no planned output claimed: of sources gone or failed, or made
    /// with settings no longer asked for. Theirs to remove.
    var unclaimed: [StateStore.Output] {
        kept.values.flatMap(\.values)
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

extension OutputLedger.Key {
    init(kindName: String, identifier: String) {
        kind = kindName
        self.identifier = identifier
    }
}
