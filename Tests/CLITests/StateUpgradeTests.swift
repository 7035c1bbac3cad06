import Foundation
import XCTest

/// A site built by an older vitrine is rebuilt by this one without making anything again: the
/// store is brought up to date in place. `Tests/Fixtures/state-v3` was made by the vitrine
/// before the store's version 4 (version 3: an output's target kept as one text), and
/// `Tests/Fixtures/state-v4` by the one before version 5 (version 4: no source's ctime), each
/// with `vitrine build src -o site` (libvips 8.14.1: the rendering version is part of every key).
final class StateUpgradeTests: TemporaryFolderTestCase {
    var fixture: URL { Repository.root.appendingPathComponent("Tests/Fixtures/state-v3") }
    /// The store's version now.
    static let currentVersion = 7

    /// The store's `PRAGMA user_version`, read from the file's header (offset 60, big-endian).
    func storeVersion(_ path: String) throws -> Int {
        let header = try XCTUnwrap(FileHandle(forReadingAtPath: path)).readData(ofLength: 64)
        return header.dropFirst(60).prefix(4).reduce(0) { $0 << 8 | Int($1) }
    }

    func testASiteOfTheLastStoreVersionIsRebuiltWithNothingMade() throws {
        for name in ["src", "site"] {
            try FileManager.default.copyItem(at: fixture.appendingPathComponent(name), to: URL(fileURLWithPath: folder + "/" + name))
        }
        let store = folder + "/site/.vitrine/state.sqlite"
        XCTAssertEqual(try storeVersion(store), 3, "the fixture is a store of version 3")

        // The fixture's site is a flat gallery: --albums none keeps it one (albums would add
        // their own sheet pages).
        let dryRun = try Vitrine.run(["build", "src", "-o", "site", "--albums", "none", "--dry-run"], currentDirectory: folder)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stdoutText.contains("make 0, keep 22,") || dryRun.stderr.contains("make 0, keep 22,"),
            "a dry run reads the old store as it is: \(dryRun.stdoutText)\(dryRun.stderr)")
        XCTAssertEqual(try storeVersion(store), 3, "and writes nothing to it")

