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

final class TypedPositionalTests: XCTestCase {
    private let root = CommandSpec(name: "prog", abstract: "", positionals: [
        PositionalSpec(name: "SHELL", help: "", type: .choice(["bash", "zsh", "fish"])),
    ])

    func testAChoiceIsCheckedAndNearMissesSuggested() throws {
        guard case .run(let command) = try ArgumentParser.parse(["zsh"], root: root) else { return XCTFail("not a run") }
        XCTAssertEqual(command.positionals, ["zsh"])
        XCTAssertThrowsError(try ArgumentParser.parse(["bsh"], root: root)) { error in
            XCTAssertEqual((error as? ArgumentError)?.message, "invalid value 'bsh' for SHELL: expected one of bash, zsh, fish (did you mean 'bash'?)")
        }
        XCTAssertThrowsError(try ArgumentParser.parse(["powershell"], root: root)) { error in
            XCTAssertEqual((error as? ArgumentError)?.message, "invalid value 'powershell' for SHELL: expected one of bash, zsh, fish")
        }
    }
}

final class CompletionScriptTests: XCTestCase {
    func testValuesCompleteByChoicesThenPlaceholder() {
        XCTAssertEqual(CompletionScript.completion(of: .value("order", placeholder: "ORDER", type: .choice(["a", "b"]), help: "")), .choices(["a", "b"]))
        XCTAssertEqual(CompletionScript.completion(of: .value("config", placeholder: "FILE", help: "")), .files)
        XCTAssertEqual(CompletionScript.completion(of: .value("output", placeholder: "DIR", help: "")), .directories)
        XCTAssertEqual(CompletionScript.completion(of: .value("jobs", placeholder: "N", help: "")), .anything)
        XCTAssertNil(CompletionScript.completion(of: .flag("quiet", help: "")))
    }

    func testQuotingForShAndFish() {
        XCTAssertEqual(CompletionScript.quoted("it's"), #"'it'\''s'"#)
        XCTAssertEqual(CompletionScript.fishQuoted(#"it's a\b"#), #"'it\'s a\\b'"#)
    }

    /// Hidden commands are not offered; `help` is, beside the subcommands.
    func testHiddenCommandsAreLeftOut() {
        let root = CommandSpec(name: "prog", abstract: "", subcommands: [
            CommandSpec(name: "shown", abstract: "Shown."), CommandSpec(name: "secret", abstract: "", hidden: true),
        ])
        for shell in CompletionScript.Shell.allCases {
            let script = CompletionScript.script(for: shell, root: root)
            XCTAssertTrue(script.contains("shown"), shell.rawValue)
            XCTAssertFalse(script.contains("secret"), shell.rawValue)
        }
        XCTAssertTrue(CompletionScript.script(for: .bash, root: root).contains("'') echo 'shown help' ;;"))
    }
}
