import XCTest
@testable import ArgumentKit

/// Options declared once as typed keys and read back as their type (issue 25, item 3).
final class TypedOptionTests: XCTestCase {
    enum Order: String, CaseIterable, Sendable { case name, natural, date }

    static let jobs = Option.value("jobs", short: "j", placeholder: "N", .integer(in: 1...256), default: 2, help: "parallel jobs")
    static let order = Option.value("order", placeholder: "ORDER", .choice, default: Order.natural, help: "sort order")
    static let label = Option.value("label", placeholder: "TEXT", .string, help: "a label")
    static let ratio = Option.value("ratio", placeholder: "R", .number(in: 0...1), defaultDescription: "columns / 8", help: "a ratio")
    static let size = Option.value("size", placeholder: "SIZE", .size, help: "a box")
    static let exclude = Option.repeatable("exclude", short: "x", placeholder: "GLOB", .string, help: "skip these")
    static let verbose = Option.flag("verbose", short: "v", help: "say more")
    static let even = Option.value("even", placeholder: "N", .custom(name: "an even number") { Int($0).flatMap { $0 % 2 == 0 ? $0 : nil } },
        help: "an even number")

    static let spec = CommandSpec(name: "run", abstract: "Run.",
        options: OptionSpec.list(jobs, order, label, ratio, size, exclude, verbose, even),
        positionals: [PositionalSpec(name: "INPUT", help: "inputs", arity: .zeroOrMore)])
    static let root = CommandSpec(name: "tool", abstract: "A tool.", subcommands: [spec])

    func parse(_ arguments: [String]) throws -> ParsedCommand {
        guard case .run(let command) = try ArgumentParser.parse(["run"] + arguments, root: Self.root) else {
            throw ArgumentError("not a run", commandPath: [])
        }
        return command
    }

    func testValuesReadAsTheirDeclaredTypes() throws {
        let command = try parse(["-j", "8", "--order", "date", "--label", "x", "--ratio", "0.5", "--size", "x64",
            "-x", "a", "--exclude", "b", "-vv", "--even", "4"])
        let jobs: Int = command[Self.jobs]
        let order: Order = command[Self.order]
        XCTAssertEqual(jobs, 8)
        XCTAssertEqual(order, .date)
        XCTAssertEqual(command[Self.label], "x")
        XCTAssertEqual(command[Self.ratio], 0.5)
        XCTAssertEqual(command[Self.size], Dimensions(width: nil, height: 64))
        XCTAssertEqual(command[Self.exclude], ["a", "b"])
        XCTAssertTrue(command[Self.verbose])
        XCTAssertEqual(command.count(Self.verbose), 2)
        XCTAssertEqual(command[Self.even], 4)
    }

    func testAbsentOptionsReadAsTheirDefaults() throws {
        let command = try parse([])
        XCTAssertEqual(command[Self.jobs], 2)
        XCTAssertEqual(command[Self.order], .natural)
        XCTAssertNil(command[Self.label])
        XCTAssertNil(command[Self.ratio])
        XCTAssertEqual(command[Self.exclude], [])
        XCTAssertFalse(command[Self.verbose])
        XCTAssertFalse(command.isPresent(Self.jobs), "a default is not given")
    }

    func testTheDeclarationIsTheHelp() {
        let help = ArgumentParser.help(for: ["tool", "run"], root: Self.root).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        XCTAssertTrue(help.contains("parallel jobs (default: 2)"), help)
        XCTAssertTrue(help.contains("sort order (one of: name, natural, date) (default: natural)"), help)
        XCTAssertTrue(help.contains("a ratio (default: columns / 8)"), "a computed default is described: \(help)")
        XCTAssertTrue(help.contains("skip these (repeatable)"), help)
        XCTAssertEqual(Self.spec.configurationProblems(), [])
    }

    func testTheDeclaredTypeChecksTheCommandLine() {
        XCTAssertThrowsError(try parse(["--order", "dat"])) {
            XCTAssertEqual(($0 as? ArgumentError)?.message,
                "invalid value 'dat' for '--order': expected one of name, natural, date (did you mean 'date'?)")
        }
        XCTAssertThrowsError(try parse(["--even", "3"])) {
            XCTAssertEqual(($0 as? ArgumentError)?.message, "invalid value '3' for '--even': expected an even number")
        }
    }

    /// A configuration file's options are added by name, checked as the command line is, and
    /// the command line's own value wins (the caller leaves given ones out).
    func testOptionsAddedByName() throws {
        let command = try parse(["-x", "c"])
            .adding("jobs", values: ["16"]).adding("verbose", values: []).adding("exclude", values: ["a", "b"])
        XCTAssertEqual(command[Self.jobs], 16)
        XCTAssertTrue(command[Self.verbose])
        XCTAssertEqual(command[Self.exclude], ["a", "b", "c"], "the file's come before the command line's")
        XCTAssertEqual(command.occurrences.first, ParsedCommand.Occurrence(long: "exclude", value: "a"))
        XCTAssertTrue(command.occurrences.last?.isOccurrence(of: Self.exclude) ?? false)

        XCTAssertThrowsError(try parse([]).adding("jbos", values: ["1"])) {
            XCTAssertEqual(($0 as? ArgumentError)?.message, "unknown option '--jbos'")
        }
        XCTAssertThrowsError(try parse([]).adding("jobs", values: ["1000"])) {
            XCTAssertEqual(($0 as? ArgumentError)?.message, "invalid value '1000' for '--jobs': expected an integer from 1 to 256")
        }
        XCTAssertThrowsError(try parse(["-j", "3"]).adding("jobs", values: ["4"])) {
            XCTAssertEqual(($0 as? ArgumentError)?.message, "option '--jobs' given more than once")
        }
    }
}
