import Foundation
import VipsKit
import XCTest

/// `vitrine build` under a scheduler's SIGTERM (issue 24, item 8): whatever it is doing
/// (downloads, probes, items on the workers, contact sheets), it exits 143 within seconds,
/// and the next build finishes the site. Downloads wait on a slow server without spinning and
/// give up an attempt at `--net-deadline`. (The issue asks for 2 s; 5 s is asserted, to stay
/// robust on a loaded machine.)
final class SignalTests: TemporaryFolderTestCase {
    /// Seconds from TERM to exit asserted.
    static let stopWithin = 5.0

    var source: String { folder + "/src" }
    var site: String { folder + "/site" }

    /// A running `vitrine build` whose stderr is read line by line as it comes.
    final class RunningBuild {
        let process = Process()
        private let lines = Locked<[String]>([])
        private let ended = DispatchSemaphore(value: 0)

        init(_ arguments: [String], environment: [String: String] = [:]) throws {
            process.executableURL = Vitrine.executable
            process.arguments = arguments
            var env = ProcessInfo.processInfo.environment
            for (key, value) in environment { env[key] = value }
            process.environment = env
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let reading = errors.fileHandleForReading
            Thread.detachNewThread { [lines, ended] in
                var pending = Data()
                var buffer = [UInt8](repeating: 0, count: 65536)
                // read(2): what has come so far (FileHandle's read(upToCount:) waits for the whole count).
                while case let count = read(reading.fileDescriptor, &buffer, buffer.count), count != 0 {
                    if count < 0 {
                        if errno == EINTR { continue }
                        break
                    }
                    pending.append(contentsOf: buffer[0..<count])
                    while let newline = pending.firstIndex(of: 0x0A) {
                        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                        lines.withLock { $0.append(line) }
                        pending = Data(pending[(newline + 1)...])
                    }
                }
                ended.signal()
            }
        }

        deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        var stderr: [String] { lines.current }

        /// Waits (at most `seconds`) for a line that `matches`; whether one came.
        func wait(seconds: Double = 120, for matches: (String) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if stderr.contains(where: matches) { return true }
                if !process.isRunning { return stderr.contains(where: matches) }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return false
        }

        /// Waits for `--progress json`'s start of `phase`.
        func waitForPhase(_ phase: String) -> Bool {
            wait { $0.contains("\"event\":\"start\"") && $0.contains("\"phase\":\"\(phase)\"") }
        }

        /// Sends SIGTERM and waits for the end (killing it after 60 s): the status, and the
        /// seconds from the signal to the exit.
        func terminate() -> (status: Int32, seconds: Double) {
            XCTAssertTrue(process.isRunning, "still running when TERM is sent")
            let sent = Date()
            kill(process.processIdentifier, SIGTERM)
            let killing = DispatchWorkItem { [process] in if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: killing)
            process.waitUntilExit()
            let seconds = Date().timeIntervalSince(sent)
            killing.cancel()
            _ = ended.wait(timeout: .now() + 10)
            return (process.terminationStatus, seconds)
        }

        /// CPU seconds (user and system) the process has used so far, from /proc.
        var cpuSeconds: Double {
            guard let text = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
                let close = text.lastIndex(of: ")")
            else { return 0 }
            // After the name: state is field 3, utime and stime are fields 14 and 15.
            let fields = text[text.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
            return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
        }
    }

    /// `count` small distinct pictures in `source`.
    func makeSmallPictures(_ count: Int) throws {
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try Vips.initialize()
        for number in 0..<count {
            let noise = try Operation.image("gaussnoise", ["width": .int(48), "height": .int(32), "mean": .double(Double(number % 200))])
            try noise.save(to: source + String(format: "/p%04d.png", number))
        }
    }

