import Foundation
import XCTest

/// What the hardening III tests (issue 38) share: a source of 52 distinct photos in three
/// albums (one large enough for zoom tiles), a finished site of it with a 10-item selection, and
/// a listing of the test's whole temporary root, so that a test can show nothing outside SITE
/// was written or removed.
class HardeningIIITestCase: TemporaryFolderTestCase {
    /// The albums and how many photos each holds; `big.jpg` (tiled) is added to the first.
    static let albums = [("2019", 20), ("2020", 20), ("trips/rome", 11)]
    static let itemCount = albums.reduce(1) { $0 + $1.1 }

    /// vitrine's own temporary folder, inside the test's root: what it writes there is seen.
    var temporary: String { folder + "/tmp" }

    /// The environment every run here gets: TMPDIR inside the test's root.
    var environment: [String: String] { ["TMPDIR": temporary] }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
    }

    /// Makes `SRC` (default `folder/src`): ``albums`` of small distinct JPEGs, plus one
    /// 3000×2000 photo that gets zoom tiles. Pillow, in one process: fifty vips runs take seconds.
    @discardableResult
    func makeSource(_ source: String? = nil) throws -> String {
        let source = source ?? folder + "/src"
        let albums = Self.albums.map { "(\"\($0.0)\", \($0.1))" }.joined(separator: ", ")
        let script = """
            import os, sys
            from PIL import Image, ImageDraw
            root = sys.argv[1]
            for album, count in [\(albums)]:
                os.makedirs(os.path.join(root, album), exist_ok=True)
                for n in range(count):
                    image = Image.new("RGB", (96, 64), ((n * 37) % 256, (n * 91 + len(album) * 13) % 256, (n * 53) % 256))
                    ImageDraw.Draw(image).rectangle([n % 60, n % 30, n % 60 + 20, n % 30 + 20], fill=(255 - n, n * 3 % 256, 128))
                    image.save(os.path.join(root, album, "p%02d.jpg" % n), quality=85)
            big = Image.new("RGB", (3000, 2000), (30, 90, 160))
            ImageDraw.Draw(big).ellipse([500, 300, 2500, 1700], fill=(220, 180, 40))
            big.save(os.path.join(root, "\(Self.albums[0].0)", "big.jpg"), quality=80)
            """
        // Debian's Python, which has Pillow (python3-pil), whatever Python is first on PATH.
        let run = try Program.run("/usr/bin/python3", ["-c", script, source])
        XCTAssertEqual(run.status, 0, run.stderr)
        return source
    }

    /// `vitrine build SRC -o SITE` with `extra` options, TMPDIR in the test's root.
    func build(_ source: String, _ site: String, _ extra: [String] = [], timeout: Double = 600) throws -> Vitrine.Run {
        try Vitrine.run(["build", source, "-o", site, "--no-video-copies"] + extra, environment: environment, timeout: timeout)
    }

    /// A finished site of a fresh source, with the first 10 items of the manifest selected
    /// (every third one, so the selection spans the albums): the source, the site, the ids.
    func finishedSite() throws -> (source: String, site: String, selected: [String]) {
        let source = try makeSource()
        let site = folder + "/site"
        let first = try build(source, site)
        XCTAssertEqual(first.status, 0, first.stderr)
        let ids = try itemIDs(site)
        XCTAssertEqual(ids.count, Self.itemCount)
        let selected = stride(from: 0, to: 30, by: 3).map { ids[$0] }
        let select = try Vitrine.run(["select", "--in-place", site + "/manifest.json"] + selected.flatMap { ["--add", $0] })
        XCTAssertEqual(select.status, 0, select.stderr)
        XCTAssertEqual(try selection(site), selected)
        return (source, site, selected)
    }

    /// The ids of the site's manifest, in order.
    func itemIDs(_ site: String) throws -> [String] {
        try items(manifest(site)).compactMap { $0["id"] as? String }
    }

    /// The selected ids of the site's manifest, in selection order.
    func selection(_ site: String) throws -> [String] {
        try items(manifest(site)).compactMap { item -> (Int, String)? in
            guard let number = item["selection"] as? Int, let id = item["id"] as? String else { return nil }
            return (number, id)
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    func manifest(_ site: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json"))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Every path below `root` (links not followed) with what it is and, for a regular file,
    /// its size and modification time: equal listings mean nothing there was written or removed.
    func listing(_ root: String, excluding: [String] = []) -> [String: String] {
        var result: [String: String] = [:]
        func walk(_ path: String) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
            for name in names {
                let child = path + "/" + name
                if excluding.contains(where: { child == $0 || child.hasPrefix($0 + "/") }) { continue }
                var info = stat()
                guard lstat(child, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    result[child] = "folder"
                    walk(child)
                case S_IFLNK: result[child] = "link → " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: child)) ?? "?")
                case S_IFREG: result[child] = "file \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
                default: result[child] = "other"
                }
            }
        }
        walk(root)
        return result
    }

    /// What changed between two listings, for a failure message.
    func changes(_ before: [String: String], _ after: [String: String]) -> [String] {
        Set(before.keys).union(after.keys).sorted().compactMap { path in
            before[path] == after[path] ? nil : "\(path): \(before[path] ?? "absent") → \(after[path] ?? "absent")"
        }
    }
}
