import Foundation

/// One dispatcher's part of a ``WorkerPool`` run, as a value: the worker it holds, the jobs in
/// that worker's pipe (oldest first), the jobs to send again, and when the oldest one's clock started.
///
/// Each event (what came of the last thing asked for) returns the actions to carry out, in order;
/// the last one asks for the next event (``Action/take``, ``Action/startWorker``, ``Action/send(_:to:)``,
/// ``Action/receive(from:until:)``, ``Action/awaitEnd(_:)``) or ends the dispatcher (``Action/stop``).
/// It starts nothing and reads no clock, so every path a crash can take is replayed in tests.
///
/// What the pool promises, job by job: the job a worker was on when it crashed, hung past its time
/// limit or wrote garbage is reported as that failure (or as cancelled, after ``WorkerPool/cancel()``),
/// and never sent again; the jobs queued behind it are sent again, to a fresh worker. A job a
/// fresh worker will not even take (its pipe is closed) is tried on one more, then reported crashed.
/// The temporary files a worker said it was making for the job it died on are removed once it is dead.
struct PoolDispatch<Worker> {
    /// One job as it goes down a worker's pipe.
    struct Job: Equatable {
        var index: Int
        /// Its request: one JSON line, with its newline.
        var line: Data
        /// Seconds beyond the time limit it may take (a transcode's).
        var extraSeconds: Double = 0
    }

    /// The run as all its dispatchers share it, read as each event is handed on.
    struct Run: Equatable {
        /// ``WorkerPool/cancel()`` was called.
        var cancelled = false
        /// Jobs not yet handed to any dispatcher.
        var unhandedJobs: Int
    }

    enum Event {
        /// The dispatcher starts.
        case begin
        /// The run's next job (after ``Action/take``).
        case taken(Job)
        /// The run's next job cannot be written for a worker (a value JSON cannot carry).
        case unsendable(index: Int, detail: String)
        /// The run has no job left to hand out.
        case noneLeft
        /// A worker was started, or taken from those left idle by an earlier run.
        case started(Worker)
        /// No worker could be started.
        case unavailable(detail: String)
        /// The job went down the worker's pipe, at `now` (seconds on the monotonic clock).
        case sent(now: Double)
        /// The worker's pipe is closed: it is gone.
        case refused
        /// A line from the worker, at `now`; nil when it is not a reply at all.
        case reply(WorkResponse?, now: Double)
        /// The oldest job's time limit passed with no answer.
        case timedOut
        /// The worker's pipe ended: it died (`detail`: how, such as `signal 11`).
        case ended(detail: String)
    }

    enum Action {
        /// Hand out the run's next job: answered by ``Event/taken(_:)``, ``Event/unsendable(index:detail:)``
        /// or ``Event/noneLeft``.
        case take
        /// Start a worker (or take an idle one) and count it busy: answered by ``Event/started(_:)`` or
        /// ``Event/unavailable(detail:)``.
        case startWorker
        /// Write the job down the worker's pipe: answered by ``Event/sent(now:)`` or ``Event/refused``.
        case send(Job, to: Worker)
        /// Wait for the worker's next line until `deadline`: answered by ``Event/reply(_:now:)``,
        /// ``Event/timedOut`` or ``Event/ended(detail:)``.
        case receive(from: Worker, until: Double)
        /// Give a worker that wrote garbage a moment to end, kill it and say how it ended: answered by
        /// ``Event/ended(detail:)``.
        case awaitEnd(Worker)
        /// Tell the caller how far job `index` has come.
        case progress(index: Int, fraction: Double)
        /// Tell the caller how job `index` ended.
        case report(index: Int, Result<WorkResult, WorkFailure>)
        /// End the worker at once; it is no longer busy, nor this dispatcher's.
        case kill(Worker)
        /// Remove the temporary files the worker, killed just before, said it was making.
        case removeTemporaries([String], madeBy: Worker)
        /// Leave the worker idle, for the next run; it is no longer busy.
        case keep(Worker)
        /// The dispatcher is done.
        case stop
    }

    /// Jobs kept in one worker's pipe at most.
    let depth: Int
    /// Dispatchers in the run: a job is queued behind another only while each can still get one.
    let workers: Int
    /// Seconds one job may take, plus its own ``Job/extraSeconds``.
    let timeLimit: Double

    private(set) var worker: Worker?
    /// Sent to the worker and not yet answered, oldest first: the worker answers in order.
    private(set) var inFlight: [Job] = []
    /// Sent to a worker that died on an older job: sent again before any new one.
    private(set) var retry: [Job] = []
    /// The job being given to a worker (started, or sent to it).
    private(set) var placing: Job?
    /// When the oldest job in flight started: when it was sent, or when the one before it was answered.
    private(set) var headStarted = 0.0
    /// The temporary names the worker said it was making for the oldest job in flight.
    private(set) var temporaries: [String] = []
    /// Pipes in a row found closed with nothing of ours in them.
    private(set) var refusals = 0
    private(set) var cancelled = false
    private var unhandedJobs = 0

