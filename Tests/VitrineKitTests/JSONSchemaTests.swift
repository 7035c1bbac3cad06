import Foundation
import VitrineKit
import XCTest

/// vitrine's JSON Schema validator beyond the official suite: what it refuses to load, the
/// words and pointers of its failures, and its pattern matcher on the manifest schema's own
/// patterns.
final class JSONSchemaTests: XCTestCase {
    func failures(_ schema: String, _ value: String) throws -> [String] {
        try JSONSchema(schema).failures(in: JSONDocument(value).root).map(\.description)
    }

    func testRefusesWhatItDoesNotImplement() {
        let refused: [(String, String)] = [
            (#"{"properties": {"a": {"minimun": 1}}}"#, "#/properties/a/minimun: 'minimun' is not a keyword this validator implements"),
            (#"{"format": "date-time"}"#, "#/format: 'format' is not a keyword this validator implements"),
            (#"{"$schema": "http://json-schema.org/draft-07/schema#"}"#, "#/$schema: only draft 2020-12 (https://json-schema.org/draft/2020-12/schema) is read"),
            (##"{"$ref": "#"}"##, "#: applies itself to the same value in a loop ($ref)"),
            (##"{"$defs": {"a": {"allOf": [{"$ref": "#/$defs/a"}]}}}"##, "#/$defs/a: applies itself to the same value in a loop ($ref)"),
            (##"{"$ref": "#/$defs/missing"}"##, "#/$ref: '#/$defs/missing' points at nothing"),
            (#"{"pattern": "^(?=a)"}"#, "#/pattern: not a pattern vitrine can use: at character 2: lookaround is not supported"),
            (#"{"type": "int"}"#, "#/type: not a type name or a list of them (null, boolean, object, array, number, string, integer)"),
            (#"{"minLength": -1}"#, "#/minLength: not a non-negative integer"),
            (#"{"required": ["a", "a"]}"#, "#/required: not an array of distinct strings"),
            (#"{"items": [{}]}"#, "#/items: an array of schemas is 'prefixItems' in draft 2020-12"),
            (#"{"properties": {"a": {"$id": "x"}}}"#, "#/properties/a/$id: '$id' is taken at the root only"),
            ("[]", "#: a schema is an object or a boolean, not an array"),
        ]
        for (schema, message) in refused {
            XCTAssertThrowsError(try JSONSchema(schema), schema) { XCTAssertEqual("\($0)", message) }
        }
    }

    /// The manifest's schema loads (the validator implements every keyword it uses), and
    /// a keyword it does not know added to it would stop it loading.
    func testTheManifestSchemaLoadsAndCannotOutgrowTheValidator() throws {
        XCTAssertNoThrow(try JSONSchema(ManifestSchema.text))
        XCTAssertTrue(ManifestSchema.compiled.isValid(try JSONDocument(Data(try Manifest().encoded())).root))
        let grown = ManifestSchema.text.replacingOccurrences(of: #""pages": { "type": "integer", "minimum": 2 }"#,
            with: #""pages": { "type": "integer", "minimum": 2, "multipleOf": 2 }"#)
        XCTAssertNotEqual(grown, ManifestSchema.text)
        XCTAssertThrowsError(try JSONSchema(grown)) {
            XCTAssertEqual("\($0)", "#/$defs/item/properties/pages/multipleOf: 'multipleOf' is not a keyword this validator implements")
        }
    }

    func testFailuresSayWhereAndWhat() throws {
        let schema = #"""
            {"type": "object", "required": ["width", "kind"], "additionalProperties": false,
             "properties": {
               "width": {"type": "integer", "minimum": 1},
               "kind": {"enum": ["image", "video"]},
               "sha": {"type": "string", "pattern": "^[0-9a-f]{4}$"},
               "tags": {"type": "array", "minItems": 1, "uniqueItems": true, "items": {"type": "string", "minLength": 1}},
               "place": {"type": "object", "dependentRequired": {"latitude": ["longitude"]}},
               "caption": {"not": {"anyOf": [{"required": ["markup"]}, {"required": ["custom"]}]}},
               "path": {"not": {"pattern": "^/"}}
             }}
            """#
        XCTAssertEqual(try failures(schema, #"""
            {"width": -5, "kind": "pdf", "sha": "xyz", "tags": ["a", "", "a"], "place": {"latitude": 1},
             "caption": {"custom": {}}, "path": "/etc", "extra/~": 1}
            """#), [
            "/width: is -5, should be at least 1",
            "/kind: is \"pdf\", should be one of \"image\", \"video\"",
            "/sha: is \"xyz\", should match /^[0-9a-f]{4}$/",
            "/tags/1: is \"\", should be at least 1 character long",
            "/tags/2: is \"a\", the same as element 0 (elements should differ)",
            "/place/longitude: missing (required with 'latitude')",
            "/caption: should not have 'markup' or 'custom'",
            "/path: is \"/etc\", should not match /^//",
            "/extra~1~0: is not a member this object may have",
        ])
        XCTAssertEqual(try failures(schema, #"{"width": 2.5}"#), ["/width: is 2.5, should be an integer", "/kind: missing (required)"])
        XCTAssertEqual(try failures(schema, #"{"width": 2.0, "kind": "image"}"#), [], "2.0 is an integer")
        XCTAssertEqual(try failures(schema, #"{"width": [], "kind": "image"}"#), ["/width: is an array, should be an integer"])
        XCTAssertEqual(try failures(#"{"type": ["string", "null"]}"#, "1"), ["is 1, should be a string or null"])
        let long = String(repeating: "x", count: 60)
        XCTAssertEqual(try failures(#"{"const": "a"}"#, "\"\(long)\""), ["is \"\(long.prefix(36))…, should be \"a\""])
    }

    /// Names are compared as their characters (escapes decoded); of a name given twice, the
    /// last counts, as lookups and Python's json read it.
    func testNamesAreCharactersAndTheLastDuplicateCounts() throws {
        let schema = #"{"properties": {"width": {"minimum": 1}}, "additionalProperties": false}"#
        XCTAssertEqual(try failures(schema, #"{"\u0077idth": 0}"#), ["/width: is 0, should be at least 1"])
        XCTAssertEqual(try failures(schema, #"{"width": 0, "width": 3}"#), [])
        XCTAssertEqual(try failures(schema, #"{"width": 3, "width": 0}"#), ["/width: is 0, should be at least 1"])
    }

    /// Numbers are compared by value, exactly, whatever their text.
    func testNumbersAreExact() throws {
        XCTAssertEqual(try failures(#"{"maximum": 90}"#, "90.0000000000000000000001"), ["is 90.0000000000000000000001, should be at most 90"])
        XCTAssertEqual(try failures(#"{"maximum": 90}"#, "9e1"), [])
        XCTAssertEqual(try failures(#"{"minimum": -1e400}"#, "-1e401"), ["is -1e401, should be at least -1e400"])
        XCTAssertEqual(try failures(#"{"enum": [1, 2]}"#, "1.0"), [])
        XCTAssertEqual(try failures(#"{"const": {"a": [1, "x"]}}"#, #"{"a": [1e0, "\u0078"]}"#), [])
    }

    /// The manifest schema's patterns, on strings each side of them.
    func testPatternsOfTheManifestSchema() throws {
        let table: [(String, [String], [String])] = [
            ("^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)*$", ["a", "beach/dsc-0042", "a-b/c-d-e/f"], ["", "A", "a--b", "a/", "/a", "a\n", "é"]),
            ("(^/)|(^|/)\\.\\.(/|$)", ["/etc", "..", "a/..", "../a", "a/../b"], ["a..b", "a/b", "...", "a/...", ""]),
            ("^[0-9]+ of [0-9]+$", ["1 of 7", "100000 of 100000"], ["1 of", " 1 of 2", "1 of 2\n", "١ of 2"]),
            ("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$", ["2024-06-01T12:00:00"], ["yesterday", "2024-06-01 12:00:00", "2024-06-01T12:00:0"]),
            ("^([0-9]+:[0-5][0-9]:[0-5][0-9]|[0-9]+:[0-5][0-9])$", ["0:05", "1:00:59", "123:59"], ["0:60", "1:5", ":05", "1:00:5"]),
            ("^[0-9a-f]{64}$", [String(repeating: "a0", count: 32)], ["xyz", String(repeating: "a", count: 63), String(repeating: "A", count: 64)]),
            ("^[A-Za-z0-9+/]+={0,2}$", ["YQ==", "abc+/9"], ["", "YQ===", "Y Q", "=="]),
            ("^[0-9A-Za-z#$%*+,\\-.:;=?@\\[\\]^_{|}~]{6,}$", ["LEHV6nWB2yk8pyo0adR*.7kCMdnj", "[]^_{|"], ["short", "abcdé1", "abc def"]),
            ("^([0-9]+x[0-9]+|[0-9]+|x[0-9]+)$", ["256x256", "256", "x256"], ["x", "256x", "a256"]),
            ("^[^\\n]*$", ["one line", "", "tab\there"], ["two\nlines", "end\n"]),
            ("^vitrine ", ["vitrine 0.1.0"], ["vitrine", "other 1.0", " vitrine 1"]),
            ("^[1-9][0-9]*/[1-9][0-9]*$", ["1/2", "10/10"], ["0/0", "", "1/0", "01/2"]),
        ]
        for (source, matching, other) in table {
            let pattern = try ECMAPattern(source)
            for text in matching { XCTAssertTrue(pattern.matches(text), "\(source) should match \(text.debugDescription)") }
            for text in other { XCTAssertFalse(pattern.matches(text), "\(source) should not match \(text.debugDescription)") }
        }
    }

    func testPatternSyntax() throws {
        let matches: [(String, String, Bool)] = [
            ("a|", "x", true), ("^(a|b)*c$", "ababc", true), ("^(a|b)*c$", "abab", false), ("^.$", "😀", true),
            ("^.$", "\n", false), ("^[^a]$", "😀", true), ("^\\u{1F600}$", "😀", true), ("^\\uD83D\\uDE00$", "😀", true),
            ("^\\x41\\u0042\\cJ$", "AB\n", true), ("^a{2,3}$", "aaaa", false), ("^a{2,}?$", "aaaa", true), ("^(?:ab)+$", "abab", true),
            ("^(?<year>[0-9]{4})$", "2024", true), ("[\\d-]", "-", true), ("^[\\w]+$", "é", false), ("^\\s$", "\u{3000}", true),
            ("^[]$", "a", false), ("^[^]$", "\n", true), ("\\/", "a/b", true), ("^\\0$", "\0", true),
        ]
        for (source, text, expected) in matches {
            XCTAssertEqual(try ECMAPattern(source).matches(text), expected, "\(source) on \(text.debugDescription)")
        }
        let refused: [(String, String)] = [
            ("(?!a)", "at character 1: lookaround is not supported"), ("(a)\\1", "at character 4: backreferences are not supported"),
            ("\\bword", "at character 1: word boundaries (\\b, \\B) are not supported"),
            ("\\p{L}", "at character 1: Unicode property escapes (\\p{…}) are not supported"),
            ("a{2,1}", "at character 1: {2,1}: the larger count comes first"), ("a{", "at character 3: '{' is not a quantifier (write '\\{' for the character)"),
            ("a**", "at character 3: nothing to repeat"), ("[z-a]", "at character 5: range out of order in character class"),
            ("(a", "at character 1: unmatched '('"), ("a)", "at character 2: unmatched ')'"), ("\\q", "at character 1: '\\q' is not an escape"),
            ("a{1001}", "at character 7: a count over 1000 is not supported"), ("]", "at character 1: ']' must be escaped"),
            ("(a|b)*a(a|b){20}", "at character 1: needs more than 4096 automaton states"),
        ]
        for (source, message) in refused {
            XCTAssertThrowsError(try ECMAPattern(source), source) { XCTAssertEqual("\($0)", message, source) }
        }
    }

    /// No backtracking: a pattern that takes a backtracking matcher exponential time is one
    /// pass here.
    func testPatternsRunInLinearTime() throws {
        let pattern = try ECMAPattern("^(a+)+$")
        let text = String(repeating: "a", count: 100_000) + "!"
        let start = Date()
        XCTAssertFalse(pattern.matches(text))
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
    }
}
