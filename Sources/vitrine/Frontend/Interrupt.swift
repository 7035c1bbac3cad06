import Foundation
import VitrineKit

/// Ctrl-C and a scheduler's SIGTERM, for every command that runs a worker pool: the workers are
/// stopped, and the command ends with the state of what it finished (a build resumes from there
/// with the next), exit 128 + the signal.
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

    private var sources: [DispatchSourceSignal] = []
    private let lock = NSLock()
    private var signal: Int32?

    /// The signal that stopped the command, if one did.
    var received: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return signal
    }

    init(pool: WorkerPool) {
        for number in [SIGINT, SIGTERM] {
            Foundation.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                lock.lock()
                let first = signal
                signal = first ?? number
                lock.unlock()
                guard let first else {
                    pool.cancel()
                    DispatchQueue.global().asyncAfter(deadline: .now() + Self.grace) { Self.end(pool, status: 128 + number) }
                    return
                }
                Self.end(pool, status: 128 + first)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Ends the process now, its workers killed and their temporary folder removed, and so are
    /// the temporary files this process was writing.
    private static func end(_ pool: WorkerPool, status: Int32) -> Never {
        pool.abandon()
        TemporariesInFlight.removeAll()
        _exit(status)
    }
}
