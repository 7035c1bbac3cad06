import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Names that are UTF-8 for files whose own names are not: symbolic links, made with the
/// bytes, in a private temporary folder, so that every tool a worker runs (libvips, exiv2,
/// ffprobe, ffmpeg), which all take paths as text, opens the file through its bytes.
///
/// The folder (`$TMPDIR/vitrine-aliases-XXXXXX`) is made on first use and removed with its
/// links when the aliases are no longer referenced.
public final class PathAliases: @unchecked Sendable {
    private let lock = NSLock()
    private var folder: String?
    /// Alias paths by the base64 of the bytes they stand for (a manifest's `source.pathBytes`).
    private var made: [String: String] = [:]

    public init() {}

    deinit {
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// A path to open `bytes` with: the bytes themselves when they are UTF-8, else a link.
    /// Nil when no link can be made (the caller then reports the file as unreadable).
    public func path(for bytes: [UInt8]) -> String? {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        let key = Data(bytes).base64EncodedString()
        lock.lock()
        defer { lock.unlock() }
        if let alias = made[key] { return alias }
        guard let folder = folder ?? makeFolder() else { return nil }
        self.folder = folder
        // The extension, when it reads as text, tells the probe what the file is meant to be.
        let ending = Path.fileExtension(of: String(decoding: bytes, as: UTF8.self))
        let name = "\(made.count)" + (ending.isEmpty || ending.contains("\u{FFFD}") ? "" : "." + ending)
        let alias = Path.join(folder, name)
        var target = bytes
        if target.first != UInt8(ascii: "/") {
            target = Array(FileManager.default.currentDirectoryPath.utf8) + [UInt8(ascii: "/")] + target
        }
        let linked = (target + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { symlink($0.baseAddress!, alias) }
        }
        guard linked == 0 else { return nil }
        made[key] = alias
        return alias
    }

    /// The alias made for the bytes whose base64 is `key`, if any.
    public func path(forBase64 key: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return made[key]
    }

    private func makeFolder() -> String? {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array(Path.join(base, "vitrine-aliases-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }
    }
}
