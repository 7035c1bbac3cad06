import Foundation
import VipsKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Copies of source files, for `export`: regular files only, streamed (a video may be larger
/// than memory) to a temporary name beside the target, then renamed into place.
public enum FileCopy {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
        /// Whether the file was read whole but is not the one expected (its size or hash).
        public var isMismatch = false

        public init(description: String, isMismatch: Bool = false) {
            self.description = description
            self.isMismatch = isMismatch
        }
    }

    /// What a copy must hold to be put in place: the byte count and, when known, the SHA-256
    /// the manifest records of its source.
    public struct Expected: Sendable, Equatable {
        public var bytes: Int
        /// Hex SHA-256 (any case).
        public var sha256: String?

        public init(bytes: Int, sha256: String?) {
            self.bytes = bytes
            self.sha256 = sha256
        }
    }

    /// Copies `source` to `target`. Anything but a regular file is refused before a byte is
    /// read: a folder (it would be copied whole), a FIFO (reading waits forever for a writer),
    /// a device (`/dev/zero` never ends). The source is opened without blocking and checked
    /// with fstat(2), so what is checked is what is read. With `expected`, the bytes are hashed
    /// as they are copied and the copy is renamed into place only when they are those expected.
    /// Nothing is left behind on failure.
    public static func copy(regularFile source: InputPath, to target: String, expected: Expected? = nil) throws(Failure) {
        let input = try openRegular(source)
        defer { close(input) }
        do {
            try AtomicFile.createFolder(Path.parent(of: target))
        } catch {
            throw Failure(description: error.reason)
        }
        let temporary = AtomicFile.temporaryPath(for: target)
        defer { TemporariesInFlight.settled(temporary) }
        let output = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw Failure(description: describe(errno)) }
        var read = stream(input, to: output, hashing: expected?.sha256 != nil)
        if close(output) != 0 && read.failure == 0 { read.failure = errno }
        var failure = read.failure == 0 ? nil : Failure(description: describe(read.failure))
        if failure == nil, let expected { failure = mismatch(read, expected) }
        if failure == nil && rename(temporary, target) != 0 { failure = Failure(description: describe(errno)) }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// Reads the regular file `source` through and checks that it holds the bytes `expected`
    /// (a link is made to it only then).
    public static func check(regularFile source: InputPath, holds expected: Expected) throws(Failure) {
        let input = try openRegular(source)
        defer { close(input) }
        let read = stream(input, to: nil, hashing: expected.sha256 != nil)
        guard read.failure == 0 else { throw Failure(description: describe(read.failure)) }
        if let failure = mismatch(read, expected) { throw failure }
    }

    /// `source` opened for reading, once fstat(2) of the descriptor says it is a regular file.
    private static func openRegular(_ source: InputPath) throws(Failure) -> Int32 {
        let input = source.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard input >= 0 else { throw Failure(description: describe(errno)) }
        var info = stat()
        guard fstat(input, &info) == 0 else {
            let code = errno
            close(input)
            throw Failure(description: describe(code))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(input)
            throw Failure(description: "not a regular file (\(kind(of: info.st_mode))): only files are exported")
        }
        // Regular files never block; reads are plain from here on.
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) & ~O_NONBLOCK)
        return input
    }

    /// What reading a file through gave: its byte count, its SHA-256 when asked, or the errno
    /// that stopped it.
    private struct Streamed {
        var bytes = 0
        var sha256: String?
        var failure: Int32 = 0
    }

    /// Reads `input` to its end, writing each block to `output` (when given) and hashing it
    /// (when asked).
    private static func stream(_ input: Int32, to output: Int32?, hashing: Bool) -> Streamed {
        var result = Streamed()
        let checksum = hashing ? RunningChecksum() : nil
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        copying: while true {
            let count = read(input, &buffer, buffer.count)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                result.failure = errno
                break
            }
            result.bytes += count
            buffer.withUnsafeBytes { checksum?.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            guard let output else { continue }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { write(output, $0.baseAddress! + offset, count - offset) }
                if written < 0 {
                    if errno == EINTR { continue }
                    result.failure = errno
                    break copying
                }
                offset += written
            }
        }
        result.sha256 = checksum?.hex
        return result
    }

    /// Why what was read is not what was `expected`; nil when it is.
    private static func mismatch(_ read: Streamed, _ expected: Expected) -> Failure? {
        if read.bytes != expected.bytes {
            return Failure(description: "it holds \(read.bytes) bytes, not the \(expected.bytes) the manifest records: "
                + "the file changed since the manifest was made, and is not exported", isMismatch: true)
        }
        if let wanted = expected.sha256, let found = read.sha256, found.lowercased() != wanted.lowercased() {
            return Failure(description: "its content is not the one the manifest records (another SHA-256): "
                + "the file changed since the manifest was made, and is not exported", isMismatch: true)
        }
        return nil
    }

    /// `folder`, `FIFO`, `character device`…
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "not a file"
        }
    }

    private static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES: "permission denied"
        default: String(cString: strerror(code))
        }
    }
}
