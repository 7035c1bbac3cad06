import XCTest
@testable import ArgumentKit

enum Fixtures {
    /// The fixtures' options, read back as typed values.
    enum Keys {
        static let jobs = Option.value("jobs", short: "j", placeholder: "N", .integer(in: 1...256),
                                       defaultDescription: "2", help: "Number of parallel jobs")
        static let order = Option.value("order", short: "o", placeholder: "ORDER", .choice(["name", "natural", "date"]),
                                        defaultDescription: "name", help: "Sort order")
        static let size = Option.value("size", short: "s", placeholder: "SIZE", .size, help: "Thumbnail size")
        static let exclude = Option.repeatable("exclude", short: "x", placeholder: "GLOB", .string, help: "Skip matching files")
        static let quality = Option.value("quality", placeholder: "Q", .number(in: 0...1), help: "JPEG quality")
        static let label = Option.value("label", placeholder: "TEXT", .string, help: "Gallery label")
        static let hash = Option.flag("hash", help: "Compute content hashes")
        static let verbose = Option.flag("verbose", short: "v", help: "Print more")
        static let quiet = Option.flag("quiet", short: "q", help: "Print less")
        static let force = Option.flag("force", short: "f", help: "Overwrite output")
        static let all = Option.flag("all", short: "a", help: "Also delete metadata")
        static let color = Option.flag("color", help: "Colorize output")
        static let config = Option.value("config", short: "c", placeholder: "FILE", .string, help: "Configuration file")
    }

    static let scan = CommandSpec(
        name: "scan",
        abstract: "Scan folders for images.",
        discussion: "Folders are scanned recursively; '-' reads paths from stdin.",
        options: OptionSpec.list(Keys.jobs, Keys.order, Keys.size, Keys.exclude, Keys.quality, Keys.label, Keys.hash,
            Keys.verbose, Keys.quiet),
        positionals: [PositionalSpec(name: "INPUT", help: "Files or folders to scan", arity: .oneOrMore)])

    static let build = CommandSpec(
        name: "build",
        abstract: "Build the gallery.",
        options: OptionSpec.list(Keys.force),
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
                        options: OptionSpec.list(Keys.all)),
            CommandSpec(name: "list", abstract: "List cached thumbnails.",
                        positionals: [PositionalSpec(name: "PATTERN", help: "Filter", arity: .zeroOrMore)]),
        ])

    static let root = CommandSpec(
        name: "vitrine",
        abstract: "Build static image galleries.",
        discussion: "Run 'vitrine scan' first.",
        version: "1.2.0",
        options: OptionSpec.list(Keys.color, Keys.config),
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
