import Foundation

/// What ordering looks at for one item.
struct SortKey: Sendable {
    var file: InputFile
    var takenAt: String?
}

/// Puts items in gallery order. Every order ends in natural path order, so it is total and
/// the same on every run.
enum ItemSorter {
    /// Indices of `keys` in gallery order.
    static func order(_ keys: [SortKey], by order: ItemOrder, reverse: Bool) -> [Int] {
        var indices = Array(keys.indices)
        let natural = { (a: Int, b: Int) -> Bool in
            let left = keys[a].file, right = keys[b].file
            if left.inputIndex != right.inputIndex { return left.inputIndex < right.inputIndex }
            return NaturalOrder.precedes(left.relativePath, right.relativePath)
        }
        switch order {
        case .none:
            break
        case .natural:
            indices.sort(by: natural)
        case .name:
            indices.sort { a, b in
                let left = keys[a].file, right = keys[b].file
                if left.inputIndex != right.inputIndex { return left.inputIndex < right.inputIndex }
                return left.relativePath.utf8.lexicographicallyPrecedes(right.relativePath.utf8)
            }
        case .mtime:
            indices.sort { a, b in
                let left = keys[a].file.modified, right = keys[b].file.modified
                return left != right ? left < right : natural(a, b)
            }
        case .date:
            let dates = keys.map { key in key.takenAt ?? Self.isoLocal(key.file.modified) }
            indices.sort { a, b in dates[a] != dates[b] ? dates[a] < dates[b] : natural(a, b) }
        }
        return reverse ? indices.reversed() : indices
    }

    /// A modification time as `YYYY-MM-DDTHH:MM:SS` in UTC, comparable with EXIF dates as text.
    static func isoLocal(_ seconds: Double) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
