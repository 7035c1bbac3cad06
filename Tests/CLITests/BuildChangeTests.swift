import Foundation
import VipsKit
import XCTest

/// Rebuilds after a source's content or the outputs' settings changed: what was made again is
/// in place, under the names the manifest gives, never removed as a leftover of the last build.
final class BuildChangeTests: TemporaryFolderTestCase {
    var source: String { folder + "/src" }
    var site: String { folder + "/site" }

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        try Vips.initialize()
        // The files read here are rewritten by the builds: libvips must not answer from its cache.
        Vips.setOperationCacheMax(0)
        for (name, width, height) in [("wide", 900, 300), ("tall", 300, 900), ("square", 500, 500)] {
            try picture(width: width, height: height, mean: 90).save(to: "\(source)/\(name).jpg")
        }
    }

    override func tearDown() {
        Vips.setOperationCacheMax(100)  // libvips' default, for the tests that run after
        super.tearDown()
    }

    func picture(width: Int, height: Int, mean: Double) throws -> Image {
        try Operation.image("gaussnoise", ["width": .int(width), "height": .int(height), "mean": .double(mean)])
    }

    func mean(of path: String) throws -> Double {
        try Operation.call("avg", ["in": .image(try Image.load(path))])["out"]?.double ?? 0
    }

    func build(_ extra: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let run = try Vitrine.run(["build", source, "-o", site, "--no-sheets", "--progress", "json"] + extra)
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        return try XCTUnwrap(run.stderrLines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] },
            file: file, line: line)
    }

    /// Each item of the manifest by id, and every rendition it names checked: in the site and
    /// of the size the manifest says.
    func checkedItems(file: StaticString = #filePath, line: UInt = #line) throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: site + "/manifest.json"))
        let items = try XCTUnwrap((JSONSerialization.jsonObject(with: data) as? [String: Any])?["items"] as? [[String: Any]])
        for item in items {
            for rendition in item["renditions"] as? [[String: Any]] ?? [] {
                let path = site + "/" + (rendition["path"] as? String ?? "")
                guard FileManager.default.fileExists(atPath: path) else {
                    XCTFail("\(path) is named by the manifest and missing", file: file, line: line)
                    continue
                }
                let image = try Image.load(path)
                XCTAssertEqual([image.width, image.height], [rendition["width"] as? Int, rendition["height"] as? Int], path,
                    file: file, line: line)
            }
        }
        return Dictionary(uniqueKeysWithValues: items.map { ($0["id"] as? String ?? "", $0) })
    }

    func testAChangedSourceIsMadeAgainFromItsNewContent() throws {
        _ = try build()
        XCTAssertEqual(try checkedItems()["wide"]?["width"] as? Int, 900)
        // The same name, new pixels of another shape.
        try picture(width: 400, height: 800, mean: 160).save(to: source + "/wide.jpg")
        let rebuilt = try build()
        XCTAssertEqual(rebuilt["removed"] as? Int, 0, "the new outputs have the old ones' names: nothing to remove")
        let wide = try XCTUnwrap(try checkedItems()["wide"])
        XCTAssertEqual([wide["width"] as? Int, wide["height"] as? Int], [400, 800])
        let display = try XCTUnwrap((wide["renditions"] as? [[String: Any]])?.first { $0["role"] as? String == "display" })
        let mean = try mean(of: site + "/" + (display["path"] as? String ?? ""))
        XCTAssertGreaterThan(mean, 130, "the display size shows the new pixels (mean 160), not the old (90)")
        XCTAssertEqual(try build()["made"] as? Int, 0, "then a rebuild is a no-op")
    }

    func testNewEncoderSettingsRemakeEveryOutputUnderItsName() throws {
        _ = try build()
        let before = try checkedItems()
        let rebuilt = try build(["--quality", "40"])
        XCTAssertEqual(rebuilt["made"] as? Int, 9, "three renditions of each of three items")
        XCTAssertEqual(rebuilt["removed"] as? Int, 0, "each new one has the old one's name")
        let after = try checkedItems()
        for (id, item) in after {
            let sizes = { (item: [String: Any]?) in (item?["renditions"] as? [[String: Any]] ?? []).map { $0["bytes"] as? Int ?? 0 } }
            XCTAssertEqual(sizes(item).count, sizes(before[id]).count, id)
            for (new, old) in zip(sizes(item), sizes(before[id])) { XCTAssertLessThan(new, old, "\(id): quality 40 makes smaller files") }
        }
        XCTAssertEqual(try build(["--quality", "40"])["made"] as? Int, 0, "then a rebuild is a no-op")
    }

    /// A source folder moved (or named otherwise on the command line) holding copies of one
    /// picture: each copy keeps its own outputs, and they are known under the new names after.
    func testAMovedFolderOfCopiesKeepsEveryOutputAndTheNextBuildIsANoOp() throws {
        // Enough of them that the state is written while the build still goes through them
        // (in batches of 500 outputs).
        for copy in 1...110 { try FileManager.default.copyItem(atPath: source + "/square.jpg", toPath: "\(source)/copy-\(copy).jpg") }
        let first = try build()
        let outputs = try XCTUnwrap(first["made"] as? Int)
        let moved = folder + "/moved"
        try FileManager.default.moveItem(atPath: source, toPath: moved)
        let run = { (file: StaticString, line: UInt) throws -> [String: Any] in
            let run = try Vitrine.run(["build", moved, "-o", self.site, "--no-sheets", "--progress", "json"])
            XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
            return try XCTUnwrap(run.stderrLines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        }
        let again = try run(#filePath, #line)
        XCTAssertEqual(again["made"] as? Int, 0, "every copy found its own outputs")
        XCTAssertEqual(again["removed"] as? Int, 0)
        XCTAssertEqual(again["kept"] as? Int, outputs)
        let third = try run(#filePath, #line)
        XCTAssertEqual(third["made"] as? Int, 0, "the outputs are known under the new names")
        XCTAssertEqual(third["kept"] as? Int, outputs)
        _ = try checkedItems()
    }

    func testAChangeInterruptedThenResumedNeverKeepsWhatTheOldContentMade() throws {
        _ = try build()
        for name in ["wide", "tall", "square"] { try picture(width: 640, height: 480, mean: 200).save(to: "\(source)/\(name).jpg") }
        // Stopped once the scan has kept the new content in the state, before all is made again.
        let process = Process()
        process.executableURL = Vitrine.executable
        process.arguments = ["build", source, "-o", site, "--no-sheets", "--jobs", "1", "--progress", "json"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var seen = Data()
        while process.isRunning, !String(decoding: seen, as: UTF8.self).contains("\"phase\":\"render\"") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        kill(-process.processIdentifier, SIGKILL)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        _ = try build()
        for (id, item) in try checkedItems() {
            XCTAssertEqual([item["width"] as? Int, item["height"] as? Int], [640, 480], id)
            for rendition in item["renditions"] as? [[String: Any]] ?? [] {
                let mean = try mean(of: site + "/" + (rendition["path"] as? String ?? ""))
                XCTAssertGreaterThan(mean, 150, "\(id): \(rendition["path"] ?? "") shows the new pixels")
            }
        }
    }
}
