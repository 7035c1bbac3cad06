import Foundation
import VitrineKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one-line progress display on a terminal's stderr, such as
/// `vitrine: render 120/500 · 40 files/s · 0:03 · ETA 0:09 · clip.mov 42%` (the last part for
/// the long tasks under way, a transcode's share of its clip): redrawn at most ten times a
/// second (also while one slow file holds every worker), erased before any message line and
/// cleared at the end, so that what stays on the screen is only the messages.
final class ProgressLine: @unchecked Sendable {
    /// Whether stderr is a terminal that understands `\r` and erase-line (not `TERM=dumb`).
    static var stderrIsTerminal: Bool {
        isatty(2) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    private let lock = NSLock()
    private var phase = ""
    private var total = 0
    private var done = 0
    private var phaseStarted = 0.0
    private var lastDrawn = 0.0
    private var shown = false
    private var ticking = false
    /// Long tasks under way and how far each has come, in the order they reported first.
    private var working: [(path: String, fraction: Double)] = []

    func start(phase: String, total: Int) {
        lock.lock()
        defer { lock.unlock() }
        self.phase = phase
        self.total = total
        done = 0
        working = []
        phaseStarted = Self.now()
        draw()
        if !ticking {
            ticking = true
            let ticker = Thread { [self] in tick() }
            ticker.stackSize = 1 << 18
            ticker.start()
        }
    }

    /// A long task's fraction done, shown until it finishes.
    func working(on path: String, fraction: Double) {
        lock.lock()
        defer { lock.unlock() }
        if let index = working.firstIndex(where: { $0.path == path }) {
            working[index].fraction = fraction
        } else {
            working.append((path, fraction))
        }
    }

    func advance(finishing path: String) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        working.removeAll { $0.path == path }
        if Self.now() - lastDrawn >= 0.1 { draw() }
    }

    /// Erases the line, runs `write` (which prints whole lines), and draws the line again.
    func printing(_ write: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        erase()
        write()
        if ticking { draw() }
    }

    /// Erases the line for good.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        ticking = false
        erase()
    }

    private func tick() {
        while true {
            usleep(100_000)
            lock.lock()
            defer { lock.unlock() }
            guard ticking else { return }
            draw()
        }
    }

    private func draw() {
        let elapsed = Self.now() - phaseStarted
        var parts = ["vitrine: \(phase) \(done)/\(total)"]
        if elapsed >= 1, done > 0 {
            let rate = Double(done) / elapsed
            parts.append(rate >= 10 ? "\(Int(rate)) files/s" : String(format: "%.1f files/s", rate))
            parts.append(Self.clock(elapsed))
            if done < total { parts.append("ETA " + Self.clock(Double(total - done) / rate)) }
        }
        for task in working { parts.append("\(Path.name(of: task.path)) \(Int(task.fraction * 100))%") }
        var text = parts.joined(separator: " · ")
        let width = Self.columns() - 1
        if text.count > width { text = String(text.prefix(max(0, width))) }
        write("\r\u{1B}[K" + text)
        shown = true
        lastDrawn = Self.now()
    }

    private func erase() {
        guard shown else { return }
        write("\r\u{1B}[K")
        shown = false
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Foundation.write(2, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    /// `0:07`, `12:34`, `1:02:03`.
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }

    private static func columns() -> Int {
        var size = winsize()
        guard ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 10 else { return 80 }
        return Int(size.ws_col)
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
