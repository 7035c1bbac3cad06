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
}
