import Foundation

/// The manifest a build publishes, and what it carries over from the one it replaces.
enum SiteManifest {
    /// A site is meant to be put online: GPS coordinates are dropped (place names stay) unless
    /// `keepLocation`, and sources are named below the source folder they were found in (the
    /// folder's own name first when there are several), never by an absolute or home path.
    static func publishable(_ manifest: inout Manifest, inputs: [InputPath], keepLocation: Bool) {
        let named = PublishedPaths(inputs: inputs).named
        for index in manifest.items.indices {
            if let source = manifest.items[index].source {
                let bytes = named(source.openBytes)
                let path = InputPath(bytes: bytes)
                manifest.items[index].source?.path = path.display
                manifest.items[index].source?.pathBytes = path.isUTF8 ? nil : Data(bytes).base64EncodedString()
            }
            // A RAW+JPEG pair's RAW file is named as its photo is.
            if let source = manifest.items[index].raw?.source {
                let path = InputPath(bytes: named(source.openBytes))
                manifest.items[index].raw?.source?.path = path.display
                manifest.items[index].raw?.source?.pathBytes = path.isUTF8 ? nil : Data(path.bytes).base64EncodedString()
            }
            if !keepLocation, var location = manifest.items[index].location {
                (location.latitude, location.longitude, location.altitude) = (nil, nil, nil)
                manifest.items[index].location = location.name == nil ? nil : location
            }
        }
        manifest.errors = manifest.errors.map { error in
            var error = error
            error.path = String(decoding: named(Array(error.path.utf8)), as: UTF8.self)
            return error
        }.sorted(by: ItemError.precedes)
    }

    /// What a rebuild carries over from the site's last manifest: the selection made with
    /// `vitrine select --in-place` and the members vitrine does not own (another tool's), at
    /// the top and in each item, byte for byte.
    struct Carried: Codable, Equatable {
        /// A member as written: its key and its JSON text.
        struct Member: Codable, Equatable {
            var key: String
            var json: String
        }

        /// The selected items' ids, in the order chosen.
        var selection: [String] = []
        var top: [Member] = []
        /// By item id.
        var items: [String: [Member]] = [:]
    }

    /// What the manifest at `data` carries over (nothing when it is not a manifest).
    static func carried(from data: Data?) -> Carried {
        guard let data, let document = try? JSONDocument(data), document.root.kind == .object else { return Carried() }
        let (topKnown, itemKnown) = knownKeys
        var carried = Carried()
        carried.top = document.root.members.filter { !topKnown.contains($0.key) }.map { Carried.Member(key: $0.key, json: $0.value.text) }
        var chosen: [(number: Int, id: String)] = []
        for node in document.root["items"].map({ Array($0.elements) }) ?? [] {
            guard let id = node["id"]?.string else { continue }
            if let number = node["selection"]?.int { chosen.append((number, id)) }
            let unknown = node.members.filter { !itemKnown.contains($0.key) }
            if !unknown.isEmpty { carried.items[id] = unknown.map { Carried.Member(key: $0.key, json: $0.value.text) } }
        }
        carried.selection = chosen.sorted { $0.number < $1.number }.map(\.id)
        return carried
    }

    /// Applies `carried` to `manifest`: the selection renumbered in the order chosen, for the
    /// items still there. Returns the members to write, and what the written manifest carries
    /// (for the items still there: what the next build would read back from it).
    static func apply(_ carried: Carried, to manifest: inout Manifest) -> (extra: ExtraMembers, kept: Carried) {
        let place = Dictionary(manifest.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for index in manifest.items.indices { manifest.items[index].selection = nil }
        var kept = Carried(top: carried.top)
        for id in carried.selection {
            guard let index = place[id], manifest.items[index].selection == nil else { continue }
            kept.selection.append(id)
            manifest.items[index].selection = kept.selection.count
        }
        kept.items = carried.items.filter { place[$0.key] != nil }
        let written: ([Carried.Member]) -> [JSONValue.Member] = { list in list.map { JSONValue.Member($0.key, .verbatim($0.json)) } }
        let items: [String: [JSONValue.Member]] = kept.items.mapValues(written)
        let ids: [String] = manifest.items.map(\.id)
        var extra = ExtraMembers(top: written(carried.top))
        if !items.isEmpty { extra.item = { @Sendable index in items[ids[index]] ?? [] } }
        return (extra, kept)
    }

    /// The ids of `carried`'s selection that `kept` (what ``apply(_:to:)`` kept of it) lost:
    /// their items went.
    static func unselected(_ carried: Carried, by kept: Carried) -> [String] {
        let still = Set(kept.selection)
        return carried.selection.filter { !still.contains($0) }
    }

    /// The members vitrine owns, at the top and in an item: the schema's properties.
    static let knownKeys: (top: Set<String>, item: Set<String>) = {
        guard let schema = try? JSONDocument(ManifestSchema.text) else { return ([], []) }
        let top = Set(schema.root["properties"]?.members.map(\.key) ?? [])
        let item = Set(schema.root["$defs"]?["item"]?["properties"]?.members.map(\.key) ?? [])
        return (top, item)
    }()

    /// Writes `manifest` (with `extra`) to `path` through a temporary file and a rename, unless
    /// the file already holds these bytes (see ``AtomicFile/writeIfChanged(to:_:)``); made
    /// and compared in pieces, never held whole.
    static func write(_ manifest: Manifest, extra: ExtraMembers, to path: String) throws {
        var failure: Error?
        try AtomicFile.writeIfChanged(to: path) { emit in
            do { try manifest.write(extra: extra) { $0.withUnsafeBytes(emit) } } catch { failure = error }
        }
        if let failure { throw failure }
    }
}

/// A file's size, modification time and inode: whether it is still the one a build wrote.
struct FileStamp: Codable, Equatable {
    var bytes: Int64
    var modifiedNanoseconds: Int64
    var device: UInt64
    var inode: UInt64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        bytes = Int64(info.st_size)
        modifiedNanoseconds = info.modifiedNanoseconds
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
