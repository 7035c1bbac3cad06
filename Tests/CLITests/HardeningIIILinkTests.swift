import Foundation
import XCTest

/// Break 1 of issue 38: a symbolic link inside SITE led writes (and `--force`'s removals) out of
/// it. A link anywhere on the way to an output is refused before anything is written, exit 2,
/// naming the link; the files behind it are left as they were.
final class HardeningIIILinkTests: HardeningIIITestCase {
    /// The folders of a finished site a build writes into or goes through: every folder but
    /// those inside a tile pyramid (a pyramid is replaced whole, never entered).
    func writtenFolders(of site: String) -> [String] {
        listing(site).filter { $0.value == "folder" }.map { String($0.key.dropFirst(site.count + 1)) }
            .filter { relative in !relative.split(separator: "/").dropLast().contains { $0.hasSuffix("_files") } }
            .sorted()
    }

    /// The reproducer, then every folder of a 52-item site in turn: its contents moved to a
    /// folder outside the site and a link left in its place. `build --force` is refused (exit 2,
    /// the link named), nothing outside the site changes, and the user's file there stays.
    func testALinkAtAnyFolderOfTheSiteIsRefusedBeforeAnythingIsWritten() throws {
        let (source, site, selected) = try finishedSite()
        let folders = writtenFolders(of: site)
        for expected in ["thumbs", "thumbs/2019", "thumbs/trips/rome", "display", "tiles", "tiles/2019", "tiles/2019/big_files",
            "sheets", "data", ".vitrine", ".vitrine/cells"]
        {
            XCTAssertTrue(folders.contains(expected), "\(expected) is in a finished site: \(folders)")
        }
        for relative in folders {
            let planted = site + "/" + relative
            let victim = folder + "/victim"
            try FileManager.default.moveItem(atPath: planted, toPath: victim)
            try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
            try Data("MINE".utf8).write(to: URL(fileURLWithPath: victim + "/mine.txt"))
            let before = listing(folder, excluding: [site])
            let run = try build(source, site, ["--force"])
            XCTAssertEqual(run.status, 2, "\(relative): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("\(planted) is a symbolic link to \(FileStat(victim).real)"), "\(relative): \(run.stderr)")
            XCTAssertEqual(run.stderrLines.filter { $0.hasPrefix("vitrine: error:") }.count, 1, "\(relative): one line: \(run.stderr)")
            XCTAssertEqual(changes(before, listing(folder, excluding: [site])), [], "\(relative): nothing outside the site changed")
            try FileManager.default.removeItem(atPath: planted)
            try FileManager.default.removeItem(atPath: victim + "/mine.txt")
            try FileManager.default.moveItem(atPath: victim, toPath: planted)
        }
        // With every link gone, the site is as it was: nothing to make, the selection kept.
        let again = try build(source, site)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try selection(site), selected)
    }

    /// The reproducer as it was typed: `tiles` a link to a folder holding a file where a
    /// pyramid would go. `mine.txt` was removed and the pyramid written into `~/victim`.
    func testForceNeverRemovesAUsersFilesThroughALinkedTilesFolder() throws {
        let (source, site, _) = try finishedSite()
        let victim = folder + "/victim"
        try FileManager.default.createDirectory(atPath: victim + "/big_files", withIntermediateDirectories: true)
        try Data("MINE\n".utf8).write(to: URL(fileURLWithPath: victim + "/big_files/mine.txt"))
        try FileManager.default.removeItem(atPath: site + "/tiles")
        try FileManager.default.createSymbolicLink(atPath: site + "/tiles", withDestinationPath: victim)
        let run = try build(source, site, ["--force"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(site)/tiles is a symbolic link"), run.stderr)
        XCTAssertEqual(try String(contentsOfFile: victim + "/big_files/mine.txt", encoding: .utf8), "MINE\n")
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: victim).sorted(), ["big_files", "big_files/mine.txt"])
    }

