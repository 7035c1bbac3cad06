import Foundation
import VipsKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where FoundationNetworking's own folders go while vitrine makes its sessions.
///
/// Making a configuration writes into the user's home even for an ephemeral session:
/// `URLSessionConfiguration.ephemeral` creates the folder of a disk cache it never uses under
/// `XDG_CACHE_HOME` (else `~/.cache`), and the first use of `.default`, which it copies, the
/// folder of the shared cookie store under `XDG_DATA_HOME` (else `~/.local/share`). Sessions are
/// therefore made with both variables pointing into a private folder below the cache folder,
/// which is removed once the downloads are done: a run writes nothing in `$HOME`.
enum SessionFolders {
    /// One change of the environment at a time.
    private static let lock = NSLock()
    static let variables = ["XDG_CACHE_HOME", "XDG_DATA_HOME"]

    /// Runs `make` with FoundationNetworking's folders in a new private folder of `parent`;
    /// returns what it made and that folder (nil when none could be made: they go to their
    /// usual places then), to remove with ``remove(_:)`` when the sessions are done.
    static func making<Made>(in parent: String, _ make: () -> Made) -> (Made, String?) {
        guard (try? AtomicFile.createFolder(parent)) != nil else { return (make(), nil) }
        // Absolute: the XDG variables are ignored when they are not.
        let base = parent.hasPrefix("/") ? parent : Path.join(FileManager.default.currentDirectoryPath, parent)
        var template = Array(Path.join(base, ".sessions-XXXXXX").utf8CString)
        guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
            return (make(), nil)
        }
        return lock.withLock {
            // The environment is changed for as long as the sessions are made, on this thread;
            // nothing else in vitrine reads it meanwhile (workers are started before or after).
            let saved = variables.map { name in getenv(name).map { String(cString: $0) } }
            for name in variables { setenv(name, folder, 1) }
            defer {
                for (name, value) in zip(variables, saved) {
                    if let value { setenv(name, value, 1) } else { unsetenv(name) }
                }
            }
            return (make(), folder)
        }
    }

    static func remove(_ folder: String?) {
        if let folder { AtomicFile.remove(folder) }
    }
}
