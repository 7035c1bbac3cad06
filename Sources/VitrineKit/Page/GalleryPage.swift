import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The gallery page: `SITE/index.html`, a viewer of the gallery's albums (grid, viewer, zoom,
/// tiles, captions, an info panel), for a manifest whose rendition, tile and sheet paths are
/// relative to SITE (what `thumbs … -o SITE` and `tiles … -o SITE` print, and what `build` makes).
///
/// `index.html` is small and the same whatever the gallery's size: the page's script and style
/// inline (allowed by their hashes in its Content-Security-Policy, with `'strict-dynamic'` so
/// that the scripts it adds may load). What it shows is in data pieces beside it (``PageData``),
/// loaded as scripts as views need them, so that the page works opened from disk (`file://`,
/// where browsers refuse `fetch`) as from any static server.
public struct GalleryPage: Sendable {
    /// The page's name in the site.
    public static let fileName = "index.html"

    /// The folder the manifest's paths are relative to, where the page is written.
    public var site: String
    /// Each video's file as the page plays it, relative to ``site``, by item id (see
    /// ``placeVideos(of:in:from:how:)``): default none, and a video without one shows its poster.
    public var videoSources: [String: [PageVideo]] = [:]
    /// `--title`: what heads every view and names the document; default nil, the manifest's
    /// `title` (the root `index.md`'s), else the root album's (the first source folder's name).
    public var title: String?
    /// The screen the manifest's zoom scales were computed for (`--viewport`), so that the page
    /// scales a `--max-scale` cap to its window: default ``ZoomOptions/defaultViewport``.
    public var viewport = ZoomOptions.defaultViewport
    /// `--theme`: the page's layout, its theme's CSS and blocks; default ``PageTheme/standard``.
    public var theme = PageTheme.standard
    /// `--page-css`: the site's own CSS, after the theme's (checked: ``PageTheme/pageCSS(_:file:)``); default none.
    public var pageCSS = ""
    /// `--no-search`: whether the search index (``SearchIndex``) is written with the page, in
    /// `search/` (without, an old index is removed); default ``SearchIndex/writtenByDefault``.
    public var search = SearchIndex.writtenByDefault
    /// The items' search numbers: a build's, kept in its state; default nil, the items numbered
    /// in the order they were taken (``SearchNumbers/inTakenOrder(_:)``).
    public var searchNumbers: SearchNumbers?

    public init(site: String, videoSources: [String: [PageVideo]] = [:], title: String? = nil) {
        self.site = site
        self.videoSources = videoSources
        self.title = title
    }

    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// What writing the page did to the site, as paths below it.
    public struct Written: Sendable, Equatable {
        /// Files written because their bytes changed (or would be, in a dry run).
        public var rewritten: [String] = []
        /// Files already as they would be written, left alone.
        public var kept = 0
        /// Data pieces of an earlier page that this one does not make.
        public var removed: [String] = []
        /// Every data piece of this page and of its search index, below the site: what an
        /// unchanged build checks is there.
        public var pieces: [String] = []
        /// The search index's pieces (below `search/`), counted apart from the page's own files above.
        public var search = Pieces()

        /// Pieces written because their bytes changed (or would be), left alone, and removed.
        public struct Pieces: Sendable, Equatable {
            public var rewritten: [String] = []
            public var kept = 0
            public var removed: [String] = []
        }
    }

    /// The title the page shows for `manifest`.
    public func pageTitle(for manifest: Manifest) -> String {
        if let title, !title.isEmpty { return title }
        if let title = manifest.title, !title.isEmpty { return title }
        if let root = manifest.albums?.first, root.id == Album.rootID, let title = root.title, !title.isEmpty { return title }
        return "Gallery"
    }

    /// `index.html` for `manifest`.
    public func html(for manifest: Manifest) -> String {
        String(decoding: PageDocument.html(title: pageTitle(for: manifest), theme: theme, pageCSS: pageCSS), as: UTF8.self)
    }

    /// Writes `site/index.html` and its data pieces (atomically, each only when its bytes
    /// change, creating folders) and removes stale pieces; with `dryRun`, writes nothing and
    /// says what it would write.
    @discardableResult
    public func write(_ manifest: Manifest, dryRun: Bool = false) throws(Failure) -> Written {
        let title = pageTitle(for: manifest)
        let pieces = try PagePieces(manifest, title: title, videos: videoSources, viewport: viewport)
        var written = try pieces.put(in: site, dryRun: dryRun)
        try writeSearch(manifest, written: &written, dryRun: dryRun)
        // The theme and the site's CSS are in these bytes: another look rewrites index.html alone.
        let html = PageDocument.html(title: title, theme: theme, pageCSS: pageCSS)
        let path = Path.join(site, Self.fileName)
        if ConfinedRead.holds(html, at: path, below: ReadRoot(.site, folder: site)) {
            written.kept += 1
        } else {
            written.rewritten.append(Self.fileName)
            if !dryRun {
                do { try AtomicFile.write(html, to: path) } catch { throw Failure(description: error.description) }
            }
        }
        return written
    }

