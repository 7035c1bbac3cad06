import Foundation

/// A file found below an input, before anything is known of its content.
public struct InputFile: Sendable, Equatable {
    /// The path to open: the input as given, joined with the path found below it; bytes that
    /// are not UTF-8 shown as U+FFFD (see ``rawPath``).
    public var path: String
    /// The path below the input folder (the file name for a single-file input): ids come from it.
    public var relativePath: String
    /// Which input (0-based, in command-line order) it was found under.
    public var inputIndex: Int
    public var bytes: Int
    /// Modification time, seconds since 1970 (for `--order mtime` and the `date` fallback).
    public var modified: Double
    /// The path's bytes, when they are not UTF-8 (``path`` then cannot open the file).
    public var rawPath: [UInt8]? = nil
    /// Which file it is on its file system, and when it last changed to the nanosecond: with
    /// ``bytes``, what an incremental build compares to know a file unchanged (or moved).
    public var identity = FileIdentity(device: 0, inode: 0)
    public var modifiedNanoseconds: Int64 = 0
    /// The status-change time (ctime): an edit that keeps the size and puts the modification
    /// time back (`touch -r`) still moves it, and no program can set it.
    public var changedNanoseconds: Int64 = 0
    /// What the file stands for when it is not simply itself: a remote image (``path`` is its
    /// URL until it is downloaded, then the copy), a custom item (``path`` its SVG, if any).
    public var origin: InputOrigin? = nil
}

/// Finds the candidate files below the inputs: files, folders (recursive), `http`/`https` URLs
/// (found as they are, downloaded later) and `-` for a newline-separated list on stdin.
///
/// Hidden files and folders (name starting with `.`) are skipped, and so is a folder that
/// holds an empty `.nomedia` file, with everything below it; a `.nomedia` that lists names,
/// one per line, skips just those files and folders (as sigal does). Symbolic links are
/// followed; a link back to a folder being walked is reported as a loop, not followed.
/// Names are read and opened as the bytes they are (not all are UTF-8).
/// Nothing is opened for reading here: content is judged later, by the decoders.
public struct InputWalker: Sendable {
    /// Marker file that excludes its folder: default `.nomedia`.
    public var excludeMarker = ".nomedia"
    /// Folders skipped wherever they are met (compared by identity, not by name): default none.
    public var excludedFolders: [String] = []

    public init() {}

    public struct Result: Sendable {
        public var files: [InputFile] = []
        public var errors: [ItemError] = []
        /// Paths left out because the same file was already found under another name.
        public var duplicates: [(path: String, firstSeenAs: String)] = []
        /// Folders left out because they are vitrine sites (their thumbnails are no photos).
        public var sites: [String] = []
        /// What the walk passed over (a FIFO, socket or device; a `.nomedia` that cannot be
        /// read), each with its one-line warning.
        public var warnings: [(path: String, message: String)] = []
        /// Folders that are there but could not be listed (each also among ``errors``): what
        /// the last build found below them is not known to be gone.
        public var unreadableFolders: [UnreadableFolder] = []
    }

    /// A folder the walk could not list, where it would have found files.
    public struct UnreadableFolder: Sendable, Equatable {
        public var path: InputPath
        /// Its path below the input folder (empty for the input itself), as ``InputFile/relativePath``.
        public var relativePath: String
        public var inputIndex: Int
    }

    /// Walks `inputs` in order; `readList` supplies the paths listed on stdin for `-`.
    public func walk(_ inputs: [InputPath], readList: () -> [InputPath] = InputPath.standardInputLines) -> Result {
        var result = Result()
        var seen: [String: String] = [:]
        let excluded = Set(excludedFolders.compactMap(Self.identity(of:)))
        for (inputIndex, input) in inputs.enumerated() {
            if input.bytes == [UInt8(ascii: "-")] {
                for line in readList() where !line.bytes.isEmpty {
                    add(line, inputIndex: inputIndex, listed: true, into: &result, seen: &seen, excluded: excluded)
                }
            } else {
                add(input, inputIndex: inputIndex, listed: false, into: &result, seen: &seen, excluded: excluded)
            }
        }
        var reported = Set<String>()
        result.errors = result.errors.filter { reported.insert($0.path + "\u{0}" + $0.reason.rawValue).inserted }
        return result
    }

