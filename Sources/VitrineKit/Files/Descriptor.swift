import Foundation

/// Writes to an open file descriptor that never trap (Foundation's `FileHandle.write` does when
/// the descriptor is closed or the disk is full).
public enum Descriptor {
    /// Writes all of `bytes`, retrying after signals. Returns the `errno` of a write that failed
    /// (EPIPE when the reader is gone), or nil when everything was written.
    @discardableResult
    public static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, base + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return written < 0 ? errno : EIO
            }
        }
        return nil
    }

    @discardableResult
    public static func write(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { write($0, to: descriptor) }
    }

    @discardableResult
    public static func write(_ text: String, to descriptor: Int32) -> Int32? {
        write(Data(text.utf8), to: descriptor)
    }
}
