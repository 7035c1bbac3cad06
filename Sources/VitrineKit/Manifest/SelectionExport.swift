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
        public var target: String
        /// The source's bytes, to open it with (its name may not be UTF-8).
        public var sourceBytes: [UInt8]
    }

    /// The target names: a zero-padded selection number (two digits at least, more when the
    /// selection is larger), a dash and the source's file name (a remote image's from its URL).
    /// Custom items without an SVG have no file: they keep their number, and nothing is copied.
    public static func plan(_ manifest: Manifest, into folder: String) -> [Copied] {
        let chosen = manifest.items.filter { $0.selection != nil }.sorted { $0.selection! < $1.selection! }
        let width = max(2, String(chosen.count).count)
        return chosen.enumerated().compactMap { offset, item in
            guard let source = item.source else { return nil }
            let number = String(offset + 1)
            let padded = String(repeating: "0", count: max(0, width - number.count)) + number
            let name = source.url.flatMap(RemoteURL.fileName(of:)) ?? Path.name(of: source.path)
            return Copied(source: source.path, target: folder + "/" + padded + "-" + name, sourceBytes: source.openBytes)
        }
    }

    /// Carries out a plan: copies regular files through a temporary file and a rename, or
    /// makes symbolic links (to absolute paths) to them. Returns the failures as (source,
    /// reason); the others are done.
    public static func run(_ plan: [Copied], link: Bool) -> [(source: String, reason: String)] {
        var failures: [(String, String)] = []
        for step in plan {
            do {
                if link {
                    try makeLink(to: InputPath(bytes: step.sourceBytes), at: step.target)
                } else {
                    try FileCopy.copy(regularFile: InputPath(bytes: step.sourceBytes), to: step.target)
                }
            } catch {
                failures.append((step.source, error.description))
            }
        }
        return failures
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
        guard absolute.withCString({ symlink($0, temporary) }) == 0 else { throw FileCopy.Failure(description: String(cString: strerror(errno))) }
        guard rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileCopy.Failure(description: reason)
        }
    }
}
