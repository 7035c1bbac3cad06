import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started with `posix_spawn`, with pipes to its stdin and from its stdout,
/// and its stderr either sent to /dev/null or piped back too.
///
/// Foundation's `Process` reaps children through a run loop, which hangs when several
/// threads start and kill children at once; the pool does exactly that, so it uses this.
/// Every child is started from the ``Spawner`` thread.
final class ChildProcess {
    let pid: pid_t
    /// Our end of the child's stdin, and of its stdout.
    private(set) var inputFD: Int32
    private(set) var outputFD: Int32
    /// Our end of the child's stderr, when it was asked for (else -1).
    private(set) var errorFD: Int32 = -1
    private var status: Int32?

    /// Pipe creation and spawning are serialised so that no child inherits another's pipe ends.
    private static let spawnLock = NSLock()

    /// - Parameter environment: added to (or replacing) this process's environment.
    init(executable: String, arguments: [String], environment: [String: String] = [:], captureErrors: Bool = false) throws {
        Self.spawnLock.lock()
        defer { Self.spawnLock.unlock() }
        var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0 else { throw ChildProcessError.spawn(errno) }
        guard pipe(&fromChild) == 0 else {
            Glibc_close(toChild[0]); Glibc_close(toChild[1])
            throw ChildProcessError.spawn(errno)
        }
        var errors: [Int32] = [-1, -1]
        if captureErrors && pipe(&errors) != 0 {
            for fd in toChild + fromChild { Glibc_close(fd) }
            throw ChildProcessError.spawn(errno)
        }
        for fd in toChild + fromChild + errors where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }

        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
        #else
            var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        if captureErrors {
            posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }

        let argv = ([executable] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv + [nil]
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        let envp = merged.map { strdup("\($0.key)=\($0.value)") }
        defer { envp.forEach { free($0) } }
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = envp + [nil]
        // From the spawner thread, which lives as long as this process: a child's death signal
        // (ParentDeath) fires when the thread that started it ends.
        let (result, child) = Spawner.shared.perform { () -> (Int32, pid_t) in
            var child: pid_t = 0
            let result = posix_spawn(&child, executable, &actions, nil, &cArguments, &cEnvironment)
            return (result, child)
        }
        Glibc_close(toChild[0])
        Glibc_close(fromChild[1])
        if captureErrors { Glibc_close(errors[1]) }
        guard result == 0 else {
            Glibc_close(toChild[1]); Glibc_close(fromChild[0])
            if captureErrors { Glibc_close(errors[0]) }
            throw ChildProcessError.spawn(result)
        }
        pid = child
        inputFD = toChild[1]
        outputFD = fromChild[0]
        errorFD = captureErrors ? errors[0] : -1
    }

    deinit {
        closeInput()
        closeOutput()
        if errorFD >= 0 { Glibc_close(errorFD) }
    }

    func closeInput() {
        if inputFD >= 0 { Glibc_close(inputFD); inputFD = -1 }
    }

    func closeOutput() {
        if outputFD >= 0 { Glibc_close(outputFD); outputFD = -1 }
    }

    /// Sends SIGKILL without reaping (another thread may be waiting on the child's pipes).
    func signalKill() { _ = Glibc_kill(pid, SIGKILL) }

    /// Sends SIGKILL (if still running) and reaps the child.
    func kill() {
        if status == nil { _ = Glibc_kill(pid, SIGKILL) }
        _ = waitForExit(blocking: true)
    }

    /// The raw wait status once the child has ended; nil while it runs (non-blocking).
    func waitForExit(blocking: Bool) -> Int32? {
        if let status { return status }
        var raw: Int32 = 0
        while true {
            let result = waitpid(pid, &raw, blocking ? 0 : WNOHANG)
            if result == pid { status = raw; return raw }
            if result == 0 { return nil }
            if errno == EINTR { continue }
            status = -1
            return -1
        }
    }

    /// `exit status 3` or `signal 11`.
    func describeExit() -> String {
        guard let raw = waitForExit(blocking: true), raw >= 0 else { return "ended" }
        let signal = raw & 0x7f
        return signal == 0 ? "exit status \((raw >> 8) & 0xff)" : "signal \(signal)"
    }
}

enum ChildProcessError: Error, CustomStringConvertible {
    case spawn(Int32)
    var description: String {
        switch self {
        case .spawn(let code): String(cString: strerror(code))
        }
    }
}

private func Glibc_close(_ fd: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(fd)
    #else
        _ = Darwin.close(fd)
    #endif
}

private func Glibc_kill(_ pid: pid_t, _ signal: Int32) -> Int32 {
    #if canImport(Glibc)
        return Glibc.kill(pid, signal)
    #else
        return Darwin.kill(pid, signal)
    #endif
}
