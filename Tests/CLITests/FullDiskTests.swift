import Foundation
import VipsKit
import XCTest

/// A site on a full disk, or whose old outputs cannot be replaced (issue 24, item 12): what
/// cannot be written is a write error, never a verdict on the source, and a pyramid is put in
/// place whole or not at all. Each test failed before its fix.
final class FullDiskTests: TemporaryFolderTestCase {
    var source: String { folder + "/src" }
    var mounted: String?

    override func tearDownWithError() throws {
        if let mounted { _ = try? Program.run("umount", [mounted]) }
        try super.tearDownWithError()
    }

    /// A tool or privilege the test needs: skipped without it outside CI, a failure in CI
    /// (VITRINE_CORPUS set), so that CI cannot pass by skipping.
    func require(_ available: Bool, _ what: String) throws {
        guard !available else { return }
        if ProcessInfo.processInfo.environment["VITRINE_CORPUS"] != nil { XCTFail("\(what) is needed in CI") }
        throw XCTSkip("\(what) is not available")
    }

    func copyPhotos(_ names: [String]) throws {
        let photos = try Corpus.path("photos")
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        for name in names { try FileManager.default.copyItem(atPath: photos + "/" + name, toPath: source + "/" + name) }
    }

    /// Every JSON event of a build's stderr.
    func events(_ run: Vitrine.Run) -> [[String: Any]] {
        run.stderrLines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// Each `X_files` in `tiles` has its `X.dzi` and each `.dzi` its `_files`.
    func assertWholePyramids(in tiles: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: tiles)) ?? []
        for name in names where name.hasSuffix("_files") {
            XCTAssert(names.contains(String(name.dropLast("_files".count)) + ".dzi"), "\(message): \(name) without its .dzi",
                file: file, line: line)
        }
        for name in names where name.hasSuffix(".dzi") {
            XCTAssert(names.contains(String(name.dropLast(".dzi".count)) + "_files"), "\(message): \(name) without its _files",
                file: file, line: line)
        }
    }

    /// On a full disk, dzsave's "No space left on device" was reported as the source's damage,
    /// and a `_files` folder was left without its `.dzi`.
    func testAFullDiskIsAWriteErrorAndLeavesNoPartialPyramid() throws {
        try require(getuid() == 0, "root (to mount a small tmpfs)")
        try copyPhotos(["forensics__IMG_1054.jpg", "lomiri1604__Bridge_by_Sander_Klootwijk.jpg", "lomiri1604__Dragonfly_by_Bolly.jpg",
            "lomiri1604__Wine_by_Jakkub_Mede.jpg", "mate__Dune.jpg", "plasma__Kite.jpg", "mate__LadyBird.jpg", "plasma__Path.jpg"])
        let disk = folder + "/disk"
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let mount = try Program.run("mount", ["-t", "tmpfs", "-o", "size=5m", "tmpfs", disk])
        try require(mount.status == 0, "mount -t tmpfs (\(mount.stderr))")
        mounted = disk
        let site = disk + "/site"

        let full = try Vitrine.run(["build", source, "-o", site, "--progress", "json"])
        XCTAssertNotEqual(full.status, 0, "a full disk is a failure")
        let failures = events(full).filter { $0["event"] as? String == "error" }
        XCTAssertFalse(failures.isEmpty, full.stderr)
        for failure in failures {
            XCTAssertEqual(failure["reason"] as? String, "write", "never a verdict on the source: \(failure)")
            // A sentence naming what could not be written, not libvips' "unix error: Unknown error -1".
            let message = failure["message"] as? String ?? ""
            // The state store on the same disk fails too, now and then, and says so of itself.
            XCTAssert(message.contains("cannot write " + site + "/") || message.contains("in the build's state " + site + "/"), message)
            XCTAssert(message.hasSuffix("No space left on device"), message)
        }
        assertWholePyramids(in: site + "/tiles", "on a full disk")

        // With room again, the next build finishes the site as a clean build makes it.
        XCTAssertEqual(try Program.run("mount", ["-o", "remount,size=512m", disk]).status, 0)
        let rebuilt = try Vitrine.run(["build", source, "-o", site, "--progress", "json"])
        XCTAssertEqual(rebuilt.status, 0, rebuilt.stderr)
        let clean = folder + "/clean"
        XCTAssertEqual(try Vitrine.run(["build", source, "-o", clean, "--progress", "none"]).status, 0)
        let (expected, found) = (try hashes(of: clean), try hashes(of: site))
        XCTAssertEqual(Set(found.keys).symmetricDifference(expected.keys).sorted(), [], "the same files as a clean build")
        XCTAssertEqual(expected.keys.filter { found[$0] != expected[$0] }.sorted(), [], "the same bytes as a clean build")
    }

    /// A rebuild whose new `.dzi` could not replace the old one left the new `_files` beside
    /// the old `.dzi` (another tile size: a viewer asks for tiles that are not there).
    func testAPyramidIsPutInPlaceWholeOrNotAtAll() throws {
        try require(getuid() == 0 && (try? Program.run("chattr", ["--help"])) != nil, "root and chattr")
        try copyPhotos(["lomiri1604__Bridge_by_Sander_Klootwijk.jpg"])
        let site = folder + "/site"
        XCTAssertEqual(try Vitrine.run(["build", source, "-o", site, "--no-sheets", "--progress", "none"]).status, 0)
        let base = site + "/tiles/lomiri1604-bridge-by-sander-klootwijk"
        let before = try hashes(of: site + "/tiles")
        // The old descriptor cannot be replaced, moved or linked, even by root.
        let immutable = try Program.run("chattr", ["+i", base + ".dzi"])
        try require(immutable.status == 0, "chattr +i (\(immutable.stderr))")
        defer { _ = try? Program.run("chattr", ["-i", base + ".dzi"]) }

        let rebuilt = try Vitrine.run(["build", source, "-o", site, "--no-sheets", "--tile-size", "126", "--progress", "json"])
        XCTAssertEqual(rebuilt.status, 1, "the item failed: \(rebuilt.stderr)")
        let failures = events(rebuilt).filter { $0["event"] as? String == "error" }
        XCTAssertEqual(failures.map { $0["reason"] as? String }, ["write"], rebuilt.stderr)
        XCTAssertEqual(try hashes(of: site + "/tiles"), before, "the old pyramid is left as it was, its tiles with its descriptor")
    }
}
