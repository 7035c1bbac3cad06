import Foundation

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
        /// Seconds one task may take before its worker is killed: default 30.
        public var timeout: Double = 30

        public init(executable: URL, arguments: [String] = ["__worker"], workers: Int? = nil, timeout: Double = 30) {
            self.executable = executable
            self.arguments = arguments
            self.workers = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
            self.timeout = timeout
        }
    }

    public typealias Completion = @Sendable (_ index: Int, _ result: Result<WorkResult, WorkFailure>) -> Void

    private let configuration: Configuration
    private let lock = NSLock()

    public init(_ configuration: Configuration) {
        self.configuration = configuration
        // A worker that dies leaves a broken pipe; that must be an error code, not our death.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Runs every task and calls `completion` once per task (from several threads, serialised).
    /// Returns when all are answered.
    public func run(_ tasks: [WorkTask], completion: @escaping Completion) {
        guard !tasks.isEmpty else { return }
        let next = Counter()
        let group = DispatchGroup()
        let workers = min(configuration.workers, tasks.count)
        for _ in 0..<workers {
            group.enter()
            let thread = Thread { [self] in
                dispatch(tasks, next: next, completion: completion)
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        group.wait()
    }

    private func dispatch(_ tasks: [WorkTask], next: Counter, completion: @escaping Completion) {
        let encoder = JSONEncoder.compact
        let decoder = JSONDecoder()
        var worker: WorkerProcess?
        defer { worker?.finish() }
        while let index = next.take(below: tasks.count) {
            let report = { (result: Result<WorkResult, WorkFailure>) in
                self.lock.lock()
                completion(index, result)
                self.lock.unlock()
            }
            guard var line = try? encoder.encode(WorkRequest(sequence: index, task: tasks[index])) else {
                report(.failure(.crashed(detail: "task could not be encoded")))
                continue
            }
            line.append(0x0A)
            // A fresh worker when there is none, or when the last one died between tasks.
            var attempts = 0
            var sent = false
            while !sent && attempts < 2 {
                attempts += 1
                if worker == nil {
                    do { worker = try WorkerProcess(executable: configuration.executable, arguments: configuration.arguments) } catch {
                        report(.failure(.unavailable(detail: "\(error)")))
                        break
                    }
                }
                sent = worker!.send(line)
                if !sent { worker?.kill(); worker = nil }
            }
            guard sent, let current = worker else {
                if attempts >= 2 { report(.failure(.crashed(detail: "worker would not take the task"))) }
                continue
            }
            let deadline = WorkerProcess.now() + configuration.timeout
            switch current.receiveLine(until: deadline) {
            case .line(let bytes):
                if let response = try? decoder.decode(WorkResponse.self, from: Data(bytes)), response.sequence == index {
                    report(.success(response.result))
                } else {
                    // Garbage instead of a reply: the decoder is dying; say how it ended.
                    usleep(50_000)
                    current.kill()
                    worker = nil
                    report(.failure(.crashed(detail: current.exitDescription())))
                }
            case .timedOut:
                current.kill()
                worker = nil
                report(.failure(.timedOut(seconds: configuration.timeout)))
            case .ended(let detail):
                current.kill()
                worker = nil
                report(.failure(.crashed(detail: detail)))
            }
        }
    }
}

/// Hands out task indices to dispatcher threads.
private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        defer { value += 1 }
        return value
    }
}
