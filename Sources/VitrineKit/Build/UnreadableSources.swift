import Foundation

/// What a build keeps of the sources it could not read. A folder that cannot be listed
/// (`chmod 000`, a disk that fails) or a file that cannot be opened is not a file removed: the
/// last build's items there stay as the state knows them, with their outputs and their ids,
/// and the failure is an error (the build exits 1). When they can be read again, the next
/// build finds them unchanged. Only sources the state knows are kept: a file never read
/// before that cannot be read is an error alone, as it was.
struct UnreadableSources {
    let state: StateStore
    /// The folders the walk could not list, and the keys of the sources kept below them.
    private(set) var folders: [InputWalker.UnreadableFolder] = []
    private(set) var keptBelow = Set<String>()

    init(state: StateStore) {
        self.state = state
    }

    /// Puts into `found`, in walk order, the sources the state knows below each folder the walk
    /// could not list, each found as the state recorded it, so that the state's answer is
    /// used and its outputs are kept; and does the same for each file found that cannot be
    /// opened for reading, with an error naming it (said to `listener`). Gives whether
    /// anything was kept so. Throws when the state cannot be read.
    mutating func keep(_ found: inout MediaScanner.Found, listener: ProgressListener?) throws -> Bool {
        folders = found.unreadableFolders
        let below = try knownBelow(folders, besides: Set(found.files.map(SourceKey.of)))
        keptBelow = Set(below.map(SourceKey.of))
        let unopenable = try keepUnopenable(&found.files, errors: &found.errors, listener: listener)
        guard !below.isEmpty else { return unopenable }
        found.files = Self.merged(found.files, below.sorted(by: Self.walkOrder))
        found.namedLikeMedia += below.filter(\.isMeantAsMedia)
        found.walked.formUnion(below.map(\.path))
        return true
    }

