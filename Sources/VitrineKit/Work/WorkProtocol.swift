/// What the main process asks a worker process to do with one file, as one JSON line.
public enum WorkTask: Codable, Hashable, Sendable {
    /// Read a file's header (and optionally hash or verify it).
    case probe(path: String, options: ProbeOptions)
    /// Make renditions of a file already probed.
    case render(path: String, request: RenderRequest)

}

/// A worker's answer to one task, as one JSON line.
public enum WorkResult: Codable, Equatable, Sendable {
    case probe(ProbeOutcome)
    case render(RenderOutcome)
}

/// A task the pool could not get an answer for.
public enum WorkFailure: Error, Equatable, Sendable {
    /// The file's work ran past `--timeout`; its worker was killed and replaced.
    case timedOut(seconds: Double)
    /// The worker died on the file (a decoder crash); it was replaced.
    case crashed(detail: String)
    /// No worker could be started at all.
    case unavailable(detail: String)

    public var message: String {
        switch self {
        case .timedOut(let seconds):
            "gave up after \(seconds.formatted(maxFractionDigits: 1)) s (--timeout): the decoder did not finish"
        case .crashed(let detail): "the decoder crashed on this file (\(detail))"
        case .unavailable(let detail): "cannot start a worker process: \(detail)"
        }
    }

    public var reason: ErrorReason {
        switch self {
        case .timedOut: .timeout
        case .crashed, .unavailable: .crashed
        }
    }
}

struct WorkRequest: Codable, Sendable {
    var sequence: Int
    var task: WorkTask
}

struct WorkResponse: Codable, Sendable {
    var sequence: Int
    var result: WorkResult
}

extension Double {
    func formatted(maxFractionDigits: Int) -> String {
        if self == rounded() { return String(Int(self)) }
        var text = String(format: "%.\(maxFractionDigits)f", self)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
