import Foundation
@testable import VitrineKit
import XCTest

/// The worker pool's dispatcher as a value: recorded event sequences replayed in process, each
/// step checked for the exact actions it asks for. Workers are names here; nothing is started.
final class PoolDispatchTests: XCTestCase {
    typealias Dispatch = PoolDispatch<String>

    static let limit = 30.0

    func job(_ index: Int, extraSeconds: Double = 0) -> Dispatch.Job {
        .init(index: index, line: Data("job \(index)\n".utf8), extraSeconds: extraSeconds)
    }

    func result(_ index: Int) -> WorkResult { .probe(.ignored(reason: "answer \(index)")) }

    func answer(_ index: Int) -> WorkResponse { .init(sequence: index, message: .result(result(index))) }

    /// The run as the dispatcher sees it: `left` jobs not yet handed out.
    func run(left: Int = 10, cancelled: Bool = false) -> Dispatch.Run { .init(cancelled: cancelled, unhandedJobs: left) }

    /// Hands each event to `dispatch` and checks the actions it returns.
    func replay(_ dispatch: inout Dispatch, _ steps: [(Dispatch.Event, Dispatch.Run, [Dispatch.Action])],
                file: StaticString = #filePath, line: UInt = #line) {
        for (number, (event, run, expected)) in steps.enumerated() {
            XCTAssertEqual(dispatch.handle(event, run), expected, "step \(number + 1): \(event)", file: file, line: line)
        }
    }

    /// A dispatcher with `queued` jobs (0, 1, …) sent to worker `w1`, the first at time 100.
    func holding(_ queued: Int, depth: Int = 2, workers: Int = 1, extraSeconds: Double = 0) -> Dispatch {
        var dispatch = Dispatch(depth: depth, workers: workers, timeLimit: Self.limit)
        _ = dispatch.handle(.begin, run())
        _ = dispatch.handle(.taken(job(0, extraSeconds: extraSeconds)), run())
        _ = dispatch.handle(.started("w1"), run())
        for index in 0..<queued {
            _ = dispatch.handle(.sent(now: 100 + Double(index)), run())
            if index + 1 < queued { _ = dispatch.handle(.taken(job(index + 1)), run()) }
        }
        XCTAssertEqual(dispatch.inFlight.map(\.index), Array(0..<queued))
        return dispatch
    }

    // MARK: send, answer, drain

    func testSendAnswerAndDrain() {
        var dispatch = Dispatch(depth: 1, workers: 1, timeLimit: Self.limit)
        replay(&dispatch, [
            (.begin, run(left: 2), [.take]),
            (.taken(job(0)), run(left: 1), [.startWorker]),
            (.started("w1"), run(left: 1), [.send(job(0), to: "w1")]),
            (.sent(now: 100), run(left: 1), [.receive(from: "w1", until: 130)]),
            (.reply(answer(0), now: 105), run(left: 1), [.report(index: 0, .success(result(0))), .take]),
            // The worker is kept: no second start.
            (.taken(job(1)), run(left: 0), [.send(job(1), to: "w1")]),
            (.sent(now: 106), run(left: 0), [.receive(from: "w1", until: 136)]),
            (.reply(answer(1), now: 110), run(left: 0), [.report(index: 1, .success(result(1))), .take]),
            // Drained: the live worker waits, idle, for the next run.
            (.noneLeft, run(left: -1), [.keep("w1"), .stop]),
        ])
        XCTAssertNil(dispatch.worker)
    }

    /// Up to `depth` jobs wait in the pipe; the one behind starts its clock when the one before is answered.
    func testQueuedJobsAndTheirClocks() {
        var dispatch = Dispatch(depth: 2, workers: 2, timeLimit: Self.limit)
        replay(&dispatch, [
            (.begin, run(), [.take]),
            (.taken(job(0)), run(), [.startWorker]),
            (.started("w1"), run(), [.send(job(0), to: "w1")]),
            (.sent(now: 100), run(), [.take]),
            (.taken(job(1)), run(), [.send(job(1), to: "w1")]),
            (.sent(now: 101), run(), [.receive(from: "w1", until: 130)]),
            (.reply(answer(0), now: 120), run(), [.report(index: 0, .success(result(0))), .take]),
            (.taken(job(2)), run(), [.send(job(2), to: "w1")]),
            (.sent(now: 121), run(), [.receive(from: "w1", until: 150)]),
        ])
    }

