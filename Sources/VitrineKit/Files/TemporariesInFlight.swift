import Foundation
import VipsKit

/// The temporary names a process has handed out (``AtomicFile/temporaryPath(for:)``) and not
/// yet renamed into place or removed, so that a run ended from outside leaves none behind.
///
/// Two ways a run ends in the middle of a write: the main process ends itself a moment after
/// Ctrl-C or SIGTERM (`Interrupt`), and removes its own first (``removeAll()``); a worker is
/// killed (cancelled, past its time limit, crashed) and cannot, so it tells its parent of each
/// name before making it (``announcing(to:_:)``), and the pool removes the ones of the task the
/// worker died on (``AtomicFile/removeTemporary(_:madeBy:)``).
public enum TemporariesInFlight {
    private static let names = Locked(Set<String>())
    private static let listener = Locked<(@Sendable (String) -> Void)?>(nil)

    /// Notes a name just handed out, and tells the listener, if any, before anything has it.
    static func handedOut(_ path: String) {
        names.withLock { _ = $0.insert(path) }
        listener.current?(path)
    }

    /// Forgets `path`: renamed into place, or removed. Every function that hands out a
    /// temporary name settles it before it returns, or passes it on to one that does
    /// (``Staging``: at commit or discard).
    public static func settled(_ path: String) {
        names.withLock { _ = $0.remove(path) }
    }

    /// The names in flight now.
    public static var current: Set<String> { names.current }

    /// Removes every name in flight (a file, or a folder with what is in it), for a process
    /// about to end in the middle of its work. A write still going on then fails, or writes
    /// into a file that no longer has a name.
    public static func removeAll() {
        for path in names.withLock({ $0 }) { AtomicFile.remove(path) }
    }

    /// Runs `body` with `announce` told of each temporary name handed out meanwhile (in this
    /// process, which does one task at a time: a worker).
    public static func announcing<T>(to announce: @escaping @Sendable (String) -> Void, _ body: () throws -> T) rethrows -> T {
        listener.withLock { $0 = announce }
        defer { listener.withLock { $0 = nil } }
        return try body()
    }
}

extension AtomicFile {
    /// Removes `path`, a temporary name a worker said it was making, once the worker (process
    /// `pid`) is dead: only when the name is a temporary name of that process, since the
    /// worker's word is all there is for it.
    public static func removeTemporary(_ path: String, madeBy pid: Int32) {
        guard process(ofTemporaryName: Path.name(of: path)) == pid else { return }
        remove(path)
    }
}
