import XCTest
@testable import ArgumentKit

final class PositionalTests: XCTestCase {
    func testOneOrMoreMissing() {
        assertError(["scan"], "missing argument INPUT", path: ["vitrine", "scan"])
        assertError(["scan", "-v"], "missing argument INPUT")
    }

    func testOneOrMoreCollectsAll() {
        let command = parseRun(["scan", "a", "b", "c"])
        XCTAssertEqual(command?.positionals(named: "INPUT"), ["a", "b", "c"])
    }

    func testOneAndOptional() {
        let one = parseRun(["build", "cat.json"])
        XCTAssertEqual(one?.positional("INPUT"), "cat.json")
        XCTAssertNil(one?.positional("OUTPUT"))
        let two = parseRun(["build", "cat.json", "site"])
        XCTAssertEqual(two?.positional("OUTPUT"), "site")
    }

    func testMissingRequired() {
        assertError(["build"], "missing argument INPUT", path: ["vitrine", "build"])
    }

    func testTooMany() {
        assertError(["build", "a", "b", "x"], "unexpected argument 'x'", path: ["vitrine", "build"])
        assertError(["cache", "clear", "x"], "unexpected argument 'x'", path: ["vitrine", "cache", "clear"])
    }

    func testZeroOrMore() {
        XCTAssertEqual(parseRun(["cache", "list"])?.positionals(named: "PATTERN"), [])
        XCTAssertEqual(parseRun(["cache", "list", "a", "b"])?.positionals(named: "PATTERN"), ["a", "b"])
    }

    func testVariadicLeavesRoomForLaterRequired() {
        let root = CommandSpec(name: "cp", abstract: "Copy.", positionals: [
            PositionalSpec(name: "SOURCE", help: "", arity: .oneOrMore),
            PositionalSpec(name: "DEST", help: ""),
        ])
        let command = parseRun(["a", "b", "c"], root: root)
        XCTAssertEqual(command?.positionals(named: "SOURCE"), ["a", "b"])
        XCTAssertEqual(command?.positional("DEST"), "c")
        assertError(["a"], "missing argument DEST", root: root)
        assertError([], "missing argument SOURCE", root: root)
    }

    func testRootWithoutSubcommandsTakesPositionals() {
        let root = CommandSpec(name: "tool", abstract: "A tool.",
                               positionals: [PositionalSpec(name: "FILE", help: "", arity: .optional)])
        XCTAssertEqual(parseRun(["help"], root: root)?.positional("FILE"), "help")
        XCTAssertEqual(parseRun([], root: root)?.positionals, [])
    }

    func testPositionalAfterDoubleDashAtSubcommandLevelIsUnexpected() {
        assertError(["--", "scan"], "unexpected argument 'scan'", path: ["vitrine"])
    }
}
