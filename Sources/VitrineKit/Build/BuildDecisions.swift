import Foundation

/// The ledger's decision for every output of a plan, and the plan that is left to make.
struct BuildDecisions {
    let plan: GalleryPlan
    /// By entry, then by output in the entry's job.
    private var decisions: [[OutputLedger.Decision]]
    /// One line per output: `make|keep|move ID KIND:IDENTIFIER PATH…`, when asked for.
    private(set) var actions: [String] = []
    private let listsActions: Bool

    /// - Parameter listsActions: keep a line per output (`--dry-run --verbose`): default off.
    init(plan: GalleryPlan, listsActions: Bool = false) {
        self.plan = plan
        self.listsActions = listsActions
        decisions = plan.entries.map { entry in entry.job.outputs.map { _ in .make } }
    }

    mutating func record(_ decision: OutputLedger.Decision, entry: Int, output: Int, item id: String) {
        decisions[entry][output] = decision
        guard listsActions else { return }
        let planned = plan.entries[entry].job.outputs[output]
        let verb = switch decision {
        case .keep: "keep"
        case .move: "move"
        case .make: "make"
        }
        actions.append(([verb, id, planned.output.description] + planned.target.paths).joined(separator: " "))
    }

    var toMake: Int { count { if case .make = $0 { true } else { false } } }
    var toKeep: Int { count { if case .keep = $0 { true } else { false } } }
    var toMove: Int { count { if case .move = $0 { true } else { false } } }

    private func count(_ matching: (OutputLedger.Decision) -> Bool) -> Int {
        decisions.reduce(0) { $0 + $1.filter(matching).count }
    }

    /// Moves the files of every output decided `move`; one that cannot be moved is made
    /// instead. Returns what was moved: the entry, the planned output and its product.
    mutating func carryOutMoves(using ledger: OutputLedger) -> [(entry: Int, output: PlannedOutput, product: AnyProduct)] {
        var moved: [(Int, PlannedOutput, AnyProduct)] = []
        for entry in decisions.indices {
            for output in decisions[entry].indices {
                guard case .move(let from, let product) = decisions[entry][output] else { continue }
                let planned = plan.entries[entry].job.outputs[output]
                if ledger.move(from: from, to: planned.target) {
                    decisions[entry][output] = .keep(product)
                    moved.append((entry, planned, product))
                } else {
                    decisions[entry][output] = .make
                }
            }
        }
        return moved
    }

    /// What is left to make: each entry with only its outputs decided `make` (none when all are
    /// kept), and for each remaining entry, the entry it came from.
    func remaining() -> (plan: GalleryPlan, origins: [Int]) {
        var entries: [GalleryPlan.Entry] = []
        var origins: [Int] = []
        for (number, entry) in plan.entries.enumerated() {
            var job = entry.job
            job.outputs = zip(job.outputs, decisions[number]).compactMap { planned, decision in
                if case .make = decision { planned } else { nil }
            }
            guard !job.outputs.isEmpty else { continue }
            entries.append(GalleryPlan.Entry(item: entry.item, job: job))
            origins.append(number)
        }
        return (GalleryPlan(outputFolder: plan.outputFolder, entries: entries), origins)
    }

    /// The outcome of every entry of the whole plan: the products kept, with those just made
    /// (`made`, for the entries of ``remaining()``) in their places.
    func outcomes(made: [ItemOutcome?], origins: [Int]) -> [ItemOutcome?] {
        var fresh: [Int: ItemOutcome?] = [:]
        for (index, origin) in origins.enumerated() { fresh[origin] = made[index] }
        return plan.entries.indices.map { number -> ItemOutcome? in
            var madeProducts: [AnyProduct] = []
            var damaged = false
            if let outcome = fresh[number] {
                switch outcome {
                case .made(let products, let wasDamaged)?:
                    madeProducts = products
                    damaged = wasDamaged
                case .failed(let failure)?: return .failed(failure)
                case nil: return nil
                }
            }
            var products: [AnyProduct] = []
            var next = madeProducts.makeIterator()
            for decision in decisions[number] {
                switch decision {
                case .keep(let product), .move(_, let product): products.append(product)
                case .make:
                    guard let product = next.next() else { return .failed(ItemFailure(.crashed, "an output is missing")) }
                    products.append(product)
                }
            }
            return .made(products, damaged: damaged)
        }
    }
}
