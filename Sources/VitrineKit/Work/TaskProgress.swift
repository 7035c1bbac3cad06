import Foundation

/// How far the task a worker is on has come, for the long ones (a transcode): what the code
/// doing the work reports, without every output kind's `make` taking a parameter for it.
///
/// The listener is the thread's own (a worker does one task at a time on one thread; an
/// in-process executor, one job at a time on the caller's). Not a `@TaskLocal`: binding one
/// outside Swift concurrency's tasks crashes optimised builds of this toolchain.
public enum TaskProgress {
    /// Receives fractions of the task, from 0 to 1, on the thread doing the work; nil when no
    /// one listens (a probe, a test calling a producer directly).
    public static var report: (@Sendable (Double) -> Void)? {
        (Thread.current.threadDictionary[key] as? Listener)?.report
    }

    /// Runs `body` with ``report`` receiving its progress on this thread.
    public static func reporting<T>(to report: @escaping @Sendable (Double) -> Void, _ body: () throws -> T) rethrows -> T {
        let dictionary = Thread.current.threadDictionary
        let outer = dictionary[key]
        dictionary[key] = Listener(report: report)
        defer { dictionary[key] = outer }
        return try body()
    }

    private static let key = "vitrine.TaskProgress"

    private final class Listener {
        let report: @Sendable (Double) -> Void
        init(report: @escaping @Sendable (Double) -> Void) { self.report = report }
    }
}

/// Reads ffmpeg's `-progress` output (`key=value` lines, a block every half second ending in
/// `progress=continue` or `progress=end`) and turns the time written so far into a fraction
/// of the clip.
struct FFmpegProgress {
    /// The clip's length in seconds: the whole of the work.
    let duration: Double
    private var pending: [UInt8] = []
    private var lastReported = -1.0

    init?(duration: Double?) {
        guard let duration, duration > 0, duration.isFinite else { return nil }
        self.duration = duration
    }

    /// The arguments that make ffmpeg write it on stdout.
    static let arguments = ["-progress", "pipe:1", "-nostats"]

    /// Feeds bytes read from ffmpeg's stdout; calls `report` with each new fraction, at most
    /// one a percent.
    mutating func read(_ bytes: ArraySlice<UInt8>, report: (Double) -> Void) {
        pending.append(contentsOf: bytes)
        while let newline = pending.firstIndex(of: 0x0A) {
            let line = String(decoding: pending[..<newline], as: UTF8.self)
            pending.removeSubrange(...newline)
            guard let fraction = fraction(of: line), fraction - lastReported >= 0.01 || fraction == 1 && lastReported < 1
            else { continue }
            lastReported = fraction
            report(fraction)
        }
    }

    /// The fraction an `out_time_us=…` line says (`N/A` before the first frame); 1 for
    /// `progress=end`.
    func fraction(of line: String) -> Double? {
        if line == "progress=end" { return 1 }
        guard line.hasPrefix("out_time_us="), let microseconds = Double(line.dropFirst("out_time_us=".count)) else { return nil }
        return min(1, max(0, microseconds / 1e6 / duration))
    }
}
