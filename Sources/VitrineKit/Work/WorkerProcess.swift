import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One worker child process and the two pipes to it, read with a deadline.
final class WorkerProcess {
    private let child: ChildProcess
    private var buffer: [UInt8] = []

    enum Reply { case line([UInt8]), timedOut, ended(String) }

    /// The worker's process ID: what its temporary names carry.
    var pid: Int32 { child.pid }

    /// - Parameter environment: added to the worker's environment (``ScratchFolder``).
    init(executable: URL, arguments: [String], environment extra: [String: String] = [:]) throws {
        // A crashing decoder must not have the Swift runtime print a report into our reply pipe.
        // One glibc malloc arena: libvips' threads otherwise each grow their own, and a worker
        // holds far more memory (and runs slower).
        // Other C libraries ignore the variable.
        var environment = extra.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        // The worker dies with this process (ParentDeath), so it is told which process that is.
        environment.merge(ParentDeath.workerEnvironment) { $1 }
        if ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil { environment["MALLOC_ARENA_MAX"] = "1" }
        child = try ChildProcess(executable: executable.path, arguments: arguments, environment: environment)
    }

    /// Sends one line; false when the worker is gone.
    func send(_ line: Data) -> Bool {
        let fd = child.inputFD
        guard fd >= 0 else { return false }
        return line.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Waits for one line until `deadline` (seconds on the monotonic clock).
    func receiveLine(until deadline: Double) -> Reply {
        let fd = child.outputFD
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return .line(line)
            }
            let remaining = deadline - Self.now()
            if remaining <= 0 { return .timedOut }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(remaining * 1000, 3_600_000).rounded(.up)))
            if ready < 0 {
                if errno == EINTR { continue }
                return .ended("poll failed: \(String(cString: strerror(errno)))")
            }
            if ready == 0 { continue }
            let count = read(fd, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                return .ended("read failed: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return .ended(child.describeExit()) }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// How the worker ended, once it has (`signal 6`); waits for it.
    func exitDescription() -> String { child.describeExit() }

    /// Sends SIGKILL from another thread than the one reading it: that thread then reads the
    /// end of the pipe and reaps the worker as for a crash.
    func interrupt() { child.signalKill() }

    /// Ends the worker at once; a thread stuck in a decoder cannot be stopped any other way.
    func kill() {
        child.kill()
        child.closeInput()
        child.closeOutput()
    }

    /// Closes its input so it exits on its own, then waits up to `grace` seconds before killing it.
    func finish(grace: Double = 2) {
        child.closeInput()
        let deadline = Self.now() + grace
        while child.waitForExit(blocking: false) == nil && Self.now() < deadline { usleep(2_000) }
        kill()
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