    /// No temporary name left below the site.
    func assertNoLeftovers(file: StaticString = #filePath, line: UInt = #line) {
        let left = (FileManager.default.enumerator(atPath: site)?.allObjects as? [String] ?? []).filter { $0.contains(".partial-") }
        XCTAssertEqual(left, [], "no temporary file left", file: file, line: line)
    }

    func testTERMDuringASlowDownloadStopsAtOnceAndTheWaitUsesNoCPU() throws {
        let server = try HTTPTestServer(folder: folder + "/server")
        defer { server.stop() }
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.examples + "/coffee.jpg", toPath: source + "/coffee.jpg")
        try FileManager.default.copyItem(atPath: Repository.examples + "/chelsea.jpg", toPath: server.root + "/chelsea.jpg")
        let home = folder + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        // 140 KB over 60 s: never silent for long, so --net-timeout never ends it.
        let build = try RunningBuild(["build", source, server.url("/drip/60/140000"), "-o", site, "--progress", "json"],
            environment: server.environment(home: home))
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !server.requests.contains(where: { $0.target.hasPrefix("/drip/") }) { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertTrue(server.requests.contains { $0.target.hasPrefix("/drip/") }, "the download began")
        Thread.sleep(forTimeInterval: 1)
        let before = build.cpuSeconds
        Thread.sleep(forTimeInterval: 3)
        let used = build.cpuSeconds - before
        XCTAssertLessThan(used, 0.3, "waiting on a slow server uses next to no CPU (\(used) s of CPU in 3 s)")
        let stopped = build.terminate()
        XCTAssertEqual(stopped.status, 143, "128 + SIGTERM")
        XCTAssertLessThan(stopped.seconds, Self.stopWithin, "stopped during a download")
        assertNoLeftovers()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home), [], "HOME stays empty")
        // The next build, with a server that answers, finishes the site.
        let resumed = try Vitrine.run(["build", source, server.url("/files/chelsea.jpg"), "-o", site],
            environment: server.environment(home: home))
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json"))) as? [String: Any]
        XCTAssertEqual(items(manifest ?? [:]).count, 2)
    }

    func testAnAttemptLongerThanTheDeadlineIsGivenUpOnce() throws {
        let server = try HTTPTestServer(folder: folder + "/server")
        defer { server.stop() }
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.examples + "/coffee.jpg", toPath: source + "/coffee.jpg")
        let home = folder + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let url = server.url("/drip/30/140000")
        let run = try Vitrine.run(["build", source, url, "-o", site, "--net-deadline", "2", "--net-timeout", "10"],
            environment: server.environment(home: home), timeout: 60)
        XCTAssertEqual(run.status, 1, "a file failed: " + run.stderr)
        XCTAssertLessThan(run.seconds, 15, "given up at the deadline, not at the end of the body")
        XCTAssertTrue(run.stderrLines.contains("vitrine: error: \(url): not finished in 2 s (--net-deadline)"), run.stderr)
        XCTAssertEqual(server.requests.filter { $0.target.hasPrefix("/drip/") }.count, 1, "not tried again")
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json"))) as? [String: Any]
        XCTAssertEqual(errors(manifest ?? [:]).map { $0["reason"] as? String }, ["timeout"])
        XCTAssertEqual(items(manifest ?? [:]).count, 1)
        let help = try Vitrine.run(["build", "--help"])
        XCTAssertTrue(help.stdoutText.contains("--net-deadline SECONDS"), help.stdoutText)
        XCTAssertTrue(help.stdoutText.contains("(default: 600)"), help.stdoutText)
    }

    func testTERMDuringTheContactSheetsStopsBetweenPages() throws {
        try makeSmallPictures(400)
        // A page per item, each a large cell: hundreds of pages, each a fair amount of work.
        let arguments = ["build", source, "-o", site, "--no-tiles", "--no-display", "--no-retina", "--no-page",
            "--sheet-per-page", "1", "--sheet-columns", "1", "--sheet-cell", "1600x1600"]
        let build = try RunningBuild(arguments + ["--progress", "json"])
        XCTAssertTrue(build.waitForPhase("sheet"))
        Thread.sleep(forTimeInterval: 0.3)
        let stopped = build.terminate()
        XCTAssertEqual(stopped.status, 143, "128 + SIGTERM")
        XCTAssertLessThan(stopped.seconds, Self.stopWithin, "stopped during the contact sheets")
        let pagesMade = build.stderr.filter { $0.contains("\"phase\":\"sheet\"") && $0.contains("\"event\":\"item\"") }.count
        XCTAssertLessThan(pagesMade, 400, "the sheets were under way")
        assertNoLeftovers()
        let resumed = try Vitrine.run(arguments)
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json"))) as? [String: Any]
        let sheets = manifest?["sheets"] as? [[String: Any]] ?? []
        XCTAssertEqual(sheets.count, 400, "every page made by the next build")
        for sheet in sheets {
            let path = site + "/" + (sheet["path"] as? String ?? "")
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), path)
        }
    }

    /// A worker killed while it writes (a transcode into its scratch folder) cannot clean up
    /// after itself: what it said it was making is removed by the pool once it is dead. A part
    /// of an array job (`--shard`) leaves fresh temporary files alone when it is stopped (another
    /// machine's part may be writing them), so only that removal can clear this one.
    func testTERMDuringATranscodeLeavesNoneOfTheWorkersTemporaryFiles() throws {
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        let made = try Program.run("ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25", "-t", "20",
            "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", source + "/long.mp4"])
        XCTAssertEqual(made.status, 0, made.stderr)
        let arguments = ["build", source, "-o", site, "--no-sheets", "--no-page", "--video-transcode", "always", "--video-codec", "vp9",
            "--shard", "1/1"]
        let build = try RunningBuild(arguments + ["--progress", "json"])
        // A fraction said: ffmpeg is writing into the worker's scratch folder.
        XCTAssertTrue(build.wait { $0.contains("\"event\":\"progress\"") && $0.contains("long.mp4") }, "the transcode began")
        let scratch = (try? FileManager.default.contentsOfDirectory(atPath: site))?.filter { $0.contains(".partial-") } ?? []
        XCTAssertFalse(scratch.isEmpty, "the worker's scratch folder is there while it transcodes")
        let stopped = build.terminate()
        XCTAssertEqual(stopped.status, 143, "128 + SIGTERM")
        XCTAssertLessThan(stopped.seconds, Self.stopWithin, "stopped during the transcode")
        assertNoLeftovers()
    }

    func testTERMDuringTheProbesAndDuringTheItemsStopsAtOnce() throws {
        // Probes: videos, each read by ffprobe.
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        for number in 0..<40 {
            try FileManager.default.copyItem(atPath: Repository.examples + "/clip.mp4", toPath: source + "/clip-\(number).mp4")
        }
        // Items: large pictures with zoom tiles.
        try Vips.initialize()
        for number in 1...4 {
            let noise = try Operation.image("gaussnoise", ["width": .int(2600 + number * 100), "height": .int(1800), "mean": .double(100)])
            try noise.save(to: source + "/large-\(number).jpg")
        }
        for phase in ["scan", "render"] {
            let build = try RunningBuild(["build", source, "-o", site, "--no-sheets", "--progress", "json"])
            XCTAssertTrue(build.waitForPhase(phase), phase)
            Thread.sleep(forTimeInterval: 0.3)
            let stopped = build.terminate()
            XCTAssertEqual(stopped.status, 143, "128 + SIGTERM during \(phase)")
            XCTAssertLessThan(stopped.seconds, Self.stopWithin, "stopped during \(phase)")
            assertNoLeftovers()
        }
        let resumed = try Vitrine.run(["build", source, "-o", site, "--no-sheets"])
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json"))) as? [String: Any]
        XCTAssertEqual(items(manifest ?? [:]).count, 44)
    }
}
