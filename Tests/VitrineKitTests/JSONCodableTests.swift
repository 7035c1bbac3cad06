import Foundation
import XCTest
@testable import VitrineKit

/// The Codable bridges: the document decoder throws what Foundation's JSONDecoder throws
/// (kinds and coding paths), the value encoder sees what JSONEncoder sees, and a custom
/// caption (RawJSON) comes through both byte for byte.
final class JSONCodableTests: XCTestCase {
    struct Inner: Codable, Equatable {
        var name: String
        var ratio: Double?
        var flags: [Bool]?
    }

    struct Outer: Codable, Equatable {
        var id: String
        var count: Int
        var small: Int8?
        var big: UInt64?
        var inner: Inner
        var list: [Inner]
        var table: [String: Int]?
        var level: Level?
        enum Level: String, Codable { case low, high }
    }

    /// The error's kind and where it points, for comparing.
    func summary(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context): "keyNotFound \(key.stringValue) at \(JSONPointer(codingPath: context.codingPath))"
        case DecodingError.typeMismatch(_, let context): "typeMismatch at \(JSONPointer(codingPath: context.codingPath))"
        case DecodingError.valueNotFound(_, let context): "valueNotFound at \(JSONPointer(codingPath: context.codingPath))"
        case DecodingError.dataCorrupted: "dataCorrupted"
        default: "\(error)"
        }
    }

    func testDecodingErrorsMatchFoundation() throws {
        let good = #"{"id":"a","count":2,"inner":{"name":"n","ratio":0.5,"flags":[true]},"list":[{"name":"x"},{"name":"y","ratio":1e3}],"table":{"k":1},"level":"high","small":-3,"big":18446744073709551615}"#
        let cases = [
            good,
            #"{"id":"a","count":2,"inner":{"name":"n"},"list":[]}"#,
            #"{"count":2,"inner":{"name":"n"},"list":[]}"#,  // id missing
            #"{"id":"a","count":"2","inner":{"name":"n"},"list":[]}"#,  // wrong type
            #"{"id":"a","count":null,"inner":{"name":"n"},"list":[]}"#,  // null for a value
            #"{"id":"a","count":2,"inner":{"name":"n"},"list":[{"name":"x"},{"ratio":1}]}"#,  // missing, in an array
            #"{"id":"a","count":2,"inner":{"name":"n"},"list":[{"name":"x"},{"name":"y","flags":[true,1]}]}"#,
            #"{"id":"a","count":2,"inner":{"name":"n","ratio":"x"},"list":[]}"#,
            #"{"id":"a","count":2,"inner":null,"list":[]}"#,
            #"{"id":"a","count":2,"inner":[],"list":[]}"#,
            #"{"id":"a","count":2,"inner":{"name":"n"},"list":{}}"#,
            #"{"id":"a","count":2,"inner":{"name":"n"},"list":[null]}"#,
            #"{"id":"a","count":2,"inner":{"name":"n"},"list":[],"table":{"k":"v"}}"#,
            #"{"id":"a","count":2,"inner":{"name":"n"},"list":[],"level":"middle"}"#,
            #"{"id":"a","count":1.5,"inner":{"name":"n"},"list":[]}"#,
            #"{"id":"a","count":3.0,"inner":{"name":"n"},"list":[]}"#,
            #"{"id":"a","count":2,"small":300,"inner":{"name":"n"},"list":[]}"#,
            #"{"id":"a","count":2,"inner":{"name":"n","flags":[1]},"list":[]}"#,  // 1 is not true
            #"{"id":1,"count":2,"inner":{"name":"n"},"list":[]}"#,
            #"[]"#, #"null"#, #""text""#,
        ]
        for text in cases {
            let theirs = Result { try JSONDecoder().decode(Outer.self, from: Data(text.utf8)) }
            let ours = Result { try JSONDocumentDecoder().decode(Outer.self, from: JSONDocument(text)) }
            switch (theirs, ours) {
            case (.success(let a), .success(let b)): XCTAssertEqual(a, b, text)
            case (.failure(let a), .failure(let b)): XCTAssertEqual(summary(b), summary(a), text)
            default: XCTFail("\(text): Foundation \(theirs), ours \(ours)")
            }
        }
    }

    func testManifestMessagesPointAtTheProblem() throws {
        var manifest = Manifest()
        manifest.items = (0..<5).map { Item(id: "i\($0)", format: "jpeg", width: 1, height: 1, source: .init(path: "i\($0)", bytes: 1)) }
        Navigation.link(&manifest.items, cyclic: false)
        let good = try JSONValue(parsing: String(decoding: try manifest.encoded(), as: UTF8.self))
        func without(_ key: String, inItem index: Int) -> Data {
            var items = good["items"]!.elements
            items[index] = .object(items[index].members.filter { $0.key != key })
            return JSONWriter.pretty.data(.object(good.members.map { $0.key == "items" ? .init("items", .array(items)) : $0 }))
        }
        XCTAssertThrowsError(try ManifestFile.decode(without("width", inItem: 3))) {
            XCTAssertEqual("\($0)", "not a vitrine manifest: 'width' missing at /items/3")
        }
        let wrong = String(decoding: try manifest.encoded(), as: UTF8.self).replacingOccurrences(of: #""bytes" : 1"#, with: #""bytes" : "1""#)
        XCTAssertThrowsError(try ManifestFile.decode(Data(wrong.utf8))) {
            XCTAssertEqual("\($0)", "not a vitrine manifest: wrong type at /items/0/source/bytes")
        }
        for (text, kind) in [("null", "null"), (#""str""#, "a string"), ("[]", "an array"), ("7", "a number")] {
            XCTAssertThrowsError(try ManifestFile.decode(Data(text.utf8))) {
                XCTAssertEqual("\($0)", "not a vitrine manifest (the top level is \(kind), not an object)")
            }
        }
        XCTAssertThrowsError(try ManifestFile.decode(Data(#"{"schema": "vitrine-manifest/1",}"#.utf8))) { XCTAssertEqual("\($0)", "not JSON") }
    }

    func testEncoderSeesWhatFoundationSees() throws {
        let value = Outer(id: "a/b", count: 2, small: -3, big: .max, inner: Inner(name: "n", ratio: 0.1 + 0.2, flags: [true, false]),
            list: [Inner(name: "x", ratio: nil, flags: []), Inner(name: "é\u{1}", ratio: 1e-7, flags: nil)], table: ["b": 1, "a": 2],
            level: .high)
        for (writer, encoder) in [(JSONWriter.pretty, JSONEncoder.manifest), (JSONWriter.compact, JSONEncoder.compact)] {
            XCTAssertEqual(String(decoding: try writer.encode(value), as: UTF8.self), String(decoding: try encoder.encode(value), as: UTF8.self))
        }
        // And reads back.
        XCTAssertEqual(try JSONDocumentDecoder().decode(Outer.self, from: JSONDocument(try JSONWriter.pretty.encode(value))), value)
    }

    func testNonFiniteNumbersThrowNamingThePath() {
        XCTAssertThrowsError(try JSONValueEncoder().encode(Outer(id: "a", count: 1, inner: Inner(name: "n"),
            list: [Inner(name: "x"), Inner(name: "y", ratio: .nan)]))) { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(JSONPointer(codingPath: context.codingPath).description, "/list/1/ratio")
            XCTAssertTrue(context.debugDescription.contains("/list/1/ratio"), context.debugDescription)
        }
        XCTAssertThrowsError(try JSONValueEncoder().encode([Double.infinity])) { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.first?.intValue, 0)
        }
        XCTAssertNil(JSONValue.number(-Double.infinity))
    }

    /// A custom caption read from a manifest with vitrine's decoder keeps its bytes, and is
    /// written back as they are; Foundation's coders see a plain value.
    func testRawJSONKeepsItsBytesThroughTheLayer() throws {
        let custom = #"{"z": 1,  "n": 1.50, "a": [ ], "s": "\u00e9"}"#
        var item = Item(id: "a", format: "jpeg", width: 1, height: 1, source: .init(path: "a", bytes: 1))
        item.caption = Caption(style: .custom, custom: RawJSON(custom), source: "file")
        let written = try JSONWriter.pretty.encode(item)
        XCTAssertTrue(String(decoding: written, as: UTF8.self).contains(#""custom" : "# + custom))
        let read = try JSONDocumentDecoder().decode(Item.self, from: JSONDocument(written))
        XCTAssertEqual(read.caption?.custom?.text, custom)
        XCTAssertEqual(try JSONWriter.pretty.encode(read), written)
        XCTAssertTrue(String(decoding: try JSONWriter.compact.encode(read), as: UTF8.self).contains(#""custom":{"z":1,"n":1.50,"a":[],"s":"\u00e9"}"#))
        // Foundation: a value like any other.
        let foundation = try JSONDecoder().decode(Item.self, from: written)
        XCTAssertEqual(foundation.caption?.custom?.text, #"{"a":[],"n":1.5,"s":"é","z":1}"#)
        let encoded = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(read)) as? [String: Any]
        XCTAssertEqual(((encoded?["caption"] as? [String: Any])?["custom"] as? [String: Any])?["n"] as? Double, 1.5)
        // A JSONValue decoded by the layer keeps number text too.
        XCTAssertEqual(try JSONDocumentDecoder().decode([JSONValue].self, from: JSONDocument("[1.50, 1e3]")), [.number("1.50"), .number("1e3")])
        XCTAssertNil(RawJSON("{"))
        XCTAssertNil(RawJSON(#"{"a":1,}"#))
        XCTAssertEqual(RawJSON("  {\"a\": 1}\n")?.text, "{\"a\": 1}")
    }
}
