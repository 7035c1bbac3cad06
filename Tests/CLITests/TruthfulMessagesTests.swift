import Foundation
import XCTest

/// Messages a user can reach are sentences that name the file or the option (issue 39, "Also
/// seen"): no Swift enum syntax, and a limit said before the build begins rather than after.
final class TruthfulMessagesTests: TemporaryFolderTestCase {
    /// `vitrine build SRC -o ro/site` by a user who cannot write `ro/` printed
    /// `cannotCreate("ro/site", reason: "Permission denied")`. Run as `nobody` (root writes
    /// anywhere), from a copy of the binary that user may run.
    func testAnUnwritableSiteIsASentence() throws {
        let tools = folder + "/bin"
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Vitrine.executable.path, toPath: tools + "/vitrine")
        try FileManager.default.createDirectory(atPath: folder + "/ro", withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder + "/ro")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        let run = try Program.run("setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", tools + "/vitrine", "build",
            Repository.examples, "-o", folder + "/ro/site", "--no-video-copies"])
        XCTAssertEqual(run.status, 3, run.stderr)
        XCTAssertEqual(run.stderr, "vitrine: error: cannot create the output folder \(folder!)/ro/site: Permission denied\n")
    }

    /// A site whose state file's absolute path is longer than SQLite opens stopped with exit 3
    /// ("unable to open database file") once the build had begun; now a usage error naming the
    /// limit and the length, before anything is made.
    func testASiteTooDeepForItsStateIsAUsageError() throws {
        var site = folder!
        let statePart = "/.vitrine/state.sqlite".utf8.count
        // One byte over: the state's path is 505 bytes.
        while site.utf8.count < 505 - statePart {
            site += "/" + String(repeating: "d", count: min(200, 505 - statePart - site.utf8.count - 1))
        }
        XCTAssertEqual(site.utf8.count + statePart, 505)
        let run = try Vitrine.run(["build", Repository.examples, "-o", site, "--no-video-copies"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("would have a path of 505 bytes, and SQLite opens none longer than 504"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site), "nothing made")
        // One byte shorter builds.
        let shorter = String(site.dropLast())
        let built = try Vitrine.run(["build", Repository.examples, "-o", shorter, "--no-video-copies", "--no-tiles", "--no-sheets"])
        XCTAssertEqual(built.status, 0, built.stderr)
    }

    /// Contradictions were accepted: `--no-display --display-size 500`, `--no-tiles --tile-layout
    /// iiif`, `--quiet --verbose`, `--no-sheets --sheet-columns 3`, `--shard-count 3` without
    /// `--shard auto`; vitrine.json refused only `X` beside `no-X`. Both on the command line, or
    /// both in one file, a pair is a usage error naming both; between the two, the command line wins.
    func testContradictoryOptionsAreUsageErrorsAndTheCommandLineWins() throws {
        let source = folder + "/src"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.examples + "/coffee.jpg", toPath: source + "/coffee.jpg")
        for (options, named) in [
            (["--no-display", "--display-size", "500x500"], "--no-display and --display-size contradict each other"),
            (["--no-tiles", "--tile-layout", "iiif"], "--no-tiles and --tile-layout contradict each other"),
            (["--quiet", "--verbose"], "--quiet and --verbose contradict each other"),
            (["--no-sheets", "--sheet-columns", "3"], "--no-sheets and --sheet-columns contradict each other"),
            (["--no-video-copies", "--video-codec", "vp9"], "--no-video-copies and --video-codec contradict each other"),
            (["--shard-count", "3"], "--shard-count goes with --shard auto"),
        ] {
            let run = try Vitrine.run(["build", source, "-o", folder + "/site"] + options)
            XCTAssertEqual(run.status, 2, "\(options): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(named), "\(options): \(run.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/site"), "\(options): nothing made")
        }
        try Data(#"{"no-sheets": true, "sheet-gap": 4}"#.utf8).write(to: URL(fileURLWithPath: source + "/vitrine.json"))
        let file = try Vitrine.run(["build", source, "-o", folder + "/site"])
        XCTAssertEqual(file.status, 2, file.stderr)
        XCTAssertTrue(file.stderr.contains("vitrine.json: 'no-sheets' and 'sheet-gap' contradict each other"), file.stderr)
        // The file turns sheets off; the command line tunes them: the command line wins.
        try Data(#"{"no-sheets": true}"#.utf8).write(to: URL(fileURLWithPath: source + "/vitrine.json"))
        let wins = try Vitrine.run(["build", source, "-o", folder + "/site", "--sheet-columns", "3", "--no-video-copies"])
        XCTAssertEqual(wins.status, 0, wins.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/site/sheets/sheet.jpg"), "sheets made")
    }
}
