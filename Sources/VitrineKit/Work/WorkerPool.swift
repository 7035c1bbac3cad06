import Foundation
import VipsKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs tasks on a pool of worker processes, each task under a time limit.
///
/// One dispatcher thread per worker takes the next task, sends it, and waits for the reply
/// until the deadline. A worker that runs past it (a loader spinning forever) or dies (a
/// decoder crash) is killed and replaced, and only that file is reported; the run goes on
/// and ends on time. Memory stays bounded: tasks are handed out one at a time.
public final class WorkerPool: @unchecked Sendable {
    public struct Configuration: Sendable {
        /// The program to start as a worker: the `vitrine` binary itself.
        public var executable: URL
        /// Its arguments: default `["__worker"]`.
        public var arguments: [String] = ["__worker"]
        /// Worker processes: default the number of cores.
        public var workers: Int = ProcessInfo.processInfo.activeProcessorCount
        /// Seconds one task may take before its worker is killed: default ``TimeLimit/perFile``.
        public var timeout: Double = TimeLimit.perFile

        public init(executable: URL, arguments: [String] = ["__worker"], workers: Int? = nil,
                    timeout: Double = TimeLimit.perFile) {
            self.executable = executable
            self.arguments = arguments
            self.workers = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
            self.timeout = timeout
        }
    }

    public typealias Completion = @Sendable (_ index: Int, _ result: Result<WorkResult, WorkFailure>) -> Void
    /// How far a task has come (a fraction, 0 to 1), for tasks that say (a transcode).
    public typealias Progress = @Sendable (_ index: Int, _ fraction: Double) -> Void

    private let configuration: Configuration
    private let lock = NSLock()

    /// Workers between runs, already started.
    private let idle = Locked<[WorkerProcess]>([])
    /// Workers on a task now, for ``cancel()``.
    private let busy = Locked<[ObjectIdentifier: WorkerProcess]>([:])
    private let cancelled = Locked(false)

