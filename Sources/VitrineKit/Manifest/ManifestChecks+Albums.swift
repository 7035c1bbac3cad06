import Foundation

/// The checks of albums' meaning: ids once each, parents and children that agree, each item in
/// the album it names and in the order the gallery gives, covers that are items, counts that
/// add up.
extension ManifestChecks {
    /// Each item's place among its album's items, and the album's items (indices), in order.
    static func albumWalks(_ itemAlbums: [String?]) -> [(place: Int, members: [Int])] {
        var groups: [String: [Int]] = [:]
        for (index, album) in itemAlbums.enumerated() { groups[album ?? Album.rootID, default: []].append(index) }
        var walks = [(place: Int, members: [Int])](repeating: (0, []), count: itemAlbums.count)
        for members in groups.values {
            for (place, index) in members.enumerated() { walks[index] = (place, members) }
        }
        return walks
    }

    mutating func checkAlbums(ids: [String?], itemAlbums: [String?], whole: Bool) {
        let items = root["items"].map { $0.kind == .array ? Array($0.elements) : [] } ?? []
        guard let albums = root["albums"], albums.kind == .array else {
            for (index, album) in itemAlbums.enumerated() where album != nil {
                add(items[index]["album"] ?? items[index], "/items/\(index)/album", "names an album, but the manifest has no albums")
            }
            return
        }
        let list = Array(albums.elements).filter { $0.kind == .object }
        var byID: [String: Int] = [:]
        for (number, album) in list.enumerated() {
            guard let node = album["id"], let id = node.string else { continue }
            if let earlier = byID[id] { add(node, "/albums/\(number)/id", "duplicate album id '\(id)' (also /albums/\(earlier)/id)") } else { byID[id] = number }
        }
        if byID[Album.rootID] == nil { add(albums, "/albums", "has no root album (id \"\")") }
        var groups: [String: [String]] = [:]
        for (index, album) in itemAlbums.enumerated() {
            let name = album ?? Album.rootID
            if byID[name] == nil, index < items.count {
                add(items[index]["album"] ?? items[index], "/items/\(index)/album", "'\(name)' is not an album's id")
            }
            if let id = ids[index] { groups[name, default: []].append(id) }
        }
        let known = Set(ids.compactMap { $0 })
        for (number, album) in list.enumerated() {
            let at = "/albums/\(number)"
            let id = album["id"]?.string ?? ""
            // A part's albums are records whose children the merge finds.
            if whole { checkFamily(of: album, id: id, at: at, list: list, byID: byID) }
            if let node = album["cover"], let cover = node.string, !known.contains(cover) {
                add(node, at + "/cover", "'\(cover)' is not an item's id")
            }
            guard whole, let node = album["items"], node.kind == .array else { continue }
            let listed = Array(node.elements).compactMap(\.string)
            let expected = groups[id] ?? []
            if listed != expected {
                add(node, at + "/items", "are not the \(expected.count) items whose album is '\(id)', in gallery order")
            }
            if let count = album["itemCount"], let value = count.int, value != expected.count {
                add(count, at + "/itemCount", "is \(value), should be \(expected.count)")
            }
        }
    }

    /// An album's parent lists it, and its children name it as their parent.
    private mutating func checkFamily(of album: JSONNode, id: String, at: String, list: [JSONNode], byID: [String: Int]) {
        if let node = album["parent"], let parent = node.string {
            if let place = byID[parent] {
                let siblings = list[place]["children"].map { Array($0.elements).compactMap(\.string) } ?? []
                if !siblings.contains(id) { add(node, at + "/parent", "'\(parent)' does not list '\(id)' among its children") }
            } else {
                add(node, at + "/parent", "'\(parent)' is not an album's id")
            }
        } else if id != Album.rootID {
            add(album, at + "/parent", "absent: only the root album has none")
        }
        for (offset, child) in (album["children"].map { Array($0.elements) } ?? []).enumerated() {
            guard let childID = child.string else { continue }
            if let place = byID[childID] {
                if list[place]["parent"]?.string != id { add(child, at + "/children/\(offset)", "'\(childID)' has another parent") }
            } else {
                add(child, at + "/children/\(offset)", "'\(childID)' is not an album's id")
            }
        }
    }
}
