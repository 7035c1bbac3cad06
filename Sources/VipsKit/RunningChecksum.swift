import CVips
import Foundation

/// SHA-256 of bytes given in pieces, as they are read: a file hashed while it is copied, so
/// that what is checked is what was written.
public final class RunningChecksum {
    private let checksum: OpaquePointer?

    public init() {
        checksum = g_checksum_new(G_CHECKSUM_SHA256)
    }

    deinit { g_checksum_free(checksum) }

    /// Adds the next bytes.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let checksum, !bytes.isEmpty else { return }
        g_checksum_update(checksum, bytes.bindMemory(to: guchar.self).baseAddress, gssize(bytes.count))
    }

    /// Hex SHA-256 of every byte added (lower case, as the manifest has it).
    public var hex: String {
        guard let checksum else { return "" }
        return String(cString: g_checksum_get_string(checksum))
    }
}
