import Foundation
@testable import VitrineKit
import XCTest

/// The search index's codes (format 2), read back by a decoder written from the format's
/// description, not from the encoder.
enum SearchDecoding {
    static let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    struct Failure: Error { var text: String }

    static func value(of digit: Character) throws -> Int {
        guard let value = digits.firstIndex(of: digit) else { throw Failure(text: "not a digit: \(digit)") }
        return value
    }

    /// The varints of `text`, in order.
    static func varints(_ text: String) throws -> [Int] {
        var values: [Int] = []
        var current = 0
        for digit in text {
            let value = try value(of: digit)
            current = current << 5 | (value & 31)
            if value < 32 {
                values.append(current)
                current = 0
            }
        }
        return values
    }

    static func set(_ text: String) throws -> [Int] {
        if text.first == "~" {
            var numbers: [Int] = []
            for (place, digit) in text.dropFirst().enumerated() {
                let bits = try value(of: digit)
                numbers += (0..<6).filter { bits & (1 << $0) != 0 }.map { place * 6 + $0 }
            }
            return numbers
        }
        var previous = -1
        return try varints(text).map { gap in
            previous += gap + 1
            return previous
        }
    }

    struct Row: Equatable {
        var album, date, camera, lens, kind: String?
        var rating: Int
        var keywords: [String]
    }

    /// A piece's `rows`, by number, with the values named by `index`'s tables.
    static func rows(_ rows: [String: String], index: [String: Any]) throws -> [Int: Row] {
        let tables = index["tables"] as? [String: [String]] ?? [:]
        let widths = index["widths"] as? [String: Int] ?? [:]
        let columns = ["album", "date", "camera", "lens", "kind"]
        let numbers = try set(rows["n"] ?? "")
        var fixed = Array(rows["f"] ?? "")
        var keywords = try varints(rows["k"] ?? "")
        var found: [Int: Row] = [:]
        for number in numbers {
            var values: [String?] = []
            for column in columns {
                var value = 0
                for _ in 0..<(widths[column] ?? 0) { value = value << 6 | (try Self.value(of: fixed.removeFirst())) }
                values.append(value == 0 ? nil : tables[column]?[value - 1])
            }
            let rating = try value(of: fixed.removeFirst())
            let count = keywords.removeFirst()
            let named = keywords.prefix(count).map { tables["keyword"]?[$0 - 1] ?? "?" }
            keywords.removeFirst(count)
            found[number] = Row(album: values[0], date: values[1], camera: values[2], lens: values[3], kind: values[4], rating: rating,
                keywords: named)
        }
        guard fixed.isEmpty, keywords.isEmpty else { throw Failure(text: "rows longer than their numbers") }
        return found
    }

    /// A `counts` member's pairs, by value named.
    static func counts(_ text: String, table: [String]?) throws -> [String: Int] {
        let pairs = try varints(text)
        var counts: [String: Int] = [:]
        for at in stride(from: 0, to: pairs.count, by: 2) {
            let name = table.map { $0[pairs[at] - 1] } ?? String(pairs[at])
            counts[name] = pairs[at + 1]
        }
        return counts
    }
}

final class SearchCodeTests: XCTestCase {
    func testVarintsAreFiveBitGroupsMostSignificantFirst() throws {
        XCTAssertEqual([0, 31, 32, 1023, 1024].map(SearchCode.varint), ["A", "f", "hA", "_f", "hgA"])
        let values = [0, 1, 5, 31, 32, 33, 1000, 65_535, 1 << 30]
        XCTAssertEqual(try SearchDecoding.varints(values.map(SearchCode.varint).joined()), values)
    }

    func testASetIsItsGapsOrABitmapWhicheverIsShorter() throws {
        XCTAssertEqual(SearchCode.set([]), "")
        XCTAssertEqual(SearchCode.set([0, 1]), "AA", "gaps of 0: as short as a bitmap, \"~D\"")
        XCTAssertEqual(SearchCode.set([0, 1, 2]), "~H", "bits 0, 1 and 2 of the first digit")
        XCTAssertEqual(SearchCode.set([0, 2, 100]), "ABjB")
        let dense = Array(stride(from: 0, to: 3000, by: 2))
        let text = SearchCode.set(dense)
        XCTAssert(text.hasPrefix("~") && text.count == 1 + 500, "a bitmap of 6 numbers a digit")
        XCTAssertEqual(try SearchDecoding.set(text), dense)
        let sparse = [5, 700, 150_000]
        XCTAssertEqual(try SearchDecoding.set(SearchCode.set(sparse)), sparse)
        XCTAssertFalse(SearchCode.set(sparse).hasPrefix("~"))
    }

    func testAFixedWidthValueFillsItsDigits() {
        var text: [UInt8] = []
        SearchCode.appendFixed(0, width: 2, to: &text)
        SearchCode.appendFixed(65, width: 2, to: &text)
        SearchCode.appendFixed(0, width: 0, to: &text)
        XCTAssertEqual(String(decoding: text, as: UTF8.self), "AABB")
        XCTAssertEqual([0, 1, 63, 64, 4095, 4096].map(SearchCode.width(forLargest:)), [0, 1, 1, 2, 2, 3])
    }
}
