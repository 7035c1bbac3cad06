import Foundation

/// The folder each file was found under, by its real path: how far a link to one of its
/// sidecars (`.txt`, `.md`, `.xmp`, a folder's `index.md`) may lead (``ConfinedRead``). A file
/// found in an input folder has that folder; a file given alone or listed on stdin, the folder
/// its path names. Each folder's real path is looked up once.
struct SourceRoots {
    private var known: [String: ReadRoot?] = [:]

    /// The root of a file found by the walk; nil for a download or a custom item (no sidecar
    /// is read beside them) and for a folder that is gone.
    mutating func root(of file: InputFile) -> ReadRoot? {
        guard file.origin == nil else { return nil }
        let folder: String
        if file.path == file.relativePath {
            folder = "."
        } else if file.path.hasSuffix("/" + file.relativePath) {
            let input = String(file.path.dropLast(file.relativePath.count + 1))
            folder = input.isEmpty ? "/" : input
        } else {
            folder = Path.parent(of: file.path)
        }
        return root(ofFolder: folder)
    }

    /// The root of a folder as its files' paths begin.
    mutating func root(ofFolder folder: String) -> ReadRoot? {
        if let root = known[folder] { return root }
        let root = ReadRoot(.source, folder: folder.isEmpty ? "." : folder)
        known[folder] = .some(root)
        return root
    }
}
