import Foundation
import XCTest

/// The man pages state the defaults `--help` prints, which come from the options' declarations
/// (issue 25, item 3). A default that is one value (`6`, `240x240`, `dz`) is written in the
/// option's entry as `(default VALUE)`, or `(default VALUE; …)` / `(default VALUE, …)` with more
/// after it; a default computed or described in words (`columns x 8`, the number of cores) is
/// left to the page's prose. An entry that defers to another page ("as for vitrine-tiles(1)")
/// is checked there.
final class ManPageDefaultsTests: XCTestCase {
    static let commands = ["scan", "thumbs", "tiles", "sheet", "build", "select", "export", "page", "manifest get"]

    /// Long option name → the default `--help` shows for it, when it has one.
    func helpDefaults(_ command: String) throws -> [String: String] {
        let run = try Vitrine.run(command.split(separator: " ").map(String.init) + ["--help"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let text = run.stdoutText
        guard let start = text.range(of: "OPTIONS:\n") else { return [:] }
        let section = text[start.upperBound...].components(separatedBy: "\n\n")[0]
        let entries = try NSRegularExpression(pattern: #"\n(?=  (?:-|    -))"#)
            .stringByReplacingMatches(in: "\n" + section, range: NSRange(location: 0, length: section.utf16.count + 1), withTemplate: "\u{1}")
            .split(separator: "\u{1}")
        var defaults: [String: String] = [:]
        for entry in entries {
            let flat = entry.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard let name = flat.firstMatch(of: /--([a-z0-9-]+)/)?.1,
                  let value = flat.firstMatch(of: /\(default: (.*?)\)(?: \(repeatable\))?$/)?.1 else { continue }
            defaults[String(name)] = String(value)
        }
        return defaults
    }

    /// Long option name → the text of its entry in the page's OPTIONS section, as rendered.
    func manEntries(_ page: String) throws -> [String: String] {
        let path = Repository.root.appendingPathComponent("man/\(page).1").path
        let text = try Program.output("groff", ["-man", "-K", "utf8", "-T", "utf8", "-rLL=5000n", "-rHY=0", "-P-cbou", path])
        var entries: [String: String] = [:]
        var current: [String] = []
        var inOptions = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("OPTIONS") { inOptions = true; continue }
            guard inOptions else { continue }
            if let first = line.first, first.isUppercase { break }
            if line.hasPrefix(String(repeating: " ", count: 7) + "-") {
                current = line.matches(of: /--([a-z0-9-]+)/).map { String($0.1) }
                for name in current where entries[name] == nil { entries[name] = "" }
            } else if line.hasPrefix(String(repeating: " ", count: 14)) {
                for name in current { entries[name, default: ""] += " " + line.trimmingCharacters(in: .whitespaces) }
            }
        }
        return entries
    }

    func testEveryOneValueDefaultIsStatedInTheManPage() throws {
        var checked = 0
        for command in Self.commands {
            let page = "vitrine-" + command.split(separator: " ")[0]
            let entries = try manEntries(page)
            XCTAssertFalse(entries.isEmpty, "\(page): no OPTIONS entries read")
            for (name, value) in try helpDefaults(command) where !value.contains(" ") {
                guard let entry = entries[name]?.split(whereSeparator: \.isWhitespace).joined(separator: " "), !entry.isEmpty,
                      entry.firstMatch(of: /\b[Aa]s (for )?(--\S+ (and --\S+ )?of )?vitrine-\w+\(1\)/) == nil
                else { continue }
                checked += 1
                let stated = ["(default \(value))", "(default \(value);", "(default \(value),"].contains { entry.contains($0) }
                XCTAssertTrue(stated, "\(page): --\(name)'s entry does not say (default \(value)), as 'vitrine \(command) --help' does: \(entry)")
            }
        }
        XCTAssertGreaterThan(checked, 40, "the defaults were read")
    }
}
