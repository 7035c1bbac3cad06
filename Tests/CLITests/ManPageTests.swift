import Foundation
import XCTest

/// The man pages and the parser agree: every option a command declares is documented in the
/// OPTIONS section of its page (with its short name beside it), every option a page's OPTIONS
/// section lists exists, and every page renders without a groff warning. The declarations are
/// read from `vitrine completion bash`, which prints them as tables.
final class ManPageTests: XCTestCase {
    /// Command path ('' for the top, 'manifest get'…) → its spellings (`--jobs -j --quiet…`).
    private func declaredOptions() throws -> [String: [String]] {
        let run = try Vitrine.run(["completion", "bash"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let script = run.stdoutText
        let table = try XCTUnwrap(script.range(of: "_vitrine_options() {").map { script[$0.upperBound...] })
        var options: [String: [String]] = [:]
        for line in table.split(separator: "\n") {
            if line == "}" { break }
            let parts = line.split(separator: "'", omittingEmptySubsequences: false)
            guard parts.count >= 4, line.contains(") echo '") else { continue }
            options[String(parts[1])] = parts[3].split(separator: " ").map(String.init)
        }
        XCTAssertGreaterThan(options.count, 10, "the option table was read")
        return options
    }

    private func page(for command: String) -> String {
        let top = command.split(separator: " ").first.map(String.init)
        return Repository.root.appendingPathComponent("man/" + (top.map { "vitrine-\($0).1" } ?? "vitrine.1")).path
    }

    /// The page's text with roff's escapes for dashes and fonts removed, and its OPTIONS
    /// section's tag lines (the line after each `.TP`).
    private func read(_ path: String) throws -> (options: String, tags: [String]) {
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: #"\-"#, with: "-").replacingOccurrences(of: #"\&"#, with: "")
            .replacingOccurrences(of: #"\\f[BIRP]"#, with: "", options: .regularExpression)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: ".SH OPTIONS") else { return ("", []) }
        let section = lines[(start + 1)...].prefix { !$0.hasPrefix(".SH ") }
        let tags = zip(section, section.dropFirst()).filter { $0.0 == ".TP" }.map(\.1)
        return (section.joined(separator: "\n"), tags)
    }

    private func spellings(in line: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #"(?<![\w-])--?[a-z0-9][a-z0-9-]*"#)
        return regex.matches(in: line, range: NSRange(line.startIndex..., in: line)).map { String(line[Range($0.range, in: line)!]) }
    }

    func testEveryDeclaredOptionIsDocumentedAndEveryDocumentedOneExists() throws {
        let declared = try declaredOptions()
        var pages: [String: Set<String>] = [:]
        for (command, options) in declared { pages[page(for: command), default: []].formUnion(options) }
        for (command, options) in declared.sorted(by: { $0.key < $1.key }) {
            let path = page(for: command)
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), "'vitrine \(command)' has no page \(path)")
            let (section, tags) = try read(path)
            let longs = options.filter { $0.hasPrefix("--") && $0 != "--help" }
            for long in longs {
                XCTAssertTrue(spellings(in: section).contains(long), "\(path): OPTIONS does not document \(long) of 'vitrine \(command)'")
            }
            // A short name is given beside its long one, in the same tag: this page's, or for the
            // options a page lists "as for vitrine-scan(1)", the scan page's.
            let scanTags = try read(page(for: "scan")).tags
            for (long, short) in zip(options, options.dropFirst()) where long.hasPrefix("--") && !short.hasPrefix("--") && short != "-h" {
                let tag = tags.first { spellings(in: $0).contains(long) } ?? scanTags.first { spellings(in: $0).contains(long) }
                XCTAssertTrue(tag.map { spellings(in: $0).contains(short) } ?? false, "\(path): \(long)'s tag does not give \(short)")
            }
        }
        for (path, known) in pages {
            for tag in try read(path).tags {
                for spelling in spellings(in: tag) where spelling.hasPrefix("--") {
                    XCTAssertTrue(known.contains(spelling), "\(path): OPTIONS lists \(spelling), which no command of the page declares")
                }
            }
        }
    }

    /// Every page has the sections a man page reader looks for.
    func testEveryPageHasTheUsualSections() throws {
        let folder = Repository.root.appendingPathComponent("man").path
        for page in try FileManager.default.contentsOfDirectory(atPath: folder).filter({ $0.hasSuffix(".1") }) {
            let sections = try String(contentsOfFile: folder + "/" + page, encoding: .utf8).split(separator: "\n")
                .filter { $0.hasPrefix(".SH ") }.map { String($0.dropFirst(4)) }
            let wanted = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "EXAMPLES", "SEE ALSO"]
            XCTAssertEqual(wanted.filter { !sections.contains($0) }, [], page)
        }
    }

    /// Every page renders with groff's warnings on (`-ww`) without one.
    func testEveryPageRendersWithoutWarnings() throws {
        let folder = Repository.root.appendingPathComponent("man").path
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".1") }.sorted()
        XCTAssertGreaterThanOrEqual(pages.count, 11)
        for page in pages {
            let run = try Program.run("groff", ["-man", "-ww", "-z", "-K", "utf8", "-T", "utf8", folder + "/" + page])
            XCTAssertEqual(run.status, 0, page)
            XCTAssertEqual(run.stderr, "", page)
        }
    }
}
