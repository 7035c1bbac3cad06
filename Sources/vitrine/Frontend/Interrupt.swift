import Foundation
import VitrineKit

/// Ctrl-C and a scheduler's SIGTERM, for every command but the worker (which its parent ends).
///
/// A command that runs a worker pool (``stopping(_:)``) is stopped: its workers are stopped,
/// and it ends with the state of what it finished (a build resumes from there with the next),
/// exit 128 + the signal. Any other command (`export`, `select`, `page`: no work to stop half
/// way) ends at once, with the same status.
///
/// A command whose main thread is held in a wait that the signal does not end (an `open` that
/// waits for a writer, a read from a stalled disk) is ended anyway, ``grace`` seconds after the
/// signal, by `_exit`. That is safe: every output is put in place atomically (a rename) and the
/// build's state is an SQLite database, so no file is ever left half-written under its name;
/// what was in hand is made again by the next build, and its temporary files are removed on the
/// way out (``TemporariesInFlight``; the pool removes a killed worker's). Workers and their
/// ffmpeg die with this process (their death signal, `ParentDeath`). A second signal ends the
/// process at once.
final class Interrupt: @unchecked Sendable {
    /// Seconds a command has to end by itself after the signal.
    static let grace = 1.5

    /// The process's one: a signal has one handler.
    static let shared = Interrupt()

    private var sources: [DispatchSourceSignal] = []
    private let lock = NSLock()
    private var signal: Int32?
    private var pool: WorkerPool?

    private init() {}

    /// The signal that stopped the command, if one did.
    var received: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return signal
    }

    /// Takes SIGINT and SIGTERM from now on (once; later calls do nothing).
    func install() {
        lock.lock()
        defer { lock.unlock() }
        guard sources.isEmpty else { return }
        for number in [SIGINT, SIGTERM] {
            Foundation.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in handle(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// From now on a signal stops `pool` and gives the command ``grace`` seconds to end by itself.
    func stopping(_ pool: WorkerPool) -> Interrupt {
        install()
        lock.lock()
        self.pool = pool
        lock.unlock()
        return self
    }

    private func handle(_ number: Int32) {
        lock.lock()
        let first = signal
        signal = first ?? number
        let pool = pool
        lock.unlock()
        guard first == nil, let pool else { Self.end(pool, status: 128 + (first ?? number)) }
        pool.cancel()
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.grace) { Self.end(pool, status: 128 + number) }
    }

    /// Ends the process now, its workers (if any) killed and their temporary folder removed, and
    /// so are the temporary files this process was writing.
    private static func end(_ pool: WorkerPool?, status: Int32) -> Never {
        pool?.abandon()
        TemporariesInFlight.removeAll()
        _exit(status)
    }
}
