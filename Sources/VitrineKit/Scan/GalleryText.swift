import Foundation

/// A scan's words: each item's caption, title, keywords, place and rating (through
/// ``CaptionResolver``), and the folders' `index.md` titles and descriptions.
struct GalleryText {
    private var resolver: CaptionResolver
    private let inputIsFolder: [Bool]
    /// Each input's name (its last path component), which heads its album when several
    /// folders are given.
    private let inputNames: [String]
    /// The first input folder, as its files' paths begin (the gallery's own `index.md` is there).
    private let galleryRoot: String?
    /// Every input folder, as its files' paths begin.
    private let inputFolders: [String]
    private let files: [InputFile]
    private let ids: [String]
    /// Every file the walk found (all parts): a folder the walk listed needs no `stat` per
    /// possible sidecar.
    private let walked: Set<String>
    /// `index.md` of each folder looked at (nil: it has none).
    private var folders: [String: ItemText?] = [:]
    /// The real path of each file's source folder, which a link to a sidecar may not leave.
    private var roots = SourceRoots()

    var warnings: [(path: String, message: String)] { resolver.warnings }

    /// - Parameter otherParts: files of the other parts (`--shard`), whose captions-file rows
    ///   are theirs to use, not "for no item".
    init(options: CaptionOptions, inputs: [String], files: [InputFile], ids: [String], otherParts: [InputFile] = [],
         walked: Set<String> = []) {
        self.walked = walked
        resolver = CaptionResolver(options: options, files: files, ids: ids, otherParts: otherParts)
        inputIsFolder = inputs.map { input in
            var info = stat()
            return input != "-" && stat(input, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        }
        inputNames = inputs.map(Self.name(ofInput:))
        self.files = files
        self.ids = ids
        inputFolders = zip(inputs, inputIsFolder).filter { $1 }.map { input, _ in
            var root = input
            while root.count > 1, root.hasSuffix("/") { root.removeLast() }
            return root == "/" ? "" : root
        }
        // From the inputs, not the files: a part (`--shard`) may hold none of the first folder's.
        galleryRoot = inputFolders.first
    }

    /// Sets `item`'s caption, title, keywords, location, rating (and `takenAt` from a sidecar's
    /// `Date:`), and returns what the sources said.
    mutating func apply(toFile index: Int, _ file: InputFile, embedded: EmbeddedText?, item: inout Item) -> ItemText {
        // Found in a walked folder: its neighbours are all in `walked` (hidden and .nomedia-listed
        // names excepted, which are no sidecars either).
        let walked = self.walked
        let known = root(of: file) != nil && !walked.isEmpty
        let text = resolver.text(forFile: index, file, embedded: embedded, root: roots.root(of: file),
            sidecarExists: known ? { walked.contains($0) } : nil)
        item.caption = text.caption
        item.title = text.title
        item.keywords = text.keywords
        item.location = text.location
        item.rating = text.rating
        if let date = text.date { item.takenAt = date }
        return text
    }

    func captionsPosition(ofFile index: Int) -> Int? { resolver.fileEntries[index]?.position }

    /// The `Order:` of each folder between `file`'s input folder and the file.
    mutating func folderOrders(of file: InputFile) -> [String?] {
        folderPaths(of: file).map { path in path.map { folder($0)?.order } ?? nil }
    }

    /// Sets the gallery's title and description (first input folder's `index.md`) and the
    /// `folders` list (every other folder with an `index.md`, in natural order) unless albums
    /// say it (`folders` false).
    mutating func describe(_ manifest: inout Manifest, folders listed: Bool) {
        if let galleryRoot, let text = folder(galleryRoot) {
            manifest.title = text.title
            manifest.description = text.caption
        }
        guard listed else { return }
        var paths = Set<String>()
        for file in files {
            if let root = root(of: file), root != galleryRoot { paths.insert(root) }
            for case let path? in folderPaths(of: file) { paths.insert(path) }
        }
        var described: [Folder] = []
        for path in paths.sorted(by: NaturalOrder.precedes) {
            guard let text = folder(path) else { continue }
            let thumbnail = text.thumbnail.flatMap { name in files.firstIndex { $0.path == path + "/" + name }.map { ids[$0] } }
            if text.title == nil, text.caption == nil, text.order == nil, thumbnail == nil { continue }
            described.append(Folder(path: path, title: text.title, description: text.caption, order: text.order, thumbnail: thumbnail))
        }
        manifest.folders = described.isEmpty ? nil : described
    }

    /// The albums this part's files are in, with their ancestors (records: no items, counts or
    /// covers yet, see ``AlbumTree``), and each file's album id. Ids come from the folders of
    /// `allFiles` (every part's files named like media), so that no part and no failing file
    /// changes another album's id.
    mutating func albums(allFiles: [InputFile]) -> (records: [Album], ofFile: [String]) {
        let sources = inputIsFolder.filter { $0 }.count
        // Folders, not files, are what ids are made from: a gallery has far fewer.
        var paths = Set<String>()
        for file in allFiles { paths.insert(albumPath(of: file, sources: sources)) }
        let filePaths = files.map { albumPath(of: $0, sources: sources) }
        paths.formUnion(filePaths)
        let ids = AlbumIDs(paths: Array(paths))
        var records: [String: Album] = [:]
        let itemIDs = Dictionary(zip(files.map(\.path), self.ids), uniquingKeysWith: { first, _ in first })
        var ofFile: [String] = []
        ofFile.reserveCapacity(files.count)
        for (file, path) in zip(files, filePaths) {
            ofFile.append(ids[path])
            guard records[ids[path]] == nil else { continue }
            // The album and each of its parents, once, with its folder's `index.md`.
            var components = path.split(separator: "/").map(String.init)
            var folder = folderPath(of: file, depth: path.isEmpty ? 0 : components.count - (sources > 1 ? 1 : 0))
            while true {
                let albumPath = components.joined(separator: "/")
                let id = ids[albumPath]
                guard records[id] == nil else { break }
                var album = Album(id: id, path: albumPath, title: components.last)
                if let folder, let text = self.folder(folder) {
                    album.title = text.title ?? album.title
                    album.description = text.caption
                    album.order = text.order
                    album.thumbnail = text.thumbnail.flatMap { itemIDs[folder + "/" + $0] }
                }
                if components.isEmpty {
                    records[id] = rootAlbum(sources: sources, itemIDs: itemIDs)
                    break
                }
                components.removeLast()
                album.parent = ids[components.joined(separator: "/")]
                records[id] = album
                folder = folder.map(Path.parent(of:))
                if sources > 1, components.isEmpty { folder = nil }
            }
        }
        return (records.values.sorted { NaturalOrder.precedes($0.path, $1.path) }, ofFile)
    }

    /// The name an input folder is known by (its album's, the gallery's title): its last
    /// component, or, for `.` and `..` (`vitrine build .`), the folder's own name.
    static func name(ofInput input: String) -> String {
        var name = input
        while name.count > 1, name.hasSuffix("/") { name.removeLast() }
        name = Path.name(of: name)
        guard name == "." || name == "..", let resolved = realpath(input, nil) else { return name }
        defer { free(resolved) }
        return Path.name(of: String(decoding: UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)), as: UTF8.self))
    }

    /// The root album: the gallery's title (its `index.md`'s, else the first input folder's
    /// name) and, with one input folder, that folder's description and `Thumbnail:`.
    private mutating func rootAlbum(sources: Int, itemIDs: [String: String]) -> Album {
        let text = galleryRoot.flatMap { folder($0) }
        var album = Album(id: Album.rootID, path: "", title: text?.title ?? inputNames.indices.first { inputIsFolder[$0] }.map { inputNames[$0] })
        if sources <= 1, let galleryRoot, let text {
            album.description = text.caption
            album.thumbnail = text.thumbnail.flatMap { itemIDs[galleryRoot + "/" + $0] }
        }
        return album
    }

    /// The path of `file`'s album: its folder below its input (with several input folders, the
    /// input's name first); `""` (the root) for a file not found under a folder.
    private func albumPath(of file: InputFile, sources: Int) -> String {
        guard root(of: file) != nil else { return "" }
        let folder = file.relativePath.lastIndex(of: "/").map { String(file.relativePath[..<$0]) } ?? ""
        guard sources > 1 else { return folder }
        return folder.isEmpty ? inputNames[file.inputIndex] : inputNames[file.inputIndex] + "/" + folder
    }

    /// The folder `depth` levels below `file`'s input folder, on `file`'s way (nil when the
    /// file was not found under a folder).
    private func folderPath(of file: InputFile, depth: Int) -> String? {
        guard var path = root(of: file) else { return nil }
        for component in file.relativePath.split(separator: "/").dropLast().prefix(depth) { path += "/" + component }
        return path
    }

    /// The input folder `file` was found under, as its path begins; nil for files given alone
    /// or listed on stdin.
    private func root(of file: InputFile) -> String? {
        guard file.inputIndex < inputIsFolder.count, inputIsFolder[file.inputIndex],
            file.path.hasSuffix("/" + file.relativePath)
        else { return nil }
        return String(file.path.dropLast(file.relativePath.count + 1))
    }

    /// Paths of the folders from below the input folder down to `file`'s own (nil entries
    /// when the file was not found under a folder).
    private func folderPaths(of file: InputFile) -> [String?] {
        let components = file.relativePath.split(separator: "/").dropLast()
        guard var path = root(of: file) else { return components.map { _ in nil } }
        return components.map { component in
            path += "/" + component
            return path
        }
    }

    private mutating func folder(_ path: String) -> ItemText? {
        if let cached = folders[path] { return cached }
        // A walked folder's `index.md` is among the files found, or is none (a FIFO there was
        // passed over by the walk, which said so).
        if !walked.isEmpty, !walked.contains(Path.join(path, "index.md")) {
            folders[path] = .some(nil)
            return nil
        }
        // Every folder looked at lies in an input folder: the deepest that holds it is its source.
        let source = inputFolders.filter { path == $0 || path.hasPrefix($0 + "/") }.max { $0.count < $1.count }
        let text = resolver.folderText(path, below: source.flatMap { roots.root(ofFolder: $0) })
        folders[path] = .some(text)
        return text
    }
}
