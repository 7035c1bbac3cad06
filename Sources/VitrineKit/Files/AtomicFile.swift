import Foundation
import VipsKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes outputs so that a reader (or an interrupted run) never sees half of one: the bytes
/// go to a hidden temporary name in the same folder, which is then renamed over the target.
/// A folder of outputs (a tile pyramid) is written under a temporary name and renamed into
/// place when complete, replacing an older one.
public enum AtomicFile {
    /// Marks temporary names: `.name.jpg.partial-<pid>-<n>`.
    static let partialMarker = ".partial-"
    /// The longest file name most file systems take, in bytes.
    static let maximumNameBytes = 255

    /// Bytes handed out in pieces, in order, each time it is called: what a file too large to
    /// hold twice is made of (a 100,000-item gallery's page is over 100 MB).
    public typealias Pieces = (_ emit: (UnsafeRawBufferPointer) -> Void) -> Void

    /// Writes `data` to `path`, creating its folders.
    public static func write(_ data: Data, to path: String) throws(AtomicFileError) {
        try write(to: path) { emit in data.withUnsafeBytes(emit) }
    }

    /// Writes the bytes `pieces` hands out to `path`, creating its folders.
    public static func write(to path: String, _ pieces: Pieces) throws(AtomicFileError) {
        try createFolder(Path.parent(of: path))
        let temporary = temporaryPath(for: path)
        defer { TemporariesInFlight.settled(temporary) }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw AtomicFileError(path: path, code: errno) }
        var failure: Int32 = 0
        pieces { raw in
            if failure == 0 { failure = Descriptor.write(raw, to: fd) ?? 0 }
        }
        if close(fd) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw AtomicFileError(path: path, code: failure)
        }
    }

    /// ``write(_:to:)`` unless the file already holds exactly `data`, so that a rebuild that
    /// changes nothing leaves the file and its time alone (`make` and other tools go by times).
    /// The old file is compared a block at a time, never read whole: a 100,000-item gallery's
    /// manifest and page are over 100 MB each.
    public static func writeIfChanged(_ data: Data, to path: String) throws(AtomicFileError) {
        try writeIfChanged(to: path) { emit in data.withUnsafeBytes(emit) }
    }

    /// ``write(to:_:)`` unless the file already holds exactly those bytes. They are made once:
    /// compared with the file as they come, and from the first difference on written to a
    /// temporary file (after the file's equal start, copied), which then replaces it.
    public static func writeIfChanged(to path: String, _ pieces: Pieces) throws(AtomicFileError) {
        var info = stat()
        let old = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? open(path, O_RDONLY) : -1
        defer { if old >= 0 { close(old) } }
        guard old >= 0 else { return try write(to: path, pieces) }
        let block = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: block, alignment: 16)
        defer { buffer.deallocate() }
        var compared = 0  // bytes found equal so far
        var copy: (fd: Int32, path: String)?  // from the first difference on
        var failure: Int32 = 0
        try createFolder(Path.parent(of: path))
        func readOld(_ count: Int, at offset: Int) -> Int {
            var got = 0
            while got < count {
                let n = pread(old, buffer + got, count - got, off_t(offset + got))
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                got += n
            }
            return got
        }
        func writeAll(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) {
            if failure == 0 { failure = Descriptor.write(UnsafeRawBufferPointer(start: bytes, count: count), to: fd) ?? 0 }
        }
        // The temporary file, holding the first `compared` bytes (the old file's, equal to ours).
        func diverge() {
            let temporary = temporaryPath(for: path)
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            guard fd >= 0 else {
                failure = errno
                TemporariesInFlight.settled(temporary)
                return
            }
            copy = (fd, temporary)
            var offset = 0
            while failure == 0, offset < compared {
                let got = readOld(min(block, compared - offset), at: offset)
                guard got > 0 else {
                    failure = EIO
                    return
                }
                writeAll(fd, buffer, got)
                offset += got
            }
        }
        pieces { raw in
            guard failure == 0, let base = raw.baseAddress, raw.count > 0 else { return }
            var offset = 0
            while copy == nil, failure == 0, offset < raw.count {
                let count = min(block, raw.count - offset)
                let got = readOld(count, at: compared)
                var same = 0
                let limit = min(got, count)
                if limit > 0, memcmp(buffer, base + offset, limit) == 0 {
                    same = limit
                } else {
                    while same < limit, buffer.load(fromByteOffset: same, as: UInt8.self) == raw[offset + same] { same += 1 }
                }
                compared += same
                offset += same
                if same < count { diverge() }
            }
            if let copy, failure == 0, offset < raw.count { writeAll(copy.fd, base + offset, raw.count - offset) }
        }
        if copy == nil, failure == 0 {
            // All equal so far: the same file unless it is longer.
            var extra: UInt8 = 0
            if pread(old, &extra, 1, off_t(compared)) == 0 { return }
            diverge()
        }
        guard let copy else { throw AtomicFileError(path: path, code: failure) }
        defer { TemporariesInFlight.settled(copy.path) }
        if close(copy.fd) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(copy.path, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(copy.path)
            throw AtomicFileError(path: path, code: failure)
        }
    }

    /// Hands out the bytes of the file at `path` a block at a time (a file too large to hold
    /// whole, read back); false when it cannot be read.
    public static func read(_ path: String, to emit: (UnsafeRawBufferPointer) -> Void) -> Bool {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let block = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: block, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = Foundation.read(fd, buffer, block)
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return false }
            if count == 0 { return true }
            emit(UnsafeRawBufferPointer(start: buffer, count: count))
        }
    }

    /// A fresh hidden name beside `path` for writing it: `.NAME.partial-PID-N`, with NAME cut
    /// short when the whole would not fit in a file name (so a temporary name fits whenever the
    /// final name does). It is in flight (``TemporariesInFlight``) until settled: the caller
    /// renames or removes it before returning, or hands it to something that does.
    public static func temporaryPath(for path: String) -> String {
        let number = counter.withLock { value -> Int in
            value += 1
            return value
        }
        let tail = partialMarker + "\(getpid())-\(number)"
        var name = Path.name(of: path)
        let room = maximumNameBytes - 1 - tail.utf8.count
        if name.utf8.count > room {
            // Cut at a character boundary: the name is only there for people reading the folder.
            var cut = ""
            for character in name where cut.utf8.count + character.utf8.count <= room { cut.append(character) }
            name = cut
        }
        let temporary = Path.join(Path.parent(of: path), "." + name + tail)
        TemporariesInFlight.handedOut(temporary)
        return temporary
    }

    /// Renames `temporary` (a file or a folder) to `target`. An existing target is replaced:
    /// a file by rename(2) itself; a folder (which rename cannot replace unless empty) is first
    /// renamed aside under a temporary name, then removed, so the target name never shows half
    /// of either.
    public static func moveIntoPlace(_ temporary: String, over target: String) throws(AtomicFileError) {
        defer { TemporariesInFlight.settled(temporary) }
        if rename(temporary, target) == 0 { return }
        let code = errno
        guard [EEXIST, ENOTEMPTY, EISDIR, ENOTDIR].contains(code) else {
            remove(temporary)
            throw AtomicFileError(path: target, code: code)
        }
        let aside = temporaryPath(for: target)
        defer { TemporariesInFlight.settled(aside) }
        guard rename(target, aside) == 0 else {
            let code = errno
            remove(temporary)
            throw AtomicFileError(path: target, code: code)
        }
        guard rename(temporary, target) == 0 else {
            let code = errno
            _ = rename(aside, target)  // put the old one back
            remove(temporary)
            throw AtomicFileError(path: target, code: code)
        }
        remove(aside)
    }

    /// Removes a file or a folder with everything in it (links are removed, not followed).
    public static func remove(_ path: String) {
        defer { TemporariesInFlight.settled(path) }
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            try? FileManager.default.removeItem(atPath: path)
        } else {
            unlink(path)
        }
    }

    /// Creates a folder and its parents (like `mkdir -p`), failing with the system's reason.
    /// Below an output root (``OutputTree``), every folder on the way is made or entered only
    /// when it is a real folder: a symbolic link there fails, naming it, and nothing is written.
    public static func createFolder(_ path: String) throws(AtomicFileError) {
        guard let root = OutputTree.root(of: path) else { return try createFolderFollowingLinks(path) }
        try createFolderFollowingLinks(root)
        for step in OutputTree.steps(from: root, to: path) {
            switch OutputTree.Step(step) {
            case .folder: continue
            case .link: throw AtomicFileError(path: path, code: ELOOP, link: step)
            case .other: throw AtomicFileError(path: path, code: ENOTDIR)
            case .missing:
                // Another process (a worker) may make it at the same moment: then look again.
                if mkdir(step, 0o755) != 0 && errno != EEXIST { throw AtomicFileError(path: path, code: errno) }
                switch OutputTree.Step(step) {
                case .folder: continue
                case .link: throw AtomicFileError(path: path, code: ELOOP, link: step)
                case .missing, .other: throw AtomicFileError(path: path, code: ENOTDIR)
                }
            }
        }
    }

    /// `mkdir -p`, links followed: for folders outside every output root (and the roots).
    private static func createFolderFollowingLinks(_ path: String) throws(AtomicFileError) {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return }
        let parent = Path.parent(of: path)
        if parent != path { try createFolderFollowingLinks(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw AtomicFileError(path: path, code: errno) }
    }

    /// Why an output folder cannot be used.
    public enum OutputFolderProblem: Error, Equatable, CustomStringConvertible {
        /// A file (not a folder) has its name.
        case isAFile(String)
        /// It cannot be made: the system's reason (`Not a directory`: a parent is a file).
        case cannotCreate(String, reason: String)
        /// It exists, but this process cannot write into it.
        case notWritable(String, reason: String)

        public var description: String {
            switch self {
            case .isAFile(let path): "the output folder \(path) is a file"
            case .cannotCreate(let path, let reason): "cannot create the output folder \(path): \(reason)"
            case .notWritable(let path, let reason): "cannot write into the output folder \(path): \(reason)"
            }
        }
    }

    /// Makes sure outputs can be written into `folder`: creates it (and its parents) when
    /// missing, and tries a file in it, so that a folder that cannot be used fails here,
    /// before any work is done, not once for every output.
    public static func prepareOutputFolder(_ folder: String) throws(OutputFolderProblem) {
        OutputTree.confine(below: folder)
        var info = stat()
        if stat(folder, &info) == 0, info.st_mode & S_IFMT != S_IFDIR { throw .isAFile(folder) }
        do { try createFolder(folder) } catch { throw .cannotCreate(folder, reason: error.reason) }
        let probe = temporaryPath(for: Path.join(folder, "write-check"))
        defer { TemporariesInFlight.settled(probe) }
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw .notWritable(folder, reason: String(cString: strerror(errno))) }
        close(fd)
        unlink(probe)
    }

    /// Removes temporary files and folders an interrupted run left in `folder` (not below it).
    /// - Parameter olderThan: seconds; only leftovers not modified for that long are removed,
    ///   since another run (a part on another machine, sharing the folder) may be writing a
    ///   fresh one right now. Default 600.
    public static func removeLeftovers(in folder: String, olderThan age: Double = 600) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let staleBefore = Date().timeIntervalSince1970 - age
        for name in names where isTemporaryName(name) {
            let path = Path.join(folder, name)
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            #if canImport(Darwin)
                let modified = Double(info.st_mtimespec.tv_sec)
            #else
                let modified = Double(info.st_mtim.tv_sec)
            #endif
            guard modified < staleBefore else { continue }
            remove(path)
        }
    }

    /// Whether `name` is one ``temporaryPath(for:)`` makes: `.NAME.partial-PID-N`.
    static func isTemporaryName(_ name: String) -> Bool { process(ofTemporaryName: name) != nil }

    /// The process that made the temporary name `name` (its PID), nil when `name` is not one.
    static func process(ofTemporaryName name: String) -> Int32? {
        guard name.hasPrefix("."), let marker = name.range(of: partialMarker, options: .backwards) else { return nil }
        let numbers = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard numbers.count == 2, numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        return Int32(numbers[0])
    }

    private static let counter = Locked(0)
}

public struct AtomicFileError: Error, CustomStringConvertible {
    public var path: String
    public var code: Int32
    /// The symbolic link found on the way below an output root (``OutputTree``), if that is why.
    public var link: String?

    public init(path: String, code: Int32, link: String? = nil) {
        self.path = path
        self.code = code
        self.link = link
    }

    public var description: String { "cannot write \(path): \(reason)" }
    /// The system's words: `Not a directory`, `Permission denied`; or the link on the way.
    public var reason: String {
        link.map { "\($0) is a symbolic link, and outputs are never written through one" } ?? String(cString: strerror(code))
    }
}
