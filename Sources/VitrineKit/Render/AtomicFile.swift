import Foundation
import VipsKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that a reader (or an interrupted run) never sees half of one: the bytes
/// go to a hidden temporary file in the same folder, which is then renamed over the target.
public enum AtomicFile {
    /// Marks temporary files: `.name.jpg.partial-<pid>-<n>`.
    static let partialMarker = ".partial-"

    /// Writes `data` to `path`, creating its folders.
    public static func write(_ data: Data, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try createFolder(folder) }
        let name = (path as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "" : folder + "/") + "." + name + partialMarker + "\(getpid())-\(counter.withLock { value -> Int in value += 1; return value })"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw AtomicFileError(path: path, code: errno) }
        var failure: Int32 = 0
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw AtomicFileError(path: path, code: failure)
        }
    }

    /// Creates a folder and its parents (like `mkdir -p`), failing with the system's reason.
    public static func createFolder(_ path: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path { try createFolder(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw AtomicFileError(path: path, code: errno) }
    }

    /// Removes temporary files an interrupted run left in `folder` (not below it).
    public static func removeLeftovers(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        // Only names this type makes: `.NAME.partial-PID-N`, and only stale ones: another run
        // (a part on another machine, sharing the folder) may be writing a fresh one right now,
        // and a temp file lives for milliseconds.
        let staleBefore = Date().timeIntervalSince1970 - 600
        for name in names where name.hasPrefix(".") && name.range(of: #"\.partial-[0-9]+-[0-9]+$"#, options: .regularExpression) != nil {
            var info = stat()
            guard lstat(folder + "/" + name, &info) == 0 else { continue }
            #if canImport(Darwin)
                let modified = Double(info.st_mtimespec.tv_sec)
            #else
                let modified = Double(info.st_mtim.tv_sec)
            #endif
            guard modified < staleBefore else { continue }
            unlink(folder + "/" + name)
        }
    }

    private static let counter = Locked(0)
}

public struct AtomicFileError: Error, CustomStringConvertible {
    public var path: String
    public var code: Int32
    public var description: String { "cannot write \(path): \(reason)" }
    /// The system's words: `Not a directory`, `Permission denied`.
    public var reason: String { String(cString: strerror(code)) }
}
