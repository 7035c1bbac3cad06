import Foundation
import XCTest
@testable import VitrineKit

/// The writer prints what Foundation's JSONEncoder prints with vitrine's options, byte for
/// byte, in both layouts.
final class JSONWriterTests: XCTestCase {
    /// `value` through our encoder and writer, and through Foundation's, in both layouts.
    func assertSameAsFoundation<T: Encodable>(_ value: T, file: StaticString = #filePath, line: UInt = #line) throws {
        for (writer, encoder) in [(JSONWriter.pretty, JSONEncoder.manifest), (JSONWriter.compact, JSONEncoder.compact)] {
            let ours = String(decoding: try writer.encode(value), as: UTF8.self)
            let theirs = String(decoding: try encoder.encode(value), as: UTF8.self)
            XCTAssertEqual(ours, theirs, "\(value)", file: file, line: line)
        }
    }

    func testScalarsAndEmptyContainers() throws {
        try assertSameAsFoundation(true)
        try assertSameAsFoundation("text")
        try assertSameAsFoundation([Int]())
        try assertSameAsFoundation([String: Int]())
        try assertSameAsFoundation([[Int]()])
        try assertSameAsFoundation([[[String: Int]()]])
        try assertSameAsFoundation(["a": [Int](), "b": []])
        try assertSameAsFoundation(["x": ["y": [String: [Int]]()]])
        try assertSameAsFoundation([Int?.none, 1])
        XCTAssertEqual(JSONWriter.pretty.string(.array([])), "[\n\n]")
        XCTAssertEqual(JSONWriter.pretty.string(.object([.init("a", .array([]))])), "{\n  \"a\" : [\n\n  ]\n}")
    }

    func testNumbers() throws {
        let doubles: [Double] = [65.4, 10.0, 0.1 + 0.2, 1e-7, 1e21, -0.0, 0, 1e20, 1e16, 1e15, 123456789012345680000.0, .leastNonzeroMagnitude,
            .greatestFiniteMagnitude, 0.000001, 0.0001, 1e-5, 100, 3, -2.5, 1.0 / 3.0, 2e-7, 12345678.9, 9007199254740992, 4.35,
            29.9792458, -122.4194155]
        try assertSameAsFoundation(doubles)
        for double in doubles { try assertSameAsFoundation(["d": double]) }
        try assertSameAsFoundation([Int.max, Int.min, 0, -1])
        try assertSameAsFoundation([UInt64.max])
        try assertSameAsFoundation([Int8.min, Int8.max])
        try assertSameAsFoundation([Float(0.1), Float(65.4), Float(1e-7), Float.greatestFiniteMagnitude])
        try assertSameAsFoundation([Decimal(string: "1.50")!, Decimal(string: "-12345678901234567890.1")!])
        // Number text is written as given.
        XCTAssertEqual(JSONWriter.compact.string(.array([.number("1.50"), .number("1e3"), .number("-0")])), "[1.50,1e3,-0]")
    }

    func testStringsAreEscapedAsFoundationEscapesThem() throws {
        var everyASCII = ""
        for code in 0..<0x80 { everyASCII.unicodeScalars.append(Unicode.Scalar(code)!) }
        try assertSameAsFoundation(everyASCII)
        try assertSameAsFoundation(["\u{7F}\u{80}\u{2028}\u{2029}\u{FEFF}é😀/\\\"", "a/b", "", "\u{0}", "tab\there", "line\r\n"])
        try assertSameAsFoundation(["key/with\"quote\n": "value"])
        try assertSameAsFoundation([URL(string: "https://example.com/a?b=c")!])
        try assertSameAsFoundation([Data([0, 1, 2, 254, 255])])
        try assertSameAsFoundation([Date(timeIntervalSinceReferenceDate: 12.5)])
    }

    /// Foundation sorts keys by their UTF-8 bytes on Linux: upper case before lower, `a10`
    /// before `a9`, non-ASCII last.
    func testKeysSortedAsFoundationSortsThem() throws {
        let keys = ["a10", "a9", "B", "a", "_x", "Z", "é", "e", "f", "A", "ab", "aB", "Ab", "1", "10", "9", "-", " ", "~", "ß", "ss",
            "ǅ", "\u{1F600}", "\u{FF41}", "á", "A1", "a1", "a01", "a001", "x-2", "x_2", "x2", ""]
        let table = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        try assertSameAsFoundation(table)
        let sorted = JSONWriter.compact.string(.object(keys.map { .init($0, .null) }))
        XCTAssertTrue(sorted.hasPrefix(#"{"":null," ":null,"-":null,"1":null,"10":null,"9":null,"A":null,"#), sorted)
    }

    func testStructsAndNesting() throws {
        var manifest = Manifest()
        manifest.items = (0..<3).map { Item(id: "i\($0)", format: "jpeg", width: 4, height: 3, source: .init(path: "a/i\($0).jpg", bytes: 9)) }
        manifest.items[1].location = Location(name: "Bay", latitude: 37.7749295, longitude: -122.4194155, altitude: 12.5)
        manifest.items[2].duration = 4.033
        manifest.items[2].fps = 29.97
        manifest.items[0].keywords = ["a", "é"]
        manifest.errors = [ItemError(path: "x", message: "m", reason: .unreadable)]
        Navigation.link(&manifest.items, cyclic: true)
        try assertSameAsFoundation(manifest)
        try assertSameAsFoundation(manifest.items)
    }

    func testVerbatimDuplicatesAndOrder() {
        let value = JSONValue.object([.init("b", .verbatim("{\"y\": [1, 2],\n \"x\": \"a b\"}")), .init("a", .number("1")), .init("a", .number("2"))])
        XCTAssertEqual(JSONWriter.pretty.string(value), "{\n  \"a\" : 2,\n  \"b\" : {\"y\": [1, 2],\n \"x\": \"a b\"}\n}")
        XCTAssertEqual(JSONWriter.compact.string(value), #"{"a":2,"b":{"y":[1,2],"x":"a b"}}"#)
        XCTAssertEqual(JSONWriter(layout: .compact, sortsKeys: false).string(.object([.init("z", .null), .init("a", .bool(false))])),
            #"{"z":null,"a":false}"#)
        XCTAssertEqual(value["a"], .number("2"))
        XCTAssertEqual(value.value(at: ["b"]), .verbatim("{\"y\": [1, 2],\n \"x\": \"a b\"}"))
        XCTAssertEqual(value.value(at: ["b"])?.kind, .object)
        XCTAssertEqual(JSONWriter.pretty.data(.null, newline: true), Data("null\n".utf8))
    }

    /// What vitrine prints, read back by the layer and written again, is the same bytes; and
    /// the same as Foundation's coders give.
    func testManifestsRoundTripByteForByte() throws {
        var manifest = Manifest()
        manifest.title = "Title / \"quoted\""
        manifest.items = (0..<4).map { Item(id: "i\($0)", format: "jpeg", width: 4, height: 3, source: .init(path: "i\($0).jpg", bytes: 9)) }
        manifest.items[1].selection = 1
        manifest.items[2].renditions = [Rendition(role: .thumbnail, path: "t/i2.jpg", width: 2, height: 1, format: .jpeg, box: "2x2",
            fit: .fit, scale: 1, bytes: 100)]
        Navigation.link(&manifest.items, cyclic: false)
        let text = try manifest.encoded()
        XCTAssertEqual(text, try JSONEncoder.manifest.encode(manifest) + Data([0x0A]))
        let read = try ManifestFile.decode(text)
        XCTAssertEqual(read, manifest)
        XCTAssertEqual(try read.encoded(), text)
    }
}
