import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// A source replaced between the scan (its size, hash, size in pixels) and the render: the
/// manifest describes the bytes its outputs were made from, never the file that was there before.
final class ChangedDuringBuildTests: BuildSiteTestCase {
    /// Makes items in this process; before the first `replacements` runs it puts `replacement`
    /// in place of `target` (a `mv` over the photo, as a user's sync tool does): after the scan
    /// read the file, before any decoder opens it.
    private final class ReplacingExecutor: ItemExecutor, @unchecked Sendable {
        let target: String
        let replacements: [String]
        private(set) var runs = 0

        init(target: String, replacements: [String]) {
            self.target = target
            self.replacements = replacements
        }

        var isCancelled: Bool { false }

        func execute(count: Int, order: [Int], job: @escaping @Sendable (Int) -> ItemJob,
                     progress: @escaping @Sendable (Int, Double) -> Void, completion: @escaping @Sendable (Int, ItemOutcome) -> Void) {
            if runs < replacements.count { XCTAssertEqual(rename(replacements[runs], target), 0) }
            runs += 1
            InProcessExecutor().execute(count: count, order: order, job: job, progress: progress, completion: completion)
        }
    }

    private func options() -> BuildOptions {
        var options = BuildOptions(site: site)
        options.tiles = nil
        options.webVideos = nil
        options.sheet = nil
        return options
    }

    private func build(_ maker: any ItemExecutor) throws -> SiteBuilder.Report {
        try SiteBuilder(options: options(), maker: maker, prober: InProcessProber()).build([InputPath(sources)], readList: { [] })
    }

    /// A picture of `level` outside the sources, ready to be moved over one of them.
    private func replacement(_ name: String, level: UInt8, width: Int, height: Int) throws -> String {
        let path = folder.path + "/" + name
        try Image.fromPixels([UInt8](repeating: level, count: width * height * 3), width: width, height: height, bands: 3).save(to: path)
        return path
    }

    private func average(_ relative: String) throws -> Double {
        try Operation.call("avg", ["in": .image(try Image.load(site + "/" + relative))])["out"]?.double ?? -1
    }

    private func item(_ id: String, in report: SiteBuilder.Report) throws -> Item {
        try XCTUnwrap(report.manifest.items.first { $0.id == id }, "no item \(id)")
    }

    func testAPhotoReplacedAfterTheScanIsReadAgainAndItsOutputsAreOfTheNewBytes() throws {
        let source = try picture("a.png", level: 40, width: 160, height: 120)
        try picture("b.png", level: 200)
        let new = try replacement("new.png", level: 230, width: 90, height: 180)
        let newBytes = try Data(contentsOf: URL(fileURLWithPath: new))
        let newSHA = try Checksum.sha256(ofFile: new)
        let maker = ReplacingExecutor(target: source, replacements: [new])
        let report = try build(maker)
        XCTAssertEqual(maker.runs, 2, "made again once")
        XCTAssertEqual(report.manifest.errors.map(\.path), [])
        let photo = try item("a", in: report)
        XCTAssertEqual(photo.source?.bytes, newBytes.count)
        XCTAssertEqual(photo.source?.sha256, newSHA)
        XCTAssertEqual([photo.width, photo.height], [90, 180])
        let renditions = try XCTUnwrap(photo.renditions)
        XCTAssertFalse(renditions.isEmpty)
        for rendition in renditions {
            XCTAssertEqual(try average(rendition.path), 230, accuracy: 3, "\(rendition.path) is of the new picture")
            let image = try Image.load(site + "/" + rendition.path)
            // Square thumbnails are cut to fill; the others keep the picture's shape.
            if image.width != image.height { XCTAssertGreaterThan(image.height, image.width, "\(rendition.path) is upright like the new picture") }
        }
        // Each output counted once: those the first pass made and the second kept, and the new ones.
        let state = try StateStore(path: site + "/.vitrine/state.sqlite")
        XCTAssertEqual(report.made, try state.outputCount())
        XCTAssertEqual(report.kept, 0)
        let again = try build(InProcessExecutor())
        XCTAssertEqual(again.made, 0, "the next build finds everything made")
        let written = try String(contentsOfFile: site + "/manifest.json", encoding: .utf8)
        XCTAssertTrue(written.contains(newSHA), "the manifest on disk has the new picture's hash")
    }

    func testAPhotoThatKeepsChangingIsAnErrorAndNothingOfItIsInPlace() throws {
        let source = try picture("a.png", level: 40, width: 160, height: 120)
        try picture("b.png", level: 200)
        let replacements = [try replacement("one.png", level: 230, width: 90, height: 180),
            try replacement("two.png", level: 120, width: 70, height: 70)]
        let report = try build(ReplacingExecutor(target: source, replacements: replacements))
        XCTAssertEqual(report.manifest.items.map(\.id), ["b"])
        let error = try XCTUnwrap(report.manifest.errors.first)
        XCTAssertEqual([error.path, error.reason.rawValue], ["a.png", "changed"])
        XCTAssertEqual(error.message, "changed while its outputs were made")
        let thumbs = try FileManager.default.contentsOfDirectory(atPath: site + "/thumbs")
        XCTAssertEqual(thumbs.filter { $0.hasPrefix("a") }, [], "no output of a changing file is put in place")
        XCTAssertEqual(report.made, try StateStore(path: site + "/.vitrine/state.sqlite").outputCount(), "b's outputs, once each")
    }
}