    /// The last few jobs go one to a worker: none is queued behind another once fewer are left than workers.
    func testTheLastJobsAreNotQueued() {
        var dispatch = Dispatch(depth: 4, workers: 2, timeLimit: Self.limit)
        replay(&dispatch, [
            (.begin, run(left: 2), [.take]),
            (.taken(job(0)), run(left: 1), [.startWorker]),
            (.started("w1"), run(left: 1), [.send(job(0), to: "w1")]),
            (.sent(now: 100), run(left: 1), [.receive(from: "w1", until: 130)]),
        ])
    }

    func testProgressIsPassedOnAndDoesNotMoveTheClock() {
        var dispatch = holding(1, depth: 1)
        replay(&dispatch, [
            (.reply(.init(sequence: 0, message: .progress(0.25)), now: 110), run(),
             [.progress(index: 0, fraction: 0.25), .receive(from: "w1", until: 130)]),
            (.reply(.init(sequence: 0, message: .progress(1)), now: 125), run(),
             [.progress(index: 0, fraction: 1), .receive(from: "w1", until: 130)]),
        ])
    }

    // MARK: crash, hang, time limit

    /// A crash with two jobs in the pipe: the one it was on is reported crashed and never sent again;
    /// the one behind goes to a fresh worker, on a clock of its own.
    func testACrashFailsTheJobItWasOnAndResendsTheOneBehind() {
        var dispatch = holding(2)
        replay(&dispatch, [
            (.ended(detail: "signal 11"), run(),
             [.kill("w1"), .report(index: 0, .failure(.crashed(detail: "signal 11"))), .startWorker]),
            (.started("w2"), run(), [.send(job(1), to: "w2")]),
            (.sent(now: 200), run(), [.take]),
            (.noneLeft, run(left: 0), [.receive(from: "w2", until: 230)]),
            (.reply(answer(1), now: 201), run(left: 0), [.report(index: 1, .success(result(1))), .take]),
            (.noneLeft, run(left: -1), [.keep("w2"), .stop]),
        ])
        XCTAssertEqual(dispatch.retry, [])
    }

    /// A line that is no reply (or answers another job) is a dying decoder: the worker is given a
    /// moment to end, and the job fails with how it ended.
    func testGarbageIsACrash() {
        for garbage: WorkResponse? in [nil, answer(1), .init(sequence: 7, message: .progress(0.5))] {
            var dispatch = holding(2)
            replay(&dispatch, [
                (.reply(garbage, now: 105), run(), [.awaitEnd("w1")]),
                (.ended(detail: "signal 6"), run(),
                 [.kill("w1"), .report(index: 0, .failure(.crashed(detail: "signal 6"))), .startWorker]),
                (.started("w2"), run(), [.send(job(1), to: "w2")]),
            ])
        }
    }

    /// A hung job: its time limit passes with no word; it is reported timed out, its worker killed,
    /// and the job behind it sent to a fresh worker.
    func testAHungJobTimesOut() {
        var dispatch = holding(2)
        replay(&dispatch, [
            (.timedOut, run(), [.kill("w1"), .report(index: 0, .failure(.timedOut(seconds: 30))), .startWorker]),
            (.started("w2"), run(), [.send(job(1), to: "w2")]),
            (.sent(now: 131), run(), [.take]),
            (.noneLeft, run(left: 0), [.receive(from: "w2", until: 161)]),
        ])
    }

    /// A job with extra seconds (a transcode) that reports progress yet runs past its own limit.
    func testATimeLimitCountsTheJobsExtraSecondsAndNotItsReports() {
        var dispatch = holding(1, depth: 1, extraSeconds: 15)
        replay(&dispatch, [
            (.reply(.init(sequence: 0, message: .progress(0.5)), now: 140), run(),
             [.progress(index: 0, fraction: 0.5), .receive(from: "w1", until: 145)]),
            (.timedOut, run(), [.kill("w1"), .report(index: 0, .failure(.timedOut(seconds: 45))), .take]),
            (.noneLeft, run(left: 0), [.stop]),
        ])
    }

    // MARK: retry

