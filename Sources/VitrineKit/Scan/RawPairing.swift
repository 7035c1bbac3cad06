import Foundation

/// Whether a camera RAW file and the JPEG or HEIC the camera wrote beside it are one item
/// (`--raw-pairs`).
public enum RawPairs: String, Codable, Hashable, Sendable, CaseIterable {
    /// One item: the JPEG is its picture, the RAW its `raw.source`.
    case merge
    /// Two items, each shown from its own file.
    case apart

    public static let `default` = RawPairs.merge

    /// Seconds at most between a pair's dates taken. Camera clocks write a RAW and its JPEG in
    /// the same second, or the next when a burst fills the buffer.
    public static let largestDateGap = 2
}

/// Which files make one RAW+JPEG pair: a RAW file (by content, named like one) and a photo
/// named like a JPEG or HEIC share a folder and a base name, case folded as ``MotionPairing``
/// compares them (`DSC_0042.NEF`, `DSC_0042.JPG`), and were taken within
/// ``RawPairs/largestDateGap`` of each other when both carry a date.
enum RawPairing {
    /// Whether a RAW and a photo with the same name are one pair, by their dates taken
    /// (`YYYY-MM-DDTHH:MM:SS`): the same name is enough when either has none.
    static func belongTogether(rawTakenAt: String?, photoTakenAt: String?) -> Bool {
        guard let raw = rawTakenAt.flatMap(seconds(of:)), let photo = photoTakenAt.flatMap(seconds(of:)) else { return true }
        return abs(raw - photo) <= RawPairs.largestDateGap
    }

    /// Seconds since 1970 of a wall-clock `YYYY-MM-DDTHH:MM:SS` (no zone: both files come from
    /// one camera clock); nil when it is not one.
    static func seconds(of takenAt: String) -> Int? {
        let digits = Array(takenAt.utf8.prefix(19))
        guard digits.count == 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in digits[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19), (1...12).contains(month)
        else { return nil }
        // Days from the civil date (Howard Hinnant's algorithm): no calendar or time zone involved.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return ((days * 24 + hour) * 60 + minute) * 60 + second
    }
}

extension MediaScanner.Scanned {
    /// Joins each RAW file to the JPEG or HEIC its camera wrote beside it (``Item/raw``'s
    /// `source`), the RAW's own item left out (its id stays reserved, as a Live Photo's clip's).
    /// A RAW without a partner stays an item of its own; with `.apart`, every RAW does.
    mutating func joinRaw(files: [InputFile], pairs: RawPairs) {
        guard pairs == .merge else { return }
        var photos: [String: [Int]] = [:]
        for (position, number) in self.files.enumerated() where items[position].kind == .image && items[position].raw == nil {
            if let key = MotionPairing.key(of: files[number].relativePath, extensions: MotionPairing.photoExtensions) {
                photos[key, default: []].append(position)
            }
        }
        guard !photos.isEmpty else { return }
        var joined = Set<Int>()
        for (position, number) in self.files.enumerated() where items[position].raw?.isPicture == true {
            guard let key = MotionPairing.key(of: files[number].relativePath, extensions: MediaFormat.rawExtensions),
                let photo = photos[key]?.first(where: { photo in
                    items[photo].raw == nil
                        && RawPairing.belongTogether(rawTakenAt: items[position].takenAt, photoTakenAt: items[photo].takenAt)
                }),
                let source = items[position].source
            else { continue }
            items[photo].raw = ItemRaw(pairedWith: source)
            joined.insert(position)
        }
        leaveOut(joined)
    }

    /// Removes the items at `positions` (joined to another item), keeping the others' order.
    mutating func leaveOut(_ positions: Set<Int>) {
        guard !positions.isEmpty else { return }
        var kept = 0
        for position in items.indices where !positions.contains(position) {
            items.swapAt(kept, position)
            self.files.swapAt(kept, position)
            kept += 1
        }
        let removed = items.count - kept
        for position in kept..<items.count { embedded[self.files[position]] = nil }
        items.removeLast(removed)
        self.files.removeLast(removed)
    }
}
