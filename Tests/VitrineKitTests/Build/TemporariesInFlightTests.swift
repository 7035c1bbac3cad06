import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// The temporary names a process has in flight: what an interrupted run removes on its way out,
/// and what a killed worker's parent removes for it.
final class TemporariesInFlightTests: BuildSiteTestCase {
    private var media: String { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/media").path }

    private func inFlight(below folder: String) -> [String] {
        TemporariesInFlight.current.filter { $0.hasPrefix(folder + "/") }.sorted()
    }

    /// Every output kind the build makes (renditions, tiles, contact sheets, web videos, the
    /// page, its search index, the manifest), first and again after a change: each temporary
    /// name is settled by the time the build returns. A name left in flight would grow the set
    /// by one an output at 100,000 items, and be removed by an interrupt after it was put in place.
    func testABuildLeavesNoNameInFlight() throws {
        try FileManager.default.copyItem(atPath: media, toPath: sources)
        try picture("large.png", level: 90, width: 1400, height: 900)
        var options = BuildOptions(site: site)
        XCTAssertNotNil(options.tiles)
        XCTAssertNotNil(options.sheet)
        XCTAssertNotNil(options.webVideos)
        options.page = true
        for round in 0..<2 {
            if round == 1 { try picture("large.png", level: 200, width: 1400, height: 900) }
            let builder = SiteBuilder(options: options, maker: InProcessExecutor(), prober: InProcessProber(), listener: nil)
            let report = try builder.build([InputPath(sources)], readList: { [] }, dryRun: false)
            XCTAssertGreaterThan(report.made, round == 0 ? 10 : 1, "round \(round)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/search/index.js"), "round \(round)")
            XCTAssertEqual(inFlight(below: site), [], "round \(round)")
        }
        let left = (FileManager.default.enumerator(atPath: site)?.allObjects as? [String] ?? []).filter { $0.contains(".partial-") }
        XCTAssertEqual(left, [])
    }

    /// ``TemporariesInFlight/removeAll()`` removes the files and folders in flight, with what is
    /// in them, and nothing else; those settled are no longer its to remove.
    func testRemoveAllTakesWhatIsInFlightAndNothingElse() throws {
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        let file = AtomicFile.temporaryPath(for: site + "/a.jpg")
        let folder = AtomicFile.temporaryPath(for: site + "/scratch")
        let settled = AtomicFile.temporaryPath(for: site + "/b.jpg")
        XCTAssertEqual(inFlight(below: site), [file, folder, settled].sorted())
        try Data("half".utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.createDirectory(atPath: folder + "/tiles", withIntermediateDirectories: true)
        try Data("tile".utf8).write(to: URL(fileURLWithPath: folder + "/tiles/0.jpg"))
        try Data("whole".utf8).write(to: URL(fileURLWithPath: settled))
        XCTAssertEqual(rename(settled, site + "/b.jpg"), 0)
        TemporariesInFlight.settled(settled)
        TemporariesInFlight.removeAll()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: site), ["b.jpg"])
        XCTAssertEqual(inFlight(below: site), [])
    }

    /// A name a worker said it was making is removed only when it is a temporary name of that
    /// worker's process: the parent takes no other path on a worker's word.
    func testAWorkersNameIsRemovedOnlyWhenItIsThatWorkersTemporaryName() throws {
        try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
        let names = [".a.jpg.partial-41-7", ".b.jpg.partial-42-7", "c.jpg", ".d.partial-41", ".e.jpg.partial-41-x"]
        for name in names { try Data("x".utf8).write(to: URL(fileURLWithPath: site + "/" + name)) }
        for name in names { AtomicFile.removeTemporary(site + "/" + name, madeBy: 41) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: site).sorted(), names.dropFirst().sorted())
    }
}