    /// A link to a folder where a pyramid's `ID_files` goes, and one where a cell's album folder
    /// goes, in a site whose outputs are all to be made again: refused as well.
    func testALinkWhereAnOutputFolderGoesIsRefused() throws {
        let (source, site, _) = try finishedSite()
        let victim = folder + "/victim"
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: site + "/tiles/2019/big_files")
        try FileManager.default.createSymbolicLink(atPath: site + "/tiles/2019/big_files", withDestinationPath: victim)
        let before = listing(folder, excluding: [site])
        let run = try build(source, site, ["--force"])
        XCTAssertEqual(run.status, 2, run.stderr)
        XCTAssertTrue(run.stderr.contains("\(site)/tiles/2019/big_files is a symbolic link"), run.stderr)
        XCTAssertEqual(changes(before, listing(folder, excluding: [site])), [])
    }

    /// `--merge` writes the sheets, the manifest and the page: a linked `sheets/` is refused the
    /// same way, before the merge writes anything.
    func testAMergeIsRefusedALinkedFolderToo() throws {
        let source = try makeSource()
        let site = folder + "/site"
        for part in ["1/2", "2/2"] {
            let run = try build(source, site, ["--shard", part, "--no-tiles"])
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let victim = folder + "/victim"
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site + "/sheets", withDestinationPath: victim)
        let before = listing(folder, excluding: [site])
        let merge = try Vitrine.run(["build", "--merge", site], environment: environment)
        XCTAssertEqual(merge.status, 2, merge.stderr)
        XCTAssertTrue(merge.stderr.contains("\(site)/sheets is a symbolic link"), merge.stderr)
        XCTAssertEqual(changes(before, listing(folder, excluding: [site])), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: site + "/manifest.json"))
    }

    /// Whether a source lies inside the site is judged by real paths: `build ../src -o .` was
    /// refused (walking up from `cwd/../src` passed through `cwd`), and a link to the site's
    /// `thumbs/` given as the source got past the check and read thumbnails as photos.
    func testASourceIsInsideTheSiteByItsRealPath() throws {
        try makeSource()
        let site = folder + "/site"
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        let beside = try Vitrine.run(["build", "../src", "-o", ".", "--no-tiles", "--no-sheets"], environment: environment,
            currentDirectory: site)
        XCTAssertEqual(beside.status, 0, beside.stderr)
        XCTAssertEqual(try itemIDs(site).count, Self.itemCount)
        try FileManager.default.createSymbolicLink(atPath: folder + "/tlink", withDestinationPath: site + "/thumbs")
        let before = listing(folder)
        let linked = try Vitrine.run(["build", "tlink", "-o", "site"], environment: environment, currentDirectory: folder)
        XCTAssertEqual(linked.status, 2, linked.stderr)
        XCTAssertTrue(linked.stderr.contains("the source tlink is inside the output folder site"), linked.stderr)
        XCTAssertEqual(changes(before, listing(folder)), [])
    }

    /// `-o` itself may be a link: it is followed once, as before, and the site built there.
    func testTheOutputFolderItselfMayBeALink() throws {
        let source = try makeSource()
        let real = folder + "/real-site"
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/site-link", withDestinationPath: real)
        let run = try build(source, folder + "/site-link", ["--no-tiles", "--no-sheets"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try itemIDs(real).count, Self.itemCount)
    }

    /// Also seen: a state row whose path is `.vitrine` or `.vitrine/state.sqlite` removed the
    /// build's own state and lock when its source went. Such paths are refused, named, and the
    /// state survives.
    func testACraftedStatePathNeverRemovesTheBuildsOwnState() throws {
        let (source, site, _) = try finishedSite()
        let script = """
            import json, sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            rows = db.execute("select rowid, source from outputs where source like '%p00.jpg' order by rowid").fetchall()
            assert len(rows) >= 2, rows
            db.execute("update outputs set paths = ? where rowid = ?", (json.dumps([".vitrine"]), rows[0][0]))
            db.execute("update outputs set paths = ? where rowid = ?", (json.dumps([".vitrine/state.sqlite"]), rows[1][0]))
            db.commit()
            """
        try Program.output("python3", ["-c", script, site + "/.vitrine/state.sqlite"])
        try FileManager.default.removeItem(atPath: source + "/2020/p00.jpg")
        let run = try build(source, site)
        XCTAssertEqual(run.status, 1, "refusals are failures: \(run.stderr)")
        for path in [".vitrine", ".vitrine/state.sqlite"] {
            XCTAssertTrue(run.stderrLines.contains { $0.contains("the path \(path), the build's own state, never an output") },
                "\(path): \(run.stderr)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/.vitrine/state.sqlite"))
        // The next build finds its state: everything kept, nothing made.
        let again = try build(source, site)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains(" 0 outputs made"), again.stderr)
    }
}

/// A path and its real path (links followed), for messages that name a link's target.
private struct FileStat {
    let path: String
    init(_ path: String) { self.path = path }
    var real: String { URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
}