    /// A worker whose pipe is closed while it holds nothing of ours (it died idle) is replaced and the
    /// job sent again; a second fresh worker refusing it fails the job, and the run goes on.
    func testARefusedJobIsTriedOnOneMoreWorker() {
        let refusedTwice = "a fresh worker would not take the task"
        var dispatch = Dispatch(depth: 1, workers: 1, timeLimit: Self.limit)
        replay(&dispatch, [
            (.begin, run(), [.take]),
            (.taken(job(0)), run(), [.startWorker]),
            (.started("w1"), run(), [.send(job(0), to: "w1")]),
            (.refused, run(), [.kill("w1"), .startWorker]),
            (.started("w2"), run(), [.send(job(0), to: "w2")]),
            (.refused, run(), [.kill("w2"), .report(index: 0, .failure(.crashed(detail: refusedTwice))), .take]),
            (.taken(job(1)), run(), [.startWorker]),
            (.started("w3"), run(), [.send(job(1), to: "w3")]),
            (.refused, run(), [.kill("w3"), .startWorker]),
            (.started("w4"), run(), [.send(job(1), to: "w4")]),
            (.sent(now: 100), run(), [.receive(from: "w4", until: 130)]),
        ])
        XCTAssertEqual(dispatch.refusals, 0, "a job taken resets the count")
    }

    /// A pipe closed while jobs of ours are in it: the worker died on the oldest, and reading its
    /// answer says how (it used to be killed first, so the read waited out the time limit instead).
    func testAPipeClosedWithJobsInItIsReadToItsEnd() {
        var dispatch = holding(1)
        replay(&dispatch, [
            (.taken(job(1)), run(), [.send(job(1), to: "w1")]),
            (.refused, run(), [.receive(from: "w1", until: 130)]),
            (.ended(detail: "exit status 3"), run(),
             [.kill("w1"), .report(index: 0, .failure(.crashed(detail: "exit status 3"))), .startWorker]),
            (.started("w2"), run(), [.send(job(1), to: "w2")]),
        ])
    }

    func testAJobThatCannotBeWrittenFailsAtOnce() {
        var dispatch = Dispatch(depth: 1, workers: 1, timeLimit: Self.limit)
        replay(&dispatch, [
            (.begin, run(), [.take]),
            (.unsendable(index: 0, detail: "nan cannot be written as JSON"), run(),
             [.report(index: 0, .failure(.unsendable(detail: "nan cannot be written as JSON"))), .take]),
            (.noneLeft, run(left: 0), [.stop]),
        ])
    }

    func testNoWorkerFailsEachJobAndTriesAgainForTheNext() {
        var dispatch = Dispatch(depth: 1, workers: 1, timeLimit: Self.limit)
        replay(&dispatch, [
            (.begin, run(), [.take]),
            (.taken(job(0)), run(), [.startWorker]),
            (.unavailable(detail: "No such file or directory"), run(),
             [.report(index: 0, .failure(.unavailable(detail: "No such file or directory"))), .take]),
            (.taken(job(1)), run(), [.startWorker]),
            (.started("w1"), run(), [.send(job(1), to: "w1")]),
        ])
    }

    // MARK: cancel

    /// After a cancel no job is handed out; the killed worker's job is reported cancelled, not crashed.
    /// Jobs queued behind it, like those never handed out, get no report: the run is over.
    func testCancelStopsHandingOutAndReportsTheJobInHand() {
        var dispatch = holding(2)
        replay(&dispatch, [
            (.ended(detail: "signal 9"), run(cancelled: true), [.kill("w1"), .report(index: 0, .failure(.cancelled)), .stop]),
        ])
    }

    /// An answer already on its way still counts; the worker is not kept for another run.
    func testCancelKeepsAnswersAndKillsTheWorkerAtTheEnd() {
        var dispatch = holding(1, depth: 1)
        replay(&dispatch, [
            (.reply(answer(0), now: 105), run(cancelled: true), [.report(index: 0, .success(result(0))), .kill("w1"), .stop]),
        ])
        var before = Dispatch(depth: 1, workers: 1, timeLimit: Self.limit)
        replay(&before, [(.begin, run(cancelled: true), [.stop])])
    }

    // MARK: temporary files

    func temporary(_ index: Int, _ path: String) -> WorkResponse { .init(sequence: index, message: .temporary(path)) }

    /// The names a worker says it is making for a job are removed when it dies on that job (after
    /// it is reaped), and forgotten once the job is answered: a name of an answered job is never
    /// removed, even when the worker dies on the next one.
    func testTemporariesOfTheJobAWorkerDiesOnAreRemovedAndNoOthers() {
        var dispatch = holding(2)
        replay(&dispatch, [
            (.reply(temporary(0, "/site/.a.jpg.partial-7-1"), now: 101), run(), [.receive(from: "w1", until: 130)]),
            (.reply(answer(0), now: 102), run(), [.report(index: 0, .success(result(0))), .take]),
            (.noneLeft, run(left: 0), [.receive(from: "w1", until: 132)]),
            (.reply(temporary(1, "/site/.b.jpg.partial-7-2"), now: 103), run(left: 0), [.receive(from: "w1", until: 132)]),
            (.reply(temporary(1, "/site/.scratch.partial-7-3"), now: 104), run(left: 0), [.receive(from: "w1", until: 132)]),
            (.ended(detail: "signal 11"), run(left: 0), [.kill("w1"),
                .removeTemporaries(["/site/.b.jpg.partial-7-2", "/site/.scratch.partial-7-3"], madeBy: "w1"),
                .report(index: 1, .failure(.crashed(detail: "signal 11"))), .take]),
        ])
        XCTAssertEqual(dispatch.temporaries, [])
    }

