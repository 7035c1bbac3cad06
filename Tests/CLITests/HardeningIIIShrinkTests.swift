import Foundation
import XCTest

/// Issue 38, breaks 5 and 6: a mistyped, missing or emptied source never wipes a site and its
/// selection, and a source folder's vitrine.json cannot turn on what destroys.
final class HardeningIIIShrinkTests: HardeningIIITestCase {
    /// `BuildOptions.shrinkLimit`: more items than this, half of them or more, are not removed unasked.
    static let shrinkLimit = 20

    /// The site's files but its state folder (which a refused build may still read and note in).
    func outputs(_ site: String) -> [String: String] {
        listing(site, excluding: [site + "/.vitrine"])
    }

    /// The source paths (below SRC) of the site's items, by id.
    func sources(_ site: String) throws -> [String: String] {
        var paths: [String: String] = [:]
        for item in items(try manifest(site)) {
            if let id = item["id"] as? String, let path = (item["source"] as? [String: Any])?["path"] as? String { paths[id] = path }
        }
        return paths
    }

    func testMissingSourceIsAUsageErrorThatTouchesNothing() throws {
        let (_, site, selected) = try finishedSite()
        let before = listing(folder)
        let typo = try build(folder + "/Picturs", site)
        XCTAssertEqual(typo.status, 2, typo.stderr)
        XCTAssertTrue(typo.stderr.contains("Picturs: no such file or folder"), typo.stderr)
        XCTAssertEqual(changes(before, listing(folder)), [])
        XCTAssertEqual(try selection(site), selected)
        // A dry run, and even --allow-shrink: a missing source stays a usage error.
        for extra in [["--dry-run"], ["--allow-shrink"]] {
            let run = try build(folder + "/Picturs", site, extra)
            XCTAssertEqual(run.status, 2, "\(extra): \(run.stderr)")
        }
        // Nor is a new site made of it.
        let fresh = try build(folder + "/Picturs", folder + "/fresh")
        XCTAssertEqual(fresh.status, 2, fresh.stderr)
        XCTAssertEqual(changes(before, listing(folder)), [])
    }

    /// A build of `source` into `site`, and its dry run, are refused for removing `removing` of
    /// the site's items, naming --allow-shrink; the outputs and the selection stay as they were.
    func assertShrinkRefused(_ source: String, _ site: String, removing: Int, selected: [String],
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let before = outputs(site)
        for extra in [[], ["--dry-run"]] {
            let run = try build(source, site, extra)
            XCTAssertEqual(run.status, 2, "\(extra): \(run.stderr)", file: file, line: line)
            XCTAssertTrue(run.stderr.contains("remove \(removing) of the \(Self.itemCount) items"), run.stderr, file: file, line: line)
            XCTAssertTrue(run.stderr.contains("--allow-shrink"), run.stderr, file: file, line: line)
            XCTAssertEqual(changes(before, outputs(site)), [], file: file, line: line)
            XCTAssertEqual(try selection(site), selected, file: file, line: line)
        }
    }

    func testEmptySourceIsRefusedUnlessAllowed() throws {
        let (_, site, selected) = try finishedSite()
        let empty = folder + "/unmounted"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try assertShrinkRefused(empty, site, removing: Self.itemCount, selected: selected)
        let allowed = try build(empty, site, ["--allow-shrink"])
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        XCTAssertEqual(try itemIDs(site), [])
        XCTAssertTrue(allowed.stderr.contains("selected items gone: " + selected.joined(separator: ", ")), allowed.stderr)
    }

