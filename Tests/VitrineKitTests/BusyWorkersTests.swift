import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// A build's workers are kept busy: the next job is already in a worker's pipe while it makes
/// one, so it never waits for the main process to read its answer, fold and record it (issue
/// 25, item 7). A stand-in worker (Python, the same line protocol) notes, as it finishes each
/// job, whether the next one is already waiting for it.
final class BusyWorkersTests: XCTestCase {
    /// Notes its process id and `queued` or `alone` per job in the file named by its first argument, then answers
    /// (with a probe's answer: the pool reports it as a failure, which is all the same here).
    static let worker = """
        import json, os, select, sys
        log = open(sys.argv[1], "a")
        buffer = b""
        while True:
            while b"\\n" not in buffer:
                chunk = os.read(0, 65536)
                if not chunk:
                    sys.exit(0)
                buffer += chunk
            line, buffer = buffer.split(b"\\n", 1)
            request = json.loads(line)
            select.select([], [], [], 0.3)  # the job's work
            waiting = b"\\n" in buffer or bool(select.select([0], [], [], 0)[0])
            log.write(f"{os.getpid()} " + ("queued\\n" if waiting else "alone\\n"))
            log.flush()
            answer = {"sequence": request["sequence"], "message": {"result": {"_0": {"probe": {"_0": {"ignored": {"reason": "x"}}}}}}}
            sys.stdout.write(json.dumps(answer) + "\\n")
            sys.stdout.flush()
        """

    /// Runs `count` jobs on `workers` stand-ins; what each noted, as (process id, state).
    func run(count: Int, workers: Int) throws -> [(pid: Substring, state: Substring)] {
        let folder = try TestFolder()
        let script = try folder.file("worker.py", Self.worker)
        let log = folder.path + "/jobs.log"
        let pool = WorkerPool(.init(executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", script, log],
            workers: workers, timeout: 20))
        defer { pool.shutdown() }
        // Started before the run, as a command's are: each dispatcher gets its worker at once.
        pool.prewarm(workers)
        let job = ItemJob(source: ItemSource(path: "a.jpg", kind: .image, width: 2, height: 2), outputFolder: "out", outputs: [])
        let answers = Locked(0)
        pool.execute(count: count, order: Array(0..<count), job: { _ in job }, progress: { _, _ in }) { _, _ in answers.withLock { $0 += 1 } }
        XCTAssertEqual(answers.current, count)
        return try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { line in
            let parts = line.split(separator: " ")
            return (parts[0], parts[1])
        }
    }

    func testTheNextJobWaitsInTheWorkersPipe() throws {
        // The last job has none after it; every other one had the next queued behind it.
        XCTAssertEqual(try run(count: 4, workers: 1).map(\.state), ["queued", "queued", "queued", "alone"])
    }

    /// Queued only while there are jobs for every worker: two jobs on two workers go one each.
    func testTheLastJobsGoOneToAWorker() throws {
        let noted = try run(count: 2, workers: 2)
        XCTAssertEqual(noted.map(\.state), ["alone", "alone"])
        XCTAssertEqual(Set(noted.map(\.pid)).count, 2, "each worker made one")
    }
}
