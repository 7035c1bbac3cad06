import Foundation

/// One scan: finds the files, reads their headers on the worker pool, orders them,
/// gives them ids and links them into a manifest.
public struct MediaScanner: Sendable {
    public var options: ScanOptions
    public var pool: WorkerPool
    /// Folders never walked into (a command's own output folder): default none.
    public var excludedFolders: [String] = []

    public init(options: ScanOptions, pool: WorkerPool) {
        self.options = options
        self.pool = pool
    }

    /// What a scan found, with what people should be told.
    public struct Report: Sendable {
        public var manifest: Manifest
        /// Files skipped quietly because they are not media (path, why), for `--verbose`.
        public var ignored: [(path: String, reason: String)]

        /// Readable files that libvips had warnings about (path, warning).
        public var warnings: [(path: String, message: String)]
    }

    /// Scans `inputs` (files, folders, `-`). Throws only for bad options (`initialIndex`).
    public func scan(_ inputs: [String], readList: () -> [String] = InputWalker.standardInputLines) throws(ScanError) -> Report {
        var walker = InputWalker()
        walker.excludedFolders = excludedFolders
        let found = walker.walk(inputs, readList: readList)
        let tasks = found.files.map { WorkTask.probe(path: $0.path, options: options.probe) }
        let results = pool.runCollecting(tasks)

        var entries: [(file: InputFile, header: ImageHeader)] = []
        var errors = found.errors
        var ignored: [(String, String)] = found.duplicates.map { ($0.path, "the same file as \($0.firstSeenAs)") }
        var reserved: [InputFile] = []  // failed files named like media still hold their id
        var warnings: [(String, String)] = []
        for (file, result) in zip(found.files, results) {
            switch result {
            case .success(.probe(.image(let header))):
                entries.append((file, header))
                for warning in header.warnings ?? [] { warnings.append((file.path, warning)) }
            case .success(.probe(.ignored(let reason))):
                ignored.append((file.path, reason))
            case .success(.probe(.failed(let message, let reason))):
                errors.append(ItemError(path: file.path, message: message, reason: reason))
                if MediaFormat.looksLikeMedia(file.path) { reserved.append(file) }
            case .failure(let failure):
                errors.append(ItemError(path: file.path, message: failure.message, reason: failure.reason))
                if MediaFormat.looksLikeMedia(file.path) { reserved.append(file) }
            case nil, .success(.render):
                errors.append(ItemError(path: file.path, message: "no answer from the worker", reason: .crashed))
            }
        }

        // Ids come from paths alone (not from the chosen order), so they never change with --order.
        // Ids are shared out among every file named like media, readable or not, so that a file
        // failing today does not shift its neighbours' ids. Two inputs may hold the same relative
        // path: they are kept apart by suffix, stably.
        let ids = Array(ItemIdentifier.uniqueIDs(forRelativePaths: (entries.map(\.file) + reserved).map(\.relativePath))
            .prefix(entries.count))
        var items = zip(entries, ids).map { entry, id in
            Item(id: id, format: entry.header.format, width: entry.header.width, height: entry.header.height,
                orientation: entry.header.orientation, takenAt: entry.header.takenAt, pages: entry.header.pages,
                hasAlpha: entry.header.hasAlpha ? true : nil, damaged: entry.header.damaged,
                source: .init(path: entry.file.path, bytes: entry.file.bytes, sha256: entry.header.sha256))
        }
        let sortKeys = entries.map { SortKey(file: $0.file, takenAt: $0.header.takenAt) }
        let order = ItemSorter.order(sortKeys, by: options.order, reverse: options.reverse)
        items = order.map { items[$0] }

        let initialValid = items.isEmpty ? options.initialIndex == 0 : (0..<items.count).contains(options.initialIndex)
        guard initialValid else { throw ScanError.initialIndexOutOfRange(options.initialIndex, count: items.count) }
        Navigation.link(&items, cyclic: options.cyclic)
        var manifest = Manifest()
        manifest.cyclic = options.cyclic
        manifest.initialIndex = items.isEmpty ? nil : options.initialIndex
        manifest.items = items
        manifest.errors = errors.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        return Report(manifest: manifest, ignored: ignored, warnings: warnings)
    }
}

public enum ScanError: Error, Equatable, Sendable {
    case initialIndexOutOfRange(Int, count: Int)

    public var message: String {
        switch self {
        case .initialIndexOutOfRange(let index, let count):
            count == 0
                ? "--initial-index \(index) is out of range: the gallery is empty"
                : "--initial-index \(index) is out of range: the gallery has \(count) items (0 to \(count - 1))"
        }
    }
}
