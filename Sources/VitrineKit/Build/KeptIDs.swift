import Foundation

/// How a site's manifest names a source: below the source folder it was found in (the folder's
/// own name first when there are several), never by an absolute or home path; a file given
/// alone, or listed, by its name.
struct PublishedPaths: Sendable {
    private let folders: [(prefix: [UInt8], name: [UInt8])]

    init(inputs: [InputPath]) {
        folders = inputs.map { input -> (prefix: [UInt8], name: [UInt8]) in
            var bytes = input.bytes
            while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
            let name = Array(Path.name(of: String(decoding: bytes, as: UTF8.self)).utf8)
            return (bytes == [UInt8(ascii: "/")] ? bytes : bytes + [UInt8(ascii: "/")], name)
        }
    }

    /// The bytes of `path` (as opened) as the manifest names it.
    func named(_ path: [UInt8]) -> [UInt8] {
        for folder in folders where path.starts(with: folder.prefix) {
            let below = Array(path.dropFirst(folder.prefix.count))
            return folders.count > 1 ? folder.name + [UInt8(ascii: "/")] + below : below
        }
        return Array(path.split(separator: UInt8(ascii: "/")).last ?? [])
    }
}

/// The ids of the site's last manifest, by the bytes of the source path it names: what a
/// rebuild keeps, so that removing a file never renames its look-alikes (``ItemIdentifier``).
/// Bytes, not `String`s: Swift's `String` equality takes the NFC and the NFD spelling of
/// `café.jpg`, two files, for one name.
struct KeptIDs: Sendable {
    private var byPath: [[UInt8]: String] = [:]

    /// None: every id by the rule for a fresh site.
    init() {}

    /// The ids of the manifest `data` (none when it is not one). A path named by two items
    /// (two source folders of the same name) keeps neither id: which is which is not known.
    init(manifest data: Data?) {
        guard let data, let document = try? JSONDocument(data), document.root.kind == .object,
            let items = document.root["items"]
        else { return }
        var ambiguous = Set<[UInt8]>()
        for node in items.elements {
            // Custom items (declared, with their own ids) and remote images are not files found in a source.
            guard let id = node["id"]?.string, node["kind"]?.string != ItemKind.custom.rawValue, let source = node["source"],
                source["url"] == nil, let path = source["path"]?.string
            else { continue }
            let bytes = source["pathBytes"]?.string.flatMap { Data(base64Encoded: $0) }.map(Array.init) ?? Array(path.utf8)
            if byPath.updateValue(id, forKey: bytes) != nil { ambiguous.insert(bytes) }
        }
        for path in ambiguous { byPath[path] = nil }
    }

    var isEmpty: Bool { byPath.isEmpty }

    /// The id each of `files` had, in the same order: nil for a file the manifest does not name,
    /// for a remote image or custom item, and for files that the manifest would name alike.
    func ids(of files: [InputFile], paths: PublishedPaths) -> [String?] {
        guard !byPath.isEmpty else { return [] }
        let names = files.map { $0.origin == nil ? paths.named($0.rawPath ?? Array($0.path.utf8)) : nil }
        var count: [[UInt8]: Int] = [:]
        for name in names { if let name { count[name, default: 0] += 1 } }
        return names.map { name in name.flatMap { count[$0] == 1 ? byPath[$0] : nil } }
    }
}
