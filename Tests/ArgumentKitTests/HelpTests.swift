import XCTest
@testable import ArgumentKit

final class HelpTests: XCTestCase {
    var scanHelp: String { ArgumentParser.help(for: ["vitrine", "scan"], root: Fixtures.root) }
    var rootHelp: String { ArgumentParser.help(for: ["vitrine"], root: Fixtures.root) }

    func testScanHelpExact() {
        let expected = """
        USAGE: vitrine scan [options] INPUT...

        Scan folders for images.

        ARGUMENTS:
          INPUT...            Files or folders to scan

        OPTIONS:
          -j, --jobs N        Number of parallel jobs (default: 2)
          -o, --order ORDER   Sort order (one of: name, natural, date) (default: name)
          -s, --size SIZE     Thumbnail size
          -x, --exclude GLOB  Skip matching files (repeatable)
              --quality Q     JPEG quality
              --label TEXT    Gallery label
              --hash          Compute content hashes
          -v, --verbose       Print more
          -q, --quiet         Print less
          -h, --help          Show help information.

        Folders are scanned recursively; '-' reads paths from stdin.
        """
        XCTAssertEqual(scanHelp, expected)
    }

    func testUsageLine() {
        XCTAssertTrue(scanHelp.hasPrefix("USAGE: vitrine scan [options] INPUT...\n"))
        XCTAssertTrue(rootHelp.hasPrefix("USAGE: vitrine [options] COMMAND\n"))
        let build = ArgumentParser.help(for: ["vitrine", "build"], root: Fixtures.root)
        XCTAssertTrue(build.hasPrefix("USAGE: vitrine build [options] INPUT [OUTPUT]\n"))
        let list = ArgumentParser.help(for: ["vitrine", "cache", "list"], root: Fixtures.root)
        XCTAssertTrue(list.hasPrefix("USAGE: vitrine cache list [options] [PATTERN...]\n"))
    }

    func testRootHelpListsSubcommandsButNotHidden() {
        let help = rootHelp
        XCTAssertTrue(help.contains("SUBCOMMANDS:\n"))
        XCTAssertTrue(help.contains("  scan "))
        XCTAssertTrue(help.contains("Scan folders for images."))
        XCTAssertTrue(help.contains("  cache "))
        XCTAssertTrue(help.contains("  help "))
        XCTAssertFalse(help.contains("debug"))
        XCTAssertFalse(help.contains("Internal diagnostics."))
        XCTAssertTrue(help.contains("See 'vitrine help COMMAND' for details on a command."))
        XCTAssertTrue(help.hasSuffix("Run 'vitrine scan' first."))
    }

    func testRootHelpListsVersionAndHelp() {
        XCTAssertTrue(rootHelp.contains("-h, --help "))
        XCTAssertTrue(rootHelp.contains("    --version "))
        XCTAssertFalse(scanHelp.contains("--version"))
    }

    func testHelpAlwaysPresentEvenWithoutOptions() {
        let help = ArgumentParser.help(for: ["tool"], root: CommandSpec(name: "tool", abstract: "A tool."))
        XCTAssertEqual(help, "USAGE: tool [options]\n\nA tool.\n\nOPTIONS:\n  -h, --help  Show help information.")
    }

    func testNoSubcommandSectionWithoutSubcommands() {
        XCTAssertFalse(scanHelp.contains("SUBCOMMANDS"))
        XCTAssertFalse(rootHelp.contains("ARGUMENTS"))
    }

    func testSectionOrder() {
        let help = rootHelp
        let usage = help.range(of: "USAGE:")!.lowerBound
        let abstract = help.range(of: "Build static image galleries.")!.lowerBound
        let options = help.range(of: "OPTIONS:")!.lowerBound
        let commands = help.range(of: "SUBCOMMANDS:")!.lowerBound
        let discussion = help.range(of: "Run 'vitrine scan' first.")!.lowerBound
        XCTAssertTrue(usage < abstract && abstract < options && options < commands && commands < discussion)
    }

    func testHelpForPathWithoutRootNameAndUnknownName() {
        XCTAssertEqual(ArgumentParser.help(for: ["scan"], root: Fixtures.root), scanHelp)
        XCTAssertEqual(ArgumentParser.help(for: ["vitrine", "nope"], root: Fixtures.root), rootHelp)
    }

    func testHiddenCommandHasItsOwnHelp() {
        XCTAssertTrue(parseHelp(["help", "debug"])?.hasPrefix("USAGE: vitrine debug [options]\n") ?? false)
    }

    func testLongHelpIsWrappedAt80Columns() {
        let long = String(repeating: "lorem ipsum dolor ", count: 12)
        let root = CommandSpec(name: "tool", abstract: "A tool.", options: [
            .flag("wordy", short: "w", help: long),
            .value("a-really-long-option-name", placeholder: "VALUE", help: "Short help"),
        ])
        let help = ArgumentParser.help(for: ["tool"], root: root)
        for line in help.split(separator: "\n") {
            XCTAssertLessThanOrEqual(line.count, 80, "too long: \(line)")
            XCTAssertFalse(line.hasSuffix(" "), "trailing space: \(line)")
        }
        // The label too long for the column puts its help on the next line, aligned.
        XCTAssertTrue(help.contains("      --a-really-long-option-name VALUE\n"))
        let lines = help.split(separator: "\n").map(String.init)
        let wordy = lines.firstIndex { $0.hasPrefix("  -w, --wordy") }!
        let column = lines[wordy].range(of: "lorem")!.lowerBound.utf16Offset(in: lines[wordy])
        let pad = String(repeating: " ", count: column)
        XCTAssertTrue(lines[wordy + 1].hasPrefix(pad + "dolor"))
        XCTAssertTrue(lines.contains(pad + "Short help"))
    }

    func testHelpOutcomeMatchesHelpFunction() {
        XCTAssertEqual(parseHelp(["cache", "clear", "--help"]),
                       ArgumentParser.help(for: ["vitrine", "cache", "clear"], root: Fixtures.root))
    }
}
