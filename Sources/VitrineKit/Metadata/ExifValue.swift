import Foundation

/// Reading EXIF values as libvips prints them: `6 (Right-top, Short, 1 components, 2 bytes)`.
enum ExifValue {
    /// The value part of libvips' `VALUE (FORMATTED, TYPE, N components, N bytes)`, even when
    /// the value itself holds parentheses (`(c) Jane Doe (2020)`).
    static func text(_ printed: String?) -> String? {
        guard let printed else { return nil }
        return strictText(printed) ?? printed.trimmingCharacters(in: .whitespaces)
    }

    /// The value part, or nil when libvips cut the printed field before the value's end.
    /// libvips prints `VALUE (VALUE, TYPE, …)` into a bounded buffer, so a long value (an
    /// Olympus UserComment of 125 spaces) loses its tail: the value is still whole when the
    /// second copy, as far as it goes, repeats the first.
    static func strictText(_ printed: String?) -> String? {
        guard let printed else { return nil }
        if let value = wholeValue(printed) { return value }
        var search = printed.startIndex
        while let open = printed.range(of: " (", range: search..<printed.endIndex) {
            let value = printed[..<open.lowerBound], copy = printed[open.upperBound...]
            if !copy.isEmpty, (value + ", ").hasPrefix(copy) || copy.hasPrefix(value + ", ") {
                return value.trimmingCharacters(in: .whitespaces)
            }
            search = open.upperBound
        }
        return nil
    }

    /// `VALUE (FORMATTED, TYPE, N components, N bytes)` → VALUE, read from the end over the
    /// UTF-8 bytes (no regular expression, no Foundation search: this runs for several fields
    /// of every file). FORMATTED may hold parentheses.
    private static func wholeValue(_ printed: String) -> String? {
        let bytes = Array(printed.utf8)
        guard bytes.last == UInt8(ascii: ")") else { return nil }
        var end = bytes.count - 1  // exclusive end of what is left to read
        /// The piece after the last ", " before `end`, moving `end` to that ", ".
        func takeLast() -> ArraySlice<UInt8>? {
            var index = end - 2
            while index >= 0 {
                if bytes[index] == UInt8(ascii: ","), bytes[index + 1] == UInt8(ascii: " ") {
                    defer { end = index }
                    return bytes[(index + 2)..<end]
                }
                index -= 1
            }
            return nil
        }
        func isCount(_ piece: ArraySlice<UInt8>?, _ unit: String) -> Bool {
            guard let piece, let space = piece.firstIndex(of: UInt8(ascii: " ")), space > piece.startIndex,
                piece[..<space].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            else { return false }
            let word = piece[(space + 1)...]
            return word.elementsEqual(unit.utf8) || word.elementsEqual((unit + "s").utf8)
        }
        guard isCount(takeLast(), "byte"), isCount(takeLast(), "component"), let type = takeLast(), !type.isEmpty,
            type.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) })
        else { return nil }
        // The "(" that the final ")" closes: the last one at the top level.
        var depth = 0
        var index = end - 1
        while index >= 0 {
            if bytes[index] == UInt8(ascii: ")") {
                depth += 1
            } else if bytes[index] == UInt8(ascii: "(") {
                if depth == 0 {
                    guard index > 0, bytes[index - 1] == UInt8(ascii: " ") else { return nil }
                    var start = 0, stop = index - 1
                    while start < stop, bytes[start] == UInt8(ascii: " ") { start += 1 }
                    while stop > start, bytes[stop - 1] == UInt8(ascii: " ") { stop -= 1 }
                    return String(decoding: bytes[start..<stop], as: UTF8.self)
                }
                depth -= 1
            }
            index -= 1
        }
        return nil
    }

    static func leadingInteger(_ text: String?) -> Int? {
        guard let text else { return nil }
        return Int(text.prefix { $0.isNumber })
    }

    /// `2019:12:20 17:08:32 (…)` → `2019-12-20T17:08:32`; nil for blanks like `0000:00:00 00:00:00`.
    static func dateTime(_ text: String?) -> String? {
        guard let text else { return nil }
        let value = text.prefix { $0 != "(" }.trimmingCharacters(in: .whitespaces)
        let parts = value.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "-" || $0 == "T" })
        guard parts.count >= 6, let year = Int(parts[0]), year > 0, let month = Int(parts[1]), (1...12).contains(month),
            let day = Int(parts[2]), (1...31).contains(day), let hour = Int(parts[3]), (0...23).contains(hour),
            let minute = Int(parts[4]), (0...59).contains(minute), let second = Int(parts[5].prefix(2)), (0...60).contains(second)
        else { return nil }
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, hour, minute, second)
    }
}
