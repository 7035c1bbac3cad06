import Foundation

/// What ordering looks at for one item.
struct SortKey: Sendable {
    var file: InputFile
    var takenAt: String?
    /// `--order sidecar`: the `Order:` of each folder below the input (from its `index.md`),
    /// then the item's own, one per component of `file.relativePath`.
    var sidecarOrders: [String?] = []
    /// `--order captions`: the item's place in the captions file.
    var captionsPosition: Int?
}

extension SortKey {
    /// A key a part recorded (`sortKey`), to sort by again; the file's own path is not compared.
    init(recorded: RecordedSortKey, takenAt: String?) {
        file = InputFile(path: recorded.path, relativePath: recorded.path, inputIndex: recorded.input, bytes: 0,
            modified: recorded.mtime ?? 0)
        self.takenAt = takenAt
        sidecarOrders = recorded.orders ?? []
        captionsPosition = recorded.captions
    }
}

extension RecordedSortKey {
    /// What a part records of `key`: only what `order` compares, beyond the path.
    init(_ key: SortKey, walk: Int, order: ItemOrder) {
        self.init(input: key.file.inputIndex, path: key.file.relativePath, walk: walk,
            mtime: [.date, .mtime].contains(order) ? key.file.modified : nil,
            orders: order == .sidecar ? key.sidecarOrders : nil,
            captions: order == .captions ? key.captionsPosition : nil)
    }
}

/// Puts items in gallery order. Every order ends in natural path order, so it is total and
/// the same on every run.
enum ItemSorter {
    /// Indices of `keys` in gallery order.
    static func order(_ keys: [SortKey], by order: ItemOrder, reverse: Bool) -> [Int] {
        var indices = Array(keys.indices)
        let paths = order == .none ? [] : keys.map { NaturalOrder.Key($0.file.relativePath) }
        let natural = { (a: Int, b: Int) -> Bool in
            let left = keys[a].file, right = keys[b].file
            if left.inputIndex != right.inputIndex { return left.inputIndex < right.inputIndex }
            return paths[a] < paths[b]
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
        case .captions:
            indices.sort { a, b in
                switch (keys[a].captionsPosition, keys[b].captionsPosition) {
                case (let x?, let y?): x < y
                case (.some, nil): true
                case (nil, .some): false
                case (nil, nil): natural(a, b)
                }
            }
        case .sidecar:
            indices.sort { a, b in
                let left = keys[a], right = keys[b]
                if left.file.inputIndex != right.file.inputIndex { return left.file.inputIndex < right.file.inputIndex }
                return sidecarPrecedes(left, right) ?? natural(a, b)
            }
        case .date:
            let dates = keys.map { key in key.takenAt ?? Self.isoLocal(key.file.modified) }
            indices.sort { a, b in dates[a] != dates[b] ? dates[a] < dates[b] : natural(a, b) }
        }
        return reverse ? indices.reversed() : indices
    }

    /// At the first path component that differs: a file before a folder, then the smaller
    /// `Order:` (none first), then natural order of the names. Nil when no rule decides.
    private static func sidecarPrecedes(_ left: SortKey, _ right: SortKey) -> Bool? {
        let a = left.file.relativePath.split(separator: "/"), b = right.file.relativePath.split(separator: "/")
        for index in 0..<min(a.count, b.count) where a[index] != b[index] {
            let aIsFile = index == a.count - 1, bIsFile = index == b.count - 1
            if aIsFile != bIsFile { return aIsFile }
            let x = index < left.sidecarOrders.count ? left.sidecarOrders[index] : nil
            let y = index < right.sidecarOrders.count ? right.sidecarOrders[index] : nil
            if let order = OrderValue.compare(x, y), order != 0 { return order < 0 }
            let names = NaturalOrder.compare(a[index], b[index])
            return names == 0 ? nil : names < 0
        }
        return nil
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

/// sigal's `Order:` values: absent first, numbers by value (`-10` < `2` < `03`), anything
/// else in natural order, numbers before words.
enum OrderValue {
    static func compare(_ left: String?, _ right: String?) -> Int? {
        switch (left, right) {
        case (nil, nil): return nil
        case (nil, .some): return -1
        case (.some, nil): return 1
        case (let x?, let y?):
            switch (Double(x), Double(y)) {
            case (let m?, let n?): return m == n ? 0 : (m < n ? -1 : 1)
            case (.some, nil): return -1
            case (nil, .some): return 1
            case (nil, nil): return NaturalOrder.compare(Substring(x), Substring(y))
            }
        }
    }
}

extension Array {
    /// Puts the elements in `order` (`order[i]` is the index of the element that goes to `i`),
    /// in place: large elements are swapped along the permutation's cycles, not copied into a
    /// second array.
    mutating func permute(by order: [Int]) {
        precondition(order.count == count)
        var placed = [Bool](repeating: false, count: count)
        for start in indices where !placed[start] {
            var position = start
            while true {
                placed[position] = true
                let source = order[position]
                if source == start { break }
                swapAt(position, source)
                position = source
            }
        }
    }
}
