import Foundation
import XCTest
@testable import VitrineKit

/// Edits keep every other byte, and put commas and whitespace where the object's own layout
/// says, whatever the member's position.
final class JSONEditorTests: XCTestCase {
    /// `text` with `edit` made to the object at `pointer` (the root by default).
    func edited(_ text: String, at pointer: JSONPointer = [], _ edit: (inout JSONEditor, JSONNode) -> Void) throws -> String {
        let document = try JSONDocument(text)
        var editor = JSONEditor(document)
        edit(&editor, try XCTUnwrap(document.node(at: pointer)))
        let result = String(decoding: editor.edited(), as: UTF8.self)
        XCTAssertNoThrow(try JSONDocument(result), "not JSON: \(result)")
        return result
    }

    func testRemovingFromEveryPosition() throws {
        let pretty = "{\n  \"a\" : 1,\n  \"b\" : 2,\n  \"c\" : 3\n}"
        XCTAssertEqual(try edited(pretty) { $0.removeMember("a", from: $1) }, "{\n  \"b\" : 2,\n  \"c\" : 3\n}")
        XCTAssertEqual(try edited(pretty) { $0.removeMember("b", from: $1) }, "{\n  \"a\" : 1,\n  \"c\" : 3\n}")
        XCTAssertEqual(try edited(pretty) { $0.removeMember("c", from: $1) }, "{\n  \"a\" : 1,\n  \"b\" : 2\n}")
        XCTAssertEqual(try edited(pretty) { $0.removeMember("x", from: $1) }, pretty)
        XCTAssertEqual(try edited(pretty) { for key in ["a", "b", "c"] { $0.removeMember(key, from: $1) } }, "{}")
        XCTAssertEqual(try edited(pretty) { for key in ["b", "c"] { $0.removeMember(key, from: $1) } }, "{\n  \"a\" : 1\n}")
        XCTAssertEqual(try edited(pretty) { for key in ["a", "b"] { $0.removeMember(key, from: $1) } }, "{\n  \"c\" : 3\n}")
        XCTAssertEqual(try edited(pretty) { for key in ["a", "c"] { $0.removeMember(key, from: $1) } }, "{\n  \"b\" : 2\n}")
        XCTAssertEqual(try edited(#"{ "only" : [1, {"x": 2}] }"#) { $0.removeMember("only", from: $1) }, "{}")
        let compact = #"{"a":1,"b":{"c":[1,2]},"d":3}"#
        XCTAssertEqual(try edited(compact) { $0.removeMember("b", from: $1) }, #"{"a":1,"d":3}"#)
        XCTAssertEqual(try edited(compact) { $0.removeMember("d", from: $1) }, #"{"a":1,"b":{"c":[1,2]}}"#)
        let crlf = "{\r\n  \"a\" : 1 ,\r\n  \"b\" : 2\r\n}"
        XCTAssertEqual(try edited(crlf) { $0.removeMember("a", from: $1) }, "{\r\n  \"b\" : 2\r\n}")
        XCTAssertEqual(try edited(crlf) { $0.removeMember("b", from: $1) }, "{\r\n  \"a\" : 1\r\n}")
    }

    func testSettingAndInserting() throws {
        let pretty = "{\n  \"b\" : 2,\n  \"d\" : 4\n}"
        XCTAssertEqual(try edited(pretty) { $0.setMember("b", to: "20", in: $1) }, "{\n  \"b\" : 20,\n  \"d\" : 4\n}")
        XCTAssertEqual(try edited(pretty) { $0.setMember("a", to: .number(1), in: $1) }, "{\n  \"a\" : 1,\n  \"b\" : 2,\n  \"d\" : 4\n}")
        XCTAssertEqual(try edited(pretty) { $0.setMember("c", to: .string("x\"y"), in: $1) },
            "{\n  \"b\" : 2,\n  \"c\" : \"x\\\"y\",\n  \"d\" : 4\n}")
        XCTAssertEqual(try edited(pretty) { $0.setMember("e", to: .bool(true), in: $1) }, "{\n  \"b\" : 2,\n  \"d\" : 4,\n  \"e\" : true\n}")
        // Two at the same place come out in name order, whatever order they were given in.
        XCTAssertEqual(try edited(pretty) { $0.setMember("c2", to: "2", in: $1); $0.setMember("c1", to: "1", in: $1) },
            "{\n  \"b\" : 2,\n  \"c1\" : 1,\n  \"c2\" : 2,\n  \"d\" : 4\n}")
        // The last change to a name counts.
        XCTAssertEqual(try edited(pretty) { $0.setMember("c", to: "1", in: $1); $0.removeMember("c", from: $1) }, pretty)
        XCTAssertEqual(try edited(pretty) { $0.removeMember("b", from: $1); $0.setMember("b", to: "5", in: $1) }, "{\n  \"b\" : 5,\n  \"d\" : 4\n}")
        // Removing the member an insertion would go before, and the last one.
        XCTAssertEqual(try edited(pretty) { $0.removeMember("d", from: $1); $0.setMember("c", to: "3", in: $1) }, "{\n  \"b\" : 2,\n  \"c\" : 3\n}")
        XCTAssertEqual(try edited(pretty) { $0.removeMember("b", from: $1); $0.setMember("a", to: "1", in: $1) }, "{\n  \"a\" : 1,\n  \"d\" : 4\n}")
        // One member: a comma and the whitespace before its name; none: the member alone.
        XCTAssertEqual(try edited("{\n    \"m\": 1\n}") { $0.setMember("z", to: "2", in: $1) }, "{\n    \"m\": 1,\n    \"z\" : 2\n}")
        XCTAssertEqual(try edited("{\"m\":1}") { $0.setMember("a", to: "2", in: $1) }, "{\"a\" : 2,\"m\":1}")
        XCTAssertEqual(try edited("{ }") { $0.setMember("a", to: "[]", in: $1) }, "{\"a\" : [] }")
        XCTAssertEqual(try edited("{}") { $0.setMember("b", to: "2", in: $1); $0.setMember("a", to: "1", in: $1) }, "{\"a\" : 1,\"b\" : 2}")
        // Every member replaced by a new one.
        XCTAssertEqual(try edited("{\"x\": 1}") { $0.removeMember("x", from: $1); $0.setMember("y", to: "2", in: $1) }, "{\"y\" : 2}")
        // Another tool's order: before the first member whose name sorts after it.
        XCTAssertEqual(try edited(#"{"z":1,"a":2}"#) { $0.setMember("m", to: "3", in: $1) }, #"{"m" : 3,"z":1,"a":2}"#)
        // Names that need escaping are written escaped.
        XCTAssertEqual(try edited("{}") { $0.setMember("q\"\n", to: "1", in: $1) }, #"{"q\"\n" : 1}"#)
    }

    /// A name is a name however it is written, and used twice it is set once for all.
    func testEscapedAndRepeatedNames() throws {
        XCTAssertEqual(try edited(#"{"id":1,"sel\u0065ction":2}"#) { $0.setMember("selection", to: "3", in: $1) }, #"{"id":1,"sel\u0065ction":3}"#)
        XCTAssertEqual(try edited(#"{"id":1,"sel\u0065ction":2}"#) { $0.removeMember("selection", from: $1) }, #"{"id":1}"#)
        XCTAssertEqual(try edited(#"{"\u00e9t\u00e9":1,"f":2}"#) { $0.setMember("eu", to: "0", in: $1) }, #"{"eu" : 0,"\u00e9t\u00e9":1,"f":2}"#,
            "é (C3 A9) sorts after every ASCII letter")
        XCTAssertEqual(try edited(#"{"a":1,"b":2,"a":3}"#) { $0.setMember("a", to: "9", in: $1) }, #"{"b":2,"a":9}"#)
        XCTAssertEqual(try edited(#"{"a":1,"b":2,"a":3}"#) { $0.removeMember("a", from: $1) }, #"{"b":2}"#)
    }

    func testReplacingValuesAndEditingInsideOneNode() throws {
        let text = #"{"list": [1, 2.50, {"k": "v"}], "n": 1e3}"#
        XCTAssertEqual(try edited(text, at: ["list", "1"]) { $0.replace($1, with: "7") }, #"{"list": [1, 7, {"k": "v"}], "n": 1e3}"#)
        XCTAssertEqual(try edited(text, at: ["list", "2"]) { $0.replace($1, with: .array([.null])) }, #"{"list": [1, 2.50, [null]], "n": 1e3}"#)
        let document = try JSONDocument(text)
        var editor = JSONEditor(document)
        let object = try XCTUnwrap(document.node(at: ["list", "2"]))
        editor.setMember("a", to: "0", in: object)
        editor.replace(try XCTUnwrap(document.root["n"]), with: "5")
        XCTAssertEqual(editor.edited(object), #"{"a" : 0,"k": "v"}"#, "only what is inside the node")
        XCTAssertEqual(String(decoding: editor.edited(), as: UTF8.self), #"{"list": [1, 2.50, {"a" : 0,"k": "v"}], "n": 5}"#)
        XCTAssertTrue(JSONEditor(document).isEmpty)
        XCTAssertEqual(JSONEditor(document).edited(), document.bytes)
    }

    /// Many objects edited at once, in any order of asking.
    func testEditsAcrossManyObjects() throws {
        let items = (0..<50).map { #"{"id":"\#($0)","n":\#($0)}"# }
        let document = try JSONDocument("[" + items.joined(separator: ",\n ") + "]")
        var editor = JSONEditor(document)
        for element in document.root.elements.reversed() where element["n"]!.int! % 3 == 0 {
            editor.setMember("m", to: "true", in: element)
            editor.removeMember("id", from: element)
        }
        let result = try JSONDocument(editor.edited())
        XCTAssertEqual(result.root.count, 50)
        for (index, element) in result.root.elements.enumerated() {
            XCTAssertEqual(element["n"]?.int, index)
            XCTAssertEqual(element["m"]?.bool, index % 3 == 0 ? true : nil)
            XCTAssertEqual(element["id"]?.string, index % 3 == 0 ? nil : String(index))
        }
    }
}
