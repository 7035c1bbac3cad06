import Foundation
import XCTest
@testable import VitrineKit

/// The lossless document: what it accepts (strict RFC 8259), where it says a text stops being
/// JSON, and what its nodes give back.
final class JSONDocumentTests: XCTestCase {
    func testNodesGiveKindsValuesAndExactSourceText() throws {
        let text = #"{"n": 1.50, "e": 1e3, "s": "a\"b\\c\/d\u00e9\ud83d\ude00\n", "t": true, "f": false, "z": null,"#
            + #" "o": { "a" : [ ] }, "a~b/c": [10, -0, 3.0], "d": 1, "d": 2}"#
        let document = try JSONDocument(text)
        let root = document.root
        XCTAssertEqual(root.kind, .object)
        XCTAssertEqual(root.count, 10)
        XCTAssertEqual(root.members.map(\.key), ["n", "e", "s", "t", "f", "z", "o", "a~b/c", "d", "d"])
        XCTAssertEqual(root["n"]?.text, "1.50")
        XCTAssertEqual(root["n"]?.numberText, "1.50")
        XCTAssertEqual(root["n"]?.double, 1.5)
        XCTAssertNil(root["n"]?.int)
        XCTAssertEqual(root["e"]?.int, 1000, "a whole number in any notation, as Foundation")
        XCTAssertEqual(root["s"]?.string, "a\"b\\c/d\u{e9}\u{1F600}\n")
        XCTAssertEqual(root["s"]?.text, #""a\"b\\c\/d\u00e9\ud83d\ude00\n""#)
        XCTAssertEqual(root["t"]?.bool, true)
        XCTAssertEqual(root["f"]?.bool, false)
        XCTAssertTrue(root["z"]?.isNull ?? false)
        XCTAssertNil(root["z"]?.bool)
        XCTAssertEqual(root["o"]?.text, #"{ "a" : [ ] }"#)
        XCTAssertEqual(root["o"]?["a"]?.kind, .array)
        XCTAssertEqual(root["o"]?["a"]?.count, 0)
        XCTAssertEqual(root["d"]?.int, 2, "the last duplicate wins")
        XCTAssertNil(root["missing"])
        XCTAssertNil(root["n"]?["x"])
        let array = try XCTUnwrap(root["a~b/c"])
        XCTAssertEqual(array.elements.map(\.text), ["10", "-0", "3.0"])
        XCTAssertEqual(array[2]?.int, 3)
        XCTAssertNil(array[3])
        XCTAssertNil(array[-1])
        XCTAssertEqual(array.firstChild?.nextSibling?.text, "-0")
        XCTAssertNil(array[2]?.nextSibling)
        XCTAssertEqual(array[1]?.key, nil)
        XCTAssertEqual(root["o"]?.key, "o")
        XCTAssertEqual(root["o"].map { String(decoding: document.bytes[$0.keySpan!], as: UTF8.self) }, #""o""#)
        // JSON pointers both ways, with ~0 and ~1.
        let pointer = try XCTUnwrap(JSONPointer(parsing: "/a~0b~1c/1"))
        XCTAssertEqual(pointer.tokens, ["a~b/c", "1"])
        XCTAssertEqual(document.node(at: pointer)?.text, "-0")
        XCTAssertEqual(document.node(at: pointer)?.pointer, pointer)
        XCTAssertEqual(pointer.description, "/a~0b~1c/1")
        XCTAssertEqual(root["o"]?["a"]?.pointer.description, "/o/a")
        XCTAssertEqual(root["d"]?.pointer.description, "/d")
        XCTAssertEqual(root.pointer.description, "")
        XCTAssertNil(document.node(at: ["a~b/c", "01"]), "no leading zeros in an index")
        XCTAssertNil(document.node(at: ["n", "x"]))
        XCTAssertNil(JSONPointer(parsing: "a/b"))
    }

    /// A slice of other Data is read from its own first byte.
    func testDataSlicesStartAtZero() throws {
        let document = try JSONDocument(Data("xx[1, 2]".utf8)[2...])
        XCTAssertEqual(document.root.span, 0..<6)
        XCTAssertEqual(document.root[1]?.text, "2")
        XCTAssertEqual(String(decoding: JSONEditor(document).edited(), as: UTF8.self), "[1, 2]")
    }

    func testScalarsAtTheTopAndWhitespaceAround() throws {
        XCTAssertEqual(try JSONDocument(" \t\r\n 42 \n").root.int, 42)
        XCTAssertEqual(try JSONDocument("\"x\"").root.string, "x")
        XCTAssertTrue(try JSONDocument("null").root.isNull)
        XCTAssertEqual(try JSONDocument("[]").root.count, 0)
        XCTAssertEqual(try JSONDocument("-0.5e-3").root.double, -0.0005)
    }

    /// A leading byte-order mark is skipped (Foundation's readers do too); offsets still
    /// count it, columns do not.
    func testByteOrderMarkIsSkipped() throws {
        let document = try JSONDocument([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
        XCTAssertEqual(document.root.span, 3..<11)
        XCTAssertEqual(document.root["a"]?.int, 1)
        XCTAssertThrowsError(try JSONDocument([0xEF, 0xBB, 0xBF] + Array("[1,]".utf8))) { error in
            XCTAssertEqual((error as? JSONParseError)?.offset, 6)
            XCTAssertEqual((error as? JSONParseError)?.column, 4)
        }
        XCTAssertThrowsError(try JSONDocument("[1] \u{FEFF}"), "a mark anywhere else is not whitespace")
    }

    /// Each text, and the line, column and reason the parser gives.
    func testRejectsWhatIsNotJSONSayingWhere() {
        let cases: [(String, Int, Int, String)] = [
            ("", 1, 1, "empty"),
            ("   ", 1, 4, "empty"),
            (#"{"a":1,}"#, 1, 8, "trailing comma"),
            ("[1,]", 1, 4, "trailing comma"),
            ("[1 2]", 1, 4, "expected ',' or ']'"),
            (#"{"a" 1}"#, 1, 6, "expected ':'"),
            (#"{"a":1 "b":2}"#, 1, 8, "expected ',' or '}'"),
            ("{'a':1}", 1, 2, "member name"),
            ("{a:1}", 1, 2, "member name"),
            ("// note\n1", 1, 1, "expected a JSON value"),
            ("[1] /* x */", 1, 5, "after the JSON value"),
            ("[1] 2", 1, 5, "after the JSON value"),
            ("[01]", 1, 2, "leading zero"),
            ("[-01]", 1, 3, "leading zero"),
            ("[1.]", 1, 4, "decimal point"),
            ("[.5]", 1, 2, "expected a JSON value"),
            ("[-]", 1, 3, "digit"),
            ("[1e]", 1, 4, "exponent"),
            ("[+1]", 1, 2, "expected a JSON value"),
            ("[NaN]", 1, 2, "expected a JSON value"),
            ("[Infinity]", 1, 2, "expected a JSON value"),
            ("[tru]", 1, 2, "lowercase"),
            ("[True]", 1, 2, "expected a JSON value"),
            ("\"a\tb\"", 1, 3, "control character U+0009"),
            ("\"a\nb\"", 1, 3, "control character U+000A"),
            (#""\x""#, 1, 2, "invalid escape"),
            (#""\u12""#, 1, 2, "four hex digits"),
            (#""\ud800""#, 1, 2, "high surrogate"),
            (#""\ud800\u0041""#, 1, 2, "high surrogate"),
            (#""\udc00""#, 1, 2, "low surrogate"),
            ("\"abc", 1, 1, "never ends"),
            ("{\n  \"a\": 1,\n  \"b\": x\n}", 3, 8, "expected a JSON value"),
            ("{\r\n  \"a\": [\r\n    1,,\r\n  ]}", 3, 7, "expected a JSON value"),
            ("[\"é\", x]", 1, 7, "expected a JSON value"),
        ]
        for (text, line, column, reason) in cases {
            XCTAssertThrowsError(try JSONDocument(text), text) { error in
                guard let error = error as? JSONParseError else { return XCTFail("\(text): \(error)") }
                XCTAssertEqual(error.line, line, "\(text): \(error)")
                XCTAssertEqual(error.column, column, "\(text): \(error)")
                XCTAssertTrue(error.reason.contains(reason), "\(text): \(error)")
                XCTAssertEqual(error.description, "line \(error.line), column \(error.column): \(error.reason)")
            }
        }
    }

    func testRejectsInvalidUTF8() {
        let cases: [[UInt8]] = [
            [0x22, 0xC3, 0x28, 0x22],  // a lead byte without its continuation
            [0x22, 0xC0, 0xAF, 0x22],  // overlong '/'
            [0x22, 0xE0, 0x80, 0xAF, 0x22],  // overlong, three bytes
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // a surrogate written as UTF-8
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // past U+10FFFF
            [0x22, 0x80, 0x22],  // a lone continuation byte
            [0x22, 0xFF, 0x22],
            [0x22, 0xE2, 0x82],  // cut short at the end
        ]
        for bytes in cases {
            XCTAssertThrowsError(try JSONDocument(bytes), "\(bytes)") { error in
                XCTAssertEqual((error as? JSONParseError)?.reason, "invalid UTF-8", "\(bytes)")
                XCTAssertEqual((error as? JSONParseError)?.offset, 1, "\(bytes)")
            }
        }
        // The largest of each length is fine.
        XCTAssertEqual(try JSONDocument([0x22, 0xDF, 0xBF, 0xEF, 0xBF, 0xBF, 0xF4, 0x8F, 0xBF, 0xBF, 0x22]).root.string,
            "\u{7FF}\u{FFFF}\u{10FFFF}")
    }

    /// The table's size is what keeps a 100,000-item manifest small.
    func testTableRecordsAre24Bytes() throws {
        XCTAssertEqual(MemoryLayout<JSONRecord>.stride, 24)
        XCTAssertEqual(try JSONDocument(#"{"a": [1, {"b": null}], "c": []}"#).nodeCount, 6)
    }

    func testNestingStopsAt512LikeFoundation() throws {
        XCTAssertEqual(try JSONDocument(String(repeating: "[", count: 512) + String(repeating: "]", count: 512)).nodeCount, 512)
        XCTAssertThrowsError(try JSONDocument(String(repeating: "[", count: 513) + String(repeating: "]", count: 513))) { error in
            XCTAssertTrue("\(error)".contains("more than 512 nested"), "\(error)")
            XCTAssertEqual((error as? JSONParseError)?.column, 513)
        }
        XCTAssertThrowsError(try JSONDocument(String(repeating: #"{"a":"#, count: 600) + "1" + String(repeating: "}", count: 600)))
    }

    /// Strings decode as Foundation decodes them; texts both accept or both refuse.
    func testStringsDecodeAsFoundationDoes() throws {
        let strings = [#""""#, #""plain""#, #""\"\\\/\b\f\n\r\t""#, #""\u0000\u001f\u007f\u0080\u2028""#, #""\uD834\uDD1E""#,
            #""é€😀""#, "\"\u{7F}\"", #""\u00E9 and é""#, #""a\u0000b""#]
        for text in strings {
            let ours = try JSONDocument(text).root.string
            let theirs = try JSONDecoder().decode(String.self, from: Data(text.utf8))
            XCTAssertEqual(ours.map { Array($0.unicodeScalars) }, Array(theirs.unicodeScalars), text)
        }
        for refused in [#""\ud800""#, #""\udc00""#, #""\ud800x""#] {
            XCTAssertThrowsError(try JSONDocument(refused), refused)
            XCTAssertThrowsError(try JSONSerialization.jsonObject(with: Data("[\(refused)]".utf8)), refused)
        }
    }

    func testNumbersAsFoundationReadsThem() throws {
        let ints: [(String, Int?)] = [("0", 0), ("-0", 0), ("3", 3), ("3.0", 3), ("1e3", 1000), ("1E+2", 100), ("-12", -12),
            ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min), ("9223372036854775808", nil),
            ("1.5", nil), ("1e-1", nil), ("123456789012345678", 123_456_789_012_345_678)]
        for (text, expected) in ints {
            XCTAssertEqual(try JSONDocument(text).root.int, expected, text)
            XCTAssertEqual(JSONValue.number(text).int, expected, text)
            XCTAssertEqual(try? JSONDocumentDecoder().decode(Int.self, from: JSONDocument(text)), expected, text)
            XCTAssertEqual(try? JSONDecoder().decode(Int.self, from: Data(text.utf8)), expected, "Foundation: \(text)")
        }
        XCTAssertEqual(try JSONDocument("1e308").root.double, 1e308)
        XCTAssertNil(try JSONDocument("1e400").root.double, "out of range")
        XCTAssertEqual(try JSONDocument("5e-324").root.double, .leastNonzeroMagnitude)
    }
}
