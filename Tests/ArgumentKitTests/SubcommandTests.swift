import XCTest
@testable import ArgumentKit

final class SubcommandTests: XCTestCase {
    func testFixtureSpecIsSound() {
        XCTAssertEqual(Fixtures.root.configurationProblems(), [])
    }

    func testSelectsSubcommand() {
        let command = parseRun(["scan", "photos"])
        XCTAssertEqual(command?.path, ["vitrine", "scan"])
        XCTAssertEqual(command?.spec.name, "scan")
        XCTAssertEqual(command?.positionals, ["photos"])
    }

    func testNestedSubcommand() {
        let command = parseRun(["cache", "clear", "-a"])
        XCTAssertEqual(command?.path, ["vitrine", "cache", "clear"])
        XCTAssertEqual(command?[Fixtures.Keys.all], true)
    }

    func testHiddenSubcommandStillParses() {
        XCTAssertEqual(parseRun(["debug"])?.path, ["vitrine", "debug"])
    }

    func testUnknownSubcommandSuggests() {
        assertError(["scna"], "unknown command 'scna' (did you mean 'scan'?)", path: ["vitrine"])
    }

    func testUnknownSubcommandSuggestsPrefix() {
        assertError(["ca"], "unknown command 'ca' (did you mean 'cache'?)")
    }

    func testUnknownSubcommandWithoutSuggestion() {
        assertError(["zzzzzz"], "unknown command 'zzzzzz'")
    }

    func testHiddenSubcommandIsNotSuggested() {
        assertError(["debg"], "unknown command 'debg'")
    }

    func testUnknownNestedSubcommandHasNestedPath() {
        assertError(["cache", "lst"], "unknown command 'lst' (did you mean 'list'?)", path: ["vitrine", "cache"])
    }

    func testNoCommandGivesRootHelp() {
        XCTAssertEqual(parseHelp([]), ArgumentParser.help(for: ["vitrine"], root: Fixtures.root))
        XCTAssertEqual(parseHelp(["--color"]), ArgumentParser.help(for: ["vitrine"], root: Fixtures.root))
    }

    func testNoNestedCommandGivesThatLevelsHelp() {
        XCTAssertEqual(parseHelp(["cache"]), ArgumentParser.help(for: ["vitrine", "cache"], root: Fixtures.root))
    }

    func testHelpCommand() {
        XCTAssertEqual(parseHelp(["help"]), ArgumentParser.help(for: ["vitrine"], root: Fixtures.root))
        XCTAssertEqual(parseHelp(["help", "scan"]), ArgumentParser.help(for: ["vitrine", "scan"], root: Fixtures.root))
        XCTAssertEqual(parseHelp(["help", "cache", "clear"]),
                       ArgumentParser.help(for: ["vitrine", "cache", "clear"], root: Fixtures.root))
        XCTAssertEqual(parseHelp(["cache", "help", "list"]),
                       ArgumentParser.help(for: ["vitrine", "cache", "list"], root: Fixtures.root))
    }

    func testHelpCommandUnknownName() {
        assertError(["help", "nope"], "unknown command 'nope'", path: ["vitrine"])
        assertError(["help", "scna"], "unknown command 'scna' (did you mean 'scan'?)")
    }

    func testHelpOptionAnywhere() {
        let scanHelp = ArgumentParser.help(for: ["vitrine", "scan"], root: Fixtures.root)
        XCTAssertEqual(parseHelp(["--help"]), ArgumentParser.help(for: ["vitrine"], root: Fixtures.root))
        XCTAssertEqual(parseHelp(["scan", "--help"]), scanHelp)
        XCTAssertEqual(parseHelp(["scan", "photos", "-h"]), scanHelp)
        XCTAssertEqual(parseHelp(["scan", "-vh"]), scanHelp)
        // Help wins over mistakes elsewhere on the line.
        XCTAssertEqual(parseHelp(["scan", "--bogus", "--jobs", "abc", "-h"]), scanHelp)
        XCTAssertEqual(parseHelp(["scan", "--jobs", "--help"]), scanHelp)
        // Option values are not mistaken for subcommands.
        XCTAssertEqual(parseHelp(["--config", "scan", "-h"]), ArgumentParser.help(for: ["vitrine"], root: Fixtures.root))
    }

    func testHelpAfterDoubleDashIsPositional() {
        XCTAssertEqual(parseRun(["scan", "--", "--help", "-h"])?.positionals, ["--help", "-h"])
    }

    func testHelpRejectsValue() {
        assertError(["scan", "--help=x"], "option '--help' does not take a value")
    }

    func testVersion() throws {
        guard case .version(let version) = try ArgumentParser.parse(["--version"], root: Fixtures.root) else {
            return XCTFail("expected .version")
        }
        XCTAssertEqual(version, "1.2.0")
    }

    func testVersionOnlyAtRoot() {
        assertError(["scan", "--version"], "unknown option '--version'", path: ["vitrine", "scan"])
    }

    func testVersionNeedsVersionString() {
        let root = CommandSpec(name: "tool", abstract: "A tool.")
        assertError(["--version"], "unknown option '--version'", root: root)
    }

    func testRootOptionsBeforeSubcommandAreKept() {
        let command = parseRun(["--color", "-c", "v.toml", "scan", "a"])
        XCTAssertEqual(command?[Fixtures.Keys.color], true)
        XCTAssertEqual(command?[Fixtures.Keys.config], "v.toml")
    }

    func testRootOptionAfterSubcommandIsUnknown() {
        assertError(["scan", "--color", "a"], "unknown option '--color'", path: ["vitrine", "scan"])
    }

    func testHelpWordIsPositionalWithoutSubcommands() {
        XCTAssertEqual(parseRun(["scan", "help"])?.positionals, ["help"])
    }
}
