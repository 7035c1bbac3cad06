import Foundation
import XCTest

/// The library names settings, never flags; each command says a setting as its own option,
/// or as the key of vitrine.json when the value came from there (issue 42, "Settings, not flags,
/// in the library").
final class SettingNamesTests: TemporaryFolderTestCase {
    /// A run refused before any file is read: status 2, its one line of stderr, nothing written.
    func refused(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let output = folder + "/out-\(UUID().uuidString.prefix(8))"
        let run = try Vitrine.run(arguments + ["-o", output])
        XCTAssertEqual(run.status, 2, run.stderr, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), file: file, line: line)
        XCTAssertEqual(run.stderrLines.count, 1, run.stderr, file: file, line: line)
        return run.stderr
    }

    func testBuildNamesItsOwnFlagsForASheetAndATileSetting() throws {
        let sheet = try refused(["build", try coffeeSource(), "--sheet-cell", "8x8"])
        XCTAssertTrue(sheet.contains("error: --sheet-cell needs a width and a height of 16 to 16383 pixels, like 240x240 (got 8x8)"), sheet)
        let tile = try refused(["build", try coffeeSource(), "--tile-layout", "iiif", "--base-url", "ftp://example.org"])
        XCTAssertTrue(tile.contains("error: --base-url 'ftp://example.org' is not an http or https URL"), tile)
    }

    func testSheetNamesItsOwnFlagForTheSameSetting() throws {
        let sheet = try refused(["sheet", try coffeeSource(), "--cell", "8x8"])
        XCTAssertTrue(sheet.contains("error: --cell needs a width and a height of 16 to 16383 pixels, like 240x240 (got 8x8)"), sheet)
        XCTAssertFalse(sheet.contains("--sheet-"), sheet)
    }

    /// The same values from a source folder's vitrine.json, and from the file --config names:
    /// the message names the key and the file, not a flag the user did not type.
    func testAValueFromVitrineJSONIsNamedByItsKey() throws {
        let sheetSource = try coffeeSource(config: #"{"sheet-cell": "8x8"}"#)
        let sheet = try refused(["build", sheetSource])
        XCTAssertTrue(sheet.contains("error: 'sheet-cell' in \(sheetSource)/vitrine.json needs a width and a height of 16 to 16383 pixels"),
            sheet)
        XCTAssertFalse(sheet.contains("--sheet-cell"), sheet)

        let tileSource = try coffeeSource(config: #"{"tile-layout": "iiif3"}"#)
        let tile = try refused(["build", tileSource])
        XCTAssertTrue(tile.contains("error: 'tile-layout' in \(tileSource)/vitrine.json iiif3 needs --base-url URL (where SITE is served)"),
            tile)

        let config = folder + "/options.json"
        try Data(#"{"tile-layout": "iiif", "base-url": "https://example.org/g?x=1"}"#.utf8).write(to: URL(fileURLWithPath: config))
        let given = try refused(["build", try coffeeSource(), "--config", config])
        XCTAssertTrue(given.contains("error: 'base-url' in \(config) 'https://example.org/g?x=1' is not an http or https URL"), given)

        // The command line's own value is named by its flag, beside the file's.
        let both = try refused(["build", tileSource, "--base-url", "ftp://example.org"])
        XCTAssertTrue(both.contains("error: --base-url 'ftp://example.org' is not an http or https URL"), both)
    }

    /// A setting the scan checks (once it knows the items), from vitrine.json, and the
    /// folder a build will not overwrite, named by the option that would.
    func testScanAndSiteProblemsNameTheKeyOrBuildsFlag() throws {
        let source = try coffeeSource(config: #"{"initial-index": 9}"#)
        let run = try Vitrine.run(["build", source, "-o", folder + "/site"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("error: 'initial-index' in \(source)/vitrine.json 9 is out of range: the gallery has 1 items"),
            run.stderr)
        let scan = try Vitrine.run(["scan", "--initial-index", "9", source])
        XCTAssertTrue(scan.stderr.contains("error: --initial-index 9 is out of range"), scan.stderr)

        let site = folder + "/full"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: site + "/notes.txt"))
        let full = try Vitrine.run(["build", try self.coffeeSource(), "-o", site])
        XCTAssertEqual(full.status, 2, full.stderr)
        XCTAssertTrue(full.stderr.contains("(--overwrite builds into it all the same)"), full.stderr)
    }

    /// No string in VitrineKit spells a vitrine option (`--name`): the library's problems name
    /// settings, which the commands word. Other programs' arguments are listed by their line.
    func testVitrineKitSpellsNoOptionName() throws {
        let otherPrograms = [
            // setpriv(1)'s own option, in the command line that starts a worker.
            (file: "Work/ParentDeath.swift", text: #"["--pdeathsig", "KILL", "--", light.shell"#),
        ]
        let sources = Repository.root.appendingPathComponent("Sources/VitrineKit").path
        let option = try NSRegularExpression(pattern: #"--[a-z][a-z0-9-]*"#)
        var found: [String] = []
        var allowedSeen = Set<String>()
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: sources)).compactMap { $0 as? String }
        for file in files.sorted() where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                let spellsOption = option.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil
                guard !code.hasPrefix("//"), spellsOption else { continue }
                if let allowed = otherPrograms.first(where: { $0.file == file && code.contains($0.text) }) {
                    allowedSeen.insert(allowed.file + " " + allowed.text)
                    continue
                }
                found.append("\(file):\(number + 1): \(code)")
            }
        }
        XCTAssertEqual(found, [], found.joined(separator: "\n"))
        // A line listed here that no longer spells an option leaves the list.
        let stale = otherPrograms.map { $0.file + " " + $0.text }.filter { !allowedSeen.contains($0) }
        XCTAssertEqual(stale, [])
    }
}
