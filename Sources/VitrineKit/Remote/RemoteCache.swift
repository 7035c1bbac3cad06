import Foundation
import VipsKit

/// The cache folder: each URL's downloaded bytes, and the validators (`ETag`, `Last-Modified`)
/// that let a later run ask the server whether they changed instead of downloading them again.
///
/// `remote/<host>/<name>-<hash>[.ext]`, where `<hash>` is 16 hex digits of the SHA-256 of the
/// whole URL: a query string (which may hold a token) never shows in a file name, and two URLs
/// differing only there get files of their own. The extension is the URL's when it names a
/// kind of media, so that a file is judged as a local one of that name would be. Beside it,
/// `<name>-<hash>.meta` holds the validators. Inline SVGs of custom items are kept as
/// `svg/<hash>.svg`.
public struct RemoteCache: Sendable {
    public let folder: String

    public init(folder: String) { self.folder = folder }

    /// A `.meta` file holds two validators and a size: no more of one is read.
    static let maximumMetaBytes = 64 << 10

    /// Where one URL's copy and validators go.
    public struct Entry: Sendable, Equatable {
        public var data: String
        public var meta: String
    }

    /// What a later request sends to ask whether the copy is still current.
    struct Validators: Codable, Equatable {
        var etag: String?
        var lastModified: String?
        /// The copy's size when they were written: a copy of another size is not theirs.
        var bytes: Int
    }

    public func entry(for url: URL) -> Entry {
        let hash = String(Checksum.sha256(of: Data(url.absoluteString.utf8)).prefix(16))
        let last = RemoteURL.pathComponents(of: url).last ?? "index"
        let ending = Path.fileExtension(of: last).lowercased()
        let kept = MediaFormat.imageExtensions.contains(ending) || MediaFormat.videoExtensions.contains(ending) ? "." + ending : ""
        let stem = String(ItemIdentifier.slug(component: Path.stem(of: last)).prefix(64))
        let base = Path.join(Path.join(Path.join(folder, "remote"), ItemIdentifier.slug(component: RemoteURL.host(of: url))), stem + "-" + hash)
        return Entry(data: base + kept, meta: base + ".meta")
    }

    /// The validators of a copy that is there, whole; nil when there is none to ask about.
    func validators(of entry: Entry) -> Validators? {
        // Read as a file found in the cache (often inside the site) is: a FIFO is never waited on.
        guard let root = ReadRoot(.cache, folder: folder),
            case .success(let data) = ConfinedRead.read(entry.meta, below: root, limit: Self.maximumMetaBytes),
            let validators = try? JSONDecoder().decode(Validators.self, from: data),
            validators.etag != nil || validators.lastModified != nil
        else { return nil }
        var info = stat()
        guard stat(entry.data, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == validators.bytes else { return nil }
        return validators
    }

    func store(_ validators: Validators, of entry: Entry) throws(AtomicFileError) {
        try AtomicFile.write((try? JSONEncoder.compact.encode(validators)) ?? Data(), to: entry.meta)
    }

    /// The file holding `svg` (written now when it is not there yet), named by its hash.
    public func file(forInlineSVG svg: String) throws(AtomicFileError) -> (path: String, bytes: Int) {
        let data = Data(svg.utf8)
        let path = Path.join(Path.join(folder, "svg"), String(Checksum.sha256(of: data).prefix(16)) + ".svg")
        var info = stat()
        if stat(path, &info) != 0 || Int(info.st_size) != data.count { try AtomicFile.write(data, to: path) }
        return (path, data.count)
    }
}