    /// Writes the search index's pieces that changed (``SearchIndex``), or removes the index
    /// without ``search``. An index whose input is the one the site's was made of is not made
    /// again (``SearchIndex/unchanged(_:in:)``); its fingerprint is written after its pieces.
    private func writeSearch(_ manifest: Manifest, written: inout Written, dryRun: Bool) throws(Failure) {
        let stampPath = Path.join(site, SearchIndex.fingerprintPath)
        guard search else {
            if !dryRun { AtomicFile.remove(stampPath) }
            written.search = try PagePieces.put([], in: site, folder: SearchIndex.folder, isPiece: SearchIndex.isPiece,
                keepFolder: false, dryRun: dryRun)
            return
        }
        let input = SearchIndex.Input(manifest: manifest, numbers: (searchNumbers ?? .inTakenOrder(manifest)).byID)
        if let kept = SearchIndex.unchanged(input, in: site) {
            written.search.kept = kept.count
            written.pieces += kept
            return
        }
        let pieces = try SearchIndex(input).piecesInWritingOrder
        // Gone while the pieces change: a run stopped halfway leaves no fingerprint to trust.
        if !dryRun { AtomicFile.remove(stampPath) }
        written.search = try PagePieces.put(pieces, in: site, folder: SearchIndex.folder, isPiece: SearchIndex.isPiece,
            keepFolder: true, dryRun: dryRun)
        written.pieces += pieces.map(\.path)
        if !dryRun {
            do { try AtomicFile.write(SearchIndex.stamp(input, pieces: pieces.count), to: stampPath) } catch {
                throw Failure(description: error.description)
            }
        }
    }

    /// Renditions, tiles and sheets the manifest names that are not in the site (the manifest's
    /// paths are then relative to another folder), as relative paths, in manifest order.
    public func missingFiles(of manifest: Manifest) -> [String] {
        var paths: [String] = []
        for item in manifest.items {
            paths += (item.renditions ?? []).map(\.path)
            if let tiles = item.tiles { paths.append(tiles.path) }
        }
        paths += (manifest.sheets ?? []).map(\.path)
        return paths.filter { access(Path.join(site, $0), F_OK) != 0 }
    }
}

/// A video file the page offers (a `<source>`): its path in the site and its type with
/// codecs (`video/mp4; codecs="avc1.640028, mp4a.40.2"`), absent for a source copied as it is.
public struct PageVideo: Codable, Equatable, Sendable {
    public var path: String
    public var type: String?

    public init(path: String, type: String?) {
        self.path = path
        self.type = type
    }

    init(_ video: WebVideo) { self.init(path: video.path, type: video.type) }
}

/// How `vitrine page` brings videos into the site: the manifest's `source.path` is where the
/// scan read them, not a path in the site.
public enum VideoPlacement: String, CaseIterable, Sendable {
    /// A copy of each video, `SITE/<id>.<ext>` (the default: the site stands alone).
    case copy
    /// A symbolic link to the source, `SITE/<id>.<ext>` (the site works where the sources are).
    case link
    /// None: the page shows videos' posters only.
    case none
}

extension GalleryPage {
    /// Places each video of `manifest` into `site` as `<id>.<extension>` (the source's extension,
    /// lower-cased; `video` without one), its `source.path` read relative to `base` (the folder
    /// the scan ran in; absolute, so that links point at the file wherever they are read) unless
    /// absolute itself. Ids never repeat and outputs never end so, so nothing
    /// else in the site has the name. The sources by id, and the videos that could not be placed.
    public static func placeVideos(of manifest: Manifest, in site: String, from base: String,
                                   how placement: VideoPlacement) -> (sources: [String: [PageVideo]], failures: [ItemError]) {
        guard placement != .none else { return ([:], []) }
        var sources: [String: [PageVideo]] = [:], failures: [ItemError] = []
        for item in manifest.items where item.kind == .video {
            // A build's web renditions, when they are in the site: never made again here.
            if let media = item.media, !media.isEmpty, media.allSatisfy({ FileStat.exists(Path.join(site, $0.path)) }) {
                sources[item.id] = media.map(PageVideo.init)
                continue
            }
            guard let itemSource = item.source else { continue }
            let name = item.id + "." + (Path.plainExtension(of: itemSource.path) ?? "video")
            var bytes = itemSource.openBytes
            if bytes.first != UInt8(ascii: "/") { bytes = Array(Path.join(base, "x").utf8.dropLast()) + bytes }  // base + "/"
            let source = InputPath(bytes: bytes)
            let target = Path.join(site, name)
            do {
                switch placement {
                case .copy: try FileCopy.copy(regularFile: source, to: target)
                case .link: try link(source, at: target)
                case .none: break
                }
                sources[item.id] = [PageVideo(path: name, type: nil)]
            } catch {
                failures.append(ItemError(path: item.name, message: "cannot place the video in the site as \(name): \(error.description)",
                    reason: .write))
            }
        }
        return (sources, failures)
    }

    /// A symbolic link at `target` to `source` (absolute), put in place atomically.
    static func link(_ source: InputPath, at target: String) throws(FileCopy.Failure) {
        var info = stat()
        guard source.withCString({ stat($0, &info) }) == 0 else { throw FileCopy.Failure(description: "no such file") }
        do { try AtomicFile.createFolder(Path.parent(of: target)) } catch { throw FileCopy.Failure(description: error.reason) }
        let temporary = AtomicFile.temporaryPath(for: target)
        defer { TemporariesInFlight.settled(temporary) }
        let made = source.withCString { from in symlink(from, temporary) }
        guard made == 0, rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileCopy.Failure(description: reason)
        }
    }
}
