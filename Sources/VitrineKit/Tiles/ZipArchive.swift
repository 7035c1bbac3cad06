import CArchive
import Foundation

/// Writes a zip archive of a finished folder with libarchive: entries stored, not deflated
/// (tiles are JPEG, WebP or PNG already), in byte order of their paths, with ZIP64 records
/// once the archive needs them (past 65,535 entries or 4 GiB), which libarchive adds itself.
///
/// libvips' own zip container is not used: it always holds `vips-properties.xml`, and it is
/// written as tiles come, so a killed run leaves an archive that looks whole.
public enum ZipArchive {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Writes every file below `folder` into a new archive at `path`, named by their paths
    /// relative to `folder`.
    public static func write(folder: String, to path: String) throws(Failure) {
        try write(TilePyramid.files(below: folder).map { (name: $0, file: Path.join(folder, $0)) }, to: path)
    }

    /// Writes `entries` (a name in the archive, the file holding its bytes) into a new archive
    /// at `path`, in their order.
    static func write(_ entries: [(name: String, file: String)], to path: String) throws(Failure) {
        guard let archive = archive_write_new() else { throw Failure(description: "cannot start a zip archive") }
        defer { archive_write_free(archive) }
        func check(_ status: Int32, _ doing: String) throws(Failure) {
            guard status < ARCHIVE_OK else { return }
            let reason = archive_error_string(archive).map { String(cString: $0) } ?? "error \(status)"
            throw Failure(description: "cannot \(doing) \(path): \(reason)")
        }
        try check(archive_write_set_format_zip(archive), "make")
        try check(archive_write_set_option(archive, "zip", "compression", "store"), "set up")
        try check(archive_write_open_filename(archive, path), "write")
        guard let entry = archive_entry_new() else { throw Failure(description: "cannot start a zip entry") }
        defer { archive_entry_free(entry) }
        for (name, file) in entries {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw Failure(description: "cannot read \(file) for \(path)")
            }
            archive_entry_clear(entry)
            archive_entry_set_pathname(entry, name)
            archive_entry_set_filetype(entry, vitrine_archive_regular_file)
            archive_entry_set_perm(entry, 0o644)
            archive_entry_set_size(entry, la_int64_t(data.count))
            // A fixed time (2000-01-01; zip's DOS times start in 1980): the same pyramid
            // gives the same bytes.
            archive_entry_set_mtime(entry, 946_684_800, 0)
            try check(archive_write_header(archive, entry), "write an entry of")
            let written = data.withUnsafeBytes { archive_write_data(archive, $0.baseAddress, $0.count) }
            guard written == data.count else { try check(Int32(ARCHIVE_FATAL), "write into"); return }
        }
        try check(archive_write_close(archive), "finish")
    }
}
