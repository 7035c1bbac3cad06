import Foundation

/// The folder a build writes, `-o SITE`: the only place it writes or removes anything.
///
/// A site folder is often restored from a CI cache or an artefact, so what it holds (the
/// state, a part's manifest, the last manifest) is input like any other: every path read from
/// it is ``confined(_:)`` below it before anything is moved or removed there.
public struct SiteFolder: Sendable {
    /// The folder the build uses: `-o` with a symbolic link resolved, once.
    public let path: String
    /// Its real path (no link in it), that confined paths must stay below.
    let real: String

    /// Why a site folder, or a path in it, cannot be used.
    public enum Problem: SettingProblem, Equatable {
        /// `-o` holds files and is not a vitrine site; `holding` is the first that a build
        /// would replace (or, when none would be, the first it holds).
        case notASite(folder: String, holding: String, replaced: Bool)
        /// A source is the site or lies inside it.
        case sourceInside(source: String, folder: String)
        /// A path read from the site leaves it.
        case outside(path: String, reason: String)
        /// A folder the build writes into (or on the way to one) is a symbolic link.
        case link(path: String, target: String?)

        public var sentence: SettingText {
            switch self {
            case .notASite(let folder, let holding, let replaced):
                "the output folder \(folder) is not empty and not a vitrine site: "
                    + (replaced ? "a build would replace \(holding)" : "it holds \(holding)")
                    + " (\(Setting.overwrite) builds into it all the same)"
            case .sourceInside(let source, let folder):
                "the source \(source) is inside the output folder \(folder): a build never writes into a source folder"
            case .outside(let path, let reason): "the path \(path), \(reason): refused and left alone"
            case .link(let path, let target):
                "\(path) is a symbolic link" + (target.map { " to \($0)" } ?? "")
                    + ": a build writes only into real folders of its site (replace the link with a folder)"
            }
        }
    }

    /// What a build writes at the top of a site besides the outputs its state lists.
    static let ownNames = ["index.html", SiteBuilder.manifestName, BuildOptions.sheetFolder, PageData.folder, SearchIndex.folder]

    /// The site `-o` names, checked before anything is written: not a file (the caller says
    /// so), no source inside it, and empty or a vitrine site unless `overwrite`.
    /// - Parameter outputFolders: the folders outputs go to (`thumbs`), which a build into a
    ///   foreign folder would write into.
    public static func open(_ given: String, sources: [InputPath], outputFolders: [String] = [], overwrite: Bool) throws(Problem)
        -> SiteFolder
    {
        let folder = resolved(given)
        // A folder that does not exist yet holds no source.
        if let identity = InputWalker.identity(of: folder) {
            for source in sources where source.isUTF8 && RemoteURL.scheme(of: source.display) == nil && source.display != "-"
                && InputWalker.isInside(source.display, anyOf: [identity]) {
                throw .sourceInside(source: source.display, folder: given)
            }
        }
        if !overwrite, let holding = foreignEntry(of: folder, outputFolders: outputFolders) {
            throw .notASite(folder: given, holding: Path.join(given, holding.name), replaced: holding.replaced)
        }
        let site = SiteFolder(path: folder, real: FileStat.realPath(folder) ?? folder)
        try site.refuseLinksOnTopFolders(outputFolders: outputFolders)
        return site
    }

    /// Throws ``Problem/link(path:target:)`` when a folder every build writes into (``ownFolders``
    /// and `outputFolders`) is a symbolic link, and confines writes below the site from now on
    /// (``OutputTree``): what a build checks before it writes anything, albums' folders aside.
    public func refuseLinksOnTopFolders(outputFolders: [String] = []) throws(Problem) {
        var checked = Set<String>()
        for name in Self.ownFolders + outputFolders { try refuseLinks(on: name, checked: &checked, isFolder: true) }
        OutputTree.confine(below: path)
    }

    /// The folders a build writes into whatever it builds, below the site: its state (with the
    /// sheets' cells and the downloads' cache), the parts, the page's data and search index, and the sheets.
    static let ownFolders = [SiteBuilder.stateFolder, BuildOptions.defaultSheet.cellFolder, RemoteOptions.defaultCacheName,
        BuildPart.folder, PageData.folder, SearchIndex.folder, BuildOptions.sheetFolder]

    /// Throws ``Problem/link(path:target:)`` for a symbolic link on the way to `relative` (a
    /// path the build will write, below the site): each folder from the site down, and
    /// `relative` itself when it is a folder or a link to one (a pyramid's `ID_files`). A link
    /// to a file is left alone: a write renames over it, never through it.
    /// - Parameter checked: folders already found real, so each is looked at once a build.
    public func refuseLinks(on relative: String, checked: inout Set<String>, isFolder: Bool = false) throws(Problem) {
        let steps = OutputTree.steps(from: path, to: Path.join(path, relative))
        for (index, step) in steps.enumerated() where !checked.contains(step) {
            let last = index == steps.count - 1
            switch OutputTree.Step(step) {
            case .missing: return  // made by the build, below a real folder
            case .folder: if !last || isFolder { checked.insert(step) }
            case .link:
                if last && !isFolder && !FileStat.followsToFolder(step) { return }
                throw .link(path: step, target: FileStat.realPath(step))
            case .other: return  // a file where a folder should be: the write fails and says so
            }
        }
    }

