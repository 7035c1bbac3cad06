/// What the main process asks a worker process to do with one file, as one JSON line.
public enum WorkTask: Codable, Hashable, Sendable {
    /// Read a file's header (and optionally hash or verify it); `root`: the source folder it
    /// was found under, which a link to its XMP sidecar may not lead out of (nil: its folder).
    case probe(path: String, options: ProbeOptions, root: ReadRoot? = nil)
    /// Make the outputs planned for one item (a file already probed).
    case produce(ItemJob)
    /// Draw one contact-sheet page from the cells the workers made, and write it.
    case sheetPage(SheetPageJob)
}

/// A worker's answer to one task, as one JSON line.
public enum WorkResult: Codable, Equatable, Sendable {
    case probe(ProbeOutcome)
    case produce(ItemOutcome)
    case sheetPage(SheetPageAnswer)
}

extension WorkTask {
    /// Seconds beyond the pool's time limit this task may take: a transcode's, a page's.
    var extraSeconds: Double {
        switch self {
        case .produce(let job): job.extraSeconds ?? 0
        case .sheetPage(let page): page.extraSeconds
        case .probe: 0
        }
    }
}

/// A task the pool could not get an answer for.
public enum WorkFailure: Error, Equatable, Sendable {
    /// The file's work ran past `--timeout`; its worker was killed and replaced.
    case timedOut(seconds: Double)
    /// The worker died on the file (a decoder crash); it was replaced.
    case crashed(detail: String)
    /// No worker could be started at all.
    case unavailable(detail: String)
    /// The run was stopped (Ctrl-C) before the task was done.
    case cancelled
    /// The task could not be written for a worker (a value JSON cannot carry, such as a
    /// duration that is not a number).
    case unsendable(detail: String)

    public var message: String {
        switch self {
        case .timedOut(let seconds):
            "gave up after \(seconds.formatted(maxFractionDigits: 1)) s: the decoder did not finish"
        case .crashed(let detail): "the decoder crashed on this file (\(detail))"
        case .unavailable(let detail): "cannot start a worker process: \(detail)"
        case .unsendable(let detail): "cannot hand this file to a worker: \(detail)"
        case .cancelled: "stopped before it was done (interrupted)"
        }
    }

    public var reason: ErrorReason {
        switch self {
        case .timedOut: .timeout
        case .crashed, .unavailable, .cancelled: .crashed
        case .unsendable: .unsupported
        }
    }

    /// The failure as the manifest records it.
    public var itemFailure: ItemFailure { ItemFailure(reason, message, setting: setting) }
}

struct WorkRequest: Codable, Sendable {
    var sequence: Int
    var task: WorkTask
}

/// A line from a worker about the task numbered `sequence`: any number of progress reports
/// (long tasks only) and temporary names, then its one result.
struct WorkResponse: Codable, Sendable {
    var sequence: Int
    var message: Message

    enum Message: Codable, Sendable {
        /// The fraction of the task done so far (a transcode: of the clip written).
        case progress(Double)
        /// A temporary name the worker is about to make (``TemporariesInFlight``): the parent
        /// removes it if the worker dies before the result, which it has put in place or removed by.
        case temporary(String)
        case result(WorkResult)
    }
}

extension Double {
    /// `30`, `2.5`: the number without trailing zeros, at most `maxFractionDigits` decimals.
    public func formatted(maxFractionDigits: Int) -> String {
        if self == rounded() { return String(Int(self)) }
        var text = String(format: "%.\(maxFractionDigits)f", self)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
