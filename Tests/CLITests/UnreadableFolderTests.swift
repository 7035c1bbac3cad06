import Foundation
import XCTest

/// A source that cannot be read is not a source removed (issue 39, fault 6): after
/// `chmod 000 src/locked` a rebuild exited 1 and removed that album's items and outputs, and
/// once the folder could be read again made them all anew. Run as `nobody` (root reads
/// anything), from a copy of the binary that user may run; never skipped as root.
final class UnreadableFolderTests: TemporaryFolderTestCase {
    /// An album folder that cannot be listed: its items stay in the manifest with their ids
    /// and hashes, their outputs stay (the same files), the summary removes nothing, one line
    /// names the folder and the build exits 1; readable again, nothing is made.
    func testAFolderThatCannotBeReadKeepsItsItemsAndOutputs() throws {
        let (source, site) = try makeSource()
        let first = try runAsNobody(["build", source, "-o", site])
        XCTAssertEqual(first.status, 0, first.stderr)
        let before = try lockedItems(in: site)
        XCTAssertEqual(Set(before.keys), ["locked/astronaut", "locked/chelsea"])
        let files = try outputStamps(of: before.values, in: site)
        XCTAssertGreaterThanOrEqual(files.count, 4)

        try setPermissions(0o000, source + "/locked")
        let locked = try runAsNobody(["build", source, "-o", site])
        XCTAssertEqual(locked.status, 1, locked.stderr)
        let naming = locked.stderrLines.filter { $0.contains(source + "/locked") }
        XCTAssertEqual(naming, ["vitrine: error: \(source)/locked: cannot read folder: permission denied"], locked.stderr)
        XCTAssertTrue(locked.stderr.contains(" 0 removed;"), locked.stderr)
        let kept = try lockedItems(in: site)
        XCTAssertEqual(Set(kept.keys), Set(before.keys), "the album's items are still in the manifest")
        for (id, item) in before {
            XCTAssertEqual(sha256(of: kept[id]), sha256(of: item), id)
            XCTAssertEqual(kept[id]?["title"] as? String, item["title"] as? String, id)
        }
        XCTAssertEqual(try outputStamps(of: kept.values, in: site), files, "the same output files, untouched")
        let manifest = try json(site + "/manifest.json")
        XCTAssertEqual(errors(manifest).map { $0["path"] as? String }, ["locked"])

        try setPermissions(0o755, source + "/locked")
        let again = try runAsNobody(["build", source, "-o", site])
        XCTAssertEqual(again.status, 0, again.stderr)
        // Nothing made; what goes is the contact sheet page that showed the error.
        XCTAssertTrue(again.stderr.contains(": 0 outputs made,"), again.stderr)
        XCTAssertEqual(Set(try lockedItems(in: site).keys), Set(before.keys))
        XCTAssertTrue(errors(try json(site + "/manifest.json")).isEmpty)
        XCTAssertEqual(try outputStamps(of: before.values, in: site), files)
    }

    /// One photo that cannot be opened: an error naming it, exit 1, but its item (id, hash)
    /// and its outputs stay; readable again, nothing is made.
    func testAFileThatCannotBeReadKeepsItsItemAndOutputs() throws {
        let (source, site) = try makeSource()
        XCTAssertEqual(try runAsNobody(["build", source, "-o", site]).status, 0)
        let before = try lockedItems(in: site)
        let files = try outputStamps(of: before.values, in: site)

        try setPermissions(0o000, source + "/locked/chelsea.jpg")
        let locked = try runAsNobody(["build", source, "-o", site])
        XCTAssertEqual(locked.status, 1, locked.stderr)
        let naming = locked.stderrLines.filter { $0.contains("chelsea") }
        XCTAssertEqual(naming.count, 1, locked.stderr)
        XCTAssertTrue(naming.first?.hasPrefix("vitrine: error: \(source)/locked/chelsea.jpg: cannot be read (permission denied)") ?? false,
            locked.stderr)
        XCTAssertTrue(locked.stderr.contains(" 0 removed;"), locked.stderr)
        let kept = try lockedItems(in: site)
        XCTAssertEqual(Set(kept.keys), Set(before.keys))
        XCTAssertEqual(sha256(of: kept["locked/chelsea"]), sha256(of: before["locked/chelsea"]))
        XCTAssertEqual(try outputStamps(of: kept.values, in: site), files)
        XCTAssertEqual(errors(try json(site + "/manifest.json")).map { $0["path"] as? String }, ["locked/chelsea.jpg"])

        try setPermissions(0o644, source + "/locked/chelsea.jpg")
        let again = try runAsNobody(["build", source, "-o", site])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains(": 0 outputs made,"), again.stderr)
        XCTAssertEqual(try outputStamps(of: before.values, in: site), files)
    }

    // MARK: - Helpers

    /// Two albums owned by `nobody`, `open` (one photo) and `locked` (two, one with a sidecar
    /// that gives its title), and where the site goes, in a folder `nobody` may write.
    private func makeSource() throws -> (source: String, site: String) {
        let source = folder + "/src"
        for album in ["open", "locked"] {
            try FileManager.default.createDirectory(atPath: source + "/" + album, withIntermediateDirectories: true)
        }
        for (name, album) in [("coffee.jpg", "open"), ("astronaut.jpg", "locked"), ("astronaut.md", "locked"), ("chelsea.jpg", "locked")] {
            try FileManager.default.copyItem(atPath: Repository.examples + "/" + name, toPath: source + "/" + album + "/" + name)
        }
        try Program.output("chown", ["-R", "nobody:nogroup", source])
        try setPermissions(0o777, folder)
        return (source, folder + "/site")
    }

    /// `vitrine ARGUMENTS` as `nobody`, from a copy of the binary in a folder that user may read.
    private func runAsNobody(_ arguments: [String]) throws -> Vitrine.Run {
        let tools = folder + "/bin"
        if !FileManager.default.fileExists(atPath: tools + "/vitrine") {
            try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Vitrine.executable.path, toPath: tools + "/vitrine")
            try setPermissions(0o755, tools)
        }
        let run = try Program.run("setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups", tools + "/vitrine"] + arguments)
        return Vitrine.Run(status: run.status, stdout: Data(run.stdout.utf8), stderr: run.stderr, seconds: 0)
    }

    private func setPermissions(_ mode: Int, _ path: String) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    private func json(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// The manifest's items of the album `locked`, by id.
    private func lockedItems(in site: String) throws -> [String: [String: Any]] {
        let found = items(try json(site + "/manifest.json")).filter { $0["album"] as? String == "locked" }
        return Dictionary(found.map { ($0["id"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    private func sha256(of item: [String: Any]?) -> String? {
        (item?["source"] as? [String: Any])?["sha256"] as? String
    }

    /// Each rendition's file below `site`: its inode and modification time (the same file, not
    /// one made again).
    private func outputStamps(of items: Dictionary<String, [String: Any]>.Values, in site: String) throws -> [String: [Int]] {
        var stamps: [String: [Int]] = [:]
        for item in items {
            for rendition in item["renditions"] as? [[String: Any]] ?? [] {
                let path = try XCTUnwrap(rendition["path"] as? String)
                var info = stat()
                XCTAssertEqual(stat(site + "/" + path, &info), 0, path)
                stamps[path] = [Int(info.st_ino), info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
            }
        }
        return stamps
    }
}
