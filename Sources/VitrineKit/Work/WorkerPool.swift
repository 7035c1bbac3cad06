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
    /// killed; the tasks they held are reported as failures and ``run(_:order:queueDepth:progress:completion:)``
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
        let order = order ?? Array(0..<count)
        let next = Locked(0)
        let group = DispatchGroup()
        let workers = min(configuration.workers, count)
        for _ in 0..<workers {
            group.enter()
            let thread = Thread { [self] in
                dispatch(task, order: order, depth: max(1, queueDepth), workers: workers, next: next, progress: progress,
                    completion: completion)
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
    }

    private func dispatch(_ task: @escaping @Sendable (Int) -> WorkTask, order: [Int], depth: Int, workers: Int, next: Locked<Int>,
                          progress: Progress?, completion: @escaping Completion) {
        let encoder = JSONEncoder.compact
        let decoder = JSONDecoder()
        var worker: WorkerProcess?
        // A worker still alive at the end waits for the next run (a scan, then its renditions).
        defer {
            if let worker {
                busy.withLock { $0[ObjectIdentifier(worker)] = nil }
                if cancelled.current { worker.kill() } else { idle.withLock { $0.append(worker) } }
            }
        }
        var inFlight: [(index: Int, line: Data, extra: Double)] = []
        var retry: [(index: Int, line: Data, extra: Double)] = []  // sent to a worker that died before answering them
        var headStarted = WorkerProcess.now()
        var refusals = 0
        let report = { (index: Int, result: Result<WorkResult, WorkFailure>) in
            self.lock.lock()
            completion(index, result)
            self.lock.unlock()
        }
        let nextTask = { () -> (index: Int, line: Data, extra: Double)? in
            if self.cancelled.current { return nil }
            if !retry.isEmpty { return retry.removeFirst() }
            while let index = next.withLock({ (value: inout Int) -> Int? in
                defer { value += 1 }
                return value < order.count ? order[value] : nil
            }) {
                self.lock.lock()
                let made = task(index)
                self.lock.unlock()
                do {
                    var line = try encoder.encode(WorkRequest(sequence: index, task: made))
                    line.append(0x0A)
                    return (index, line, made.extraSeconds)
                } catch {
                    // Said at once: a task no worker can be sent must not wait for a time-out.
                    report(index, .failure(.unsendable(detail: Self.describe(error))))
                }
            }
            return nil
        }
        let abandon = { (failure: WorkFailure) in
            // The oldest task is the one the worker was on; the others are sent again elsewhere.
            if let current = worker { self.busy.withLock { $0[ObjectIdentifier(current)] = nil } }
            worker?.kill()
            worker = nil
            let head = inFlight.removeFirst()
            report(head.index, .failure(self.cancelled.current ? .cancelled : failure))
            retry = inFlight + retry
            inFlight = []
        }

        while true {
            // A task is queued behind another only while every worker can still get one: the
            // last few (two large photos on two workers) go one to a worker.
            while inFlight.count < depth, inFlight.isEmpty || order.count - next.current >= workers, let task = nextTask() {
                if worker == nil {
                    do {
                        let taken = try takeWorker()
                        busy.withLock { $0[ObjectIdentifier(taken)] = taken }
                        worker = taken
                    } catch {
                        report(task.index, .failure(.unavailable(detail: "\(error)")))
                        continue
                    }
                }
                guard worker!.send(task.line) else {
                    // It died: if it held nothing of ours, start another; else let the read below say why.
                    worker?.kill()
                    if inFlight.isEmpty {
                        worker = nil
                        refusals += 1
                        if refusals >= 2 {
                            refusals = 0
                            report(task.index, .failure(.crashed(detail: "a fresh worker would not take the task")))
                        } else {
                            retry.insert(task, at: 0)
                        }
                        continue
                    }
                    retry.insert(task, at: 0)
                    break
                }
                refusals = 0
                if inFlight.isEmpty { headStarted = WorkerProcess.now() }
                inFlight.append(task)
            }
            guard let current = worker, let head = inFlight.first else { break }
            switch current.receiveLine(until: headStarted + configuration.timeout + head.extra) {
            case .line(let bytes):
                guard let response = try? decoder.decode(WorkResponse.self, from: Data(bytes)),
                    response.sequence == head.index
                else {
                    // Garbage instead of a reply: the decoder is dying; say how it ended.
                    usleep(50_000)
                    current.kill()
                    abandon(.crashed(detail: current.exitDescription()))
                    continue
                }
                switch response.message {
                case .progress(let fraction):
                    // Its clock runs on: a task's time limit does not move with its reports.
                    guard let progress else { continue }
                    lock.lock()
                    progress(head.index, fraction)
                    lock.unlock()
                case .result(let result):
                    inFlight.removeFirst()
                    headStarted = WorkerProcess.now()
                    report(head.index, .success(result))
                }
            case .timedOut:
                abandon(.timedOut(seconds: configuration.timeout + head.extra))
            case .ended(let detail):
                abandon(.crashed(detail: detail))
            }
        }
    }

    /// What an encoding error says, in a line: `nan (at job.source.video.duration) is not a JSON number`.
    static func describe(_ error: Error) -> String {
        guard case EncodingError.invalidValue(let value, let context) = error else { return "\(error)" }
        let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return "\(value) (at \(path.isEmpty ? "the top" : path)) cannot be written as JSON"
    }
}