        let run = try Vitrine.run(["build", "src", "-o", "site", "--albums", "none", "--progress", "json"], currentDirectory: folder)
        XCTAssertEqual(run.status, 0, run.stderr)
        let done = try XCTUnwrap(run.stderrLines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        XCTAssertEqual(done["made"] as? Int, 0, "every output of the last build is kept: \(run.stderr)")
        XCTAssertEqual(done["kept"] as? Int, 22, "five outputs of each of three small pictures, six of the large one (its pyramid), the sheet")
        XCTAssertEqual(done["removed"] as? Int, 0)
        XCTAssertEqual(try storeVersion(store), Self.currentVersion, "the store is brought up to date, 3 to 7")
        // The manifest names the outputs the last build wrote; it is vitrine-manifest/3 now, with
        // albums, so only its outputs are compared.
        let outputs = { (manifest: [String: Any]) -> [String] in
            items(manifest).map { item in
                let fields = ["id", "renditions", "tiles", "placeholder", "zoom", "width", "height"].map { item[$0] ?? NSNull() }
                return String(decoding: try! JSONSerialization.data(withJSONObject: fields, options: .sortedKeys), as: UTF8.self)
            }
        }
        let written = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/site/manifest.json"))) as? [String: Any])
        let before = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.appendingPathComponent("site/manifest.json"))) as? [String: Any])
        XCTAssertEqual(written["schema"] as? String, "vitrine-manifest/3")
        XCTAssertEqual(outputs(written).sorted(), outputs(before).sorted(), "the manifest names the outputs the last build wrote")

        let again = try Vitrine.run(["build", "src", "-o", "site", "--albums", "none", "--progress", "json"], currentDirectory: folder)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderrLines.last?.contains(#""made":0"#) ?? false, "and the upgraded store is read as it is: \(again.stderr)")
    }

    /// The done event of `vitrine build src -o site` (with `extra`) run in the test's folder.
    func build(_ extra: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let run = try Vitrine.run(["build", "src", "-o", "site", "--progress", "json"] + extra, currentDirectory: folder)
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        return try XCTUnwrap(run.stderrLines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] },
            file: file, line: line)
    }

    /// Every file below the site but its state: its inode and modification time.
    func siteFiles() throws -> [String: [Int64]] {
        var stamps: [String: [Int64]] = [:]
        let site = folder + "/site"
        let walk = try XCTUnwrap(FileManager.default.enumerator(atPath: site))
        for case let relative as String in walk where !relative.hasPrefix(".vitrine") {
            var info = stat()
            guard stat(site + "/" + relative, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            stamps[relative] = [Int64(info.st_ino), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)]
        }
        return stamps
    }

    /// Runs `sql` on the store with the sqlite3 program; its output.
    @discardableResult
    func sqlite(_ store: String, _ sql: String) throws -> String {
        try Program.output("sqlite3", [store, sql])
    }

    /// A store of version 4, written by the vitrine before this one (its sources copied, so they
    /// are read again and known by their content), is brought up to date with every output kept.
    func testAVersion4StoreIsUpgradedWithEveryOutputKept() throws {
        let fixture = Repository.root.appendingPathComponent("Tests/Fixtures/state-v4")
        for name in ["src", "site"] {
            try FileManager.default.copyItem(at: fixture.appendingPathComponent(name), to: URL(fileURLWithPath: folder + "/" + name))
        }
        let store = folder + "/site/.vitrine/state.sqlite"
        XCTAssertEqual(try storeVersion(store), 4, "the fixture is a store of version 4")
        let files = try siteFiles()
        let first = try build()
        XCTAssertEqual([first["made"] as? Int, first["kept"] as? Int, first["removed"] as? Int], [0, 23, 0],
            "every output of the last build is kept: \(first)")
        XCTAssertEqual(try storeVersion(store), Self.currentVersion, "the store is brought up to date, 4 to 7")
        // The page's pieces and its search index (new since version 7) are the page's, not outputs.
        let isPage = { (path: String) in
            path.hasPrefix("data/") || path.hasPrefix("search/") || path == "index.html" || path == "manifest.json"
        }
        XCTAssertEqual(try siteFiles().filter { !isPage($0.key) }, files.filter { !isPage($0.key) }, "no output file was written again")
        XCTAssertEqual(try sqlite(store, "SELECT count(*) FROM sources WHERE ctime_ns IS NULL"), "0\n",
            "each source was read again (a new inode): its ctime is kept")
        XCTAssertEqual(try build()["made"] as? Int, 0)
    }

    /// A store of version 4 whose sources are the very files it describes (the same inode, size
    /// and time): the upgrade reads none of them again and keeps every output; the ctime, unknown
    /// until then, is recorded by that build and compared from the next on.
    func testAnUpgradedStoreLearnsEachCtimeWithoutMakingAnything() throws {
        try FileManager.default.copyItem(at: fixture.appendingPathComponent("src"), to: URL(fileURLWithPath: folder + "/src"))
        let made = try build()
        XCTAssertGreaterThan(made["made"] as? Int ?? 0, 0)
        // The store as version 4 wrote it: the same tables without the sources' ctime, and no note
        // of an unchanged build (the one of another vitrine program matches no fingerprint of this one).
        let store = folder + "/site/.vitrine/state.sqlite"
        try sqlite(store, "ALTER TABLE sources DROP COLUMN ctime_ns; ALTER TABLE outputs DROP COLUMN input; "
            + "DELETE FROM notes WHERE key = 'unchanged'; PRAGMA user_version = 4;")
        XCTAssertEqual(try storeVersion(store), 4)
        let files = try siteFiles()

        let upgraded = try build()
        XCTAssertEqual([upgraded["made"] as? Int, upgraded["removed"] as? Int], [0, 0], "every output kept: \(upgraded)")
        XCTAssertEqual(try siteFiles(), files, "no file of the site was written again")
        XCTAssertEqual(try storeVersion(store), Self.currentVersion)
        let recorded = try sqlite(store, "SELECT key, ctime_ns FROM sources ORDER BY key").split(separator: "\n")
        XCTAssertEqual(recorded.count, 4)
        for row in recorded {
            let fields = row.split(separator: "|", omittingEmptySubsequences: false)
            var info = stat()
            XCTAssertEqual(stat(folder + "/" + fields[0], &info), 0, "\(row)")
            XCTAssertEqual(String(fields[1]), "\(Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec))",
                "\(fields[0])'s ctime is recorded")
        }
        XCTAssertEqual(try build()["made"] as? Int, 0, "and read as it is")
    }

    /// Version 5 kept no output's other input (a Live Photo's clip, ``OutputTarget/input``): its
    /// clip was made again by every build that was not found unchanged. Version 6 keeps it, and
    /// an upgrade from 5 keeps every other output.
    func testAPhotosClipIsKeptByARebuildAndAVersion5StoreKeepsTheRest() throws {
        let source = folder + "/src"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        for (name, side) in [("a.jpg", "64"), ("b.jpg", "30")] {
            XCTAssertEqual(try Program.run("vips", ["black", source + "/" + name, side, "48"]).status, 0)
        }
        // A short clip beside a photo of the same name: a Live Photo without identifiers.
        let clip = try Program.run("ffmpeg", ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=10", "-t", "2",
            "-pix_fmt", "yuv420p", source + "/a.mov"])
        XCTAssertEqual(clip.status, 0, clip.stderr)
        let first = try build(["--no-sheets"])
        let store = folder + "/site/.vitrine/state.sqlite"
        XCTAssertEqual(try sqlite(store, "SELECT count(*) FROM outputs WHERE kind = 'motion' AND input IS NOT NULL"), "1\n")
        // A new file: the build is not found unchanged, and decides item by item.
        XCTAssertEqual(try Program.run("vips", ["black", source + "/c.jpg", "20", "20"]).status, 0)
        let files = try siteFiles()
        let again = try build(["--no-sheets"])
        XCTAssertEqual(again["kept"] as? Int, first["made"] as? Int, "the clip is kept with everything else: \(again)")
        XCTAssertEqual(try siteFiles()["media/a.motion.mp4"], files["media/a.motion.mp4"], "and not written again")

        try sqlite(store, "ALTER TABLE outputs DROP COLUMN input; DELETE FROM notes WHERE key = 'unchanged'; PRAGMA user_version = 5;")
        XCTAssertEqual(try storeVersion(store), 5)
        let upgraded = try build(["--no-sheets"])
        XCTAssertEqual(try storeVersion(store), Self.currentVersion)
        XCTAssertEqual(upgraded["made"] as? Int, 1, "the clip, whose input version 5 did not keep, and nothing else: \(upgraded)")
        XCTAssertEqual(try build(["--no-sheets"])["made"] as? Int, 0)
    }

    /// Version 6 kept no search numbers (issue 44): the upgrade adds their tables, every output is
    /// kept, and the build numbers the items and writes the index; the next build keeps the numbers.
    func testAVersion6StoreIsUpgradedAndItsItemsNumberedForSearch() throws {
        let source = folder + "/src"
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        for name in ["a.jpg", "b.jpg", "c.jpg"] {
            XCTAssertEqual(try Program.run("vips", ["black", source + "/" + name, "40", "30"]).status, 0)
        }
        let first = try build(["--no-sheets", "--no-search"])
        let store = folder + "/site/.vitrine/state.sqlite"
        try sqlite(store, "DROP TABLE search_numbers; DROP TABLE search_next; DELETE FROM notes WHERE key = 'unchanged'; "
            + "PRAGMA user_version = 6;")
        XCTAssertEqual(try storeVersion(store), 6)
        let dryRun = try Vitrine.run(["build", "src", "-o", "site", "--no-sheets", "--dry-run"], currentDirectory: folder)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stdoutText.contains("search: rewrite 6, keep 0, remove 0\n"),
            "two term pieces (a, b and c share one, src, the root album's title, is in another), the value piece of kind "
            + "image, a record piece, a column piece, the index: \(dryRun.stdoutText)")
        XCTAssertEqual(try storeVersion(store), 6, "a dry run writes nothing to the store")

        let upgraded = try build(["--no-sheets"])
        XCTAssertEqual(try storeVersion(store), Self.currentVersion)
        XCTAssertEqual([upgraded["made"] as? Int, upgraded["kept"] as? Int], [0, first["made"] as? Int], "every output kept: \(upgraded)")
        XCTAssertEqual(try sqlite(store, "SELECT id, number FROM search_numbers ORDER BY number; SELECT next FROM search_next"),
            "a|0\nb|1\nc|2\n3\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/site/search/index.js"))
        XCTAssertEqual(try Program.run("vips", ["black", source + "/0.jpg", "40", "30"]).status, 0)
        XCTAssertGreaterThan(try build(["--no-sheets"])["made"] as? Int ?? 0, 0, "the new picture's outputs")
        XCTAssertEqual(try sqlite(store, "SELECT id, number FROM search_numbers ORDER BY number"), "a|0\nb|1\nc|2\n0|3\n")
    }
}
