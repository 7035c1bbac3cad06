/// Gallery navigation, as in seed 001: a counter title (`3 of 8`) and prev/next that
/// either stop at the ends or wrap around with a modulo that is safe for any delta.
public enum Navigation {
    /// The index `delta` steps from `index` among `count` items. Without `cyclic`, nil
    /// when the result falls outside `0..<count`; with it, wraps (`-7` in 5 items from 0 is 3).
    public static func index(from index: Int, delta: Int, count: Int, cyclic: Bool) -> Int? {
        guard count > 0, (0..<count).contains(index) else { return nil }
        let target = index + delta
        if cyclic { return ((target % count) + count) % count }
        return (0..<count).contains(target) ? target : nil
    }

    /// `3 of 8` for index 2 of 8.
    public static func positionText(index: Int, count: Int) -> String { "\(index + 1) of \(count)" }

    /// Where a viewer opens once items were dropped from a gallery already in order: on the
    /// item asked for (`askedFor`, an index in `order`), or, if it was dropped, on the next
    /// one kept (the last kept when none follows). `kept` are the ids that remain, in order.
    public static func initialIndex(askedFor: Int, in order: [String], kept: [String]) -> Int? {
        guard !kept.isEmpty, order.indices.contains(askedFor) else { return nil }
        if let same = kept.firstIndex(of: order[askedFor]) { return same }
        let remaining = Set(kept)
        return min(order[..<askedFor].filter(remaining.contains).count, kept.count - 1)
    }

    /// Fills `index`, `position`, `prev` and `next` of items already in gallery order.
    public static func link(_ items: inout [Item], cyclic: Bool) {
        for (place, link) in links(items.map(\.id), cyclic: cyclic).enumerated() {
            items[place].index = place
            items[place].position = link.position
            items[place].prev = link.prev
            items[place].next = link.next
        }
    }

    /// The `position`, `prev` and `next` of each item of a gallery whose ids, in order, are `ids`.
    public static func links(_ ids: [String], cyclic: Bool) -> [(position: String, prev: String?, next: String?)] {
        let count = ids.count
        return ids.indices.map { place in
            // A single item in a cyclic gallery has no neighbour but itself: leave both out.
            let previous = count > 1 ? index(from: place, delta: -1, count: count, cyclic: cyclic) : nil
            let next = count > 1 ? index(from: place, delta: 1, count: count, cyclic: cyclic) : nil
            return (positionText(index: place, count: count), previous.map { ids[$0] }, next.map { ids[$0] })
        }
    }
}
