import Foundation
import VitrineKit
import XCTest

/// Issue 38, break 4 and the signals of break 2: the build's children (workers and their
/// ffmpeg) die with it whichever signal ends it, and TERM or INT ends it within two seconds even
/// while its main thread waits in a call no signal interrupts.
final class HardeningIIIProcessTests: HardeningIIITestCase {
    /// Seconds within which every process of a stopped build must be gone (the figure).
    static let goneWithin = 3.0
    /// Seconds within which TERM must end a command whose main thread waits (the figure).
    static let stopWithin = 2.0

    // MARK: Children die with the build

    func testTERMDuringATranscodeLeavesNoProcessOfTheBuild() throws {
        let build = try stopBuildCaughtTranscoding(with: SIGTERM, named: "TERM")
        XCTAssertEqual(build.terminationReason, .exit)
        XCTAssertEqual(build.terminationStatus, 143, "128 + SIGTERM")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [], "the workers' temporary folder is removed")
    }

    func testKill9DuringATranscodeLeavesNoProcessOfTheBuild() throws {
        let build = try stopBuildCaughtTranscoding(with: SIGKILL, named: "kill -9")
        XCTAssertEqual(build.terminationReason, .uncaughtSignal)
    }

    /// Sends `signal` to a build caught transcoding: every process of the build is gone within
    /// ``goneWithin`` seconds, and the site's published manifest and selection are the last
    /// build's. The build's process, ended.
    func stopBuildCaughtTranscoding(with signal: Int32, named name: String, file: StaticString = #filePath,
                                    line: UInt = #line) throws -> Process {
        let (build, recorded, site, selected) = try buildCaughtTranscoding(file: file, line: line)
        kill(build.process.processIdentifier, signal)
        let survivors = survivorsAfterWaiting(for: recorded)
        XCTAssertEqual(survivors, [], "every process of the build is gone within \(Self.goneWithin) s of \(name)", file: file, line: line)
        build.process.waitUntilExit()
        XCTAssertEqual(try itemIDs(site).count, Self.itemCount, file: file, line: line)
        XCTAssertEqual(try selection(site), selected, file: file, line: line)
        return build.process
    }

    /// A running `vitrine build` caught in the middle of a transcode, and every process below it
    /// then (its workers, the ffmpeg grandchild among them), recorded from /proc; the site it
    /// rebuilds, and that site's selection.
    func buildCaughtTranscoding(file: StaticString = #filePath, line: UInt = #line) throws
        -> (build: SignalTests.RunningBuild, recorded: [ProcessEntry], site: String, selected: [String])
    {
        // The 52-item site with its selection, then a clip added to one of its albums: the
        // rebuild's one piece of work is its transcode.
        let (source, site, selected) = try finishedSite()
        // A minute of 720p, quick to make at ultrafast and far slower to transcode at the default preset.
        let made = try Program.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc2=d=60:s=1280x720:r=30",
            "-c:v", "libx264", "-preset", "ultrafast", "-crf", "30", source + "/2020/clip.mp4"])
        XCTAssertEqual(made.status, 0, made.stderr, file: file, line: line)
        let build = try SignalTests.RunningBuild(["build", source, "-o", site, "--video-transcode", "always", "--progress", "json"],
            environment: environment)
        XCTAssertTrue(build.wait { $0.contains("\"event\":\"progress\"") }, "the transcode began: \(build.stderr)", file: file, line: line)
        var recorded: [ProcessEntry] = []
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            recorded = ProcessEntry.descendants(of: build.process.processIdentifier)
            if recorded.contains(where: { $0.depth == 2 && $0.program == "ffmpeg" }) { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        XCTAssertTrue(recorded.contains { $0.depth == 1 }, "a worker was recorded: \(recorded)", file: file, line: line)
        XCTAssertTrue(recorded.contains { $0.depth == 2 && $0.program == "ffmpeg" }, "the worker's ffmpeg was recorded: \(recorded)",
            file: file, line: line)
        return (build, recorded, site, selected)
    }

    /// Those of `recorded` still running after ``goneWithin`` seconds (each then killed, so that
    /// a failure leaves nothing behind).
    func survivorsAfterWaiting(for recorded: [ProcessEntry]) -> [String] {
        let deadline = Date().addingTimeInterval(Self.goneWithin)
        var left = recorded
        while !left.isEmpty && Date() < deadline {
            left.removeAll { $0.isGone }
            Thread.sleep(forTimeInterval: 0.02)
        }
        left.removeAll { $0.isGone }
        for entry in left { kill(entry.pid, SIGKILL) }
        return left.map { "\($0.pid) (\($0.program), depth \($0.depth))" }
    }

    // MARK: TERM and INT end a command whose main thread waits

    func testTERMEndsABuildWhoseMainThreadWaitsForItsList() throws {
        try assertSignalEnds(["build", "-", "-o", folder + "/site"], SIGTERM)
    }

    func testINTEndsABuildWhoseMainThreadWaitsForItsList() throws {
        try assertSignalEnds(["build", "-", "-o", folder + "/site"], SIGINT)
    }

    func testTERMEndsAScanWhoseMainThreadWaitsForItsList() throws {
        try assertSignalEnds(["scan", "-"], SIGTERM)
    }

    /// Starts vitrine with `arguments` (which read a list on stdin) with a stdin that stays open
    /// and silent, so that its main thread waits in `read`, which the signal does not interrupt
    /// (vitrine handles it). The signal must still end it within ``stopWithin`` seconds, exit
    /// 128 + the signal, its workers gone with it.
    func assertSignalEnds(_ arguments: [String], _ signal: Int32, file: StaticString = #filePath, line: UInt = #line) throws {
        let process = Process()
        process.executableURL = Vitrine.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let silent = Pipe()
        process.standardInput = silent
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            try? silent.fileHandleForWriting.close()
        }
        // The pool (and the signal handling beside it) is made before the list is read: its first worker shows it is there.
        var recorded: [ProcessEntry] = []
        let deadline = Date().addingTimeInterval(60)
        while recorded.isEmpty && Date() < deadline {
            recorded = ProcessEntry.descendants(of: process.processIdentifier)
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertFalse(recorded.isEmpty, "a worker started", file: file, line: line)
        Thread.sleep(forTimeInterval: 1)
        XCTAssertTrue(process.isRunning, "still waiting for its list", file: file, line: line)
        let sent = Date()
        kill(process.processIdentifier, signal)
        let gone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { process.waitUntilExit(); gone.signal() }
        let ended = gone.wait(timeout: .now() + Self.stopWithin + 0.5) == .success
        let seconds = Date().timeIntervalSince(sent)
        XCTAssertTrue(ended && seconds < Self.stopWithin, "ended \(seconds) s after signal \(signal)", file: file, line: line)
        guard ended else { return }
        XCTAssertEqual(process.terminationReason, .exit, file: file, line: line)
        XCTAssertEqual(process.terminationStatus, 128 + signal, "128 + the signal", file: file, line: line)
        XCTAssertEqual(survivorsAfterWaiting(for: recorded), [], "its workers are gone", file: file, line: line)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [], "the workers' temporary folder is removed",
            file: file, line: line)
    }

    // MARK: The exec helper and the worker's check of its parent

    func testTheExecHelperRunsAProgramThatDiesWithItsParent() throws {
        // A shell starts the helper, says the program's id, then waits; the program must die with the shell.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "\"$0\" __exec $$ /bin/sleep 60 & echo $!; wait", Vitrine.executable.path]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        defer { if shell.isRunning { kill(shell.processIdentifier, SIGKILL) } }
        var said = Data()
        while !said.contains(0x0A), let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty { said.append(byte) }
        let helper = try XCTUnwrap(pid_t(String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        // The helper has become sleep (same id) once its command line is sleep's.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, ProcessEntry.read(helper)?.program != "sleep" { Thread.sleep(forTimeInterval: 0.02) }
        let program = try XCTUnwrap(ProcessEntry.read(helper, depth: 2))
        XCTAssertEqual(program.program, "sleep")
        XCTAssertEqual(program.parent, shell.processIdentifier)
        kill(shell.processIdentifier, SIGKILL)
        XCTAssertEqual(survivorsAfterWaiting(for: [program]), [], "the program died with its parent")

        // Started by another process than the one it names: the program is never run.
        let stray = try Vitrine.run(["__exec", "1", "/bin/echo", "ran"])
        XCTAssertEqual(stray.status, 1, stray.stderr)
        XCTAssertEqual(stray.stdoutText, "")
        let direct = try Vitrine.run(["__exec", String(getpid()), "/bin/echo", "-v", "ran"])
        XCTAssertEqual(direct.status, 0, direct.stderr)
        XCTAssertEqual(direct.stdoutText, "-v ran\n", "the program's words are passed as they are")
    }

    func testAWorkerWhoseParentIsNotTheOneNamedEndsAtOnce() throws {
        // Its input ends at once: a worker that serves ends with 0, one that will not serve with 1.
        let orphan = try Vitrine.run(["__worker"], stdin: "", environment: ["VITRINE_PARENT_PID": "1"])
        XCTAssertEqual(orphan.status, 1, orphan.stderr)
        let own = try Vitrine.run(["__worker"], stdin: "", environment: ["VITRINE_PARENT_PID": String(getpid())])
        XCTAssertEqual(own.status, 0, own.stderr)
    }

    func testAWorkerStartedFromAThreadThatEndsLivesOn() throws {
        // A run's threads end with it; a worker one of them asked for must not die then. The
        // thread waits until the worker's death signal is set (sleep is running: the helper set
        // it before exec), else the kernel would tie it to a thread that lives on.
        let marker = "41.\(getpid() % 1000)"
        let helper = ["__exec", String(getpid()), "/bin/sleep", marker]
        let pool = WorkerPool(.init(executable: Vitrine.executable, arguments: helper, workers: 1))
        defer { pool.abandon() }
        let release = DispatchSemaphore(value: 0)
        let thread = Thread {
            pool.prewarm()
            release.wait()
        }
        thread.start()
        var sleeper: ProcessEntry?
        let deadline = Date().addingTimeInterval(10)
        while sleeper == nil && Date() < deadline {
            sleeper = ProcessEntry.descendants(of: getpid()).first { $0.program == "sleep" && $0.arguments == [marker] }
            Thread.sleep(forTimeInterval: 0.02)
        }
        release.signal()
        let started = try XCTUnwrap(sleeper, "the worker started")
        while !thread.isFinished && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertTrue(thread.isFinished)
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertFalse(started.isGone, "the worker lives on after the thread that asked for it ended")
    }
}

/// One process as /proc shows it.
struct ProcessEntry: CustomStringConvertible {
    var pid: pid_t
    var parent: pid_t
    /// Clock ticks from boot to its start: tells it from a later process given the same id.
    var started: UInt64
    /// Generations below the process it was found from (1: a child).
    var depth: Int
    /// Its command line's first word without folders (`ffmpeg`), and the rest.
    var program: String
    var arguments: [String]

    var description: String { "\(pid) \(program) (parent \(parent), depth \(depth))" }

    /// The process `pid` now, if any.
    static func read(_ pid: pid_t, depth: Int = 0) -> ProcessEntry? {
        guard let stat = status(pid), stat.state != "Z" else { return nil }
        let words = ((try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data())
            .split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let program = words.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
        return ProcessEntry(pid: pid, parent: stat.parent, started: stat.started, depth: depth, program: program,
            arguments: words.dropFirst().filter { !$0.isEmpty })
    }

    /// State, parent and start time from /proc/PID/stat.
    static func status(_ pid: pid_t) -> (state: Character, parent: pid_t, started: UInt64)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = text.lastIndex(of: ")") else {
            return nil
        }
        // After the name: state, parent, ... start time (the stat's 22nd field).
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let state = fields[0].first, let parent = pid_t(fields[1]), let started = UInt64(fields[19]) else {
            return nil
        }
        return (state, parent, started)
    }

    /// Every process below `root` now, children first.
    static func descendants(of root: pid_t) -> [ProcessEntry] {
        let ids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid_t($0) }
        var children: [pid_t: [pid_t]] = [:]
        for pid in ids { if let stat = status(pid) { children[stat.parent, default: []].append(pid) } }
        var found: [ProcessEntry] = []
        var generation = [root], depth = 0
        while !generation.isEmpty {
            depth += 1
            generation = generation.flatMap { children[$0] ?? [] }
            found += generation.compactMap { read($0, depth: depth) }
        }
        return found
    }

    /// Ended: no longer in /proc, a zombie, or its id now another process's.
    var isGone: Bool {
        guard let now = Self.status(pid) else { return true }
        return now.state == "Z" || now.started != started
    }
}
