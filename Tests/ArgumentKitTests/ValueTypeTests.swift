import XCTest
@testable import ArgumentKit

final class ValueTypeTests: XCTestCase {
    func testNames() {
        XCTAssertEqual(ValueType.integer(in: 1...256).name, "an integer from 1 to 256")
        XCTAssertEqual(ValueType.integer(in: 1...Int.max).name, "an integer of at least 1")
        XCTAssertEqual(ValueType.number(in: 0...1).name, "a number from 0 to 1")
        XCTAssertEqual(ValueType.number(in: 0.5...2.25).name, "a number from 0.5 to 2.25")
        XCTAssertEqual(ValueType.choice(["a", "b"]).name, "one of a, b")
        XCTAssertEqual(ValueType.size.name, "a size like 256x256, 256 or x256")
    }

    func testIntegerValidate() {
        let type = ValueType.integer(in: -5...5)
        XCTAssertNil(type.validate("-5"))
        XCTAssertNil(type.validate("+3"))
        XCTAssertEqual(type.validate("6"), "")
        XCTAssertEqual(type.validate("1.0"), "")
        XCTAssertEqual(type.validate(" 1"), "")
    }

    func testChoiceValidate() {
        let type = ValueType.choice(["name", "natural", "date"])
        XCTAssertNil(type.validate("date"))
        XCTAssertEqual(type.validate("Date"), "did you mean 'date'?")
        XCTAssertEqual(type.validate("nat"), "did you mean 'natural'?")
        XCTAssertEqual(type.validate("xyz"), "")
        XCTAssertEqual(type.choices, ["name", "natural", "date"])
        XCTAssertNil(ValueType.string.choices)
    }

    func testDimensionsParsing() {
        XCTAssertEqual(Dimensions(parsing: "256x128"), Dimensions(width: 256, height: 128))
        XCTAssertEqual(Dimensions(parsing: "256"), Dimensions(width: 256, height: nil))
        XCTAssertEqual(Dimensions(parsing: "x256"), Dimensions(width: nil, height: 256))
        XCTAssertEqual(Dimensions(parsing: "64X64"), Dimensions(width: 64, height: 64))
        for bad in ["", "x", "256x", "0x5", "5x0", "-5", "+5", "1x2x3", "a", "1.5", "99999999999999999999"] {
            XCTAssertNil(Dimensions(parsing: bad), bad)
            XCTAssertNotNil(ValueType.size.validate(bad), bad)
        }
        XCTAssertEqual(Dimensions(width: 3, height: nil).description, "3")
        XCTAssertEqual(Dimensions(width: nil, height: 4).description, "x4")
        XCTAssertEqual(Dimensions(width: 3, height: 4).description, "3x4")
    }

    func testConfigurationProblems() {
        let bad = CommandSpec(name: "tool", abstract: "", version: "1", options: [
            .flag("help", help: ""), .flag("version", help: ""), .flag("a", short: "h", help: ""),
            .flag("b", short: "b", help: ""), .flag("b", short: "b", help: ""),
        ], positionals: [PositionalSpec(name: "X", help: "")],
           subcommands: [CommandSpec(name: "sub", abstract: "", version: "2")])
        let problems = bad.configurationProblems()
        XCTAssertTrue(problems.contains("tool: '--help' is reserved"))
        XCTAssertTrue(problems.contains("tool: '--version' is reserved"))
        XCTAssertTrue(problems.contains("tool: '-h' is reserved for help"))
        XCTAssertTrue(problems.contains("tool: '--b' declared more than once"))
        XCTAssertTrue(problems.contains("tool: '-b' declared more than once"))
        XCTAssertTrue(problems.contains("tool: a command with subcommands cannot take positionals"))
        XCTAssertTrue(problems.contains("tool sub: only the root command can have a version"))
    }

    func testArgumentErrorHint() {
        let error = ArgumentError("missing argument INPUT", commandPath: ["vitrine", "scan"])
        XCTAssertEqual(error.description, "missing argument INPUT")
        XCTAssertEqual(error.helpHint, "see 'vitrine scan --help'")
    }
}

final class SuggestionTests: XCTestCase {
    func testLevenshtein() {
        XCTAssertEqual(Suggestion.distance("", ""), 0)
        XCTAssertEqual(Suggestion.distance("", "abc"), 3)
        XCTAssertEqual(Suggestion.distance("kitten", "sitting"), 3)
        XCTAssertEqual(Suggestion.distance("scna", "scan"), 2)
        XCTAssertEqual(Suggestion.distance("nme", "name"), 1)
        XCTAssertEqual(Suggestion.distance("flaw", "lawn"), 2)
    }

    func testClosest() {
        XCTAssertEqual(Suggestion.closest(to: "scna", among: ["build", "scan"]), "scan")
        XCTAssertEqual(Suggestion.closest(to: "bui", among: ["build", "scan"]), "build")
        XCTAssertEqual(Suggestion.closest(to: "scanner", among: ["build", "scan"]), "scan")
        XCTAssertNil(Suggestion.closest(to: "zzzz", among: ["build", "scan"]))
        XCTAssertNil(Suggestion.closest(to: "x", among: ["y"]))
        XCTAssertNil(Suggestion.closest(to: "", among: ["scan"]))
        // Closest wins; ties go to the earlier candidate.
        XCTAssertEqual(Suggestion.closest(to: "dat", among: ["date", "data"]), "date")
        XCTAssertEqual(Suggestion.closest(to: "na", among: ["natural", "name"]), "name")
        XCTAssertEqual(Suggestion.closest(to: "nat", among: ["name", "natural"]), "natural")
    }
}
