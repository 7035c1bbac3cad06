import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The page's data pieces (``PageData``) for one manifest, and putting them in the site: each
/// written atomically and only when its bytes change, so that a caption edited in one album
/// rewrites that album's pieces and nothing else; pieces of an earlier page that this one does
/// not make are removed.
struct PagePieces {
    /// Paths below the site, and their bytes, in writing order (the index last: a page open
    /// while the site is written finds the chunks its index names).
    var pieces: [(path: String, bytes: Data)] = []

    /// The pieces of `manifest` for a page titled `title`, videos by item id.
    init(_ manifest: Manifest, title: String, videos: [String: [PageVideo]], viewport: (width: Int, height: Int)) throws(GalleryPage.Failure) {
        let albums = Self.albums(of: manifest)
        var byID: [String: Int] = [:]
        byID.reserveCapacity(manifest.items.count)
        for (index, item) in manifest.items.enumerated() where byID[item.id] == nil { byID[item.id] = index }
        var entries: [PageData.AlbumEntry] = []
        let bucketCount = PageData.bucketCount(for: manifest.items.count)
        var buckets = [[String: [PageData.LookupValue]]](repeating: [:], count: bucketCount)
        for album in albums {
            let members = (album.items ?? []).compactMap { byID[$0] }
            let chunks = (members.count + PageData.chunkSize - 1) / PageData.chunkSize
            var aspects: [Double] = []
            for number in 0..<chunks {
                let start = number * PageData.chunkSize
                let slice = members[start..<min(members.count, start + PageData.chunkSize)]
                aspects.append(PageData.aspectSum(slice.lazy.map { manifest.items[$0] }))
                let items = slice.map { PageData.pageItem(manifest.items[$0], video: videos[manifest.items[$0].id]) }
                let path = PageData.chunkPath(album: album.id, number: number + 1)
                pieces.append((path, try Self.piece(path, PageData.Chunk(album: album.id, start: start, items: items))))
            }
            for (position, index) in members.enumerated() {
                let id = manifest.items[index].id
                buckets[PageData.bucket(of: id, among: bucketCount)][id] = [.album(album.id), .position(position)]
            }
            let cover = album.cover.flatMap { byID[$0] }.map { index -> PageData.Cover in
                let item = manifest.items[index]
                return PageData.Cover(item: item.id, renditions: PageData.renditions(of: item),
                    placeholder: item.placeholder?.thumbhash, width: item.width, height: item.height)
            }
            entries.append(PageData.AlbumEntry(id: album.id, title: album.title ?? (album.id.isEmpty ? title : Path.name(of: album.path)),
                description: album.description.map(PageData.PageCaption.init), parent: album.parent, children: album.children,
                count: members.count, total: album.totalItemCount ?? members.count, chunks: chunks, aspects: aspects, dates: album.dates,
                cover: cover))
        }
        for (bucket, ids) in buckets.enumerated() {
            let path = PageData.bucketPath(bucket)
            pieces.append((path, try Self.piece(path, ids)))
        }
        let index = PageData.Index(title: title, cyclic: manifest.cyclic, direction: manifest.direction.rawValue, gap: manifest.gap,
            chunkSize: PageData.chunkSize, aspectRange: [PageData.aspectRange.lowerBound, PageData.aspectRange.upperBound],
            buckets: bucketCount, viewport: [viewport.width, viewport.height], albums: entries)
        pieces.append((PageData.indexPath, try Self.piece(PageData.indexPath, index)))
    }

    /// The manifest's albums, or for a gallery without (`--albums none`, a `/1` manifest) one
    /// root album of every item in manifest order.
    static func albums(of manifest: Manifest) -> [Album] {
        if let albums = manifest.albums, albums.first?.id == Album.rootID { return albums }
        var root = Album(id: Album.rootID, path: "", title: manifest.title, description: manifest.description)
        root.items = manifest.items.map(\.id)
        root.itemCount = manifest.items.count
        root.totalItemCount = manifest.items.count
        root.cover = manifest.items.first?.id
        return [root]
    }