    /// 47 of 52 items gone (90 %): refused, the site and selection as they were; with
    /// --allow-shrink the build goes through, the selection keeps its 3 ids still there, in
    /// order, and the build names the 7 that went.
    func testSourceThatLostMostItemsIsRefusedUnlessAllowed() throws {
        let (source, site, selected) = try finishedSite()
        let ids = try itemIDs(site)
        let paths = try sources(site)
        let kept = [ids[0], ids[1], ids[3], ids[6], ids[40]]
        for id in ids where !kept.contains(id) { try FileManager.default.removeItem(atPath: source + "/" + XCTUnwrap(paths[id])) }
        try assertShrinkRefused(source, site, removing: 47, selected: selected)
        let allowed = try build(source, site, ["--allow-shrink"])
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        XCTAssertEqual(try itemIDs(site), kept)
        XCTAssertEqual(try selection(site), [ids[0], ids[3], ids[6]])
        let gone = selected.filter { !kept.contains($0) }
        XCTAssertTrue(allowed.stderr.contains("selected items gone: " + gone.joined(separator: ", ")), allowed.stderr)
        // The selection survives the next rebuild too, and nothing more is said of it.
        let again = try build(source, site)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try selection(site), [ids[0], ids[3], ids[6]])
        XCTAssertFalse(again.stderr.contains("selected"), again.stderr)
    }

    /// Fewer than half and at most 20 go unasked; the selection keeps the rest in order, and
    /// the build says which selected ids went. Renamed folders are moves, not removals.
    func testSmallLossesAndMovesGoThrough() throws {
        let (source, site, selected) = try finishedSite()
        let ids = try itemIDs(site)
        let paths = try sources(site)
        let lost = [ids[3], ids[4], ids[9]]
        for id in lost { try FileManager.default.removeItem(atPath: source + "/" + XCTUnwrap(paths[id])) }
        let run = try build(source, site)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try selection(site), selected.filter { !lost.contains($0) })
        XCTAssertTrue(run.stderr.contains("selected items gone: \(ids[3]), \(ids[9])"), run.stderr)
        // Every album renamed: every path changes, no content goes.
        for (album, _) in Self.albums where !album.contains("/") {
            try FileManager.default.moveItem(atPath: source + "/" + album, toPath: source + "/renamed-" + album)
        }
        try FileManager.default.moveItem(atPath: source + "/trips", toPath: source + "/journeys")
        let moved = try build(source, site)
        XCTAssertEqual(moved.status, 0, moved.stderr)
        XCTAssertFalse(moved.stderr.contains(" 0 moved"), moved.stderr)
        XCTAssertEqual(try itemIDs(site).count, Self.itemCount - lost.count)
    }

    /// A part counts its own share: part 1 losing more than 20 of its items, at least half of
    /// them, is refused though the gallery as a whole lost less than half; part 2 goes on.
    func testBuildInPartsCountsItsOwnShare() throws {
        let source = try makeSource()
        let site = folder + "/site"
        for part in ["1/2", "2/2"] {
            let run = try build(source, site, ["--shard", part])
            XCTAssertEqual(run.status, 0, "\(part): \(run.stderr)")
        }
        let merged = try Vitrine.run(["build", "--merge", site], environment: environment)
        XCTAssertEqual(merged.status, 0, merged.stderr)
        let part = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: site + "/parts/1-of-2.json")))
            as? [String: Any])
        let share = items(part).compactMap { ($0["source"] as? [String: Any])?["path"] as? String }
        let losing = max(Self.shrinkLimit + 1, (share.count + 1) / 2)
        XCTAssertLessThan(losing * 2, Self.itemCount, "the whole gallery loses less than half: \(share.count) in part 1")
        for path in share.prefix(losing) { try FileManager.default.removeItem(atPath: source + "/" + path) }
        let before = outputs(site)
        let first = try build(source, site, ["--shard", "1/2"])
        XCTAssertEqual(first.status, 2, first.stderr)
        XCTAssertTrue(first.stderr.contains("remove \(losing) of the \(share.count) items"), first.stderr)
        XCTAssertTrue(first.stderr.contains("--allow-shrink"), first.stderr)
        XCTAssertEqual(changes(before, outputs(site)), [])
        let second = try build(source, site, ["--shard", "2/2"])
        XCTAssertEqual(second.status, 0, second.stderr)
        let allowed = try build(source, site, ["--shard", "1/2", "--allow-shrink"])
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
    }

    /// Break 5: a source folder's vitrine.json holding what decides what may be destroyed is an
    /// error naming the key, whatever the value, and nothing is touched; the same keys in the
    /// file --config names still work.
    func testDestroyingKeysAreRefusedInASourceFolder() throws {
        let (source, site, _) = try finishedSite()
        let config = source + "/vitrine.json"
        let before = listing(folder, excluding: [config])
        for key in ["overwrite", "force", "allow-shrink", "dry-run", "config"] {
            for value in key == "config" ? ["\"other.json\"", "false"] : ["true", "false"] {
                try Data("{\"\(key)\": \(value)}".utf8).write(to: URL(fileURLWithPath: config))
                let run = try build(source, site)
                XCTAssertEqual(run.status, 2, "\(key): \(value): \(run.stderr)")
                XCTAssertTrue(run.stderr.contains("'\(key)'"), run.stderr)
                XCTAssertEqual(changes(before, listing(folder, excluding: [config])), [], "\(key): \(value)")
            }
        }
        // `{"overwrite": true}` must not open the user's own folder.
        let mine = folder + "/mywebsite"
        try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: true)
        try Data("MINE".utf8).write(to: URL(fileURLWithPath: mine + "/index.html"))
        try Data("{\"overwrite\": true}".utf8).write(to: URL(fileURLWithPath: config))
        XCTAssertEqual(try build(source, mine).status, 2)
        XCTAssertEqual(try String(contentsOfFile: mine + "/index.html", encoding: .utf8), "MINE")
        try FileManager.default.removeItem(atPath: config)

        // The same keys through --config.
        let named = folder + "/options.json"
        try Data(#"{"dry-run": true, "force": true}"#.utf8).write(to: URL(fileURLWithPath: named))
        let dry = try build(source, site, ["--config", named])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stdoutText.contains("make ") && !dry.stdoutText.contains("make 0,"), dry.stdoutText)
        // (A dry run still opens the state, which leaves SQLite's shared-memory files beside it.)
        let state = site + "/.vitrine"
        XCTAssertEqual(changes(before.filter { !$0.key.hasPrefix(state) }, listing(folder, excluding: [config, named, mine, state])), [])
        let empty = folder + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try Data(#"{"allow-shrink": true}"#.utf8).write(to: URL(fileURLWithPath: named))
        XCTAssertEqual(try build(empty, site).status, 2)
        let shrunk = try build(empty, site, ["--config", named])
        XCTAssertEqual(shrunk.status, 0, shrunk.stderr)
        try Data(#"{"overwrite": true}"#.utf8).write(to: URL(fileURLWithPath: named))
        let overwritten = try build(source, mine, ["--config", named])
        XCTAssertEqual(overwritten.status, 0, overwritten.stderr)
        XCTAssertEqual(try itemIDs(mine).count, Self.itemCount)
    }

    /// Also seen: `--cache ""` (the current folder) and an empty SRC are usage errors that make
    /// nothing.
    func testEmptyCacheIsAUsageError() throws {
        let source = try makeSource()
        let work = folder + "/cwd"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let before = listing(folder)
        for arguments in [["build", source, "-o", "site", "--cache", ""], ["scan", source, "--cache", ""],
                          ["thumbs", source, "-o", "thumbs", "--cache", ""]] {
            let run = try Vitrine.run(arguments, environment: environment, currentDirectory: work)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("--cache"), run.stderr)
            XCTAssertEqual(changes(before, listing(folder)), [], "\(arguments)")
        }
    }

    func testEmptySourceArgumentIsAUsageError() throws {
        let work = folder + "/cwd"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        // A vitrine.json in the current folder is no source's.
        try Data(#"{"overwrite": true}"#.utf8).write(to: URL(fileURLWithPath: work + "/vitrine.json"))
        let before = listing(folder)
        for arguments in [["build", "", "-o", "s"], ["build", "", "-o", "s", "--dry-run"], ["scan", ""], ["thumbs", "", "-o", "t"]] {
            let run = try Vitrine.run(arguments, environment: environment, currentDirectory: work)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("empty"), run.stderr)
            XCTAssertEqual(changes(before, listing(folder)), [], "\(arguments)")
        }
    }
}
