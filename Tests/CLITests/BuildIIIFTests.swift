import Foundation
import VipsKit
import XCTest

/// The IIIF ids `vitrine build` writes lead to its files (issue 24, item 9): the site served on
/// 127.0.0.1 below a prefix, every id in every info.json (and in the manifest) fetched.
final class BuildIIIFTests: TemporaryFolderTestCase {
    /// The body at `url`, or nil for an HTTP error (a 404), by Python's urllib.
    func fetch(_ url: String) throws -> String? {
        let script = "import sys, urllib.request\ntry: sys.stdout.write(urllib.request.urlopen(sys.argv[1], timeout=30).read().decode('latin-1'))\n"
            + "except Exception as error: sys.stderr.write(str(error)); sys.exit(1)"
        let result = try Program.run("python3", ["-c", script, url])
        return result.status == 0 ? result.stdout : nil
    }

    func testEveryIIIFLayoutsIdsLeadToTheirFiles() throws {
        let served = folder + "/served"
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
        let server = try StaticServer(serving: served)
        defer { server.stop() }
        for (layout, version) in [("iiif", 2), ("iiif3", 3)] {
            let base = "http://\(server.host)/\(layout)-site"
            let run = try Vitrine.run(["build", Repository.examples, "-o", served + "/\(layout)-site", "--tile-layout", layout,
                "--base-url", base, "--tile-min-size", "0", "--no-page"])
            XCTAssertEqual(run.status, 0, run.stderr)
            let manifest = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: served + "/\(layout)-site/manifest.json")))
                as? [String: Any])
            let tiled = items(manifest).compactMap { $0["tiles"] as? [String: Any] }
            XCTAssertEqual(tiled.count, items(manifest).filter { $0["kind"] as? String == "image" }.count, "every photo")
            XCTAssertGreaterThan(tiled.count, 3)
            for tiles in tiled {
                let path = try XCTUnwrap(tiles["path"] as? String)
                XCTAssertTrue(path.hasPrefix("tiles/"), path)
                let info = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: served + "/\(layout)-site/" + path)))
                    as? [String: Any])
                let id = try XCTUnwrap(info[version == 2 ? "@id" : "id"] as? String)
                XCTAssertEqual(id, base + "/" + path.dropLast("/info.json".count), layout)
                XCTAssertEqual(tiles["id"] as? String, id, "the manifest's id is info.json's")
                // Followed as a viewer does: the info.json, then the whole picture.
                let fetched = try XCTUnwrap(try fetch(id + "/info.json"), "\(id)/info.json")
                let said = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(fetched.utf8)) as? [String: Any])
                XCTAssertEqual(said[version == 2 ? "@id" : "id"] as? String, id)
                let full = id + "/full/" + (version == 2 ? "full" : "max") + "/0/default.jpg"
                XCTAssertNotNil(try fetch(full), full)
            }
        }
    }
}
