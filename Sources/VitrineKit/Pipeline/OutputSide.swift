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

    /// A write failure in a person's words: `cannot write tiles/a_files: No space left on device`.
    /// libvips' own lines (`wbuffer_write: write failed; unix error: Unknown error -1`) say
    /// nothing more, and its `dzsave:` names no file: the output being made is named instead, with
    /// the system's words found in `message`, or what the output folder's file system says.
    static func sentence(_ message: String, output: String?, outputFolder: String) -> String {
        let target = output.map { "cannot write " + $0 + ": " } ?? "cannot write: "
        if let words = (writeOnlyReasons + [forbidden]).first(where: message.contains) { return target + words }
        if isFullOrReadOnly(outputFolder) { return target + "the disk is full or read-only" }
        let noise = ["unix error: Unknown error", "wbuffer_write: write failed"]
        let parts = message.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { part in !part.isEmpty && !noise.contains(where: part.hasPrefix) }
        return target + (parts.isEmpty ? message : parts.joined(separator: "; "))
    }

    /// Whether the file system of `folder` has no block or no inode left for this process, or
    /// is mounted read-only.
    static func isFullOrReadOnly(_ folder: String) -> Bool {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return false }
        return info.f_bavail == 0 || (info.f_files > 0 && info.f_favail == 0) || info.f_flag & UInt(ST_RDONLY) != 0
    }
}

/// A saver's failure that is the output side's, in the saver's words (`dzsave wrote no a.dzi`):
/// the item's producer names the output being made, as for every write failure
/// (``OutputSide/sentence(_:output:outputFolder:)``), and never a scratch folder.
struct OutputSideFailure: Error {
    let message: String
}
