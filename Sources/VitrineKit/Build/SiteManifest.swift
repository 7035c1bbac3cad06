import Foundation

/// The manifest a build publishes, and what it carries over from the one it replaces.
enum SiteManifest {
    /// A site is meant to be put online: GPS coordinates are dropped (place names stay) unless
    /// `keepLocation`, and sources are named below the source folder they were found in (the
    /// folder's own name first when there are several), never by an absolute or home path.
    static func publishable(_ manifest: inout Manifest, inputs: [InputPath], keepLocation: Bool) {
        let folders = inputs.map { input -> (prefix: [UInt8], name: [UInt8]) in
            var bytes = input.bytes
            while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
            let name = Array(Path.name(of: String(decoding: bytes, as: UTF8.self)).utf8)
            return (bytes == [UInt8(ascii: "/")] ? bytes : bytes + [UInt8(ascii: "/")], name)
        }
        // The path's bytes below the folder it was found in.
        let named = { (path: [UInt8]) -> [UInt8] in
            for folder in folders where path.starts(with: folder.prefix) {
                let below = Array(path.dropFirst(folder.prefix.count))
                return folders.count > 1 ? folder.name + [UInt8(ascii: "/")] + below : below
            }
            return Array(path.split(separator: UInt8(ascii: "/")).last ?? [])  // a file given alone, or listed
        }
        for index in manifest.items.indices {
            if let source = manifest.items[index].source {
                let bytes = named(source.openBytes)
                let path = InputPath(bytes: bytes)
                manifest.items[index].source?.path = path.display
                manifest.items[index].source?.pathBytes = path.isUTF8 ? nil : Data(bytes).base64EncodedString()
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

    /// What the site's last manifest holds that a rebuild keeps: the selection made with
    /// `vitrine select --in-place` (applied to `manifest`, for items still there, renumbered
    /// in the order chosen) and the members vitrine does not own (another tool's), at the top
    /// and in each item still there, byte for byte.
    static func carryOver(from data: Data?, into manifest: inout Manifest) -> ExtraMembers {
        guard let data, let document = try? JSONDocument(data), document.root.kind == .object else { return ExtraMembers() }
        let (topKnown, itemKnown) = knownKeys
        let top = document.root.members.filter { !topKnown.contains($0.key) }.map { JSONValue.Member($0.key, .verbatim($0.value.text)) }
        var chosen: [(number: Int, id: String)] = []
        var extras: [String: [JSONValue.Member]] = [:]
        for node in document.root["items"].map({ Array($0.elements) }) ?? [] {
            guard let id = node["id"]?.string else { continue }
            if let number = node["selection"]?.int { chosen.append((number, id)) }
            let unknown = node.members.filter { !itemKnown.contains($0.key) }
            if !unknown.isEmpty { extras[id] = unknown.map { JSONValue.Member($0.key, .verbatim($0.value.text)) } }
        }
        let order = chosen.sorted { $0.number < $1.number }.map(\.id)
        let place = Dictionary(manifest.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for index in manifest.items.indices { manifest.items[index].selection = nil }
        for (number, id) in order.filter({ place[$0] != nil }).enumerated() { manifest.items[place[id]!].selection = number + 1 }
        let ids = manifest.items.map(\.id)
        return ExtraMembers(top: top, item: extras.isEmpty ? nil : { extras[ids[$0]] ?? [] })
    }

    /// The members vitrine owns, at the top and in an item: the schema's properties.
    static let knownKeys: (top: Set<String>, item: Set<String>) = {
        guard let schema = try? JSONDocument(ManifestSchema.text) else { return ([], []) }
        let top = Set(schema.root["properties"]?.members.map(\.key) ?? [])
        let item = Set(schema.root["$defs"]?["item"]?["properties"]?.members.map(\.key) ?? [])
        return (top, item)
    }()

    /// Writes `manifest` (with `extra`) to `path` through a temporary file and a rename, unless
    /// the file already holds these bytes (see ``AtomicFile/writeIfChanged(_:to:)``).
    /// Returns the bytes, for the page.
    @discardableResult
    static func write(_ manifest: Manifest, extra: ExtraMembers, to path: String) throws -> Data {
        var data = Data()
        try manifest.write(extra: extra) { data.append($0) }
        try AtomicFile.writeIfChanged(data, to: path)
        return data
    }
}
