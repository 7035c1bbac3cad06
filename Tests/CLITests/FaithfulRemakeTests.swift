import Foundation
import VipsKit
import XCTest

/// Outputs deleted by hand from a site are made again, byte for byte as a clean build makes
/// them (issue 24, item 10). Each test failed before its fix.
final class FaithfulRemakeTests: TemporaryFolderTestCase {
    var source: String { folder + "/src" }

    /// Two large corpus photos: large enough for an @2x thumbnail twice the 1× and a pyramid.
    func copyPhotos() throws {
        let photos = try Corpus.path("photos")
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        for name in ["lomiri1604__Bridge_by_Sander_Klootwijk.jpg", "lomiri1604__Dragonfly_by_Bolly.jpg"] {
            try FileManager.default.copyItem(atPath: photos + "/" + name, toPath: source + "/" + name)
        }
    }

    /// The `done` event of a build of the sources into `site`.
    @discardableResult
    func build(_ site: String, _ extra: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let run = try Vitrine.run(["build", source, "-o", site, "--progress", "json"] + extra)
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        return try XCTUnwrap(run.stderrLines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] },
            file: file, line: line)
    }

    func assertSameFiles(_ site: String, as clean: [String: String], _ message: String, file: StaticString = #filePath,
                         line: UInt = #line) throws {
        let now = try hashes(of: site)
        let missing = Set(clean.keys).subtracting(now.keys).sorted()
        let extra = Set(now.keys).subtracting(clean.keys).sorted()
        let differ = clean.keys.filter { now[$0] != nil && now[$0] != clean[$0] }.sorted()
        XCTAssertEqual(missing, [], "\(message): missing \(missing.count), e.g. \(missing.prefix(3))", file: file, line: line)
        XCTAssertEqual(extra, [], "\(message): files a clean build does not make", file: file, line: line)
        XCTAssertEqual(differ, [], "\(message): not as a clean build makes them", file: file, line: line)
    }

    func remove(_ path: String) throws { try FileManager.default.removeItem(atPath: path) }

    /// A 1× thumbnail deleted was made again alone with a crop of its own (a mean difference of
    /// 60/255 from a full build's); a deleted level of a pyramid was not noticed ("0 made").
    func testDeletedOutputsAreMadeAgainAsACleanBuildMakesThem() throws {
        try copyPhotos()
        let clean = folder + "/clean", site = folder + "/site"
        try build(clean)
        try build(site)
        let expected = try hashes(of: clean)
        XCTAssertEqual(try hashes(of: site), expected, "two clean builds make the same files")

        let bridge = "lomiri1604-bridge-by-sander-klootwijk", dragonfly = "lomiri1604-dragonfly-by-bolly"
        try remove(site + "/thumbs/\(bridge)-256x256.jpg")
        try remove(site + "/tiles/\(bridge)_files/12")
        try remove(site + "/tiles/\(dragonfly).dzi")
        let rebuilt = try build(site)
        XCTAssertEqual(rebuilt["made"] as? Int, 3, "the thumbnail and both pyramids: \(rebuilt)")
        try assertSameFiles(site, as: expected, "after deleting a thumbnail, a level and a descriptor")
        XCTAssertEqual(try build(site)["made"] as? Int, 0, "what was made again is known to the next build")

        // The 1× alone, as a full build cuts it from its @2x.
        try remove(site + "/thumbs/\(dragonfly)-256x256.jpg")
        XCTAssertEqual(try build(site)["made"] as? Int, 1)
        try assertSameFiles(site, as: expected, "after deleting a 1× thumbnail")
    }

    /// Each layout's kept pyramid is checked by its own layout: a level gone is made again.
    func testEveryLayoutNoticesALevelDeleted() throws {
        try copyPhotos()
        let bridge = "lomiri1604-bridge-by-sander-klootwijk"
        // What removes one level of the bridge's pyramid, by layout.
        let levels: [(layout: String, remove: (String) throws -> Void)] = [
            ("iiif", { tiles in try self.remove(tiles + "/\(bridge).iiif/0,0,4352,2448") }),
            ("iiif3", { tiles in try self.remove(tiles + "/\(bridge).iiif/0,0,4352,2448") }),
            ("zoomify", { tiles in
                let group = tiles + "/\(bridge).zoomify/TileGroup0"
                for name in try FileManager.default.contentsOfDirectory(atPath: group) where name.hasPrefix("2-") {
                    try self.remove(group + "/" + name)
                }
            }),
            ("google", { tiles in try self.remove(tiles + "/\(bridge).google/3") }),
        ]
        for (layout, removeLevel) in levels {
            let options = ["--tile-layout", layout, "--no-display", "--no-sheets"]
                + (layout.hasPrefix("iiif") ? ["--base-url", "https://example.org/g"] : [])
            let clean = folder + "/clean-" + layout, site = folder + "/site-" + layout
            try build(clean, options)
            try build(site, options)
            let expected = try hashes(of: clean)
            XCTAssertEqual(try build(site, options)["made"] as? Int, 0, "\(layout): a complete pyramid is kept")
            try removeLevel(site + "/tiles")
            XCTAssertEqual(try build(site, options)["made"] as? Int, 1, "\(layout): the pyramid missing a level is made again")
            try assertSameFiles(site, as: expected, layout)
        }
    }
}
