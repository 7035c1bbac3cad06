import CVips
import Foundation

/// SHA-256 through GLib's GChecksum, which libvips already brings on every platform
/// (Foundation on Linux has no CryptoKit).
public enum Checksum {
    /// Hex SHA-256 of a file's bytes, read in 1 MiB blocks.
    public static func sha256(ofFile path: String) throws(VipsError) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw VipsError("cannot open for reading") }
        defer { try? handle.close() }
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { throw VipsError("no SHA-256 in GLib") }
        defer { g_checksum_free(checksum) }
        while true {
            let block: Data
            do { block = try handle.read(upToCount: 1 << 20) ?? Data() } catch { throw VipsError("read failed: \(error)") }
            if block.isEmpty { break }
            block.withUnsafeBytes { g_checksum_update(checksum, $0.bindMemory(to: guchar.self).baseAddress, gssize($0.count)) }
        }
        return String(cString: g_checksum_get_string(checksum))
    }

    /// Hex SHA-256 of bytes in memory.
    public static func sha256(of data: Data) -> String {
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { return "" }
        defer { g_checksum_free(checksum) }
        data.withUnsafeBytes { g_checksum_update(checksum, $0.bindMemory(to: guchar.self).baseAddress, gssize($0.count)) }
        return String(cString: g_checksum_get_string(checksum))
    }
}
