import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Copies of source files, for `export`: regular files only, streamed (a video may be larger
/// than memory) to a temporary name beside the target, then renamed into place.
public enum FileCopy {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Copies `source` to `target`. Anything but a regular file is refused before a byte is
    /// read: a folder (it would be copied whole), a FIFO (reading waits forever for a writer),
    /// a device (`/dev/zero` never ends). The source is opened without blocking and checked
    /// with fstat(2), so what is checked is what is read. Nothing is left behind on failure.
    public static func copy(regularFile source: InputPath, to target: String) throws(Failure) {
        let input = source.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard input >= 0 else { throw Failure(description: describe(errno)) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw Failure(description: describe(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw Failure(description: "not a regular file (\(kind(of: info.st_mode))): only files are exported")
        }
        // Regular files never block; reads are plain from here on.
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) & ~O_NONBLOCK)
        do {
            try AtomicFile.createFolder(Path.parent(of: target))
        } catch {
            throw Failure(description: error.reason)
        }
        let temporary = AtomicFile.temporaryPath(for: target)
        let output = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw Failure(description: describe(errno)) }
        var failure: Int32 = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        copying: while true {
            let count = read(input, &buffer, buffer.count)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { write(output, $0.baseAddress! + offset, count - offset) }
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break copying
                }
                offset += written
            }
        }
        if close(output) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temporary, target) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw Failure(description: describe(failure))
        }
    }

    /// `folder`, `FIFO`, `character device`…
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a file"
        }
    }

    private static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES: "permission denied"
        default: String(cString: strerror(code))
        }
    }
}
