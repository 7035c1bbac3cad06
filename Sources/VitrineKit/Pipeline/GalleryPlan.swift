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
    public init(items: [Item], outputs: [AnyOutput], outputFolder: String, source: @escaping @Sendable (Item, Item.Source) -> ItemSource) {
        self.init(items: items, planner: ItemPlanner(outputs: outputs, outputFolder: outputFolder, source: source))
    }

    /// Plans each of `items` with `planner`.
    public init(items: [Item], planner: ItemPlanner) {
        outputFolder = planner.outputFolder
        for (index, item) in items.enumerated() {
            let planned = planner.planned(for: item)
            guard let job = planner.job(for: item, outputs: planned) else { continue }
            entries.append(Entry(item: index, job: job))
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

/// How each item's outputs are planned, one item at a time: a build of 100,000 items plans
/// each as it comes to it rather than holding every item's plan.
public struct ItemPlanner: Sendable {
    /// What to make of every item, in this order.
    public var outputs: [AnyOutput]
    /// Where the outputs' paths are rooted.
    public var outputFolder: String
    /// What a worker needs to know of an item's source.
    let source: @Sendable (Item, Item.Source) -> ItemSource
    /// Which picture of a camera RAW file outputs are made from (`--raw`): default ``RawMode/default``.
    public var raw: RawMode = .default
    /// The most LibRaw may allocate for one file (`--max-memory`).
    public var rawMaxMemory = ProbeOptions().maxMemory

    public init(outputs: [AnyOutput], outputFolder: String, source: @escaping @Sendable (Item, Item.Source) -> ItemSource) {
        self.outputs = outputs
        self.outputFolder = outputFolder
        self.source = source
    }

    /// The outputs planned for `item`, with the paths each owns: none for an item without a
    /// source (a custom card), and none of a kind that does not apply to it.
    public func planned(for item: Item) -> [PlannedOutput] { numbered(for: item).map(\.planned) }

    /// ``planned(for:)``, each with its output's place in ``outputs``.
    func numbered(for item: Item) -> [(output: Int, planned: PlannedOutput)] {
        guard let itemSource = item.source else { return [] }
        let planning = planningItem(item, itemSource)
        var numbered = outputs.indices.compactMap { number in
            outputs[number].target(for: planning).map { (number, PlannedOutput(output: outputs[number], target: $0)) }
        }
        // A RAW item's outputs name the picture they are made from: another --raw that changes
        // it makes them again, and only them.
        if let rawItem = item.raw, rawItem.isPicture {
            let largest = numbered.compactMap(\.1.target.sourceScale).max() ?? 0
            let method = raw.method(preview: rawItem.preview, sensorData: rawItem.sensorData ?? true, width: item.width,
                height: item.height, largestScale: largest)
            for index in numbered.indices { numbered[index].1.target.input = method.targetInput }
        }
        return numbered
    }

    /// The job that makes `outputs` (some or all of ``planned(for:)``) of `item`: nil when
    /// there is nothing to make.
    /// - Parameter companions: the item's other planned outputs, kept (see ``ItemJob/companions``).
    public func job(for item: Item, outputs: [PlannedOutput], companions: [PlannedOutput] = []) -> ItemJob? {
        guard let itemSource = item.source, !outputs.isEmpty else { return nil }
        var job = ItemJob(source: source(item, itemSource), outputFolder: outputFolder, outputs: outputs, companions: companions)
        if let method = (outputs + companions).lazy.compactMap({ RawMethod(targetInput: $0.target.input) }).first {
            job.source.raw = RawDecode(method: method, maxMemory: rawMaxMemory)
            job.source.raw?.format = item.format.flatMap(RawFormat.init(rawValue:)) ?? .raw
        }
        job.source.motion = item.motion.map { WebVideoInput(motion: $0, photoPath: job.source.path) }
        let planning = planningItem(item, itemSource)
        let extra = outputs.compactMap { $0.output.extraSeconds(for: $0.target, item: planning) }
        if !extra.isEmpty {
            let seconds = extra.reduce(0, +)
            job.extraSeconds = seconds
            job.source.video?.timeout += TimeLimit.tools(within: seconds)
            job.source.motion?.timeout += TimeLimit.tools(within: seconds)
        }
        return job
    }

    private func planningItem(_ item: Item, _ itemSource: Item.Source) -> PlanningItem {
        PlanningItem(id: item.id, kind: item.kind, width: item.width, height: item.height, sourceName: itemSource.path,
            format: item.format, video: item.videoFacts, motion: item.motion, pairedRaw: item.raw?.source)
    }
}

/// Runs items' jobs and reports each outcome as it comes: the worker pool in a command, the
/// same per-item code in-process in tests.
public protocol ItemExecutor: Sendable {
    /// Calls `completion` once per job (serialised), in the order they finish. `job` makes the
    /// job of an index as it is started, never during a completion. Once cancelled, jobs not
    /// started are never started, and get no completion.
    /// - Parameters:
    ///   - order: the order jobs are started in (indices below `count`).
    ///   - progress: told how far a long job (a transcode) has come, serialised with completions.
    func execute(count: Int, order: [Int], job: @escaping @Sendable (Int) -> ItemJob,
                 progress: @escaping @Sendable (Int, Double) -> Void, completion: @escaping @Sendable (Int, ItemOutcome) -> Void)

    /// Whether the run was stopped (a signal): what is left is not made.
    var isCancelled: Bool { get }
}

extension WorkerPool: ItemExecutor {
    /// Jobs kept queued in one worker's pipe: with one, a worker waits between jobs for this
    /// process to read its answer, fold and record it and send the next, which on small
    /// pictures is as long as the job itself. Jobs go largest first, so the one a worker may
    /// still hold at the end is among the smallest.
    static let jobQueueDepth = 2

    public func execute(count: Int, order: [Int], job: @escaping @Sendable (Int) -> ItemJob,
                        progress: @escaping @Sendable (Int, Double) -> Void, completion: @escaping @Sendable (Int, ItemOutcome) -> Void) {
        run(count: count, order: order, queueDepth: Self.jobQueueDepth, task: { .produce(job($0)) }, progress: progress) { index, result in
            switch result {
            case .success(.produce(let outcome)): completion(index, outcome)
            case .success(.probe), .success(.sheetPage):
                completion(index, .failed(ItemFailure(.crashed, "the worker answered another question")))
            case .failure(let failure): completion(index, .failed(failure.itemFailure))
            }
        }
    }
}

/// Runs jobs one after another in this process, through ``ItemProducer`` as a worker does.
public struct InProcessExecutor: ItemExecutor {
    private let cancelled: @Sendable () -> Bool

    /// - Parameter isCancelled: asked before each job (a test stops a run halfway): default never.
    public init(isCancelled: @escaping @Sendable () -> Bool = { false }) { cancelled = isCancelled }

    public var isCancelled: Bool { cancelled() }

    public func execute(count: Int, order: [Int], job: @escaping @Sendable (Int) -> ItemJob,
                        progress: @escaping @Sendable (Int, Double) -> Void, completion: @escaping @Sendable (Int, ItemOutcome) -> Void) {
        for index in order {
            if cancelled() { return }
            let job = job(index)
            completion(index, TaskProgress.reporting(to: { progress(index, $0) }) { ItemProducer.produce(job) })
        }
    }
}

/// Reads files' headers and reports each answer as it comes: the worker pool in a command, the
/// same probe in-process in tests.
public protocol ProbeExecutor: Sendable {
    /// Calls `completion` once per task (serialised) as each is answered; returns when all are.
    /// - Parameter queueDepth: tasks a worker keeps queued (see ``WorkerPool/run(_:order:queueDepth:progress:completion:)``).
    func probe(_ tasks: [WorkTask], queueDepth: Int, completion: @escaping WorkerPool.Completion)

    /// Whether the run was stopped (a signal): downloads and probes stop too.
    var isCancelled: Bool { get }
}

extension WorkerPool: ProbeExecutor {
    public func probe(_ tasks: [WorkTask], queueDepth: Int, completion: @escaping WorkerPool.Completion) {
        run(tasks, queueDepth: queueDepth, completion: completion)
    }
}

/// Reads headers one after another in this process, as a worker does.
public struct InProcessProber: ProbeExecutor {
    public init() {}

    public var isCancelled: Bool { false }

    public func probe(_ tasks: [WorkTask], queueDepth: Int, completion: @escaping WorkerPool.Completion) {
        for (index, task) in tasks.enumerated() { completion(index, .success(WorkerServer.perform(task))) }
    }
}
