import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which file a source was and when it last changed, as the scan found it (its stat, links
/// followed): compared again once an item's outputs are made. Decoders and ffmpeg open the
/// source by its path, so a file replaced or rewritten between the scan (size, hash, size in
/// pixels, metadata) and the render would give outputs of other bytes than the manifest says.
public struct SourceStamp: Codable, Hashable, Sendable {
    public var bytes: Int
    public var modifiedNanoseconds: Int64
    public var device: UInt64
    public var inode: UInt64
    /// The status-change time; nil when the scan's record has none (a state kept from a
    /// vitrine that did not note it): the other fields are compared.
    public var changedNanoseconds: Int64?

    public init(bytes: Int, modifiedNanoseconds: Int64, device: UInt64, inode: UInt64, changedNanoseconds: Int64? = nil) {
        self.bytes = bytes
        self.modifiedNanoseconds = modifiedNanoseconds
        self.device = device
        self.inode = inode
        self.changedNanoseconds = changedNanoseconds
    }

    /// The stamp of what is at `path` now; nil when nothing is.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(bytes: Int(info.st_size), modifiedNanoseconds: info.modifiedNanoseconds, device: UInt64(info.st_dev),
            inode: UInt64(info.st_ino), changedNanoseconds: info.changedNanoseconds)
    }

    /// Whether the file at `path` is still the one stamped: same file, size and times.
    public func stillHolds(at path: String) -> Bool {
        guard let now = SourceStamp(path: path) else { return false }
        let sameChange = changedNanoseconds.map { $0 == now.changedNanoseconds } ?? true
        return sameChange && bytes == now.bytes && modifiedNanoseconds == now.modifiedNanoseconds && device == now.device
            && inode == now.inode
    }
}
