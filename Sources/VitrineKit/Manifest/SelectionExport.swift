import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Copies (or links) the selected sources into a folder in selection order, named
/// `01-name.ext`, `02-…`, so that any file browser shows them in the order they were chosen.
public enum SelectionExport {
    public struct Copied: Sendable, Equatable {
        /// The source as the manifest shows it.
        public var source: String
        /// The item's id, for messages.
        public var item: String
        public var target: String
        /// The source's bytes as the manifest has them (its name may not be UTF-8).
        public var sourceBytes: [UInt8]
        /// Where the file is looked for, in turn (see ``plan(_:into:sources:)``).
        public var places: [InputPath]
        /// What the copy must hold: the manifest's byte count and SHA-256.
        public var expected: FileCopy.Expected
    }

    /// Why a chosen item was not exported.
    public struct Failure: Sendable, Equatable {
        /// The source as the manifest shows it, and the item's id.
        public var source: String
        public var item: String
        public var reason: String
        /// Whether the file was found nowhere it was looked for (another `--source` may help).
        public var isMissing = false
    }

    /// The target names: a zero-padded selection number (two digits at least, more when the
    /// selection is larger), a dash and the source's file name (a remote image's from its URL).
    /// Custom items without an SVG have no file: they keep their number, and nothing is copied.
    ///
    /// With `sources` (a site's: what its build was given), each file is looked for below them,
    /// as the build named it; without, its path is taken as it is, from the current folder (a
    /// manifest from `scan` or `thumbs`).
    public static func plan(_ manifest: Manifest, into folder: String, sources: BuildInputs? = nil) -> [Copied] {
        let chosen = manifest.items.filter { $0.selection != nil }.sorted { $0.selection! < $1.selection! }
        let width = max(2, String(chosen.count).count)
        return chosen.enumerated().compactMap { offset, item in
            guard let source = item.source else { return nil }
            let number = String(offset + 1)
            let padded = String(repeating: "0", count: max(0, width - number.count)) + number
            let name = source.url.flatMap(RemoteURL.fileName(of:)) ?? Path.name(of: source.path)
            let places = sources?.candidates(for: source.openBytes) ?? [InputPath(bytes: source.openBytes)]
            return Copied(source: source.path, item: item.id, target: folder + "/" + padded + "-" + name, sourceBytes: source.openBytes,
                places: places, expected: FileCopy.Expected(bytes: source.bytes, sha256: source.sha256))
        }
    }

    /// Carries out a plan: copies regular files through a temporary file and a rename, or
    /// makes symbolic links (to absolute paths) to them, each only once its bytes are those
    /// the manifest records. Returns the failures; the others are done.
    public static func run(_ plan: [Copied], link: Bool) -> [Failure] {
        var failures: [Failure] = []
        for step in plan {
            // The first place where something is, or that cannot be looked into (its copy then
            // says why: permission denied).
            guard let place = step.places.first(where: isThere) else {
                failures.append(Failure(source: step.source, item: step.item, reason: "no such file", isMissing: true))
                continue
            }
            do {
                if link {
                    try FileCopy.check(regularFile: place, holds: step.expected)
                    try makeLink(to: place, at: step.target)
                } else {
                    try FileCopy.copy(regularFile: place, to: step.target, expected: step.expected)
                }
            } catch {
                failures.append(Failure(source: step.source, item: step.item, reason: error.description))
            }
        }
        return failures
    }

    private static func isThere(_ path: InputPath) -> Bool {
        var info = stat()
        return path.withCString { lstat($0, &info) } == 0 || errno != ENOENT
    }

    /// A symbolic link at `target` to `source`, which must be a regular file.
    private static func makeLink(to source: InputPath, at target: String) throws(FileCopy.Failure) {
        guard let info = source.status() else { throw FileCopy.Failure(description: errno == ENOENT ? "no such file" : String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileCopy.Failure(description: "not a regular file (\(FileCopy.kind(of: info.st_mode))): only files are exported")
        }
        do {
            try AtomicFile.createFolder(Path.parent(of: target))
        } catch {
            throw FileCopy.Failure(description: error.reason)
        }
        let absolute = source.bytes.first == UInt8(ascii: "/") ? source
            : InputPath(FileManager.default.currentDirectoryPath).appending(source.bytes)
        // A link made under a temporary name and renamed over the target: replaced in one step.
        let temporary = AtomicFile.temporaryPath(for: target)
        defer { TemporariesInFlight.settled(temporary) }
        guard absolute.withCString({ symlink($0, temporary) }) == 0 else { throw FileCopy.Failure(description: String(cString: strerror(errno))) }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileCopy.Failure(description: reason)
        }
    }
}
