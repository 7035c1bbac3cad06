import Foundation
import XCTest

/// A site built by the vitrine before the state store's version 4 (version 3: an output's
/// target kept as one text) is rebuilt by this one without making anything again: the store
/// is brought up to date in place. `Tests/Fixtures/state-v3` was made by that vitrine with
/// `vitrine build src -o site` (libvips 8.14.1: the rendering version is part of every key).
final class StateUpgradeTests: TemporaryFolderTestCase {
    var fixture: URL { Repository.root.appendingPathComponent("Tests/Fixtures/state-v3") }

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
        XCTAssertEqual(try storeVersion(store), 4, "the store is brought up to date")
        // The manifest names the outputs the last build wrote; it is vitrine-manifest/2 now, with
        // albums, so only its outputs are compared.
        let outputs = { (manifest: [String: Any]) -> [String] in
            items(manifest).map { item in
                let fields = ["id", "renditions", "tiles", "placeholder", "zoom", "width", "height"].map { item[$0] ?? NSNull() }
                return String(decoding: try! JSONSerialization.data(withJSONObject: fields, options: .sortedKeys), as: UTF8.self)
            }
        }
        let written = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/site/manifest.json"))) as? [String: Any])
        let before = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.appendingPathComponent("site/manifest.json"))) as? [String: Any])
        XCTAssertEqual(written["schema"] as? String, "vitrine-manifest/2")
        XCTAssertEqual(outputs(written).sorted(), outputs(before).sorted(), "the manifest names the outputs the last build wrote")

        let again = try Vitrine.run(["build", "src", "-o", "site", "--albums", "none", "--progress", "json"], currentDirectory: folder)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderrLines.last?.contains(#""made":0"#) ?? false, "and the upgraded store is read as it is: \(again.stderr)")
    }
}
