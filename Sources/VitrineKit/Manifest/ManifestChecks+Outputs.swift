/// The checks of meaning of what the output commands record: zoom tiles and their policy,
/// contact sheets, a video's sheet of frames.
extension ManifestChecks {
    /// Whether `path` is relative and stays inside the gallery (no `..` part).
    static func isInside(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }

    /// A path member that must stay inside the gallery.
    mutating func checkInside(_ node: JSONNode?, _ pointer: @autoclosure () -> String) {
        guard let node, let path = node.string, !Self.isInside(path) else { return }
        add(node, pointer(), "'\(path)' is not a relative path inside the gallery")
    }

    /// An item's `tiles`, `zoom` and video `sheet`.
    mutating func checkOutputs(of item: JSONNode, at: String) {
        if let tiles = item["tiles"], tiles.kind == .object {
            checkInside(tiles["path"], at + "/tiles/path")
            checkInside(tiles["entry"], at + "/tiles/entry")
            if let overlap = tiles["overlap"], let value = overlap.int, value != 0, tiles["layout"]?.string != "dz" {
                add(overlap, at + "/tiles/overlap", "is \(value); only Deep Zoom tiles overlap")
            }
        }
        if let zoom = item["zoom"], zoom.kind == .object, let minimum = zoom["minScale"]?.double, let maximum = zoom["maxScale"]?.double {
            if let enabled = zoom["enabled"], let value = enabled.bool, value != (maximum > minimum) {
                add(enabled, at + "/zoom/enabled", "is \(value), but maxScale \(maximum) and minScale \(minimum) say otherwise")
            }
            if let node = zoom["doubleTapScale"], let scale = node.double, minimum <= maximum, !(minimum...maximum).contains(scale) {
                add(node, at + "/zoom/doubleTapScale", "\(scale) is outside minScale to maxScale (\(minimum) to \(maximum))")
            }
        }
        if let media = item["media"], media.kind == .object { checkInside(media["path"], at + "/media/path") }
        if let original = item["original"], original.kind == .object { checkInside(original["path"], at + "/original/path") }
        if let sheet = item["sheet"], sheet.kind == .object {
            checkInside(sheet["path"], at + "/sheet/path")
            if let times = sheet["times"], times.kind == .array {
                let values = times.elements.compactMap(\.double)
                if let frames = sheet["frames"]?.int, values.count != frames {
                    add(times, at + "/sheet/times", "holds \(values.count) times for \(frames) frames")
                }
                if zip(values, values.dropFirst()).contains(where: { $0 >= $1 }) { add(times, at + "/sheet/times", "are not increasing") }
            }
        }
    }

    /// The gallery's contact sheets: paths inside, pages 1…n in order (within each album when
    /// they are an album's), albums and ids of items that exist.
    mutating func checkSheets(knownIDs: [String: Int]) {
        guard let sheets = root["sheets"], sheets.kind == .array else { return }
        let albums = Set((root["albums"].map { Array($0.elements) } ?? []).compactMap { $0["id"]?.string })
        var pages: [String?: Int] = [:]
        for (number, sheet) in sheets.elements.enumerated() where sheet.kind == .object {
            let at = "/sheets/\(number)"
            checkInside(sheet["path"], at + "/path")
            let album = sheet["album"]?.string
            if let node = sheet["album"], let album, !albums.contains(album) { add(node, at + "/album", "'\(album)' is not an album's id") }
            let expected = (pages[album] ?? 0) + 1
            pages[album] = expected
            if let page = sheet["page"], let value = page.int, value != expected { add(page, at + "/page", "is \(value), should be \(expected)") }
            for (place, node) in (sheet["items"].map { Array($0.elements) } ?? []).enumerated() {
                if let id = node.string, knownIDs[id] == nil { add(node, at + "/items/\(place)", "'\(id)' is not an item's id") }
            }
        }
    }
}
