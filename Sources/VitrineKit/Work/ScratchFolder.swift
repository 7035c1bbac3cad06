import Foundation
import VipsKit

/// The workers' (and the main process's) private temporary folder, `$TMPDIR/vitrine-PID-XXXXXX` (mode 0700), made when
/// the first worker starts and removed with everything in it by ``remove()`` at the end of a run.
/// A run killed before its end leaves its folder, empty: the next run removes it
/// (``removeStale(in:olderThan:)``).
///
/// Libraries in the workers write files of their own: liborc, libvips' code generator, makes
/// its `orcexec.*` files (unlinked at once, but created all the same) in XDG_RUNTIME_DIR, else
/// HOME; libvips puts temporary images in TMPDIR. Workers get both variables pointing here, so
/// a run writes nothing outside its output folder and this one. (Turning ORC off instead,
/// VIPS_NOVECTOR, costs CPU time: bench/README.md.)
final class ScratchFolder: Sendable {
    private let path = Locked<String?>(nil)

    /// The variables a worker gets: XDG_RUNTIME_DIR and TMPDIR set to the folder, made now if
    /// need be; none when it cannot be made (the libraries then fall back to their defaults).
    func workerEnvironment() -> [String: String] {
        guard let folder = path.withLock({ current -> String? in
            if current == nil { current = Self.make() }
            return current
        }) else { return [:] }
        return ["XDG_RUNTIME_DIR": folder, "TMPDIR": folder]
    }

    /// Points this process's XDG_RUNTIME_DIR at the folder (made now), for libvips used here (the
    /// contact sheets are drawn in the main process); call before libvips starts, and call what
    /// it returns, which puts the variable back, before ``remove()``. Nothing happens when the
    /// folder cannot be made.
    func useInThisProcess() -> () -> Void {
        guard let folder = workerEnvironment()["XDG_RUNTIME_DIR"] else { return {} }
        let name = "XDG_RUNTIME_DIR"
        let previous = getenv(name).map { String(cString: $0) }
        setenv(name, folder, 1)
        return {
            if let previous { setenv(name, previous, 1) } else { unsetenv(name) }
        }
    }

    /// Removes the folder and what is left in it; the next worker makes a new one. Call once the
    /// workers have ended.
    func remove() {
        guard let folder = path.withLock({ current -> String? in
            defer { current = nil }
            return current
        }) else { return }
        try? FileManager.default.removeItem(atPath: folder)
    }

    static let prefix = "vitrine-"

    private static func make() -> String? {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        removeStale(in: base)
        var template = Array(Path.join(base, "\(prefix)\(getpid())-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
    }

    /// Removes the empty folders of runs that ended without removing theirs (killed): named
    /// `vitrine-PID-XXXXXX`, owned by this user, of a process that no longer runs, and last
    /// changed more than `age` seconds ago (default ten minutes, so that a process in another
    /// PID namespace sharing the folder is not taken for a dead one while it starts).
    static func removeStale(in base: String, olderThan age: Double = 600) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
        let staleBefore = Date().timeIntervalSince1970 - age
        for name in names where name.hasPrefix(prefix) {
            let parts = name.dropFirst(prefix.count).split(separator: "-")
            guard parts.count == 2, parts[1].count == 6, let pid = pid_t(parts[0]), pid > 0, pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            let path = Path.join(base, name)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else { continue }
            #if canImport(Darwin)
                let modified = Double(info.st_mtimespec.tv_sec)
            #else
                let modified = Double(info.st_mtim.tv_sec)
            #endif
            if modified < staleBefore { rmdir(path) }  // only when empty
        }
    }
}