    /// Walks `inputs` given as text; `readList` supplies the list for `-` (default: none).
    public func walk(_ inputs: [String], readList: @escaping () -> [String] = { [] }) -> Result {
        walk(inputs.map { InputPath($0) }, readList: { readList().map { InputPath($0) } })
    }

    private func add(
        _ input: InputPath, inputIndex: Int, listed: Bool, into result: inout Result, seen: inout [String: String],
        excluded: Set<FileIdentity>
    ) {
        if RemoteURL.scheme(of: input.display) != nil {
            Self.addURL(input.display, inputIndex: inputIndex, into: &result, seen: &seen)
            return
        }
        guard let info = input.status() else {
            let reason: ErrorReason = errno == EACCES ? .permission : (errno == ELOOP ? .loop : .notFound)
            result.errors.append(ItemError(path: input.display, message: Self.describe(errno: errno), reason: reason))
            return
        }
        if input.isUTF8, Self.isInside(input.display, anyOf: excluded) {
            result.errors.append(ItemError(path: input.display, message: "inside the output folder, which is never read as input",
                reason: .unsupported))
            return
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            // What a link below the folder may lead to: below its real path.
            guard let root = ReadRoot(.source, folder: input) else {
                result.errors.append(ItemError(path: input.display, message: Self.describe(errno: errno), reason: .notFound))
                return
            }
            var ancestors = Set<FileIdentity>()
            walkFolder(input, relative: "", inputIndex: inputIndex, root: root, ancestors: &ancestors, into: &result, seen: &seen,
                excluded: excluded)
        } else if (info.st_mode & S_IFMT) != S_IFREG {
            result.errors.append(ItemError(path: input.display, message: "not a regular file or folder", reason: .unsupported))
        } else {
            // A listed path keeps its folders in the id when it is relative; a single file argument
            // is named by its file name alone.
            let relative = listed && !input.display.hasPrefix("/") ? Self.normalized(input.display) : Path.name(of: input.display)
            append(input, relative: relative, inputIndex: inputIndex, info: info, into: &result, seen: &seen)
        }
    }

