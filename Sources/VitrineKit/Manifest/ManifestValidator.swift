import Foundation

/// Checks a manifest's meaning beyond its shape (the shape is the schema's, and decoding's):
/// each problem names its place with a JSON pointer.
public enum ManifestValidator {
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        /// A JSON pointer: `/items/3/next`.
        public var pointer: String
        public var message: String
        public var description: String { "\(pointer): \(message)" }
    }

    public static func problems(in manifest: Manifest) -> [Problem] {
        var problems: [Problem] = []
        let items = manifest.items
        let count = items.count
        var firstIndexOfID: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let at = "/items/\(index)"
            if let earlier = firstIndexOfID[item.id] {
                problems.append(.init(pointer: at + "/id", message: "duplicate id '\(item.id)' (also /items/\(earlier)/id)"))
            } else {
                firstIndexOfID[item.id] = index
            }
            let safe = item.id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "/" }
            if !safe || item.id.range(of: "^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*$", options: .regularExpression) == nil {
                problems.append(.init(pointer: at + "/id", message: "'\(item.id)' is not a URL-safe id"))
            }
            if item.index != index { problems.append(.init(pointer: at + "/index", message: "is \(item.index), should be \(index)")) }
            let position = Navigation.positionText(index: index, count: count)
            if item.position != position {
                problems.append(.init(pointer: at + "/position", message: "is '\(item.position)', should be '\(position)'"))
            }
            for (name, delta, value) in [("prev", -1, item.prev), ("next", 1, item.next)] {
                let target = count > 1 ? Navigation.index(from: index, delta: delta, count: count, cyclic: manifest.cyclic) : nil
                let expected = target.map { items[$0].id }
                if value != expected {
                    let should = expected.map { "'\($0)'" } ?? "absent"
                    problems.append(.init(pointer: at + "/" + name, message: "is \(value.map { "'\($0)'" } ?? "absent"), should be \(should)"))
                }
            }
            problems += kindProblems(of: item, at: at)
            if let source = item.source, let encoded = source.pathBytes {
                if let bytes = Data(base64Encoded: encoded) {
                    if String(decoding: bytes, as: UTF8.self) != source.path {
                        problems.append(.init(pointer: at + "/source/path", message: "is not source.pathBytes read as UTF-8"))
                    }
                } else {
                    problems.append(.init(pointer: at + "/source/pathBytes", message: "is not base64"))
                }
            }
            for (number, rendition) in (item.renditions ?? []).enumerated() {
                let parts = rendition.path.split(separator: "/", omittingEmptySubsequences: false)
                if rendition.path.hasPrefix("/") || parts.contains("..") || rendition.path.isEmpty {
                    problems.append(.init(pointer: at + "/renditions/\(number)/path",
                        message: "'\(rendition.path)' is not a relative path inside the gallery"))
                }
            }
            if let tiles = item.tiles {
                for (name, path) in [("path", tiles.path), ("entry", tiles.entry)] {
                    if let path, !isInside(path) {
                        problems.append(.init(pointer: at + "/tiles/" + name, message: "'\(path)' is not a relative path inside the gallery"))
                    }
                }
                if tiles.overlap != 0 && tiles.layout != .dz {
                    problems.append(.init(pointer: at + "/tiles/overlap", message: "is \(tiles.overlap); only Deep Zoom tiles overlap"))
                }
            }
            if let zoom = item.zoom {
                if zoom.enabled != (zoom.maxScale > zoom.minScale) {
                    problems.append(.init(pointer: at + "/zoom/enabled",
                        message: "is \(zoom.enabled), but maxScale \(zoom.maxScale) and minScale \(zoom.minScale) say otherwise"))
                }
                if let scale = zoom.doubleTapScale, !(zoom.minScale...zoom.maxScale).contains(scale) {
                    problems.append(.init(pointer: at + "/zoom/doubleTapScale",
                        message: "\(scale) is outside minScale to maxScale (\(zoom.minScale) to \(zoom.maxScale))"))
                }
            }
        }
        // Selection numbers: 1…k, each once.
        let selected = items.enumerated().compactMap { offset, item in item.selection.map { (offset, $0) } }
        var uses: [Int: Int] = [:]
        for (_, number) in selected { uses[number, default: 0] += 1 }
        for (offset, number) in selected where number < 1 || number > selected.count || uses[number]! > 1 {
            problems.append(.init(pointer: "/items/\(offset)/selection",
                message: "\(number) breaks the selection numbering (1 to \(selected.count), each once)"))
        }
        var folderPaths = Set<String>()
        for (number, folder) in (manifest.folders ?? []).enumerated() {
            if !folderPaths.insert(folder.path).inserted {
                problems.append(.init(pointer: "/folders/\(number)/path", message: "'\(folder.path)' is listed twice"))
            }
            if let thumbnail = folder.thumbnail, firstIndexOfID[thumbnail] == nil {
                problems.append(.init(pointer: "/folders/\(number)/thumbnail", message: "'\(thumbnail)' is not an item's id"))
            }
        }
        // A part (--shard) has sort keys and no initial index; a whole gallery has neither key.
        for (index, item) in items.enumerated() where (item.sortKey == nil) == (manifest.partial != nil) {
            problems.append(.init(pointer: "/items/\(index)/sortKey",
                message: manifest.partial != nil ? "missing in a part (--shard)" : "only parts (--shard) have one"))
        }
        problems += sheetProblems(in: manifest, ids: firstIndexOfID)
        if let initial = manifest.initialIndex, !(0..<count).contains(initial) {
            let range = count == 0 ? "the gallery is empty" : "0 to \(count - 1)"
            problems.append(.init(pointer: "/initialIndex", message: "\(initial) is not an item's index (\(range))"))
        }
        return problems
    }

    /// Whether `path` is relative and stays inside the gallery (no `..` part).
    static func isInside(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/", omittingEmptySubsequences: false).contains("..")
    }
}
