import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder a file was found under (a source folder, the site, the download cache), by its
/// real path: how far a symbolic link on the way to the file may lead.
public struct ReadRoot: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case source, site, cache
    }

    public var kind: Kind
    /// The folder's path with every link followed (realpath(3)).
    public var real: String

    public init(_ kind: Kind, real: String) {
        self.kind = kind
        self.real = real
    }

    /// The root at `folder`; nil when it does not exist.
    public init?(_ kind: Kind, folder: String) {
        guard let real = FileStat.realPath(folder) else { return nil }
        self.init(kind, real: real)
    }

    /// The root at `folder`, given as bytes (a source's name need not be UTF-8).
    init?(_ kind: Kind, folder: InputPath) {
        guard let resolved = folder.withCString({ realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        self.init(kind, real: String(cString: resolved))
    }
}

/// Reads a small file vitrine found itself (a sidecar, an `index.md`, a `.nomedia`, a source's
/// `vitrine.json`, a site's cells, parts and manifest), so that no such file can hang a build
/// or leak another's content into a site:
///
/// - opened `O_NONBLOCK` and judged by `fstat` of that very descriptor: only a regular file is
///   read; a FIFO (whose open or read would block), a socket or a device is refused;
/// - its real path must lie below its root's: a link may lead elsewhere inside the source,
///   never out of it (files under `/proc` look like empty regular files: only this rule keeps
///   `/proc/self/environ` out), and the file opened must be the one checked;
/// - no more than `limit` bytes, judged by the same `fstat` and again while reading.
///
/// Paths given on the command line (`--captions <(…)`) are read with ``readGiven(_:limit:)``,
/// which takes a pipe.
public enum ConfinedRead {
    /// Why a file was not read.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// Nothing there (a broken link too).
        case missing
        /// Its real path is not below the root's: a symbolic link out of the source (or site).
        case outside(ReadRoot.Kind)
        case notRegular(FileKind)
        case tooLarge(limit: Int)
        case unreadable(errno: Int32)

        public var description: String {
            switch self {
            case .missing: "no such file"
            case .outside(let kind): "reached through a symbolic link out of the \(kind.rawValue)"
            case .notRegular(let kind): "\(kind), not a regular file"
            case .tooLarge(let limit): "larger than \(CaptionText.byteCount(limit))"
            case .unreadable(let code): "cannot be read (\(InputWalker.describe(errno: code)))"
            }
        }

        /// Whether the file is there but no regular file (a FIFO, a socket, a device, a folder).
        public var isNotRegular: Bool {
            if case .notRegular = self { return true }
            return false
        }

        /// The one-line warning for a file the run goes on without: what it is, and that it
        /// was left alone.
        public var warning: String {
            if case .notRegular = self { return description + ": passed over" }
            return description + ": ignored"
        }
    }

    /// What a path is when it is not a regular file, as messages say it.
    public enum FileKind: Equatable, Sendable, CustomStringConvertible {
        case folder, fifo, socket, characterDevice, blockDevice, other

        init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFDIR: self = .folder
            case S_IFIFO: self = .fifo
            case S_IFSOCK: self = .socket
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            default: self = .other
            }
        }

        public var description: String {
            switch self {
            case .folder: "a folder"
            case .fifo: "a FIFO"
            case .socket: "a socket"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .other: "an unknown kind of file"
            }
        }
    }

    /// The bytes of the regular file at `path`, found below `root`, of at most `limit` bytes.
    public static func read(_ path: String, below root: ReadRoot, limit: Int) -> Result<Data, Failure> {
        path.withCString { read($0, below: root, limit: limit) }
    }

    /// The same for a path held as bytes.
    static func read(_ path: InputPath, below root: ReadRoot, limit: Int) -> Result<Data, Failure> {
        path.withCString { read($0, below: root, limit: limit) }
    }

    /// The first `count` bytes (or fewer) of the regular file at `path` below `root`: a file
    /// judged by how it begins (a manifest's `generator`).
    public static func head(_ path: String, below root: ReadRoot, count: Int) -> Result<Data, Failure> {
        path.withCString { read($0, below: root, limit: count, cut: true) }
    }

    /// Whether the regular file at `path` below `root` holds exactly `bytes` (no more is read):
    /// an output written only when it changes.
    public static func holds(_ bytes: Data, at path: String, below root: ReadRoot?) -> Bool {
        guard let root, case .success(let data) = read(path, below: root, limit: bytes.count) else { return false }
        return data == bytes
    }

    /// Whether `path` is a regular file below `root` that could be read (opened and judged,
    /// not read): for a file that is read later by name, by a library.
    public static func check(_ path: String, below root: ReadRoot) -> Failure? {
        path.withCString { pointer in
            switch openChecked(pointer, below: root) {
            case .success(let opened):
                close(opened.descriptor)
                return nil
            case .failure(let failure):
                return failure
            }
        }
    }

    /// The bytes of a file the command line names: a regular file, or a pipe (`<(…)`, `-`),
    /// of at most `limit` bytes; never a folder.
    public static func readGiven(_ path: String, limit: Int) -> Result<Data, Failure> {
        let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(errno == ENOENT ? .missing : .unreadable(errno: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(errno: errno)) }
        guard info.st_mode & S_IFMT != S_IFDIR else { return .failure(.notRegular(.folder)) }
        if info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > limit { return .failure(.tooLarge(limit: limit)) }
        return contents(of: descriptor, limit: limit)
    }

    /// With `cut`, the first `limit` bytes of a larger file rather than `tooLarge`.
    private static func read(_ path: UnsafePointer<CChar>, below root: ReadRoot, limit: Int, cut: Bool = false) -> Result<Data, Failure> {
        let opened: (descriptor: Int32, size: Int)
        switch openChecked(path, below: root) {
        case .success(let value): opened = value
        case .failure(let failure): return .failure(failure)
        }
        defer { close(opened.descriptor) }
        guard cut || opened.size <= limit else { return .failure(.tooLarge(limit: limit)) }
        return contents(of: opened.descriptor, limit: limit, cut: cut)
    }

    /// `path` opened for reading once it is known to be a regular file below `root`, with its size.
    private static func openChecked(_ path: UnsafePointer<CChar>, below root: ReadRoot) -> Result<(descriptor: Int32, size: Int), Failure> {
        // The link rule first, so that nothing outside (a device, a FIFO) is even opened.
        guard let resolved = realpath(path, nil) else { return .failure(errno == ENOENT ? .missing : .unreadable(errno: errno)) }
        let real = String(cString: resolved)
        free(resolved)
        guard Path.isBelow(real, root.real, orSame: false) else { return .failure(.outside(root.kind)) }
        let descriptor = Foundation.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            // A socket cannot be opened at all (ENXIO): said as what it is.
            var info = stat()
            if stat(real, &info) == 0, info.st_mode & S_IFMT != S_IFREG { return .failure(.notRegular(FileKind(mode: info.st_mode))) }
            return .failure(code == ENOENT ? .missing : .unreadable(errno: code))
        }
        var info = stat(), checked = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            return .failure(.unreadable(errno: code))
        }
        // The file opened must be the one whose real path was checked: a link swapped in
        // between the two would lead elsewhere.
        guard stat(real, &checked) == 0, checked.st_dev == info.st_dev, checked.st_ino == info.st_ino else {
            close(descriptor)
            return .failure(.outside(root.kind))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return .failure(.notRegular(FileKind(mode: info.st_mode)))
        }
        return .success((descriptor, Int(info.st_size)))
    }

    /// Everything `descriptor` gives, or `tooLarge` past `limit` bytes (a file that grew, a pipe);
    /// with `cut`, the first `limit` bytes.
    private static func contents(of descriptor: Int32, limit: Int, cut: Bool = false) -> Result<Data, Failure> {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = Foundation.read(descriptor, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return .failure(.unreadable(errno: errno)) }
            if count == 0 { return .success(data) }
            guard data.count + count <= limit else {
                return cut ? .success(data + chunk[0..<(limit - data.count)]) : .failure(.tooLarge(limit: limit))
            }
            data.append(contentsOf: chunk[0..<count])
        }
    }
}
