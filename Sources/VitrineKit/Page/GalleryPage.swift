import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The gallery page: `SITE/index.html`, a viewer that reads the manifest (grid, viewer, zoom,
/// tiles, captions), for a manifest whose rendition, tile and sheet paths are relative to SITE
/// (what `thumbs … -o SITE` and `tiles … -o SITE` print, and what `build` makes).
///
/// One file, written atomically: the page's script and style inline (allowed by their hashes
/// in its Content-Security-Policy), the manifest in a JSON data block, so that the page works
/// opened from disk (`file://`, where browsers refuse `fetch`) as from any static server.
public struct GalleryPage: Sendable {
    /// The page's name in the site.
    public static let fileName = "index.html"

    /// The folder the manifest's paths are relative to, where the page is written.
    public var site: String
    /// Each video's file as the page plays it, relative to ``site``, by item id (see
    /// ``placeVideos(of:in:from:how:)``): default none, and a video without one shows its poster.
    public var videoSources: [String: String] = [:]

    public init(site: String, videoSources: [String: String] = [:]) {
        self.site = site
        self.videoSources = videoSources
    }

    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The page's own data beside the manifest: what the manifest does not say.
    struct PageData: Codable, Equatable {
        /// Video sources relative to the site, by item id.
        var videos: [String: String]
    }

    /// The page for `manifest`, as `index.html` holds it.
    /// - Parameter encoded: the manifest's JSON when the caller has it already (it wrote the
    ///   manifest); default nil, encoded here.
    public func html(for manifest: Manifest, encoded: Data? = nil) throws(Failure) -> String {
        let manifestJSON: Data
        do { manifestJSON = try encoded ?? manifest.encoded() } catch { throw Failure(description: "cannot encode the manifest: \(error)") }
        return String(decoding: PageDocument.html(manifestJSON: manifestJSON, pageJSON: try pageJSON(), title: manifest.title),
            as: UTF8.self)
    }

    /// The page's own data, as the page holds it.
    private func pageJSON() throws(Failure) -> Data {
        do { return try JSONEncoder.compact.encode(PageData(videos: videoSources)) } catch {
            throw Failure(description: "cannot encode the page's data: \(error)")
        }
    }

    /// Writes `site/index.html` (atomically, creating the folder); the path written.
    /// - Parameter manifestFile: the manifest as written to this file, read back in pieces
    ///   (a gallery of 100,000 items is not encoded again nor held whole); default nil, the
    ///   manifest encoded here.
    @discardableResult
    public func write(_ manifest: Manifest, manifestFile: String? = nil) throws(Failure) -> String {
        let path = Path.join(site, Self.fileName)
        let pageJSON = try pageJSON()
        var failure: String?
        let manifestJSON: AtomicFile.Pieces = { emit in
            if let manifestFile {
                if !AtomicFile.read(manifestFile, to: emit) { failure = "cannot read \(manifestFile)" }
            } else {
                do { try manifest.write { $0.withUnsafeBytes(emit) } } catch { failure = "cannot encode the manifest: \(error)" }
            }
        }
        do {
            // The same page again is left alone: a rebuild that changes nothing writes nothing.
            try AtomicFile.writeIfChanged(to: path) { emit in
                PageDocument.write(manifestJSON: manifestJSON, pageJSON: pageJSON, title: manifest.title, to: emit)
            }
        } catch {
            throw Failure(description: error.description)
        }
        if let failure { throw Failure(description: failure) }
        return path
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
                                   how placement: VideoPlacement) -> (sources: [String: String], failures: [ItemError]) {
        guard placement != .none else { return ([:], []) }
        var sources: [String: String] = [:], failures: [ItemError] = []
        for item in manifest.items where item.kind == .video {
            guard let itemSource = item.source else { continue }
            let ending = Path.fileExtension(of: itemSource.path).lowercased()
            let name = item.id + "." + (ending.isEmpty || !ending.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } ? "video" : ending)
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
                sources[item.id] = name
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
        let made = source.withCString { from in symlink(from, temporary) }
        guard made == 0, rename(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileCopy.Failure(description: reason)
        }
    }
}
