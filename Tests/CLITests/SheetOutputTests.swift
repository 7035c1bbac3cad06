import Foundation
import VipsKit
import XCTest

/// What `sheet -o` names (issue 24, item 13): a file name, numbered per page or told apart per
/// video (`%s`), or a folder when it is an existing folder or ends in `/`, in both modes.
final class SheetOutputTests: TemporaryFolderTestCase {
    /// The folder part of `path` (never one character long here).
    func parent(_ path: String) -> String { String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) }

    func isFile(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && !folder.boolValue
    }

    func copyClip(to path: String) throws {
        try FileManager.default.createDirectory(atPath: parent(path), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.examples + "/clip.mp4", toPath: path)
    }

    func testFramesToAFileNameWriteThatFile() throws {
        try copyClip(to: folder + "/clip.mp4")
        let run = try Vitrine.run(["sheet", "--frames", "9", folder + "/clip.mp4", "-o", folder + "/out/clip-sheet.jpg"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(isFile(folder + "/out/clip-sheet.jpg"), "not a file")
        let sheet = try Image.load(folder + "/out/clip-sheet.jpg")
        let made = try XCTUnwrap(items(try run.json()).first?["sheet"] as? [String: Any])
        // Relative to the folder the sheet is in.
        XCTAssertEqual(made["path"] as? String, "clip-sheet.jpg")
        XCTAssertEqual(made["width"] as? Int, sheet.width)
        XCTAssertEqual(made["frames"] as? Int, 9)
        // Beside the video, named as the example, from that folder.
        let beside = try Vitrine.run(["sheet", "--frames", "4", "clip.mp4", "-o", "clip-sheet.png"], currentDirectory: folder)
        XCTAssertEqual(beside.status, 0, beside.stderr)
        XCTAssertTrue(isFile(folder + "/clip-sheet.png"), "not a file")
        XCTAssertEqual(try Image.load(folder + "/clip-sheet.png").bands, 3)
        XCTAssertEqual(items(try beside.json()).first.flatMap { ($0["sheet"] as? [String: Any])?["path"] as? String }, "clip-sheet.png")
    }

    func testSeveralVideosAreToldApartByTheirIDs() throws {
        try copyClip(to: folder + "/in/a.mp4")
        try copyClip(to: folder + "/in/b.mp4")
        let cases: [(String, [String])] = [
            ("/out/s.jpg", ["s-a.jpg", "s-b.jpg"]),
            ("/pattern/%s-frames.png", ["a-frames.png", "b-frames.png"]),
            ("/folder/", ["a-sheet.jpg", "b-sheet.jpg"]),
        ]
        for (output, names) in cases {
            let run = try Vitrine.run(["sheet", "--frames", "4", folder + "/in", "-o", folder + output])
            XCTAssertEqual(run.status, 0, "\(output): \(run.stderr)")
            let paths = items(try run.json()).compactMap { ($0["sheet"] as? [String: Any])?["path"] as? String }
            XCTAssertEqual(paths, names, output)
            let written = parent(folder + output + (output.hasSuffix("/") ? "x" : ""))
            for name in names {
                XCTAssertTrue(isFile(written + "/" + name), "\(output): \(name)")
                XCTAssertGreaterThan(try Image.load(written + "/" + name).width, 300, name)
            }
        }
    }

    func testAFolderIsAnExistingFolderOrAPathEndingInASlash() throws {
        try copyClip(to: folder + "/in/clip.mp4")
        try FileManager.default.createDirectory(atPath: folder + "/existing", withIntermediateDirectories: true)
        let frames = try Vitrine.run(["sheet", "--frames", "4", folder + "/in", "-o", folder + "/existing"])
        XCTAssertEqual(frames.status, 0, frames.stderr)
        XCTAssertTrue(isFile(folder + "/existing/clip-sheet.jpg"))
        for output in ["/existing", "/new/"] {
            let grid = try Vitrine.run(["sheet", folder + "/in", "-o", folder + output, "-f", "png"])
            XCTAssertEqual(grid.status, 0, "\(output): \(grid.stderr)")
            let sheets = try XCTUnwrap(try grid.json()["sheets"] as? [[String: Any]])
            XCTAssertEqual(sheets.first?["path"] as? String, "sheet.png", output)
            XCTAssertEqual(try Image.load(folder + output + (output.hasSuffix("/") ? "" : "/") + "sheet.png").width, 2 * 24 + 6 * 240 + 5 * 16)
        }
    }
}
