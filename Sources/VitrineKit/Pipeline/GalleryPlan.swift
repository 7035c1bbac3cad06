/// What a command will make: for each item, its outputs and the paths each owns below the
/// output folder. A value, so it can be printed (a dry run) or compared with what an earlier
/// build made, before any of it is carried out.
public struct GalleryPlan: Sendable {
    /// One item's work.
    public struct Entry: Sendable {
        /// The item's place in the manifest the plan was made from.
        public var item: Int
        public var job: ItemJob

        public init(item: Int, job: ItemJob) {
            self.item = item
            self.job = job
        }
    }

    public var outputFolder: String
    /// Items with at least one output, in manifest order (never a custom item without an SVG:
    /// it has no source to make anything of).
    public private(set) var entries: [Entry] = []

    /// Plans `outputs` for each of `items` that has a source, described by `source`.
    public init(items: [Item], outputs: [AnyOutput], outputFolder: String, source: (Item, Item.Source) -> ItemSource) {
        self.outputFolder = outputFolder
        for (index, item) in items.enumerated() {
            guard let itemSource = item.source else { continue }
            let planning = PlanningItem(id: item.id, kind: item.kind, width: item.width, height: item.height,
                sourceName: itemSource.path)
            let planned = outputs.compactMap { output in
                output.target(for: planning).map { PlannedOutput(output: output, target: $0) }
            }
            guard !planned.isEmpty else { continue }
            entries.append(Entry(item: index, job: ItemJob(source: source(item, itemSource), outputFolder: outputFolder, outputs: planned)))
        }
    }

    /// A plan of these entries (a part of another plan: what an incremental build still has to
    /// make).
    public init(outputFolder: String, entries: [Entry]) {
        self.outputFolder = outputFolder
        self.entries = entries
    }

    /// The folders outputs are written into, and the output folder itself (where scratch
    /// folders are made): where temporary files of killed runs may lie.
    public var folders: Set<String> {
        Set(entries.flatMap { entry in entry.job.outputs.flatMap(\.target.paths) }.map {
            Path.parent(of: Path.join(outputFolder, $0))
        } + [outputFolder])
    }

    /// One line per output: `<id> <kind>:<identifier> <path>…`, for people and diffs.
    public func lines(ids: [String]) -> [String] {
        entries.flatMap { entry in
            entry.job.outputs.map { planned in
                ([ids[entry.item], planned.output.description] + planned.target.paths).joined(separator: " ")
            }
        }
    }
}

/// Runs items' jobs and reports each outcome as it comes: the worker pool in a command, the
/// same per-item code in-process in tests.
public protocol ItemExecutor {
    /// Calls `completion` once per job (serialised), in the order they finish.
    /// - Parameter order: the order jobs are started in (indices into `jobs`).
    func execute(_ jobs: [ItemJob], order: [Int], completion: @escaping @Sendable (Int, ItemOutcome) -> Void)
}

extension WorkerPool: ItemExecutor {
    public func execute(_ jobs: [ItemJob], order: [Int], completion: @escaping @Sendable (Int, ItemOutcome) -> Void) {
        run(jobs.map(WorkTask.produce), order: order, queueDepth: 1) { index, result in
            switch result {
            case .success(.produce(let outcome)): completion(index, outcome)
            case .success(.probe): completion(index, .failed(ItemFailure(.crashed, "the worker answered another question")))
            case .failure(let failure): completion(index, .failed(failure.itemFailure))
            }
        }
    }
}

/// Runs jobs one after another in this process, through ``ItemProducer`` as a worker does.
public struct InProcessExecutor: ItemExecutor {
    public init() {}

    public func execute(_ jobs: [ItemJob], order: [Int], completion: @escaping @Sendable (Int, ItemOutcome) -> Void) {
        for index in order { completion(index, ItemProducer.produce(jobs[index])) }
    }
}
