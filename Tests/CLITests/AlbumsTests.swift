import Foundation
import XCTest

/// Albums from folders (issue 26): the sigal sample's folders with their index.md, plus photos
/// two levels below a folder that has none, scanned as a user would.
final class AlbumsTests: TemporaryFolderTestCase {
    /// The sigal sample copied, with `2019/rome/` (one photo) and `2019/rome/day2/` (two, dated)
    /// added; `2019/` holds no photo itself.
    func libraryTree() throws -> String {
        let root = folder + "/library"
        try FileManager.default.copyItem(atPath: try Corpus.path("mixed/sigal-sample"), toPath: root)
        let photos = try Corpus.path("photos")
        try FileManager.default.createDirectory(atPath: root + "/2019/rome/day2", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: photos + "/forensics__IMG_20200124_231153.jpg", toPath: root + "/2019/rome/colosseum.jpg")
        try FileManager.default.copyItem(atPath: photos + "/forensics__IMG_20191224_234846.jpg", toPath: root + "/2019/rome/day2/b.jpg")
        try FileManager.default.copyItem(atPath: photos + "/forensics__IMG_1054.jpg", toPath: root + "/2019/rome/day2/a.jpg")
        return root
    }

    func albums(_ manifest: [String: Any]) -> [String: [String: Any]] {
        Dictionary(uniqueKeysWithValues: (manifest["albums"] as? [[String: Any]] ?? []).map { ($0["id"] as! String, $0) })
    }

    func testFoldersBecomeNestedAlbumsWithTheirIndexText() throws {
        let root = try libraryTree()
        let scan = try Vitrine.run(["scan", "--timeout", "10", root])
        XCTAssertLessThanOrEqual(scan.status, 1, scan.stderr)
        let manifest = try scan.json()
        let list = manifest["albums"] as! [[String: Any]]
        let byID = albums(manifest)
        // Root first, then depth-first in natural order of the folder names; media-less folders
        // (the sample's `encryptTest/` holds media; `nomedia/` holds one below) follow the rule.
        XCTAssertEqual(list.map { $0["id"] as! String }, ["", "2019", "2019/rome", "2019/rome/day2", "accentue", "dir1", "dir1/test1",
            "dir1/test2", "dir1/test3", "dir2", "encrypttest", "exiftest", "iptctest", "nomedia", "nomedia/created", "video", "webp"])
        XCTAssertEqual(byID[""]?["title"] as? String, "Sigal test gallery")
        XCTAssertNil(byID[""]?["parent"])
        XCTAssertEqual(byID["2019"]?["title"] as? String, "2019", "no index.md: the folder's name")
        XCTAssertEqual(byID["2019"]?["itemCount"] as? Int, 0)
        XCTAssertEqual(byID["2019"]?["totalItemCount"] as? Int, 3)
        XCTAssertEqual(byID["2019"]?["cover"] as? String, "2019/rome/colosseum", "no item of its own: its first child's cover")
        XCTAssertEqual(byID["2019/rome"]?["children"] as? [String], ["2019/rome/day2"])
        XCTAssertEqual(byID["2019/rome/day2"]?["parent"] as? String, "2019/rome")
        XCTAssertEqual(byID["2019/rome/day2"]?["items"] as? [String], ["2019/rome/day2/a", "2019/rome/day2/b"])
        XCTAssertEqual(byID["2019/rome/day2"]?["dates"] as? [String: String], ["first": "2019-12-24T23:48:46", "last": "2020-09-12T11:49:38"])
        XCTAssertEqual(byID["2019"]?["dates"] as? [String: String], ["first": "2019-12-24T23:48:46", "last": "2020-09-12T11:49:38"])
        XCTAssertEqual(byID["dir1"]?["title"] as? String, "An example gallery")
        XCTAssertTrue(((byID["dir1"]?["description"] as? [String: String])?["markup"] ?? "").hasPrefix("<h2>Hello world !</h2>"))
        XCTAssertEqual(byID["dir2"]?["cover"] as? String, "dir2/m57-the-ring-nebula-587px", "its Thumbnail:")
        XCTAssertEqual(byID["dir2"]?["path"] as? String, "dir2", "relative to the source, never absolute")
        XCTAssertEqual(byID["iptctest"]?["path"] as? String, "iptcTest")

        // Items: gallery-wide index depth-first; counter and neighbours within the album.
        let listed = CLITests.items(manifest)
        XCTAssertEqual(listed.map { $0["index"] as! Int }, Array(0..<listed.count))
        let ids = listed.map { $0["id"] as! String }
        XCTAssertEqual(Array(ids.prefix(3)), ["2019/rome/colosseum", "2019/rome/day2/a", "2019/rome/day2/b"])
        let day2b = try XCTUnwrap(listed.first { $0["id"] as? String == "2019/rome/day2/b" })
        XCTAssertEqual(day2b["album"] as? String, "2019/rome/day2")
        XCTAssertEqual(day2b["position"] as? String, "2 of 2")
        XCTAssertEqual(day2b["prev"] as? String, "2019/rome/day2/a")
        XCTAssertNil(day2b["next"], "the album's last item has no next, whatever follows in the gallery")
        let validate = try Vitrine.run(["manifest", "validate", "-"], stdin: scan.stdoutText)
        XCTAssertEqual(validate.status, 0, validate.stderr)

        // Album order: by date (earliest item), reversed, and flat.
        let byDate = try Vitrine.run(["scan", "--timeout", "10", "--album-order", "date", root]).json()
        XCTAssertEqual((byDate["albums"] as! [[String: Any]]).prefix(4).map { $0["id"] as! String }, ["", "iptctest", "accentue", "dir1"])
        let reversed = try Vitrine.run(["scan", "--timeout", "10", "--reverse-albums", root]).json()
        XCTAssertEqual((reversed["albums"] as! [[String: Any]]).prefix(3).map { $0["id"] as! String }, ["", "webp", "video"])
        let flat = try Vitrine.run(["scan", "--timeout", "10", "--albums", "none", root]).json()
        XCTAssertNil(flat["albums"])
        XCTAssertTrue(items(flat).allSatisfy { $0["album"] == nil })
        XCTAssertEqual(items(flat).first?["position"] as? String, "1 of \(listed.count)")
        XCTAssertNotNil(flat["folders"], "the manifest before albums: folders with an index.md")
    }

