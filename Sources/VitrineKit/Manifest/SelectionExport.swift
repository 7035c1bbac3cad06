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
        public var source: String
        public var target: String
    }

    /// The target names: a zero-padded selection number (two digits at least, more when the
    /// selection is larger), a dash and the source's file name.
    public static func plan(_ manifest: Manifest, into folder: String) -> [Copied] {
        let chosen = manifest.items.filter { $0.selection != nil }.sorted { $0.selection! < $1.selection! }
        let width = max(2, String(chosen.count).count)
        return chosen.enumerated().map { offset, item in
            let number = String(offset + 1)
            let padded = String(repeating: "0", count: max(0, width - number.count)) + number
            let name = Path.name(of: item.source.path)
            return Copied(source: item.source.path, target: folder + "/" + padded + "-" + name)
        }
    }

    /// Carries out a plan: copies through a temporary file and a rename, or makes symbolic links
    /// (to absolute paths). Returns the failures as (source, reason); the others are done.
    public static func run(_ plan: [Copied], link: Bool) -> [(source: String, reason: String)] {
        var failures: [(String, String)] = []
        for step in plan {
            do {
                let folder = Path.parent(of: step.target)
                try AtomicFile.createFolder(folder)
                guard FileManager.default.fileExists(atPath: step.source) else {
                    failures.append((step.source, "no such file"))
                    continue
                }
                if link {
                    let absolute = step.source.hasPrefix("/") ? step.source
                        : FileManager.default.currentDirectoryPath + "/" + step.source
                    unlink(step.target)
                    try FileManager.default.createSymbolicLink(atPath: step.target, withDestinationPath: absolute)
                } else {
                    // Streamed (a video may be larger than memory) to a hidden name, then renamed.
                    let temporary = AtomicFile.temporaryPath(for: step.target)
                    unlink(temporary)
                    do { try FileManager.default.copyItem(atPath: step.source, toPath: temporary) } catch {
                        unlink(temporary)
                        throw error
                    }
                    guard rename(temporary, step.target) == 0 else {
                        let reason = String(cString: strerror(errno))
                        unlink(temporary)
                        failures.append((step.source, reason))
                        continue
                    }
                }
            } catch {
                failures.append((step.source, (error as? AtomicFileError)?.reason ?? InputWalker.describe(error)))
            }
        }
        return failures
    }
}