    /// Stops the run under way (Ctrl-C): no more tasks are handed out, and workers on a task are
    /// killed; the task each was on is reported as a failure, and those queued behind it get no
    /// report (as tasks never handed out), and ``run(_:order:queueDepth:progress:completion:)``
    /// returns. The pool takes no task after this.
    public func cancel() {
        cancelled.withLock { $0 = true }
        for worker in busy.withLock({ Array($0.values) }) { worker.interrupt() }
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { cancelled.current }

    /// Where the workers' libraries put their own files, removed by ``shutdown()``.
    private let scratch = ScratchFolder()

    /// Starts `count` workers now (default 1), so that their start-up (loading libvips and its
    /// modules) overlaps the caller's own work, such as walking the folders.
    public func prewarm(_ count: Int = 1) {
        for _ in 0..<min(count, configuration.workers) {
            // Only a head start: a worker that cannot start now is started (and its failure told) with the first job.
            guard let worker = try? WorkerProcess(executable: configuration.executable, arguments: configuration.arguments,
                environment: scratch.workerEnvironment())
            else { return }
            idle.withLock { $0.append(worker) }
        }
    }

    /// Ends the idle workers (they also end by themselves when this process exits) and removes
    /// their temporary folder.
    public func shutdown() {
        let workers = idle.withLock { list -> [WorkerProcess] in
            defer { list.removeAll() }
            return list
        }
        for worker in workers { worker.finish() }
        scratch.remove()
    }

    /// For a process about to end at once (`_exit`): kills every worker, busy or idle, without
    /// waiting, and removes their temporary folder. Safe from any thread.
    public func abandon() {
        cancel()
        for worker in idle.current { worker.interrupt() }
        scratch.remove()
    }

    deinit { shutdown() }

    private func takeWorker() throws -> WorkerProcess {
        if let ready = idle.withLock({ $0.popLast() }) { return ready }
        return try WorkerProcess(executable: configuration.executable, arguments: configuration.arguments,
            environment: scratch.workerEnvironment())
    }

    public init(_ configuration: Configuration) {
        self.configuration = configuration
        // A worker that dies leaves a broken pipe; that must be an error code, not our death.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Runs every task and calls `completion` once per task, as each is answered (from several
    /// threads, serialised with each other and with `progress`). Returns when all are answered.
    /// - Parameters:
    ///   - order: the order tasks are handed out in (indices into `tasks`); default as given.
    ///     Handing out the costliest first keeps one worker from finishing alone.
    ///   - queueDepth: tasks kept queued in one worker's pipe, so that it never waits for this
    ///     process between tasks: default 1. Worth more for tasks of a millisecond (header
    ///     reads, where a round trip shows); 1 for tasks of tens of milliseconds, where a
    ///     queue would leave one worker finishing alone at the end. The time limit still
    ///     applies to one task: a worker answers in order, so the oldest task's clock starts
    ///     when the one before it was answered.
    ///   - progress: told of each progress report a worker sends on a task, before its completion.
    public func run(_ tasks: [WorkTask], order: [Int]? = nil, queueDepth: Int = 1, progress: Progress? = nil,
                    completion: @escaping Completion) {
        run(count: tasks.count, order: order, queueDepth: queueDepth, task: { [tasks] in tasks[$0] }, progress: progress,
            completion: completion)
    }

    /// ``run(_:order:queueDepth:progress:completion:)`` for `count` tasks made as they are handed out,
    /// so that a run of 100,000 never holds them all: `task` is called once per index, one call
    /// at a time and never during a `completion` (it may read what completions write).
    public func run(count: Int, order: [Int]? = nil, queueDepth: Int = 1, task: @escaping @Sendable (Int) -> WorkTask,
                    progress: Progress? = nil, completion: @escaping Completion) {
        guard count > 0 else { return }
        let feed = JobFeed(order: order ?? Array(0..<count), task: task)
        let group = DispatchGroup()
        let workers = min(configuration.workers, count)
        for _ in 0..<workers {
            group.enter()
            let thread = Thread { [self] in
                dispatch(feed, depth: queueDepth, workers: workers, progress: progress, completion: completion)
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
    }

    private typealias DispatchState = PoolDispatch<WorkerProcess>

    /// One dispatcher thread: carries out what its ``PoolDispatch`` asks, and hands it what came of it.
    private func dispatch(_ feed: JobFeed, depth: Int, workers: Int, progress: Progress?, completion: @escaping Completion) {
        let wire = Wire()
        var state = DispatchState(depth: depth, workers: workers, timeLimit: configuration.timeout)
        var event = DispatchState.Event.begin
        while let next = state.handle(event, feed.run(cancelled: isCancelled)).compactMap({
            carryOut($0, feed: feed, wire: wire, progress: progress, completion: completion)
        }).last {
            event = next
        }
    }

    /// Carries out one action; what came of it, for those that ask.
    private func carryOut(_ action: DispatchState.Action, feed: JobFeed, wire: Wire, progress: Progress?,
                          completion: Completion) -> DispatchState.Event? {
        switch action {
        case .take: return take(from: feed, wire: wire)
        case .startWorker:
            do {
                let worker = try takeWorker()
                busy.withLock { $0[ObjectIdentifier(worker)] = worker }
                return .started(worker)
            } catch {
                return .unavailable(detail: "\(error)")
            }
        case .send(let job, let worker): return worker.send(job.line) ? .sent(now: WorkerProcess.now()) : .refused
        case .receive(let worker, let deadline):
            switch worker.receiveLine(until: deadline) {
            case .line(let bytes): return .reply(try? wire.decoder.decode(WorkResponse.self, from: Data(bytes)), now: WorkerProcess.now())
            case .timedOut: return .timedOut
            case .ended(let detail): return .ended(detail: detail)
            }
        case .awaitEnd(let worker):
            usleep(50_000)
            worker.kill()
            return .ended(detail: worker.exitDescription())
        case .progress(let index, let fraction):
            if let progress { serially { progress(index, fraction) } }
        case .report(let index, let result): serially { completion(index, result) }
        case .kill(let worker):
            busy.withLock { $0[ObjectIdentifier(worker)] = nil }
            worker.kill()
        case .removeTemporaries(let paths, let worker): for path in paths { AtomicFile.removeTemporary(path, madeBy: worker.pid) }
        case .keep(let worker):
            busy.withLock { $0[ObjectIdentifier(worker)] = nil }
            idle.withLock { $0.append(worker) }
        case .stop: break
        }
        return nil
    }

    /// The run's next job, written for a worker; the caller's `task` is called under ``lock``.
    private func take(from feed: JobFeed, wire: Wire) -> DispatchState.Event {
        guard let index = feed.nextIndex() else { return .noneLeft }
        let made = serially { feed.task(index) }
        do {
            var line = try wire.encoder.encode(WorkRequest(sequence: index, task: made))
            line.append(0x0A)
            return .taken(.init(index: index, line: line, extraSeconds: made.extraSeconds))
        } catch {
            return .unsendable(index: index, detail: Self.describe(error))
        }
    }

    /// Runs `body` serialised with every completion, progress report and `task` call.
    private func serially<Value>(_ body: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// What an encoding error says, in a line: `nan (at job.source.video.duration) is not a JSON number`.
    static func describe(_ error: Error) -> String {
        guard case EncodingError.invalidValue(let value, let context) = error else { return "\(error)" }
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return "\(value) (at \(path.isEmpty ? "the top" : path)) cannot be written as JSON"
    }
}

/// The jobs of one run, handed out in `order` to its dispatchers.
private final class JobFeed: Sendable {
    let order: [Int]
    let task: @Sendable (Int) -> WorkTask
    private let next = Locked(0)

    init(order: [Int], task: @escaping @Sendable (Int) -> WorkTask) {
        self.order = order
        self.task = task
    }

    func nextIndex() -> Int? {
        next.withLock { value in
            defer { value += 1 }
            return value < order.count ? order[value] : nil
        }
    }

    func run(cancelled: Bool) -> PoolDispatch<WorkerProcess>.Run {
        .init(cancelled: cancelled, unhandedJobs: order.count - next.current)
    }
}

/// One dispatcher's JSON coders, for the lines to and from its worker.
private struct Wire {
    let encoder = JSONEncoder.compact
    let decoder = JSONDecoder()
}
