import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One build of one part of a site at a time: an exclusive flock(2) on a file in the site's
/// `.vitrine/` folder, held for the process's life. The kernel drops it when the process ends,
/// however it ends, so a lock left by a killed build is never in the way (no stale-lock
/// guessing). The file holds the holder's process id, for the message others get.
final class BuildLock {
    private let fd: Int32

    struct Held: Error, CustomStringConvertible {
        var path: String
        var holder: String?
        var description: String {
            "another build is writing this site (\(path)\(holder.map { ", process \($0)" } ?? "")): wait for it to end"
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(path: String) throws {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(description: "cannot open the lock \(path): \(String(cString: strerror(errno)))") }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = pread(fd, &buffer, buffer.count, 0)
            close(fd)
            guard code == EWOULDBLOCK else { throw Failure(description: "cannot lock \(path): \(String(cString: strerror(code)))") }
            let holder = count > 0 ? String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : nil
            throw Held(path: path, holder: holder?.isEmpty == false ? holder : nil)
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pwrite(fd, pid, pid.count, 0)
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
