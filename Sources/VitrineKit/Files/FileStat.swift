import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension stat {
    /// The modification time in nanoseconds since 1970, as the platform's `stat` gives it.
    var modifiedNanoseconds: Int64 {
        #if canImport(Darwin)
            Int64(st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st_mtimespec.tv_nsec)
        #else
            Int64(st_mtim.tv_sec) * 1_000_000_000 + Int64(st_mtim.tv_nsec)
        #endif
    }

    /// The status-change time (ctime) in nanoseconds since 1970: set by the system on every
    /// write and every change of the inode (chmod, rename, link), never by `touch` or utimensat(2).
    var changedNanoseconds: Int64 {
        #if canImport(Darwin)
            Int64(st_ctimespec.tv_sec) * 1_000_000_000 + Int64(st_ctimespec.tv_nsec)
        #else
            Int64(st_ctim.tv_sec) * 1_000_000_000 + Int64(st_ctim.tv_nsec)
        #endif
    }
}

/// What is at a path, by lstat(2) (a link is not followed): one call, no Foundation.
public enum FileStat {
    static func exists(_ path: String) -> Bool { mode(path) != nil }

    static func isFolder(_ path: String) -> Bool { mode(path).map { $0 & S_IFMT == S_IFDIR } ?? false }

    static func isFile(_ path: String) -> Bool { mode(path).map { $0 & S_IFMT == S_IFREG } ?? false }

    /// Whether `path` itself (not a link's target) is a regular file or a folder.
    static func isFileOrFolder(_ path: String) -> Bool { mode(path).map { $0 & S_IFMT == S_IFREG || $0 & S_IFMT == S_IFDIR } ?? false }

    /// The path with every link followed (realpath(3)); nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether nothing is at `path` any more (it, or a folder on the way, was removed).
    static func isGone(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) != 0 else { return false }
        return errno == ENOENT || errno == ENOTDIR
    }

    /// Whether `path`, links followed, is a folder.
    static func followsToFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private static func mode(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode : nil
    }
}
