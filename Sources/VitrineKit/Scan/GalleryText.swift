import Foundation

/// A scan's words: each item's caption, title, keywords, place and rating (through
/// ``CaptionResolver``), and the folders' `index.md` titles and descriptions.
struct GalleryText {
    private var resolver: CaptionResolver
    private let inputIsFolder: [Bool]
    /// The first input folder, as its files' paths begin (the gallery's own `index.md` is there).
    private let galleryRoot: String?
    private let files: [InputFile]
    private let ids: [String]
    /// Every file the walk found (all parts): a folder the walk listed needs no `stat` per
    /// possible sidecar.
    private let walked: Set<String>
    /// `index.md` of each folder looked at (nil: it has none).
    private var folders: [String: ItemText?] = [:]

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
        self.files = files
        self.ids = ids
        // From the inputs, not the files: a part (`--shard`) may hold none of the first folder's.
        galleryRoot = zip(inputs, inputIsFolder).first { $1 }.map { input, _ in
            var root = input
            while root.count > 1, root.hasSuffix("/") { root.removeLast() }
            return root == "/" ? "" : root
        }
    }

    /// Sets `item`'s caption, title, keywords, location, rating (and `takenAt` from a sidecar's
    /// `Date:`), and returns what the sources said.
    mutating func apply(toFile index: Int, _ file: InputFile, embedded: EmbeddedText?, item: inout Item) -> ItemText {
        // Found in a walked folder: its neighbours are all in `walked` (hidden and .nomedia-listed
        // names excepted, which are no sidecars either).
        let walked = self.walked
        let known = root(of: file) != nil && !walked.isEmpty
        let text = resolver.text(forFile: index, file, embedded: embedded, sidecarExists: known ? { walked.contains($0) } : nil)
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
    /// `folders` list (every other folder with an `index.md`, in natural order).
    mutating func describe(_ manifest: inout Manifest) {
        if let galleryRoot, let text = folder(galleryRoot) {
            manifest.title = text.title
            manifest.description = text.caption
        }
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
        let text = resolver.folderText(path)
        folders[path] = .some(text)
        return text
    }
}
