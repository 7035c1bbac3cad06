import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The sources a build was given, by their real paths (links followed), kept in the site's
/// state: what `vitrine export` finds a site's files through. A site's `source.path` is
/// relative to the source it was found in, not to the folder the build ran in.
public struct BuildInputs: Codable, Equatable, Sendable {
    /// One source: a folder, or a file given alone or listed on standard input.
    public struct Input: Codable, Equatable, Sendable {
        public var isFolder: Bool
        /// Its real path's bytes (absolute, every link followed).
        public var real: Data
        /// The last name of the path as given: what the manifest's paths below a folder begin
        /// with when the build had several sources, and a file's whole path.
        public var name: Data
    }

    public var inputs: [Input]
    /// Whether the paths below a folder begin with the folder's name (the build was given more
    /// than one source, see ``SiteManifest/publishable(_:inputs:keepLocation:)``).
    public var named: Bool

    /// The sources `given` (on the command line, or as `export --source`), with the paths
    /// `listed` on standard input for `-`. A URL and a path that cannot be found are left out.
    public init(given: [InputPath], listed: [InputPath] = []) {
        named = given.count > 1
        var inputs: [Input] = []
        var listed = listed
        for path in given {
            if path.bytes == [UInt8(ascii: "-")] {
                inputs += listed.compactMap { Self.input($0) }
                listed = []
            } else if let input = Self.input(path) {
                inputs.append(input)
            }
        }
        self.inputs = inputs
    }

    private static func input(_ path: InputPath) -> Input? {
        guard RemoteURL.scheme(of: path.display) == nil, let info = path.status(),
            let resolved = path.withCString({ realpath($0, nil) })
        else { return nil }
        defer { free(resolved) }
        var bytes = path.bytes
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        let name = bytes.split(separator: UInt8(ascii: "/")).last.map(Array.init) ?? bytes
        return Input(isFolder: info.st_mode & S_IFMT == S_IFDIR, real: Data(bytes: resolved, count: strlen(resolved)), name: Data(name))
    }

    /// The sources recorded in the state of the site whose manifest is `manifest`; nil when
    /// there is none (see ``StateStore/recordedInputs(besideManifest:)``).
    public static func recorded(besideManifest manifest: String) -> BuildInputs? {
        StateStore.recordedInputs(besideManifest: manifest)
    }

    /// Where the file the manifest names `path` (its bytes) may be, most likely first, as the
    /// build's ``SiteManifest/publishable(_:inputs:keepLocation:)`` named it: below a folder
    /// (after its name when the build had several), or a file by its name.
    public func candidates(for path: [UInt8]) -> [InputPath] {
        let slash = UInt8(ascii: "/")
        var found: [InputPath] = []
        for input in inputs where input.isFolder {
            let prefix = named ? Array(input.name) + [slash] : []
            guard path.starts(with: prefix), path.count > prefix.count else { continue }
            found.append(InputPath(bytes: Array(input.real)).appending(Array(path.dropFirst(prefix.count))))
        }
        for input in inputs where !input.isFolder && Array(input.name) == path {
            found.append(InputPath(bytes: Array(input.real)))
        }
        return found
    }
}

extension StateStore {
    /// The note that holds the last build's ``BuildInputs``.
    static let inputsNoteKey = "inputs"

    func record(_ inputs: BuildInputs) throws {
        try setNote(Self.inputsNoteKey, JSONEncoder.compact.encode(inputs))
    }

    /// The sources recorded in the state of the site whose manifest is `manifest`
    /// (`SITE/.vitrine/state.sqlite`, or a part's: every part records the same): nil when there
    /// is no state beside it, or it records none (a site built before they were recorded).
    static func recordedInputs(besideManifest manifest: String) -> BuildInputs? {
        let folder = Path.join(Path.parent(of: manifest), SiteBuilder.stateFolder)
        // The whole site's, then the parts' (a merge records none: its parts did).
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let parts = names.filter { $0.hasPrefix("state-") && $0.hasSuffix(".sqlite") }.sorted()
        for file in (["state.sqlite"] + parts).map({ Path.join(folder, $0) }) where FileManager.default.fileExists(atPath: file) {
            // Read directly, whatever the version of the other tables: only the note is needed.
            guard let database = try? SQLiteDatabase(path: file, readOnly: true) else { continue }
            var value: Data?
            try? database.prepare("SELECT value FROM notes WHERE key = ?").run([.text(inputsNoteKey)]) { value = $0.blob(0) }
            if let value, let inputs = try? JSONDecoder().decode(BuildInputs.self, from: value) { return inputs }
        }
        return nil
    }
}

extension SiteBuilder {
    /// Records the sources this build was given (`inputs`, and the paths `listed` for `-`) in
    /// `state`, for `vitrine export`; nothing in a dry run.
    func recordInputs(_ inputs: [InputPath], listed: [InputPath], in state: StateStore?, dryRun: Bool) throws(Failure) {
        guard let state, !dryRun else { return }
        do { try state.record(BuildInputs(given: inputs, listed: listed)) } catch {
            throw .state(.recordSources, path: state.path, underlying: error)
        }
    }
}
