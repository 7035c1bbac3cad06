import XCTest
@testable import ArgumentKit

final class OptionTests: XCTestCase {
    func testLongOptionWithSeparateValue() {
        XCTAssertEqual(parseRun(["scan", "--jobs", "4", "a"])?[Fixtures.Keys.jobs], 4)
    }

    func testLongOptionWithEqualsValue() {
        let command = parseRun(["scan", "--jobs=4", "--label=a=b", "a"])
        XCTAssertEqual(command?[Fixtures.Keys.jobs], 4)
        XCTAssertEqual(command?[Fixtures.Keys.label], "a=b")
    }

    func testEmptyInlineValueIsAValue() {
        XCTAssertEqual(parseRun(["scan", "--label=", "a"])?[Fixtures.Keys.label], "")
        assertError(["scan", "--jobs=", "a"], "invalid value '' for '--jobs': expected an integer from 1 to 256")
    }

    func testShortOptionWithSeparateAndAttachedValue() {
        XCTAssertEqual(parseRun(["scan", "-j", "4", "a"])?[Fixtures.Keys.jobs], 4)
        XCTAssertEqual(parseRun(["scan", "-j4", "a"])?[Fixtures.Keys.jobs], 4)
        XCTAssertEqual(parseRun(["scan", "-j=4", "a"])?[Fixtures.Keys.jobs], 4)
    }

    func testBundledShortFlags() {
        let command = parseRun(["scan", "-vq", "a"])
        XCTAssertEqual(command?[Fixtures.Keys.verbose], true)
        XCTAssertEqual(command?[Fixtures.Keys.quiet], true)
        XCTAssertEqual(command?[Fixtures.Keys.hash], false)
    }

    func testBundleEndingInValueOptionTakesNextWord() {
        let command = parseRun(["scan", "-vj", "4", "a"])
        XCTAssertEqual(command?[Fixtures.Keys.verbose], true)
        XCTAssertEqual(command?[Fixtures.Keys.jobs], 4)
        XCTAssertEqual(command?.positionals, ["a"])
    }

    func testBundleEndingInValueOptionTakesRest() {
        let command = parseRun(["scan", "-vqj16", "a"])
        XCTAssertEqual(command?[Fixtures.Keys.quiet], true)
        XCTAssertEqual(command?[Fixtures.Keys.jobs], 16)
    }

    func testFlagRejectsValue() {
        assertError(["scan", "--hash=yes", "a"], "option '--hash' does not take a value", path: ["vitrine", "scan"])
    }

    func testFlagCount() {
        let command = parseRun(["scan", "-vv", "--verbose", "a"])
        XCTAssertEqual(command?.count(Fixtures.Keys.verbose), 3)
        XCTAssertEqual(command?.count(Fixtures.Keys.quiet), 0)
    }

    func testMissingValueAtEnd() {
        assertError(["scan", "a", "--jobs"], "option '--jobs' expects a value", path: ["vitrine", "scan"])
        assertError(["scan", "a", "-j"], "option '--jobs' expects a value")
        assertError(["scan", "a", "-vj"], "option '--jobs' expects a value")
    }

    func testMissingValueBeforeAnotherOption() {
        assertError(["scan", "--jobs", "--hash", "a"], "option '--jobs' expects a value")
        assertError(["scan", "-j", "-v", "a"], "option '--jobs' expects a value")
        assertError(["scan", "--label", "--", "a"], "option '--label' expects a value")
        assertError(["scan", "--label", "-x", "a"], "option '--label' expects a value")
        // A negative number is a value, not an option.
        XCTAssertEqual(parseRun(["scan", "--label", "-5", "a"])?[Fixtures.Keys.label], "-5")
    }

    func testDashIsAValidValueAndPositional() {
        let command = parseRun(["scan", "--label", "-", "-"])
        XCTAssertEqual(command?[Fixtures.Keys.label], "-")
        XCTAssertEqual(command?.positionals, ["-"])
    }

    func testDashValueViaEquals() {
        XCTAssertEqual(parseRun(["scan", "--label=-5", "a"])?[Fixtures.Keys.label], "-5")
    }

    func testRepeatableCollectsInOrder() {
        let command = parseRun(["scan", "-x", "*.tmp", "a", "--exclude=*.bak", "-x.git"])
        XCTAssertEqual(command?[Fixtures.Keys.exclude], ["*.tmp", "*.bak", ".git"])
        XCTAssertEqual(command?[Fixtures.Keys.exclude].last, ".git")
        XCTAssertEqual(command?.count(Fixtures.Keys.exclude), 3)
    }

    func testNonRepeatableGivenTwice() {
        assertError(["scan", "--order", "name", "a", "-o", "date"], "option '--order' given more than once",
                    path: ["vitrine", "scan"])
    }

    func testIntegerValidation() {
        assertError(["scan", "--jobs", "abc", "a"], "invalid value 'abc' for '--jobs': expected an integer from 1 to 256")
        assertError(["scan", "-j0", "a"], "invalid value '0' for '--jobs': expected an integer from 1 to 256")
        assertError(["scan", "-j", "257", "a"], "invalid value '257' for '--jobs': expected an integer from 1 to 256")
        XCTAssertEqual(parseRun(["scan", "-j256", "a"])?[Fixtures.Keys.jobs], 256)
    }

    func testNumberValidation() {
        XCTAssertEqual(parseRun(["scan", "--quality", "0.85", "a"])?[Fixtures.Keys.quality], 0.85)
        assertError(["scan", "--quality", "1.5", "a"], "invalid value '1.5' for '--quality': expected a number from 0 to 1")
        assertError(["scan", "--quality=nan", "a"], "invalid value 'nan' for '--quality': expected a number from 0 to 1")
    }

