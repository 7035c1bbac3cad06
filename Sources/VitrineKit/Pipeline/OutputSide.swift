import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a failure while making an item's outputs is the output side's (a full disk, a
/// quota, a read-only or forbidden output folder) and not a verdict on the source. libvips and
/// ffmpeg say so only in words (`dzsave: No space left on device`), so the message is read for
/// the system's own words, and the output folder's file system is asked (statvfs) when a save
/// failed without them.
enum OutputSide {
    /// ENOSPC, EDQUOT and EROFS: reading a source never gives them.
    private static let writeOnlyReasons = [ENOSPC, EDQUOT, EROFS].map { String(cString: strerror($0)) }
    /// EACCES: the output side's unless the message names the source (it could not be read).
    private static let forbidden = String(cString: strerror(EACCES))

    /// Whether `message`, a failure of making outputs of `source` into `outputFolder`, is the
    /// output side's.
    static func isAtFault(_ message: String, source: String, outputFolder: String) -> Bool {
        if writeOnlyReasons.contains(where: message.contains) { return true }
        if message.contains(forbidden) && !message.contains(source) { return true }
        return isFullOrReadOnly(outputFolder)
    }

    /// Whether the file system of `folder` has no block or no inode left for this process, or
    /// is mounted read-only.
    static func isFullOrReadOnly(_ folder: String) -> Bool {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return false }
        return info.f_bavail == 0 || (info.f_files > 0 && info.f_favail == 0) || info.f_flag & UInt(ST_RDONLY) != 0
    }
}
