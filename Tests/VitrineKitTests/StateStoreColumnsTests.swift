import Foundation
import XCTest

@testable import VitrineKit

/// The state store keeps each part of an output's target in a column of its own, and brings a
/// store of version 3 (the target as one `scale|width|height` text, a path a line) up to date.
final class StateStoreColumnsTests: XCTestCase {
    var folder: String!

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "state-columns-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try FileManager.default.removeItem(atPath: folder) }

    func output(source: String, paths: [String], scale: Double? = 0.5, width: Int? = 256, height: Int? = nil) -> StateStore.Output {
        StateStore.Output(source: source, kind: "rendition", identifier: "256x256-fill", renderingVersion: RenderingVersion.current,
            target: OutputTarget(paths: paths, sourceScale: scale, width: width, height: height), product: Data("{}".utf8))
    }

    func testPathsOfAnyNameAreReadBackAsTheyWereKept() throws {
        let store = try StateStore(path: folder + "/state.sqlite")
        // A line break and a `|` were the old text's separators; a quote and a backslash are JSON's.
        let awkward = ["thumbs/a\nb|c.jpg", #"thumbs/"quoted" \back.jpg"#, "thumbs/été, 1.jpg", "thumbs/\u{1}.jpg"]
        for (number, paths) in [awkward, [], ["tiles/x_files", "tiles/x.dzi"]].enumerated() {
            try store.keep(output(source: "photo\(number).jpg", paths: paths, scale: number == 1 ? nil : 0.25, height: 300))
            XCTAssertEqual(try store.outputs(of: "photo\(number).jpg").map(\.output.target.paths), [paths])
            XCTAssertEqual(try store.outputs(of: "photo\(number).jpg").first?.output.target.sourceScale, number == 1 ? nil : 0.25)
        }
    }

    func testAVersion3StoreIsUpgradedInPlace() throws {
        let path = folder + "/state.sqlite"
        // As vitrine 7459e83 made it: the target as one text, the version after an `@`, a stale row under `stale:KEY`.
        try SQLiteDatabase(path: path).execute("""
            CREATE TABLE sources (key TEXT PRIMARY KEY, bytes INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
                device INTEGER NOT NULL, inode INTEGER NOT NULL, probe_key TEXT NOT NULL, probe BLOB NOT NULL, sha256 TEXT);
            CREATE TABLE outputs (source TEXT NOT NULL, kind TEXT NOT NULL, identifier TEXT NOT NULL,
                target TEXT NOT NULL, product BLOB NOT NULL, PRIMARY KEY (source, kind, identifier));
            CREATE TABLE notes (key TEXT PRIMARY KEY, value BLOB NOT NULL);
            INSERT INTO outputs VALUES ('a.jpg', 'tiles', 'dz-254@r2-vips-8.14.1', '1.0|2000|1400' || char(10) || 'tiles/a_files'
                || char(10) || 'tiles/a.dzi', x'7b7d');
            INSERT INTO outputs VALUES ('stale:a.jpg', 'placeholder', 'thumbhash@r2-vips-8.14.1', '-|-|-', x'7b7d');
            INSERT INTO outputs VALUES ('b.jpg', 'rendition', 'no version', '-|-|-', x'7b7d');
            INSERT INTO notes VALUES ('sheets', x'00');
            PRAGMA user_version = 3;
            """)
        let dryRun = try StateStore(path: path, readOnly: true)
        XCTAssertEqual(try dryRun.outputs(of: "a.jpg").map(\.output.identifier), ["dz-254"], "a dry run reads it upgraded")
        var version = 0
        try SQLiteDatabase(path: path, readOnly: true).prepare("PRAGMA user_version").run { version = Int($0.integer(0)) }
        XCTAssertEqual(version, 3, "in memory: the file is as it was")

        let store = try StateStore(path: path)
        let kept = try store.outputs(of: "a.jpg").map(\.output)
        XCTAssertEqual(kept, [StateStore.Output(source: "a.jpg", kind: "tiles", identifier: "dz-254", renderingVersion: "r2-vips-8.14.1",
            target: OutputTarget(paths: ["tiles/a_files", "tiles/a.dzi"], sourceScale: 1, width: 2000, height: 1400),
            product: Data("{}".utf8))])
        var all: [StateStore.Output] = []
        try store.eachOutput { _, output in all.append(output) }
        XCTAssertEqual(all.filter(\.isStale).map(\.source), ["a.jpg"], "the stale row is marked, its source its own key")
        XCTAssertEqual(all.count, 2, "a row without a rendering version is left out, to be made again")
        XCTAssertEqual(store.note("sheets"), Data([0]), "the notes are kept")

        try store.forget(all.first(where: \.isStale)!)
        XCTAssertEqual(try store.outputs(of: "a.jpg").count, 1, "forgetting the stale row leaves the fresh one")
    }
}