    /// Past the time limit, and cancelled, the same: the worker is killed, then its names removed.
    func testTemporariesAreRemovedWhenTheWorkerIsKilledForTimeOrByCancel() {
        for cancelled in [false, true] {
            var dispatch = holding(1, depth: 1)
            let failure: WorkFailure = cancelled ? .cancelled : .timedOut(seconds: Self.limit)
            replay(&dispatch, [
                (.reply(temporary(0, "/site/.c.jpg.partial-7-4"), now: 101), run(cancelled: cancelled),
                 [.receive(from: "w1", until: 130)]),
                (cancelled ? .ended(detail: "signal 9") : .timedOut, run(cancelled: cancelled),
                 [.kill("w1"), .removeTemporaries(["/site/.c.jpg.partial-7-4"], madeBy: "w1"), .report(index: 0, .failure(failure))]
                    + (cancelled ? [.stop] : [.take])),
            ])
        }
    }

    // MARK: whole runs

    /// What a stand-in worker does with a job.
    enum Behaviour { case answers, crashes, hangs, writesGarbage }

    /// Drives a dispatcher as ``WorkerPool`` does, against stand-in workers that answer in order.
    func simulate(_ behaviours: [Behaviour], depth: Int) -> [Int: [Result<WorkResult, WorkFailure>]] {
        var dispatch = Dispatch(depth: depth, workers: 1, timeLimit: Self.limit)
        var reports: [Int: [Result<WorkResult, WorkFailure>]] = [:]
        var handedOut = 0, started = 0, clock = 0.0
        var pipes: [String: [Int]] = [:]  // jobs sent to each live worker, not yet answered
        var event = Dispatch.Event.begin
        for _ in 0..<1000 {
            var next: Dispatch.Event?
            for action in dispatch.handle(event, run(left: behaviours.count - handedOut)) {
                clock += 1
                switch action {
                case .take:
                    handedOut += 1
                    next = handedOut <= behaviours.count ? .taken(job(handedOut - 1)) : .noneLeft
                case .startWorker:
                    started += 1
                    pipes["w\(started)"] = []
                    next = .started("w\(started)")
                case .send(let job, let worker):
                    pipes[worker]?.append(job.index)
                    next = pipes[worker] == nil ? .refused : .sent(now: clock)
                case .receive(let worker, let deadline):
                    let index = pipes[worker]!.removeFirst()
                    switch behaviours[index] {
                    case .answers: next = .reply(answer(index), now: clock)
                    case .crashes: pipes[worker] = nil; next = .ended(detail: "signal 11")
                    case .hangs: clock = deadline; next = .timedOut
                    case .writesGarbage: next = .reply(nil, now: clock)
                    }
                case .awaitEnd: next = .ended(detail: "signal 6")
                case .report(let index, let result): reports[index, default: []].append(result)
                case .kill(let worker): pipes[worker] = nil
                case .progress, .keep, .removeTemporaries: break
                case .stop: return reports
                }
            }
            event = next!
        }
        XCTFail("the run did not end")
        return reports
    }

    /// Every job ends once, as the pool promises: answered, crashed, or timed out at its limit,
    /// whatever its neighbours in the pipe did, at every queue depth.
    func testEveryJobEndsOnceWhateverItsNeighboursDo() {
        let behaviours: [Behaviour] = [.answers, .crashes, .answers, .answers, .hangs, .answers, .writesGarbage, .crashes, .answers,
                                       .hangs, .hangs, .answers]
        for depth in 1...4 {
            let reports = simulate(behaviours, depth: depth)
            for (index, behaviour) in behaviours.enumerated() {
                let expected: Result<WorkResult, WorkFailure> = switch behaviour {
                case .answers: .success(result(index))
                case .crashes: .failure(.crashed(detail: "signal 11"))
                case .hangs: .failure(.timedOut(seconds: Self.limit))
                case .writesGarbage: .failure(.crashed(detail: "signal 6"))
                }
                XCTAssertEqual(reports[index], [expected], "job \(index) at depth \(depth)")
            }
        }
    }
}