    init(depth: Int, workers: Int, timeLimit: Double) {
        self.depth = max(1, depth)
        self.workers = workers
        self.timeLimit = timeLimit
    }

    mutating func handle(_ event: Event, _ run: Run) -> [Action] {
        // Cancellation is for good: the flag it mirrors is never cleared.
        cancelled = cancelled || run.cancelled
        unhandedJobs = run.unhandedJobs
        switch event {
        case .begin: return fill()
        case .taken(let job): return place(job)
        case .unsendable(let index, let detail):
            // Said at once: a job no worker can be sent must not wait for a time-out.
            return [.report(index: index, .failure(.unsendable(detail: detail))), .take]
        case .noneLeft: return receive()
        case .started(let started):
            worker = started
            return [.send(placed(), to: started)]
        case .unavailable(let detail):
            return [.report(index: takePlaced().index, .failure(.unavailable(detail: detail)))] + fill()
        case .sent(let now):
            refusals = 0
            if inFlight.isEmpty { headStarted = now }
            inFlight.append(takePlaced())
            return fill()
        case .refused: return refused()
        case .reply(let response, let now): return reply(response, now: now)
        case .timedOut: return abandon(.timedOut(seconds: timeLimit + head().extraSeconds))
        case .ended(let detail): return abandon(.crashed(detail: detail))
        }
    }

    /// Gives the worker another job while its pipe has room, else waits for an answer.
    private mutating func fill() -> [Action] {
        // The last few jobs (two large photos on two workers) go one to a worker.
        guard inFlight.count < depth, inFlight.isEmpty || unhandedJobs >= workers, !cancelled else { return receive() }
        if retry.isEmpty { return [.take] }
        return place(retry.removeFirst())
    }

    private mutating func place(_ job: Job) -> [Action] {
        placing = job
        guard let worker else { return [.startWorker] }
        return [.send(job, to: worker)]
    }

    private mutating func receive() -> [Action] {
        guard let worker, let head = inFlight.first else { return stop() }
        return [.receive(from: worker, until: headStarted + timeLimit + head.extraSeconds)]
    }

    private mutating func refused() -> [Action] {
        let job = takePlaced()
        guard inFlight.isEmpty else {
            // It died holding jobs of ours: reading the oldest one's answer says how it ended.
            retry.insert(job, at: 0)
            return receive()
        }
        let gone = current()
        worker = nil
        refusals += 1
        guard refusals >= 2 else {
            retry.insert(job, at: 0)
            return [.kill(gone)] + fill()
        }
        refusals = 0
        let failure = WorkFailure.crashed(detail: "a fresh worker would not take the task")
        return [.kill(gone), .report(index: job.index, .failure(failure))] + fill()
    }

    private mutating func reply(_ response: WorkResponse?, now: Double) -> [Action] {
        let head = head()
        guard let response, response.sequence == head.index else {
            // Garbage instead of a reply: the decoder is dying.
            return [.awaitEnd(current())]
        }
        switch response.message {
        case .progress(let fraction):
            // Its clock runs on: a job's time limit does not move with its reports.
            return [.progress(index: head.index, fraction: fraction)] + fill()
        case .temporary(let path):
            temporaries.append(path)
            return fill()
        case .result(let result):
            // Each of them is in place or removed by now.
            temporaries = []
            inFlight.removeFirst()
            headStarted = now
            return [.report(index: head.index, .success(result))] + fill()
        }
    }

    /// Kills the worker: the oldest job is the one it was on; the others are sent again to the next.
    private mutating func abandon(_ failure: WorkFailure) -> [Action] {
        let gone = current()
        let head = inFlight.removeFirst()
        worker = nil
        retry = inFlight + retry
        inFlight = []
        let left = temporaries
        temporaries = []
        let removal: [Action] = left.isEmpty ? [] : [.removeTemporaries(left, madeBy: gone)]
        return [.kill(gone)] + removal + [.report(index: head.index, .failure(cancelled ? .cancelled : failure))] + fill()
    }

    private mutating func stop() -> [Action] {
        guard let kept = worker else { return [.stop] }
        worker = nil
        return [cancelled ? .kill(kept) : .keep(kept), .stop]
    }

    // An event that cannot follow the action asked for is the loop's mistake, not a worker's.
    private func current() -> Worker {
        guard let worker else { preconditionFailure("PoolDispatch: an event about a worker it does not hold") }
        return worker
    }

    private func head() -> Job {
        guard let head = inFlight.first else { preconditionFailure("PoolDispatch: an answer with no job in flight") }
        return head
    }

    private func placed() -> Job {
        guard let placing else { preconditionFailure("PoolDispatch: a worker for no job") }
        return placing
    }

    private mutating func takePlaced() -> Job {
        defer { placing = nil }
        return placed()
    }
}

extension PoolDispatch.Action: Equatable where Worker: Equatable {}