    /// A site folder already known to be one (tests, `--merge` after its own checks).
    public init(path: String) {
        self.path = path
        self.real = FileStat.realPath(path) ?? path
    }

    private init(path: String, real: String) {
        self.path = path
        self.real = real
    }

    /// Whether `folder` is a vitrine site: it holds a build's state store, or a manifest that
    /// vitrine wrote (a store dropped for another schema, or `.vitrine/` removed to start
    /// afresh, still leaves a site). A bare `.vitrine/cache` (remote downloads) does not.
    public static func isSite(_ folder: String) -> Bool {
        if hasStateStore(folder) { return true }
        let manifest = Path.join(folder, SiteBuilder.manifestName)
        // `generator` is written near the top; a manifest is not read whole to find it. Read as
        // every file found in a site is (a FIFO there is never waited on).
        guard let root = ReadRoot(.site, folder: folder), case .success(let head) = ConfinedRead.head(manifest, below: root, count: 4096),
            let range = head.range(of: Data(#""generator""#.utf8)) else { return false }
        let rest = String(decoding: head[range.upperBound...].prefix(64), as: UTF8.self)
        return rest.drop { $0 == " " || $0 == ":" || $0 == "\n" || $0 == "\t" }.hasPrefix("\"vitrine")
    }

    /// Whether `folder/.vitrine/` holds a state store (`state.sqlite`, `state-1-of-3.sqlite`).
    public static func hasStateStore(_ folder: String) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Path.join(folder, SiteBuilder.stateFolder))) ?? []
        return names.contains { $0.hasPrefix("state") && $0.hasSuffix(".sqlite") }
    }

    /// The first entry of a folder that is neither empty nor a site, with whether a build would
    /// replace it; nil when a build may write there. Only `.vitrine/` and vitrine's own
    /// temporary files (what a build that has just started, or a part beside it, has made so
    /// far: its write check, a file being written) count as empty.
    static func foreignEntry(of folder: String, outputFolders: [String]) -> (name: String, replaced: Bool)? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        let entries = names.filter { $0 != SiteBuilder.stateFolder && !AtomicFile.isTemporaryName($0) }.sorted()
        guard !entries.isEmpty, !isSite(folder) else { return nil }
        if let replaced = (ownNames + outputFolders).first(where: entries.contains) { return (replaced, true) }
        return (entries[0], false)
    }

    /// `given` with a symbolic link to a folder followed (once, here: the rules apply to the
    /// target); as it is when it is no link or does not exist yet.
    static func resolved(_ given: String) -> String {
        var info = stat()
        guard lstat(given, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return given }
        return FileStat.realPath(given) ?? given
    }

    /// Removes what `relative` (read from the site's state) names, once ``confined(_:)`` found
    /// it below the site; otherwise leaves it alone and throws why.
    public func remove(_ relative: String) throws(Problem) {
        AtomicFile.remove(try confined(relative))
    }

    /// `relative` (read from the site: the state, a part, the last manifest) as a path below
    /// the site, or why it is refused: absolute, with `..`, `.` or empty components, or reached
    /// through a symbolic link (a folder on the way, or the file itself) that leaves the site.
    public func confined(_ relative: String) throws(Problem) -> String {
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.hasPrefix("/") else { throw .outside(path: relative, reason: "an absolute path") }
        guard !relative.isEmpty, !relative.utf8.contains(0),
            components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
        else { throw .outside(path: relative, reason: "not a plain path below the site") }
        // The state folder is the build's own (its state, lock and cache); only what is below
        // its cells' folder was ever an output.
        if components[0] == Substring(SiteBuilder.stateFolder),
            !Path.isBelow(relative, BuildOptions.defaultSheet.cellFolder, orSame: false)
        {
            throw .outside(path: relative, reason: "the build's own state, never an output")
        }
        let full = Path.join(path, relative)
        // Folders on the way: each must be inside the site once links are followed. The nearest
        // that exists is looked at, so that a path written into a folder not made yet cannot be
        // made through a link out of the site.
        var parent = Path.parent(of: full)
        while FileStat.realPath(parent) == nil, Path.isBelow(parent, path, orSame: false) { parent = Path.parent(of: parent) }
        if let realParent = FileStat.realPath(parent), !Path.isBelow(realParent, real, orSame: true) {
            throw .outside(path: relative, reason: "through \(Path.parent(of: relative)), which leads out of the site")
        }
        var info = stat()
        if lstat(full, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            guard let target = FileStat.realPath(full), Path.isBelow(target, real, orSame: false) else {
                throw .outside(path: relative, reason: "a symbolic link out of the site")
            }
        }
        return full
    }
}
