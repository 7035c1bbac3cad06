import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program (ffprobe, ffmpeg) with an explicit argument list — no shell — and a time
/// limit, collecting its stdout and stderr. In vitrine, the program dies with the process that
/// started it (``ParentDeath``).
public enum Subprocess {
    public struct Result: Sendable {
        /// The exit status, or nil when it was killed (time limit) or died of a signal.
        public var status: Int32?
        public var output: Data
        public var errors: String
        public var timedOut: Bool
    }

    public enum Failure: Error, CustomStringConvertible {
        case notFound(String)
        case cannotStart(String, String)
        public var description: String {
            switch self {
            case .notFound(let name): "\(name) is not installed (install the ffmpeg package)"
            case .cannotStart(let name, let reason): "cannot start \(name): \(reason)"
            }
        }
    }

    /// The program's full path, searched on PATH.
    public static func locate(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `name` with `arguments`; kills it after `timeout` seconds. Output is capped at
    /// `limit` bytes (more is read and dropped, so the child never blocks on a full pipe).
    /// - Parameter streaming: given the child's stdout as it comes, instead of collecting it
    ///   in ``Result/output`` (ffmpeg's `-progress pipe:1`).
    public static func run(_ name: String, _ arguments: [String], timeout: Double, limit: Int = 64 << 20,
                           streaming: ((ArraySlice<UInt8>) -> Void)? = nil) throws -> Result {
        guard let program = locate(name) else { throw Failure.notFound(name) }
        // Through the exec helper when there is one, so that the program dies with this process.
        let (executable, words) = ParentDeath.launch(program, arguments)
        let child: ChildProcess
        do {
            child = try ChildProcess(executable: executable, arguments: words, captureErrors: true)
        } catch {
            throw Failure.cannotStart(name, "\(error)")
        }
        child.closeInput()
        var output = Data(), errors = Data()
        var open = [child.outputFD, child.errorFD]
        let deadline = WorkerProcess.now() + timeout
        var chunk = [UInt8](repeating: 0, count: 65536)
        var timedOut = false
        while !open.isEmpty {
            let remaining = deadline - WorkerProcess.now()
            if remaining <= 0 { timedOut = true; break }
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(remaining * 1000, 60_000).rounded(.up)))
            if ready < 0 && errno != EINTR { break }
            for descriptor in descriptors where descriptor.revents != 0 {
                let count = read(descriptor.fd, &chunk, chunk.count)
                if count <= 0 {
                    open.removeAll { $0 == descriptor.fd }
                } else if descriptor.fd == child.outputFD, let streaming {
                    streaming(chunk[0..<count])
                } else if descriptor.fd == child.outputFD {
                    if output.count < limit { output.append(contentsOf: chunk[0..<count]) }
                } else if errors.count < 65536 {
                    errors.append(contentsOf: chunk[0..<count])
                }
            }
        }
        if timedOut { child.kill() }
        let raw = child.waitForExit(blocking: true) ?? -1
        let exited = !timedOut && raw >= 0 && (raw & 0x7f) == 0
        return Result(status: exited ? (raw >> 8) & 0xff : nil, output: output,
            errors: String(decoding: errors, as: UTF8.self), timedOut: timedOut)
    }
}
