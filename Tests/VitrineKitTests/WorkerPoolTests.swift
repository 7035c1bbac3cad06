import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// The pool's failure paths, with a stand-in worker (a few lines of Python speaking the same
/// line protocol): no corpus, no libvips.
final class WorkerPoolTests: XCTestCase {
    /// Answers a probe of `ok…` with `ignored`, hangs on `hang`, dies on `crash`, reports
    /// progress twice on `slow` before it answers, and answers `then-die`, then closes its input and dies.
    static let worker = """
        import json, os, sys, time
        for line in sys.stdin:
            request = json.loads(line)
            path = request["task"]["probe"]["path"]
            if path == "hang":
                time.sleep(120)
            if path == "crash":
                os._exit(3)
            if path == "slow":
                for fraction in [0.25, 1]:
                    print(json.dumps({"sequence": request["sequence"], "message": {"progress": {"_0": fraction}}}), flush=True)
                    time.sleep(0.2)
            result = {"probe": {"_0": {"ignored": {"reason": path}}}}
            print(json.dumps({"sequence": request["sequence"], "message": {"result": {"_0": result}}}), flush=True)
            if path == "then-die":
                os.close(0)
                time.sleep(0.5)
                os._exit(3)
        """

    var folder: TestFolder!

    override func setUpWithError() throws { folder = try TestFolder() }

    override func tearDown() { folder = nil }

    func pool(timeout: Double) throws -> WorkerPool {
        let script = try folder.file("worker.py", Self.worker)
        return WorkerPool(.init(executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", script], workers: 2,
            timeout: timeout))
    }

    func run(_ pool: WorkerPool, _ tasks: [WorkTask]) -> (results: [Result<WorkResult, WorkFailure>?], seconds: Double) {
        let results = Locked([Result<WorkResult, WorkFailure>?](repeating: nil, count: tasks.count))
        let start = Date()
        pool.run(tasks) { index, result in results.withLock { $0[index] = result } }
        return (results.current, Date().timeIntervalSince(start))
    }

    func probe(_ path: String) -> WorkTask { .probe(path: path, options: ProbeOptions()) }

    func testAnswersCome() throws {
        let (results, _) = run(try pool(timeout: 10), ["ok1", "ok2", "ok3"].map(probe))
        XCTAssertEqual(results.map { try? $0?.get() }, ["ok1", "ok2", "ok3"].map { .probe(.ignored(reason: $0)) })
    }

    func testProgressReportsReachTheCallerBeforeTheTasksAnswer() throws {
        let heard = Locked<[String]>([])
        let tasks = ["ok1", "slow", "ok2"].map(probe)
        try pool(timeout: 10).run(tasks, progress: { index, fraction in
            heard.withLock { $0.append("\(index) \(fraction)") }
        }) { index, result in
            heard.withLock { $0.append("\(index) done") }
        }
        let slow = heard.current.filter { $0.hasPrefix("1 ") }
        XCTAssertEqual(slow, ["1 0.25", "1 1.0", "1 done"], "in order, and only for the task that sent them")
        XCTAssertEqual(heard.current.filter { $0.hasSuffix("done") }.count, 3)
    }

    func testAHungTaskTimesOutAndTheRestGoOn() throws {
        // A limit the quick tasks stay well under on a loaded machine (a python3 worker starts
        // within it), that the hung one runs past.
        let (results, seconds) = run(try pool(timeout: 3), ["ok1", "hang", "ok2", "ok3"].map(probe))
        XCTAssertEqual(results[1], .failure(.timedOut(seconds: 3)))
        XCTAssertEqual(results.compactMap { try? $0?.get() }.count, 3)
        XCTAssertLessThan(seconds, 10, "the hung worker was killed, not waited for")
    }

    func testACrashIsNamedAndTheRestGoOn() throws {
        let (results, _) = run(try pool(timeout: 10), ["ok1", "crash", "ok2"].map(probe))
        guard case .failure(.crashed(let detail))? = results[1] else { return XCTFail("\(String(describing: results[1]))") }
        XCTAssertEqual(detail, "exit status 3")
        XCTAssertEqual(results.compactMap { try? $0?.get() }.count, 2)
    }

    /// A worker found gone as the next job is sent, with a job still in its pipe: that job fails as a
    /// crash, at once, and the next one goes to a fresh worker. (The pipe used to be closed before the
    /// read, which then waited out the time limit and said `--timeout`.)
    func testAWorkerFoundGoneWhileHoldingAJobIsACrash() throws {
        let script = try folder.file("worker.py", Self.worker)
        let pool = WorkerPool(.init(executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", script], workers: 1,
            timeout: 8))
        defer { pool.shutdown() }
        let results = Locked([Result<WorkResult, WorkFailure>?](repeating: nil, count: 3))
        let start = Date()
        pool.run(["then-die", "ok2", "ok3"].map(probe), queueDepth: 2) { index, result in
            // The worker closes its input meanwhile, so the next send finds it gone.
            if index == 0 { usleep(200_000) }
            results.withLock { $0[index] = result }
        }
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(results.current[0], .success(.probe(.ignored(reason: "then-die"))))
        XCTAssertEqual(results.current[1], .failure(.crashed(detail: "exit status 3")))
        XCTAssertEqual(results.current[2], .success(.probe(.ignored(reason: "ok3"))))
        XCTAssertLessThan(seconds, 6, "no wait for the time limit")
    }

    /// A task JSON cannot carry (a duration that is not a number) fails at once, by name;
    /// it used to reach the worker as an empty line and fail only at the time limit.
    func testATaskThatCannotBeSentFailsAtOnce() throws {
        let job = ItemJob(source: ItemSource(path: "clip.mp4", kind: .video, width: 2, height: 2,
            video: VideoSource(duration: .nan)), outputFolder: "out", outputs: [])
        let (results, seconds) = run(try pool(timeout: 20), [probe("ok1"), .produce(job), probe("ok2")])
        guard case .failure(.unsendable(let detail))? = results[1] else { return XCTFail("\(String(describing: results[1]))") }
        XCTAssertTrue(detail.contains("duration"), detail)
        XCTAssertEqual(WorkFailure.unsendable(detail: detail).reason, .unsupported)
        XCTAssertLessThan(seconds, 10, "no wait for the time limit")
        XCTAssertEqual(results.compactMap { try? $0?.get() }.count, 2)
    }
}