    private func walkFolder(
        _ folder: InputPath, relative: String, inputIndex: Int, root: ReadRoot, ancestors: inout Set<FileIdentity>,
        into result: inout Result, seen: inout [String: String], excluded: Set<FileIdentity>
    ) {
        guard let info = folder.status() else { return }
        let identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        guard !excluded.contains(identity) else { return }
        guard ancestors.insert(identity).inserted else {
            result.errors.append(ItemError(path: folder.display, message: "symbolic link loop: this folder contains itself", reason: .loop))
            return
        }
        defer { ancestors.remove(identity) }
        let entries: [(name: [UInt8], isLink: Bool)]
        do {
            entries = try folder.folderEntries()
        } catch {
            result.errors.append(ItemError(path: folder.display, message: "cannot read folder: \(Self.describe(errno: error.code))",
                reason: .permission))
            // Gone since it was found is a removal; any other failure says nothing of its files.
            if error.code != ENOENT && error.code != ENOTDIR {
                result.unreadableFolders.append(UnreadableFolder(path: folder, relativePath: relative, inputIndex: inputIndex))
            }
            return
        }
        let names = entries.map(\.name)
        let links = Set(entries.filter(\.isLink).map(\.name))
        // A vitrine site (it holds a build's state store) is output, never input: an older
        // site kept below a source folder would add its thumbnails as photos.
        if names.contains(Array(SiteBuilder.stateFolder.utf8)), SiteFolder.hasStateStore(folder.display) {
            result.sites.append(folder.display)
            return
        }
        // sigal's rule: an empty marker excludes the folder; one with names excludes just those.
        var listedInMarker = Set<String>()
        if names.contains(Array(excludeMarker.utf8)) {
            let marker = folder.appending(Array(excludeMarker.utf8))
            switch Self.excludedNames(in: marker, below: root) {
            case .success(let listed): listedInMarker = listed
            case .failure(.missing): break  // gone since the folder was listed
            case .failure(let failure):
                // A marker that cannot be read leaves its folder out, as an empty one does:
                // what someone meant to hide is not published.
                result.warnings.append((marker.display, failure.description + ": passed over; its folder is left out"))
            }
            if listedInMarker.isEmpty { return }
        }
        // Sorted so that `--order none` and duplicate detection do not depend on the file system.
        for name in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) where name.first != UInt8(ascii: ".") {
            let display = InputPath(bytes: name).display
            if listedInMarker.contains(display) { continue }
            let path = folder.appending(name)
            let childRelative = relative.isEmpty ? display : relative + "/" + display
            // A link that leads into the output folder: what is there is output, never input
            // (its thumbnails would come back as photos, and be removed as leftovers).
            if links.contains(name), path.isUTF8, Self.isInside(path.display, anyOf: excluded) {
                result.warnings.append((path.display, "a symbolic link into the output folder, which is never read as input: passed over"))
                continue
            }
            guard let child = path.status() else {
                let reason: ErrorReason = errno == ELOOP ? .loop : (errno == EACCES ? .permission : .notFound)
                let message = errno == ENOENT ? "broken symbolic link" : Self.describe(errno: errno)
                result.errors.append(ItemError(path: path.display, message: message, reason: reason))
                continue
            }
            switch child.st_mode & S_IFMT {
            case S_IFDIR:
                walkFolder(path, relative: childRelative, inputIndex: inputIndex, root: root, ancestors: &ancestors, into: &result,
                    seen: &seen, excluded: excluded)
            case S_IFREG:
                append(path, relative: childRelative, inputIndex: inputIndex, info: child, into: &result, seen: &seen)
            default:
                // Sockets, FIFOs, devices: never media, and never read as a sidecar either.
                let kind = ConfinedRead.FileKind(mode: child.st_mode)
                result.warnings.append((path.display, ConfinedRead.Failure.notRegular(kind).warning))
            }
        }
    }

    private func append(
        _ path: InputPath, relative: String, inputIndex: Int, info: stat, into result: inout Result, seen: inout [String: String]
    ) {
        // The same file named twice (two overlapping inputs) is one item.
        let key = "\(info.st_dev):\(info.st_ino)"
        if let first = seen[key] {
            result.duplicates.append((path.display, first))
            return
        }
        seen[key] = path.display
        let nanoseconds = info.modifiedNanoseconds
        result.files.append(InputFile(path: path.display, relativePath: relative, inputIndex: inputIndex,
            bytes: Int(info.st_size), modified: Double(nanoseconds) / 1e9, rawPath: path.isUTF8 ? nil : path.bytes,
            identity: FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)), modifiedNanoseconds: nanoseconds,
            changedNanoseconds: info.changedNanoseconds))
    }

    /// A `.nomedia` file is a short list of names: no more is read.
    static let maximumMarkerBytes = 1 << 20

    /// The names listed in a `.nomedia` file below `root`, one per line (empty when it lists
    /// none), or why it cannot be read (``ConfinedRead``).
    static func excludedNames(in marker: InputPath, below root: ReadRoot) -> Swift.Result<Set<String>, ConfinedRead.Failure> {
        ConfinedRead.read(marker, below: root, limit: maximumMarkerBytes).map { data in
            let text = String(decoding: data, as: UTF8.self)
            return Set(text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
    }

    /// Whether `path` is one of `folders` or lies below one, following the path's parents.
    static func isInside(_ path: String, anyOf folders: Set<FileIdentity>) -> Bool {
        guard !folders.isEmpty else { return false }
        // Its real path, links and `..` resolved: the folders above `cwd/../src` are not those
        // above `cwd/..` (walking up through `..` found `cwd` itself, `build ../src -o .` was refused).
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var current = FileStat.realPath(absolute) ?? Path.normalized(absolute)
        while true {
            if let identity = identity(of: current), folders.contains(identity) { return true }
            let parent = Path.parent(of: current)
            if parent == current || parent.isEmpty { return false }
            current = parent
        }
    }

    static func identity(of path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    static func normalized(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." && $0 != ".." }.joined(separator: "/")
    }

    static func describe(errno code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or folder"
        case EACCES: return "permission denied"
        case ELOOP: return "symbolic link loop"
        default: return String(cString: strerror(code))
        }
    }

    /// A file-system error in plain words (`permission denied`), not Foundation's domain and code.
    public static func describe(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying?.code, underlying?.domain == NSPOSIXErrorDomain { return describe(errno: Int32(code)) }
        return (error as NSError).localizedDescription
    }
}

/// A file's identity on its machine: its file system and its inode.
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
}
