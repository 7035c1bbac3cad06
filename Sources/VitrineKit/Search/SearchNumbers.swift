import Foundation

/// Each item's number in the search index (``SearchIndex``): postings and records name items by
/// it, so it must stay the item's across rebuilds, or adding one item would shift every posting.
/// `build` keeps them in its state: a new id gets the next number never used (``next``, the
/// high-water mark), and a gone id's number is not given again. New items are numbered in the
/// order they were taken (``takenOrder(_:)``), so that the page ranks ties by number as by date
/// without loading any. `vitrine page`, with no state, numbers them all so (``inTakenOrder(_:)``).
public struct SearchNumbers: Equatable, Sendable {
    /// By item id.
    public private(set) var byID: [String: Int]
    /// The next number never used.
    public private(set) var next: Int

    public init(byID: [String: Int] = [:], next: Int = 0) {
        self.byID = byID
        self.next = max(next, (byID.values.max() ?? -1) + 1)
    }

    /// The items of `manifest` numbered 0, 1… in the order they were taken.
    public static func inTakenOrder(_ manifest: Manifest) -> SearchNumbers {
        var numbers = SearchNumbers()
        numbers.number(takenOrder(manifest))
        return numbers
    }

    /// `manifest`'s item ids in the order they were taken: undated first, then oldest to newest,
    /// gallery order breaking ties (the page ranks higher numbers as newer).
    public static func takenOrder(_ manifest: Manifest) -> [String] {
        let dates = manifest.items.map { Array(($0.takenAt ?? "").utf8) }
        return manifest.items.indices.sorted { left, right in
            dates[left] != dates[right] ? dates[left].lexicographicallyPrecedes(dates[right]) : left < right
        }.map { manifest.items[$0].id }
    }

    /// What ``number(_:)`` changed.
    public struct Change: Equatable, Sendable {
        /// New ids with their numbers, in the order given.
        public var added: [(id: String, number: Int)] = []
        /// Ids numbered before and not given now.
        public var gone: [String] = []

        public var isEmpty: Bool { added.isEmpty && gone.isEmpty }

        public static func == (left: Change, right: Change) -> Bool {
            left.gone == right.gone && left.added.map(\.id) == right.added.map(\.id)
                && left.added.map(\.number) == right.added.map(\.number)
        }
    }

    /// Numbers exactly `ids`: each id numbered before keeps its number, a new one gets the next
    /// never used (in the order given), and the numbers of ids not given are dropped (not given again).
    @discardableResult
    public mutating func number(_ ids: [String]) -> Change {
        var change = Change()
        var given = Set<String>()
        given.reserveCapacity(ids.count)
        for id in ids where given.insert(id).inserted && byID[id] == nil {
            byID[id] = next
            change.added.append((id, next))
            next += 1
        }
        if byID.count > given.count {
            change.gone = byID.keys.filter { !given.contains($0) }.sorted()
            for id in change.gone { byID[id] = nil }
        }
        return change
    }
}
