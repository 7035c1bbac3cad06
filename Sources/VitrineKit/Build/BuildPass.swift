/// An incremental build's decisions, item by item, and the work they leave: the items with
/// outputs to make, each with the products it keeps. Items with nothing to make are folded
/// into the manifest as they are decided, so that the pass holds only what is left to do.
struct BuildPass {
    private(set) var pending: [PendingItem] = []
    /// Outputs to make, kept as they are, and moved to an item's new name.
    private(set) var toMake = 0
    private(set) var toKeep = 0
    private(set) var toMove = 0
    /// The folders outputs are written into: where temporary files of killed builds may lie.
    private(set) var folders = Set<String>()
    /// One line per output: `make|keep|move ID KIND:IDENTIFIER PATH…`, when asked for.
    private(set) var actions: [String] = []
    let listsActions: Bool
    let site: String

    /// - Parameter listsActions: keep a line per output (`--dry-run --verbose`): default off.
    init(site: String, listsActions: Bool = false) {
        self.site = site
        self.listsActions = listsActions
    }

    /// Records the decisions for one item's `planned` outputs; returns its products when all
    /// are kept (to be folded at once), nil when some are left to make.
    mutating func record(item index: Int, id: String, planned: [PlannedOutput], decisions: [OutputLedger.Decision]) -> [AnyProduct]? {
        var kept: [AnyProduct?] = []
        for (planned, decision) in zip(planned, decisions) {
            for path in planned.target.paths { folders.insert(Path.parent(of: Path.join(site, path))) }
            let verb: String
            switch decision {
            case .keep(let product):
                (verb, toKeep) = ("keep", toKeep + 1)
                kept.append(product)
            case .move(_, let product):
                (verb, toMove) = ("move", toMove + 1)
                kept.append(product)
            case .make:
                (verb, toMake) = ("make", toMake + 1)
                kept.append(nil)
            }
            if listsActions { actions.append(([verb, id, planned.output.description] + planned.target.paths).joined(separator: " ")) }
        }
        let products = kept.compactMap { $0 }
        guard products.count < kept.count else { return products }
        pending.append(PendingItem(item: index, planned: planned, kept: kept))
        return nil
    }
}