    func testChoiceValidationWithSuggestion() {
        assertError(["scan", "--order", "nme", "a"],
                    "invalid value 'nme' for '--order': expected one of name, natural, date (did you mean 'name'?)")
    }

    func testChoiceValidationWithoutSuggestion() {
        assertError(["scan", "--order", "size", "a"],
                    "invalid value 'size' for '--order': expected one of name, natural, date")
        XCTAssertEqual(parseRun(["scan", "-o", "natural", "a"])?[Fixtures.Keys.order], "natural")
    }

    func testSizeValidation() {
        assertError(["scan", "--size", "0x5", "a"],
                    "invalid value '0x5' for '--size': expected a size like 256x256, 256 or x256")
        assertError(["scan", "-s", "big", "a"],
                    "invalid value 'big' for '--size': expected a size like 256x256, 256 or x256")
        XCTAssertEqual(parseRun(["scan", "-s", "x256", "a"])?[Fixtures.Keys.size], Dimensions(width: nil, height: 256))
        XCTAssertEqual(parseRun(["scan", "--size=640x480", "a"])?[Fixtures.Keys.size], Dimensions(width: 640, height: 480))
    }

    func testCustomTypeReason() {
        let hex = ValueType.custom(name: "a color like #ff8800") { $0.hasPrefix("#") ? nil : "missing '#'" }
        let color = Option.value("color", placeholder: "C", Conversion(hex) { $0 }, help: "")
        let root = CommandSpec(name: "tool", abstract: "A tool.", options: OptionSpec.list(color))
        assertError(["--color", "ff8800"], "invalid value 'ff8800' for '--color': expected a color like #ff8800 (missing '#')",
                    root: root)
        XCTAssertEqual(parseRun(["--color", "#ff8800"], root: root)?[color], "#ff8800")
    }

    func testUnknownLongOptionSuggests() {
        assertError(["scan", "--jbos", "4", "a"], "unknown option '--jbos' (did you mean '--jobs'?)", path: ["vitrine", "scan"])
        assertError(["scan", "--jbos=4", "a"], "unknown option '--jbos' (did you mean '--jobs'?)")
        assertError(["--verison"], "unknown option '--verison' (did you mean '--version'?)")
    }

    func testUnknownLongOptionWithoutSuggestion() {
        assertError(["scan", "--frobnicate", "a"], "unknown option '--frobnicate'")
    }

    func testUnknownShortOption() {
        assertError(["scan", "-z", "a"], "unknown option '-z'", path: ["vitrine", "scan"])
        assertError(["scan", "-vz", "a"], "unknown option '-z'")
    }

    func testSingleDashLongNameHint() {
        assertError(["scan", "-jobs", "4", "a"], "unknown option '-jobs' (did you mean '--jobs'?)")
    }

    func testDoubleDashEndsOptions() {
        let command = parseRun(["scan", "-v", "--", "-j", "--hash", "-"])
        XCTAssertEqual(command?.positionals, ["-j", "--hash", "-"])
        XCTAssertEqual(command?[Fixtures.Keys.hash], false)
        XCTAssertEqual(command?[Fixtures.Keys.verbose], true)
    }

    func testOptionsBeforeBetweenAndAfterPositionals() {
        let command = parseRun(["scan", "-v", "a", "--jobs", "3", "b", "--hash", "c"])
        XCTAssertEqual(command?.positionals, ["a", "b", "c"])
        XCTAssertEqual(command?[Fixtures.Keys.jobs], 3)
        XCTAssertEqual(command?[Fixtures.Keys.hash], true)
        XCTAssertEqual(command?.isPresent(Fixtures.Keys.verbose), true)
        XCTAssertEqual(command?.isPresent(Fixtures.Keys.order), false)
        XCTAssertNil(command?[Fixtures.Keys.order])
        XCTAssertEqual(command?[Fixtures.Keys.exclude], [])
    }

    func testStringValueMayLookLikeSubcommand() {
        XCTAssertEqual(parseRun(["--config", "scan", "build", "in"])?.path, ["vitrine", "build"])
    }
}

final class OccurrenceOrderTests: XCTestCase {
    func testOptionsAreKeptInCommandLineOrderAcrossNames() throws {
        let spec = CommandSpec(name: "tool", abstract: "t", options: [
            .value("add", placeholder: "X", repeatable: true, help: "a"),
            .value("remove", placeholder: "X", repeatable: true, help: "r"),
            .flag("clear", help: "c"),
        ], positionals: [PositionalSpec(name: "FILE", help: "f", arity: .one)])
        guard case .run(let parsed) = try ArgumentParser.parse(["--add", "7", "f", "--remove=2", "--clear", "--add", "9"], root: spec)
        else { return XCTFail() }
        XCTAssertEqual(parsed.occurrences, [
            .init(long: "add", value: "7"), .init(long: "remove", value: "2"), .init(long: "clear", value: nil),
            .init(long: "add", value: "9"),
        ])
    }
}

final class NegativeValueTests: XCTestCase {
    func testNegativeNumbersAreValuesNotOptions() throws {
        let delta = Option.value("delta", placeholder: "D", .integer(in: -100...100), help: "d")
        let cyclic = Option.flag("cyclic", help: "c")
        let spec = CommandSpec(name: "tool", abstract: "t", options: OptionSpec.list(delta, cyclic))
        guard case .run(let parsed) = try ArgumentParser.parse(["--delta", "-7", "--cyclic"], root: spec) else { return XCTFail() }
        XCTAssertEqual(parsed[delta], -7)
        XCTAssertTrue(parsed[cyclic])
        XCTAssertThrowsError(try ArgumentParser.parse(["--delta", "--cyclic"], root: spec))
    }
}
