import XCTest
@testable import ArgumentKit

enum Fixtures {
    static let scan = CommandSpec(
        name: "scan",
        abstract: "Scan folders for images.",
        discussion: "Folders are scanned recursively; '-' reads paths from stdin.",
        options: [
            .value("jobs", short: "j", placeholder: "N", type: .integer(in: 1...256),
                   defaultDescription: "2", help: "Number of parallel jobs"),
            .value("order", short: "o", placeholder: "ORDER", type: .choice(["name", "natural", "date"]),
                   defaultDescription: "name", help: "Sort order"),
            .value("size", short: "s", placeholder: "SIZE", type: .size, help: "Thumbnail size"),
            .value("exclude", short: "x", placeholder: "GLOB", repeatable: true, help: "Skip matching files"),
            .value("quality", placeholder: "Q", type: .number(in: 0...1), help: "JPEG quality"),
            .value("label", placeholder: "TEXT", help: "Gallery label"),
            .flag("hash", help: "Compute content hashes"),
            .flag("verbose", short: "v", help: "Print more"),
            .flag("quiet", short: "q", help: "Print less"),
        ],
        positionals: [PositionalSpec(name: "INPUT", help: "Files or folders to scan", arity: .oneOrMore)])

    static let build = CommandSpec(
        name: "build",
        abstract: "Build the gallery.",
        options: [.flag("force", short: "f", help: "Overwrite output")],
        positionals: [
            PositionalSpec(name: "INPUT", help: "Catalog file"),
            PositionalSpec(name: "OUTPUT", help: "Output folder", arity: .optional),
        ])

    static let debug = CommandSpec(name: "debug", abstract: "Internal diagnostics.", hidden: true)

    static let cache = CommandSpec(
        name: "cache",
        abstract: "Manage the thumbnail cache.",
        subcommands: [
            CommandSpec(name: "clear", abstract: "Delete cached thumbnails.",
                        options: [.flag("all", short: "a", help: "Also delete metadata")]),
            CommandSpec(name: "list", abstract: "List cached thumbnails.",
                        positionals: [PositionalSpec(name: "PATTERN", help: "Filter", arity: .zeroOrMore)]),
        ])

    static let root = CommandSpec(
        name: "vitrine",
        abstract: "Build static image galleries.",
        discussion: "Run 'vitrine scan' first.",
        version: "1.2.0",
        options: [.flag("color", help: "Colorize output"),
                  .value("config", short: "c", placeholder: "FILE", help: "Configuration file")],
        subcommands: [scan, build, cache, debug])
}

/// Parses and expects `.run`.
func parseRun(_ args: [String], root: CommandSpec = Fixtures.root,
              file: StaticString = #filePath, line: UInt = #line) -> ParsedCommand? {
    do {
        if case let .run(command) = try ArgumentParser.parse(args, root: root) { return command }
        XCTFail("expected .run for \(args)", file: file, line: line)
    } catch {
        XCTFail("unexpected error '\(error.message)' for \(args)", file: file, line: line)
    }
    return nil
}

/// Parses and expects `.help`.
func parseHelp(_ args: [String], root: CommandSpec = Fixtures.root,
               file: StaticString = #filePath, line: UInt = #line) -> String? {
    do {
        if case let .help(text) = try ArgumentParser.parse(args, root: root) { return text }
        XCTFail("expected .help for \(args)", file: file, line: line)
    } catch {
        XCTFail("unexpected error '\(error.message)' for \(args)", file: file, line: line)
    }
    return nil
}

/// Parses and expects an error.
func parseError(_ args: [String], root: CommandSpec = Fixtures.root,
                file: StaticString = #filePath, line: UInt = #line) -> ArgumentError? {
    do {
        let outcome = try ArgumentParser.parse(args, root: root)
        XCTFail("expected an error for \(args), got \(outcome)", file: file, line: line)
    } catch {
        return error
    }
    return nil
}

/// Asserts the exact error message (and optionally the command path).
func assertError(_ args: [String], _ message: String, path: [String]? = nil, root: CommandSpec = Fixtures.root,
                 file: StaticString = #filePath, line: UInt = #line) {
    guard let error = parseError(args, root: root, file: file, line: line) else { return }
    XCTAssertEqual(error.message, message, file: file, line: line)
    XCTAssertFalse(error.message.contains("\n"), file: file, line: line)
    if let path { XCTAssertEqual(error.commandPath, path, file: file, line: line) }
}
