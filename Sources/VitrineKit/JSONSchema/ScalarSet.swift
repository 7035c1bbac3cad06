/// A set of Unicode code points as sorted, disjoint, non-adjacent ranges.
struct ScalarSet: Hashable, Sendable {
    private(set) var ranges: [ClosedRange<UInt32>]

    static let maximum: UInt32 = 0x10FFFF

    init(_ ranges: [ClosedRange<UInt32>] = []) {
        self.ranges = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = self.ranges.last, range.lowerBound <= last.upperBound &+ 1 {
                self.ranges[self.ranges.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                self.ranges.append(range)
            }
        }
    }

    init(_ scalar: UInt32) { self.init([scalar...scalar]) }

    func union(_ other: ScalarSet) -> ScalarSet { ScalarSet(ranges + other.ranges) }

    /// Every code point not in the set.
    var complement: ScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            next = range.upperBound + 1
        }
        if next <= Self.maximum { result.append(next...Self.maximum) }
        return ScalarSet(result)
    }

    func contains(_ scalar: UInt32) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < scalar { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(scalar)
    }

    // The class escapes, as ECMA-262 defines them (ASCII digits and word characters even with
    // the `u` flag; white space is Unicode's).
    static let digits = ScalarSet([0x30...0x39])
    static let word = ScalarSet([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    static let space = ScalarSet([0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
        0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF])
    /// `.`: anything but a line terminator.
    static let dot = ScalarSet([0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029]).complement
}
