import Foundation
import VitrineKit
import XCTest

/// The official JSON-Schema-Test-Suite's draft 2020-12 cases for the keywords ``JSONSchema``
/// implements (files under Tests/Support/JSON-Schema-Test-Suite, with their source and
/// licence): every case gives the suite's verdict, reporting or not, except the groups in
/// ``skipped``, each with its reason; those that use something not implemented must be refused
/// when loading, not half-checked.
final class JSONSchemaSuiteTests: XCTestCase {
    static let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Support/JSON-Schema-Test-Suite/draft2020-12")

    enum Skip {
        /// The schema uses something the validator does not implement (the first text): loading
        /// must fail with a message that says so (the second).
        case refused(String, String)
    }

    /// Groups left out: file, the group's description, why.
    static let skipped: [(file: String, group: String, why: Skip)] = [
        ("additionalProperties.json", "additionalProperties with propertyNames", .refused("propertyNames is not implemented", "'propertyNames' is not a keyword")),
        ("allOf.json", "allOf combined with anyOf, oneOf", .refused("multipleOf is not implemented", "'multipleOf' is not a keyword")),
        ("if-then-else.json", "if and else without then", .refused("multipleOf is not implemented", "'multipleOf' is not a keyword")),
        ("if-then-else.json", "validate against correct branch, then vs else", .refused("multipleOf is not implemented", "'multipleOf' is not a keyword")),
        ("if-then-else.json", "non-interference across combined schemas", .refused("multipleOf is not implemented", "'multipleOf' is not a keyword")),
        ("not.json", "collect annotations inside a 'not', even if collection is disabled", .refused("unevaluatedProperties is not implemented", "'unevaluatedProperties' is not a keyword")),
        ("optional/ecmascript-regex.json", "patterns always use unicode semantics with pattern", .refused("Unicode property escapes in patterns are not implemented", "Unicode property escapes")),
        ("optional/ecmascript-regex.json", "pattern with non-ASCII digits", .refused("Unicode property escapes in patterns are not implemented", "Unicode property escapes")),
        ("optional/ecmascript-regex.json", "patterns always use unicode semantics with patternProperties", .refused("Unicode property escapes in patterns are not implemented", "Unicode property escapes")),
        ("optional/ecmascript-regex.json", "patternProperties with non-ASCII digits", .refused("Unicode property escapes in patterns are not implemented", "Unicode property escapes")),
        ("pattern.json", "pattern with Unicode property escape requires unicode mode", .refused("Unicode property escapes in patterns are not implemented", "Unicode property escapes")),
        ("patternProperties.json", "patternProperties with Unicode property escape", .refused("Unicode property escapes in patterns are not implemented", "Unicode property escapes")),
        ("ref.json", "remote ref, containing refs itself", .refused("a $ref to another document (the metaschema)", "only references inside this schema")),
        ("ref.json", "Recursive references between schemas", .refused("$id below the root, and a relative $ref", "only references inside this schema")),
        ("ref.json", "ref creates new scope when adjacent to keywords", .refused("unevaluatedProperties is not implemented", "'unevaluatedProperties' is not a keyword")),
        ("ref.json", "refs with relative uris and defs", .refused("$id below the root (embedded resources)", "'$id' is taken at the root only")),
        ("ref.json", "relative refs with absolute uris and defs", .refused("$id below the root (embedded resources)", "'$id' is taken at the root only")),
        ("ref.json", "$id must be resolved against nearest parent, not just immediate parent", .refused("$id below the root (embedded resources)", "'$id' is taken at the root only")),
        ("ref.json", "order of evaluation: $id and $ref", .refused("a $ref resolved against another document's URI", "only references inside this schema")),
        ("ref.json", "order of evaluation: $id and $anchor and $ref", .refused("$anchor and plain-name fragments", "anchors are not supported")),
        ("ref.json", "order of evaluation: $id and $ref on nested schema", .refused("a $ref resolved against another document's URI", "only references inside this schema")),
        ("ref.json", "URN base URI with URN and anchor ref", .refused("$anchor and plain-name fragments", "anchors are not supported")),
        ("ref.json", "URN ref with nested pointer ref", .refused("a $ref to the URI of an $id below the root", "only references inside this schema")),
        ("ref.json", "ref to if", .refused("a $ref to the URI of an $id below the root", "only references inside this schema")),
        ("ref.json", "ref to then", .refused("a $ref to the URI of an $id below the root", "only references inside this schema")),
        ("ref.json", "ref to else", .refused("a $ref to the URI of an $id below the root", "only references inside this schema")),
        ("ref.json", "ref with absolute-path-reference", .refused("$id below the root (embedded resources)", "'$id' is taken at the root only")),
    ]

    func testSuite() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.suite.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 30)
        var cases = 0, groupsSkipped = Set<String>()
        for file in files {
            let document = try JSONDocument(Data(contentsOf: Self.suite.appendingPathComponent(file)))
            for group in document.root.elements {
                let title = try XCTUnwrap(group["description"]?.string)
                let schemaText = try XCTUnwrap(group["schema"]).text
                if let skip = Self.skipped.first(where: { $0.file == file && $0.group == title }) {
                    groupsSkipped.insert(file + ": " + title)
                    switch skip.why {
                    case .refused(_, let words):
                        XCTAssertThrowsError(try JSONSchema(schemaText), "\(file): \(title): should be refused") { error in
                            XCTAssertTrue("\(error)".contains(words), "\(file): \(title): \(error)")
                        }
                    }
                    continue
                }
                let schema: JSONSchema
                do { schema = try JSONSchema(schemaText) } catch {
                    XCTFail("\(file): \(title): \(error)")
                    continue
                }
                for test in try XCTUnwrap(group["tests"]).elements {
                    let data = try XCTUnwrap(test["data"])
                    let expected = try XCTUnwrap(test["valid"]?.bool)
                    let name = "\(file): \(title): \(test["description"]?.string ?? "")"
                    XCTAssertEqual(schema.isValid(data), expected, name)
                    let failures = schema.failures(in: data)
                    XCTAssertEqual(failures.isEmpty, expected, "\(name) (reporting): \(failures)")
                    cases += 1
                }
            }
        }
        XCTAssertEqual(groupsSkipped.count, Self.skipped.count, "every skipped group is in the suite")
        print("JSON-Schema-Test-Suite: \(cases) cases checked, \(groupsSkipped.count) groups skipped")
    }
}
