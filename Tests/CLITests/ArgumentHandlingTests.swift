import Foundation
import XCTest

/// What a user meets on a bad command line: one line, exit 2, nothing on stdout.
final class ArgumentHandlingTests: XCTestCase {
    func testUnknownOptionSuggests() throws {
        let run = try Vitrine.run(["scan", "--jbos", "2", "."])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stdout.isEmpty)
        XCTAssertEqual(run.stderrLines, ["vitrine: error: unknown option '--jbos' (did you mean '--jobs'?) (see 'vitrine scan --help')"])
    }

    func testBadValueAndMissingInput() throws {
        XCTAssertEqual(try Vitrine.run(["scan", "--order", "nme", "."]).status, 2)
        XCTAssertEqual(try Vitrine.run(["scan", "--jobs", "0", "."]).status, 2)
        let missing = try Vitrine.run(["scan"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("missing argument INPUT"), missing.stderr)
    }

    func testHelpAndVersion() throws {
        let help = try Vitrine.run(["scan", "--help"])
        XCTAssertEqual(help.status, 0)
        for option in ["--order", "--cyclic", "--initial-index", "--jobs", "--timeout", "--max-pixels", "--hash", "--ndjson"] {
            XCTAssertTrue(help.stdoutText.contains(option), option)
        }
        XCTAssertEqual(try Vitrine.run(["help", "scan"]).stdout, help.stdout)
        let version = try Vitrine.run(["--version"])
        XCTAssertTrue(version.stdoutText.hasPrefix("vitrine 0."), version.stdoutText)
        let bare = try Vitrine.run([])
        XCTAssertEqual(bare.status, 2)
        XCTAssertTrue(bare.stdout.isEmpty)
        XCTAssertTrue(bare.stderr.contains("USAGE: vitrine"))
        let root = try Vitrine.run(["--help"])
        XCTAssertTrue(root.stdoutText.contains("scan"))
        XCTAssertFalse(root.stdoutText.contains("__worker"))
    }
}
