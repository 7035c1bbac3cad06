import Foundation
import XCTest

/// Issue 39, fault 5: a source rewritten in place with bytes of the same size, its modification
/// time put back (`touch -r`), keeps its inode and its size and time; only its ctime tells.
/// A rebuild sees it (the manifest's SHA-256 and the outputs are the new picture's), while a
/// change of the ctime alone (chmod) makes nothing again.
final class ChangeTimeTests: TemporaryFolderTestCase {
    var source: String { folder + "/src" }
    var site: String { folder + "/site" }
    /// A picture of `a.jpg`'s size, another colour, outside the source.
    var replacement: String { folder + "/replacement.jpg" }

    /// `src/a.jpg` (red, a white disc) and `replacement.jpg` (blue, the same disc), padded with a
    /// JPEG comment to the same byte size; `src/b.jpg` (green) beside them.
    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        let script = """
            import os, sys
            from PIL import Image, ImageDraw
            a, replacement, b = sys.argv[1:4]
            def jpeg(colour, path, padding):
                image = Image.new("RGB", (320, 240), colour)
                ImageDraw.Draw(image).ellipse([40, 40, 200, 200], fill=(255, 255, 255))
                image.save(path, quality=90, comment=b"x" * padding)
            jpeg((200, 30, 30), a, 100)
            jpeg((30, 30, 200), replacement, 100)
            difference = os.path.getsize(a) - os.path.getsize(replacement)
            if difference > 0: jpeg((30, 30, 200), replacement, 100 + difference)
            if difference < 0: jpeg((200, 30, 30), a, 100 - difference)
            Image.new("RGB", (100, 80), (0, 200, 0)).save(b, quality=90)
            """
        // Debian's Python, which has Pillow (python3-pil), whatever Python is first on PATH.
        let run = try Program.run("/usr/bin/python3", ["-c", script, source + "/a.jpg", replacement, source + "/b.jpg"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: replacement)).count,
            try Data(contentsOf: URL(fileURLWithPath: source + "/a.jpg")).count, "the two pictures are of one size")
    }

    /// `vitrine build src -o site`: the done event of its JSON progress.
    func build(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let run = try Vitrine.run(["build", source, "-o", site, "--progress", "json"])
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        return try XCTUnwrap(run.stderrLines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] },
            file: file, line: line)
    }

    func status(_ path: String) throws -> stat {
        var info = stat()
        guard stat(path, &info) == 0 else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
        return info
    }

    /// The item `id` of the site's manifest.
    func item(_ id: String) throws -> [String: Any] {
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json")))
        return try XCTUnwrap(items(try XCTUnwrap(manifest as? [String: Any])).first { $0["id"] as? String == id }, "no item \(id)")
    }

    /// The path below the site of item `id`'s rendition of `role`.
    func rendition(_ id: String, _ role: String) throws -> String {
        let renditions = try item(id)["renditions"] as? [[String: Any]] ?? []
        return site + "/" + (try XCTUnwrap(renditions.first { $0["role"] as? String == role }?["path"] as? String, "\(id) has no \(role)"))
    }

    /// The red, green and blue of the pixel at (x, y) of a picture, by `vips getpoint`.
    func pixel(_ path: String, x: Int = 8, y: Int = 8) throws -> [Int] {
        let run = try Program.run("vips", ["getpoint", path, "\(x)", "\(y)"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let values = run.stdout.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return values.map { Int($0.rounded()) }
    }

    func sha256(_ path: String) throws -> String {
        let run = try Program.run("sha256sum", [path])
        XCTAssertEqual(run.status, 0, run.stderr)
        return String(run.stdout.prefix(64))
    }

    /// Each output file of the site (below `thumbs`, `display`): its inode and modification time.
    func outputStamps() throws -> [String: [Int64]] {
        var stamps: [String: [Int64]] = [:]
        for folder in ["thumbs", "display"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: site + "/" + folder) {
                let info = try status(site + "/" + folder + "/" + name)
                stamps[folder + "/" + name] = [Int64(info.st_ino), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)]
            }
        }
        return stamps
    }

    func testAnEditInPlaceThatKeepsTheSizeAndTheModificationTimeIsSeen() throws {
        let path = source + "/a.jpg"
        XCTAssertEqual(try build()["made"] as? Int, 11, "five outputs of each picture, the sheet")
        XCTAssertEqual(try (item("a")["source"] as? [String: Any])?["sha256"] as? String, try sha256(path))
        let red = try pixel(rendition("a", "thumbnail"))
        XCTAssertGreaterThan(red[0], 150, "the thumbnail is red: \(red)")

        // Overwritten where it is (no new inode), then its access and modification times put back.
        let before = try status(path)
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        try handle.write(contentsOf: Data(contentsOf: URL(fileURLWithPath: replacement)))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0, "utimensat: \(errno)")
        let after = try status(path)
        XCTAssertEqual([after.st_ino, UInt(after.st_size)], [before.st_ino, UInt(before.st_size)], "the same inode and size")
        XCTAssertEqual([after.st_mtim.tv_sec, after.st_mtim.tv_nsec], [before.st_mtim.tv_sec, before.st_mtim.tv_nsec],
            "the same modification time")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), try Data(contentsOf: URL(fileURLWithPath: replacement)))

        let rebuilt = try build()
        XCTAssertGreaterThan(rebuilt["made"] as? Int ?? 0, 0, "a's outputs are made again")
        let recorded = try item("a")["source"] as? [String: Any]
        XCTAssertEqual(recorded?["sha256"] as? String, try sha256(path), "the manifest describes the bytes that are there")
        XCTAssertEqual(recorded?["sha256"] as? String, try sha256(replacement))
        for role in ["thumbnail", "display"] {
            let blue = try pixel(rendition("a", role))
            XCTAssertGreaterThan(blue[2], 150, "the \(role) is the new, blue picture: \(blue)")
            XCTAssertLessThan(blue[0], 100, "the \(role) is not the old, red one: \(blue)")
        }
        XCTAssertEqual(try build()["made"] as? Int, 0, "then a rebuild makes nothing")
    }

    /// A rebuild with nothing changed, and one after a chmod (a new ctime, the same bytes), make
    /// nothing: the source read again is known by its content, its outputs left as they are.
    func testAChangeOfTheCtimeAloneMakesNothing() throws {
        let path = source + "/a.jpg"
        XCTAssertEqual(try build()["made"] as? Int, 11)
        let hash = try (item("a")["source"] as? [String: Any])?["sha256"] as? String
        let stamps = try outputStamps()
        let again = try build()
        XCTAssertEqual([again["made"] as? Int, again["kept"] as? Int, again["removed"] as? Int], [0, 11, 0], "nothing changed")

        let before = try status(path)
        XCTAssertEqual(chmod(path, 0o600), 0)
        let after = try status(path)
        XCTAssertNotEqual([before.st_ctim.tv_sec, before.st_ctim.tv_nsec], [after.st_ctim.tv_sec, after.st_ctim.tv_nsec], "chmod moved the ctime")
        XCTAssertEqual([before.st_mtim.tv_sec, before.st_mtim.tv_nsec], [after.st_mtim.tv_sec, after.st_mtim.tv_nsec])
        let afterChmod = try build()
        XCTAssertEqual([afterChmod["made"] as? Int, afterChmod["kept"] as? Int, afterChmod["removed"] as? Int], [0, 11, 0],
            "the same content: every output kept")
        XCTAssertEqual(try (item("a")["source"] as? [String: Any])?["sha256"] as? String, hash)
        XCTAssertEqual(try outputStamps(), stamps, "no output file was written again")
        XCTAssertEqual(try build()["made"] as? Int, 0, "and the new ctime is known from then on")
    }
}