    /// Gives the items kept below a folder that could not be listed, and the albums of such
    /// folders, the text the site's last manifest gave them: their sidecars and `index.md`
    /// cannot be read either. (A file that cannot be opened has its sidecars read as ever.)
    func restoreText(in manifest: inout Manifest, inputs: [InputPath], site: String) {
        guard !keptBelow.isEmpty,
            case .success(let data) = ManifestFile.bytes(of: Path.join(site, SiteBuilder.manifestName), inSite: site),
            let last = try? ManifestFile.decode(data)
        else { return }
        let lastItems = Dictionary(last.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for index in manifest.items.indices where keptBelow.contains(SourceKey.of(manifest.items[index])) {
            guard let was = lastItems[manifest.items[index].id] else { continue }
            manifest.items[index].caption = was.caption
            manifest.items[index].title = was.title
            manifest.items[index].keywords = was.keywords
            manifest.items[index].rating = was.rating
            manifest.items[index].takenAt = was.takenAt
            // Its place's name; coordinates come from the photo, and a published manifest may have none.
            var location = manifest.items[index].location ?? was.location
            location?.name = was.location?.name
            manifest.items[index].location = location
        }
        guard var albums = manifest.albums else { return }
        let lastAlbums = Dictionary((last.albums ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let present = Set(manifest.items.map(\.id))
        let paths = folders.map { Self.publishedPath(of: $0.path, inputs: inputs) }
        for index in albums.indices {
            let path = albums[index].path
            guard paths.contains(where: { $0.isEmpty || path == $0 || path.hasPrefix($0 + "/") }),
                let was = lastAlbums[albums[index].id]
            else { continue }
            (albums[index].title, albums[index].description, albums[index].order) = (was.title, was.description, was.order)
            if let cover = was.cover, present.contains(cover) { albums[index].cover = cover }
        }
        manifest.albums = albums
    }

    /// `folder`'s path as the site's manifest names sources and albums (``SiteManifest/publishable(_:inputs:keepLocation:)``):
    /// below its source folder, that folder's name first when there are several.
    static func publishedPath(of folder: InputPath, inputs: [InputPath]) -> String {
        let path = folder.appending([]).bytes
        for input in inputs {
            var bytes = input.bytes
            while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
            let prefix = bytes == [UInt8(ascii: "/")] ? bytes : bytes + [UInt8(ascii: "/")]
            guard path.starts(with: prefix) else { continue }
            var below = Array(path.dropFirst(prefix.count))
            if inputs.count > 1 { below = Array(Path.name(of: String(decoding: bytes, as: UTF8.self)).utf8) + [UInt8(ascii: "/")] + below }
            while below.last == UInt8(ascii: "/") { below.removeLast() }
            return String(decoding: below, as: UTF8.self)
        }
        return InputPath(bytes: path).display
    }

    /// The sources the state knows below `folders` (and not among `besides`), as files found.
    private func knownBelow(_ folders: [InputWalker.UnreadableFolder], besides: Set<String>) throws -> [InputFile] {
        guard !folders.isEmpty else { return [] }
        // Compared as path bytes: the state's keys are the paths the walk gave (``SourceKey``).
        let prefixes = folders.map { (folder: $0, bytes: $0.path.appending([]).bytes) }
        var keys: [(key: String, folder: InputWalker.UnreadableFolder, below: [UInt8])] = []
        try state.eachSource { key, _ in
            guard !besides.contains(key), let path = Self.pathBytes(ofKey: key),
                let match = prefixes.first(where: { path.count > $0.bytes.count && path.starts(with: $0.bytes) })
            else { return }
            keys.append((key, match.folder, Array(path.dropFirst(match.bytes.count))))
        }
        var files: [InputFile] = []
        for (key, folder, below) in keys {
            guard let source = try state.source(key), let path = Self.pathBytes(ofKey: key) else { continue }
            let shown = InputPath(bytes: path)
            let name = InputPath(bytes: below).display
            var file = Self.file(shown, as: source)
            file.relativePath = folder.relativePath.isEmpty ? name : folder.relativePath + "/" + name
            file.inputIndex = folder.inputIndex
            files.append(file)
        }
        return files
    }

    /// Each plain file of `files` that cannot be opened for reading and that the state knows is
    /// found as the state recorded it, with an error in `errors`. Whether there was one.
    private func keepUnopenable(_ files: inout [InputFile], errors: inout [ItemError], listener: ProgressListener?) throws -> Bool {
        var kept = false
        for index in files.indices where files[index].origin == nil {
            let path = InputPath(bytes: files[index].rawPath ?? Array(files[index].path.utf8))
            guard path.withCString({ faccessat(AT_FDCWD, $0, R_OK, AT_EACCESS) }) != 0 else { continue }
            let code = errno
            // Gone since the walk found it: removed, not unreadable.
            guard code != ENOENT, code != ENOTDIR, let source = try state.source(SourceKey.of(files[index])) else { continue }
            var file = Self.file(path, as: source)
            (file.relativePath, file.inputIndex) = (files[index].relativePath, files[index].inputIndex)
            files[index] = file
            let error = ItemError(path: file.name, message: "cannot be read (\(InputWalker.describe(errno: code))): "
                + "its item and outputs stay as the last build made them", reason: .permission)
            errors.append(error)
            listener?.receive(error.event)
            kept = true
        }
        return kept
    }

    /// The file at `path` as the state recorded `source`: what its answer is kept for.
    private static func file(_ path: InputPath, as source: StateStore.Source) -> InputFile {
        var file = InputFile(path: path.display, relativePath: "", inputIndex: 0, bytes: source.bytes,
            modified: Double(source.modifiedNanoseconds) / 1e9, rawPath: path.isUTF8 ? nil : path.bytes, identity: source.identity,
            modifiedNanoseconds: source.modifiedNanoseconds)
        file.changedNanoseconds = source.changedNanoseconds ?? 0
        return file
    }

    /// The path bytes a state key stands for (``SourceKey``); nil for a key that is no path.
    static func pathBytes(ofKey key: String) -> [UInt8]? {
        let encoded = "bytes:"
        guard key.hasPrefix(encoded) else { return key.hasPrefix("custom:") ? nil : Array(key.utf8) }
        return Data(base64Encoded: String(key.dropFirst(encoded.count))).map(Array.init)
    }

    /// The walk's order: input by input, then folder by folder, names in byte order.
    static func walkOrder(_ left: InputFile, _ right: InputFile) -> Bool {
        if left.inputIndex != right.inputIndex { return left.inputIndex < right.inputIndex }
        let parts = { (file: InputFile) in (file.rawPath ?? Array(file.path.utf8)).split(separator: UInt8(ascii: "/")) }
        return parts(left).lexicographicallyPrecedes(parts(right)) { $0.lexicographicallyPrecedes($1) }
    }

    /// `found` (in walk order) and `kept` (sorted so) as one list in walk order.
    static func merged(_ found: [InputFile], _ kept: [InputFile]) -> [InputFile] {
        var result: [InputFile] = []
        result.reserveCapacity(found.count + kept.count)
        var next = 0
        for file in found {
            while next < kept.count, walkOrder(kept[next], file) {
                result.append(kept[next])
                next += 1
            }
            result.append(file)
        }
        return result + kept[next...]
    }
}
