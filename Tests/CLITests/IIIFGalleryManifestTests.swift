import Foundation
import XCTest

/// `build --iiif-manifest`: the whole gallery as one IIIF Presentation 3 manifest, its albums
/// as Ranges nested as the folders are, checked by iiif-prezi3 and against the site's own
/// manifest.json.
final class IIIFGalleryManifestTests: TemporaryFolderTestCase {
    /// A library of three levels: a large photo (tiled) in 2019/rome, a captioned small one in
    /// 2019/rome/day2, one in 2020, and a titled 2019 (its index.md).
    func makeLibrary() throws -> String {
        let library = folder + "/library"
        let files: [(String, String)] = [("photos/mate__Elephants_3840x2160.jpg", "2019/rome/elephants.jpg"),
            ("photos/plasma__FallenLeaf.jpg", "2019/rome/day2/leaf.jpg"), ("photos/plasma__Path.jpg", "2020/path.jpg")]
        for (source, target) in files {
            let path = library + "/" + target
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: try Corpus.path(source), toPath: path)
        }
        try "Title: Twenty nineteen\n\nThe year of Rome.\n".write(toFile: library + "/2019/index.md", atomically: true, encoding: .utf8)
        try "A leaf on the Via Appia\n".write(toFile: library + "/2019/rome/day2/leaf.md", atomically: true, encoding: .utf8)
        return library
    }

    func testAlbumsAreNestedRanges() throws {
        let library = try makeLibrary()
        let site = folder + "/site", base = "https://example.org/g"
        let run = try Vitrine.run(["build", library, "-o", site, "--tile-layout", "iiif3", "--base-url", base + "/", "--iiif-manifest"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let check = try Program.run(try IIIFTools.tool("python3"),
            [IIIFTools.support("iiif_presentation_check.py"), site + "/iiif-manifest.json", base, site])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)

        let document = try json(site + "/iiif-manifest.json")
        let gallery = try json(site + "/manifest.json")
        let canvases = try XCTUnwrap(document["items"] as? [[String: Any]])
        XCTAssertEqual(canvases.map { $0["id"] as? String ?? "" }, items(gallery).map { base + "/canvas/" + ($0["id"] as? String ?? "") },
            "one canvas per item, in gallery order")
        let tiled = try XCTUnwrap(canvases.first { ($0["id"] as? String)?.hasSuffix("/2019/rome/elephants") == true })
        XCTAssertTrue("\(tiled)".contains("ImageService3"), "the large photo is painted with its tiles' image service")
        let leaf = try XCTUnwrap(canvases.first { ($0["id"] as? String)?.hasSuffix("/day2/leaf") == true })
        XCTAssertEqual((leaf["label"] as? [String: [String]])?["none"], ["A leaf on the Via Appia"], "labelled by its caption")
        XCTAssertNotNil((leaf["thumbnail"] as? [[String: Any]])?.first?["id"] as? String)

        // The Ranges are the albums, nested as they are, each holding its own items' canvases.
        let albums = try XCTUnwrap(gallery["albums"] as? [[String: Any]])
        var found: [String: [String: Any]] = [:]
        func walk(_ range: [String: Any], parent: String?) {
            let id = range["id"] as? String ?? ""
            found[id] = range.merging(["parent": parent as Any]) { $1 }
            for member in range["items"] as? [[String: Any]] ?? [] where member["type"] as? String == "Range" { walk(member, parent: id) }
        }
        let structures = try XCTUnwrap(document["structures"] as? [[String: Any]])
        XCTAssertEqual(structures.count, 1, "one Range for the whole gallery")
        walk(structures[0], parent: nil)
        XCTAssertEqual(Set(found.keys), Set(albums.map { base + "/range" + (($0["id"] as? String).map { $0.isEmpty ? "" : "/" + $0 } ?? "") }))
        for album in albums {
            let id = album["id"] as? String ?? ""
            let range = try XCTUnwrap(found[base + "/range" + (id.isEmpty ? "" : "/" + id)], id)
            let members = range["items"] as? [[String: Any]] ?? []
            XCTAssertEqual(members.filter { $0["type"] as? String == "Canvas" }.map { $0["id"] as? String ?? "" },
                (album["items"] as? [String] ?? []).map { base + "/canvas/" + $0 }, "\(id): its own items, in order")
            XCTAssertEqual(members.filter { $0["type"] as? String == "Range" }.map { $0["id"] as? String ?? "" },
                (album["children"] as? [String] ?? []).map { base + "/range/" + $0 }, "\(id): its child albums, in order")
            XCTAssertEqual((range["label"] as? [String: [String]])?["none"], [album["title"] as? String ?? ""], id)
        }
        XCTAssertEqual((found[base + "/range/2019"]?["label"] as? [String: [String]])?["none"], ["Twenty nineteen"])
        XCTAssertEqual(found[base + "/range/2019/rome/day2"]?["parent"] as? String, base + "/range/2019/rome")

        // A rebuild that changes nothing leaves it alone; one that finds it gone writes it again.
        let arguments = ["build", library, "-o", site, "--tile-layout", "iiif3", "--base-url", base, "--iiif-manifest"]
        let written = try modified(site + "/iiif-manifest.json")
        Thread.sleep(forTimeInterval: 0.05)
        XCTAssertEqual(try Vitrine.run(arguments).status, 0)
        XCTAssertEqual(try modified(site + "/iiif-manifest.json"), written)
        try FileManager.default.removeItem(atPath: site + "/iiif-manifest.json")
        let again = try Vitrine.run(arguments)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try json(site + "/iiif-manifest.json") as NSDictionary, document as NSDictionary)
    }

    private func modified(_ path: String) throws -> Date {
        try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    /// Without albums, no Ranges; without an IIIF tile layout, no such manifest (said once).
    func testFlatGalleriesAndOtherLayouts() throws {
        let library = try makeLibrary()
        let flat = try Vitrine.run(["build", library, "-o", folder + "/flat", "--albums", "none", "--tile-layout", "iiif",
            "--base-url", "https://example.org", "--iiif-manifest"])
        XCTAssertEqual(flat.status, 0, flat.stderr)
        let document = try json(folder + "/flat/iiif-manifest.json")
        XCTAssertNil(document["structures"])
        XCTAssertEqual((document["items"] as? [Any])?.count, 3)
        let refused = try Vitrine.run(["build", library, "-o", folder + "/dz", "--iiif-manifest"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("--iiif-manifest needs --tile-layout iiif or iiif3"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/dz/iiif-manifest.json"))
    }

    private func json(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }
}