    func testSeveralSourcesAreTopLevelAlbumsAndLoneFilesTheRoot() throws {
        let examples = Repository.examples
        let photos = try Corpus.path("photos")
        let lone = photos + "/forensics__IMG_1054.jpg"
        let manifest = try Vitrine.run(["scan", "--timeout", "10", examples, try Corpus.path("mixed/sigal-sample/dir2"), lone]).json()
        let byID = albums(manifest)
        XCTAssertEqual((manifest["albums"] as! [[String: Any]]).map { $0["id"] as! String }, ["", "dir2", "media", "media/portraits"])
        XCTAssertEqual(byID["media"]?["path"] as? String, "media")
        XCTAssertEqual(byID["dir2"]?["title"] as? String, "Another example gallery with a very long name")
        XCTAssertEqual(byID[""]?["title"] as? String, "media", "the first source folder's name")
        XCTAssertEqual(byID[""]?["items"] as? [String], ["forensics-img-1054"], "a file given alone belongs to the root")
        let validate = try Vitrine.run(["manifest", "validate", "-"], stdin: try JSONSerialization.data(withJSONObject: manifest).string)
        XCTAssertEqual(validate.status, 0, validate.stderr)
    }

    /// `vitrine scan .` (and `..`, and `photos/.`) takes the folder's own name, as its
    /// album and the gallery's title, never ".".
    func testAFolderGivenAsDotIsKnownByItsName() throws {
        let holiday = folder + "/holiday"
        try FileManager.default.createDirectory(atPath: holiday + "/beach", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.examples + "/coffee.jpg", toPath: holiday + "/beach/coffee.jpg")
        for (input, directory) in [(".", holiday), ("..", holiday + "/beach"), ("holiday/.", folder)] {
            let manifest = try Vitrine.run(["scan", input], currentDirectory: directory).json()
            let byID = albums(manifest)
            XCTAssertEqual(byID[""]?["title"] as? String, "holiday", input)
            XCTAssertEqual(byID["beach"]?["title"] as? String, "beach", input)
        }
        // Several inputs: the album a dotted folder heads is named alike.
        let both = try Vitrine.run(["scan", ".", Repository.examples], currentDirectory: holiday).json()
        XCTAssertEqual(Set(albums(both).keys).intersection(["holiday", "holiday/beach"]), ["holiday", "holiday/beach"])
    }
}

private extension Data {
    var string: String { String(decoding: self, as: UTF8.self) }
}