    /// `vitrinePiece("PATH", JSON);`: the call a piece makes.
    static func piece<Value: Encodable>(_ path: String, _ value: Value) throws(GalleryPage.Failure) -> Data {
        do {
            let encoder = JSONEncoder.compact
            var bytes = Data("vitrinePiece(".utf8)
            bytes += try encoder.encode(path)
            bytes += Data(",".utf8)
            bytes += try encoder.encode(value)
            bytes += Data(");\n".utf8)
            return bytes
        } catch {
            throw GalleryPage.Failure(description: "cannot encode the page's data \(path): \(error)")
        }
    }

    /// Writes the pieces that changed into `site` and removes stale ones (with `dryRun`, only
    /// says what it would do).
    func put(in site: String, dryRun: Bool) throws(GalleryPage.Failure) -> GalleryPage.Written {
        let put = try Self.put(pieces, in: site, folder: PageData.folder, isPiece: PageData.isPiece, keepFolder: true, dryRun: dryRun)
        var written = GalleryPage.Written()
        written.pieces = pieces.map(\.path)
        (written.rewritten, written.kept, written.removed) = (put.rewritten, put.kept, put.removed)
        return written
    }

    /// Writes `pieces` (paths below `site`, in `folder`) whose bytes changed, in their order, and
    /// removes the files in `folder` that `isPiece` owns and `pieces` does not name, then the
    /// folders left empty (`folder` too unless `keepFolder`). With `dryRun`, only says what it would do.
    static func put(_ pieces: [(path: String, bytes: Data)], in site: String, folder: String, isPiece: (String) -> Bool,
                    keepFolder: Bool, dryRun: Bool) throws(GalleryPage.Failure) -> GalleryPage.Written.Pieces {
        var written = GalleryPage.Written.Pieces()
        // A site restored from a cache is input: a `data/` that is a link out of it is refused,
        // never written through.
        let siteFolder = SiteFolder(path: site)
        let root = ReadRoot(.site, folder: site)
        for (path, bytes) in pieces {
            let target: String
            do { target = try siteFolder.confined(path) } catch { throw GalleryPage.Failure(description: error.description) }
            // Read as every file found in the site is: a FIFO there is replaced, never waited on.
            if ConfinedRead.holds(bytes, at: target, below: root) {
                written.kept += 1
                continue
            }
            written.rewritten.append(path)
            if dryRun { continue }
            do { try AtomicFile.write(bytes, to: target) } catch { throw GalleryPage.Failure(description: error.description) }
        }
        let made = Set(pieces.map(\.path))
        for path in existingPieces(in: site, folder: folder, isPiece: isPiece) where !made.contains(path) {
            written.removed.append(path)
            if !dryRun { AtomicFile.remove(Path.join(site, path)) }
        }
        if !dryRun { removeEmptyFolders(Path.join(site, folder), keep: keepFolder) }
        return written
    }

    /// The files in `site/folder/` that `isPiece` owns, relative to the site: regular files
    /// only, links neither followed nor removed.
    static func existingPieces(in site: String, folder: String, isPiece: (String) -> Bool) -> [String] {
        var found: [String] = []
        // A folder that is a link (out of the site) is not walked: nothing is removed through it.
        var top = stat()
        guard lstat(Path.join(site, folder), &top) == 0, top.st_mode & S_IFMT == S_IFDIR else { return [] }
        func walk(_ relative: String, depth: Int) {
            guard depth < 64, let names = try? FileManager.default.contentsOfDirectory(atPath: Path.join(site, relative)) else { return }
            for name in names.sorted() {
                let path = Path.join(relative, name)
                var info = stat()
                guard lstat(Path.join(site, path), &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: walk(path, depth: depth + 1)
                case S_IFREG where isPiece(path): found.append(path)
                default: break
                }
            }
        }
        walk(folder, depth: 0)
        return found
    }

    /// Removes folders below `folder` left empty (an album gone), and `folder` itself unless `keep`.
    @discardableResult
    static func removeEmptyFolders(_ folder: String, keep: Bool) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        var empty = true
        for name in names {
            let path = Path.join(folder, name)
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, removeEmptyFolders(path, keep: false) { continue }
            empty = false
        }
        if empty && !keep { return rmdir(folder) == 0 }
        return false
    }
}

extension PageData {
    /// An entry of the id lookup: `[album id, position in it]`.
    enum LookupValue: Encodable {
        case album(String)
        case position(Int)

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .album(let id): try container.encode(id)
            case .position(let position): try container.encode(position)
            }
        }
    }
}
