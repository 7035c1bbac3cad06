import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// A rebuild with nothing to do is known from the state and the sources' `stat` alone
/// (``UnchangedBuild``); every change that a full rebuild would act on takes the full path.
final class UnchangedBuildTests: BuildSiteTestCase {
    /// Renditions, a placeholder, sheets and the page; no tiles or video copies.
    private func options() -> BuildOptions {
        var options = BuildOptions(site: site)
        options.tiles = nil
        options.webVideos = nil
        return options
    }

    private func build(_ options: BuildOptions? = nil, listener: ProgressListener? = nil, extra: [AnyOutput] = [],
                       inputs: [InputPath]? = nil) throws -> SiteBuilder.Report {
        var builder = SiteBuilder(options: options ?? self.options(), maker: InProcessExecutor(), prober: InProcessProber(),
            listener: listener)
        builder.extraOutputs = extra
        return try builder.build(inputs ?? [InputPath(sources)], readList: { [] })
    }

    private func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: sources + "/" + name))
    }

    /// The bytes and modification time of a file below the site.
    private func snapshot(_ relative: String) throws -> (Data, Date?) {
        let path = site + "/" + relative
        return (try Data(contentsOf: URL(fileURLWithPath: path)),
            try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    private func state() throws -> StateStore { try StateStore(path: site + "/.vitrine/state.sqlite") }

    /// Three pictures and a caption, built once: the report.
    private func firstBuild() throws -> SiteBuilder.Report {
        for name in ["a.png", "b.png", "day2/c.png"] { try picture(name, level: 90) }
        try write("A caption", to: "a.txt")
        let first = try build()
        XCTAssertFalse(first.unchanged)
        return first
    }

    func testARebuildOfTheSameFilesIsUnchangedAndWritesNothing() throws {
        let first = try firstBuild()
        let (manifest, manifestDate) = try snapshot("manifest.json")
        let (page, pageDate) = try snapshot("index.html")
        let again = try build()
        XCTAssertTrue(again.unchanged)
        XCTAssertEqual([again.made, again.kept, again.moved, again.removed], [0, first.made, 0, 0], "every output and page kept")
        XCTAssertEqual([again.itemCount, again.errorCount], [3, 0])
        XCTAssertEqual(try snapshot("manifest.json").0, manifest)
        XCTAssertEqual(try snapshot("manifest.json").1, manifestDate, "not written again")
        XCTAssertEqual(try snapshot("index.html").0, page)
        XCTAssertEqual(try snapshot("index.html").1, pageDate)
        XCTAssertTrue(try build().unchanged, "and again")
    }

    /// Each change a full rebuild acts on is seen: the build is not unchanged, and does what it must.
    func testEveryChangeTakesTheFullPath() throws {
        let first = try firstBuild()
        // A caption edited in its sidecar: the sheet page showing it is drawn again.
        try write("Another caption", to: "a.txt")
        var again = try build()
        XCTAssertFalse(again.unchanged)
        XCTAssertEqual(again.made, 1, "the sheet page")
        XCTAssertTrue(String(decoding: try snapshot("manifest.json").0, as: UTF8.self).contains("Another caption"))
        XCTAssertTrue(try build().unchanged)

        // An output deleted by hand is made again.
        let thumbnail = try XCTUnwrap(again.manifest.items.first?.renditions?.first?.path)
        try FileManager.default.removeItem(atPath: site + "/" + thumbnail)
        again = try build()
        XCTAssertFalse(again.unchanged)
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/" + thumbnail))
        XCTAssertTrue(try build().unchanged)

        // The manifest edited (a selection), or the page removed.
        let edited = try snapshot("manifest.json").0 + Data("\n".utf8)
        try edited.write(to: URL(fileURLWithPath: site + "/manifest.json"))
        XCTAssertFalse(try build().unchanged)
        try FileManager.default.removeItem(atPath: site + "/index.html")
        XCTAssertFalse(try build().unchanged)
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/index.html"))
        XCTAssertTrue(try build().unchanged)

        // A sheet page removed.
        try FileManager.default.removeItem(atPath: site + "/sheets/sheet.jpg")
        XCTAssertFalse(try build().unchanged)
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/sheets/sheet.jpg"))

        // A new file, a setting changed.
        try picture("day2/d.png", level: 40)
        again = try build()
        XCTAssertFalse(again.unchanged)
        XCTAssertEqual(again.manifest.items.count, 4)
        var options = options()
        options.placeholder = .blurhash
        again = try build(options)
        XCTAssertFalse(again.unchanged)
        XCTAssertGreaterThan(again.made, 0)
        XCTAssertTrue(try build(options).unchanged)
        XCTAssertFalse(try build().unchanged, "the first settings again")
        XCTAssertGreaterThan(first.made, 0)
    }

    /// A build that starts changing the site removes the note first: killed halfway, with other
    /// settings, it leaves outputs and rows the note does not describe.
    func testABuildThatChangesTheSiteForgetsTheNoteFirst() throws {
        _ = try firstBuild()
        XCTAssertNotNil(try state().note(UnchangedBuild.noteKey))
        var options = options()
        options.renditions[2].width = 640
        options.renditions[2].height = 640
        let stop = StopOnFirstItem()
        var builder = SiteBuilder(options: options, maker: InProcessExecutor { stop.stopped }, prober: InProcessProber(), listener: stop)
        builder.extraOutputs = []
        XCTAssertThrowsError(try builder.build([InputPath(sources)], readList: { [] }))
        XCTAssertNil(try state().note(UnchangedBuild.noteKey))
        let resumed = try build()
        XCTAssertFalse(resumed.unchanged)
        XCTAssertGreaterThan(resumed.removed, 0, "what the stopped build made with its settings is removed")
    }

    /// What the last build said of its files (a file that cannot be read) is said again, and
    /// counted: the exit status still says something failed.
    func testFailuresAreSaidAgainAndCounted() throws {
        _ = try firstBuild()
        try write("not a picture", to: "broken.jpg")
        let first = try build()
        XCTAssertEqual(first.errorCount, 1)
        let heard = ProgressRecorder()
        let again = try build(listener: heard)
        XCTAssertTrue(again.unchanged)
        XCTAssertEqual([again.itemCount, again.errorCount], [3, 1])
        let errors = heard.received.compactMap { event -> String? in
            if case .error(let path, _, _, _) = event { return path }
            return nil
        }
        XCTAssertEqual(errors, [sources + "/broken.jpg"])
    }

    /// An item that failed to be made is tried again by the next build: no note.
    func testAnItemThatFailedToBeMadeIsTriedAgain() throws {
        try picture("a.png", level: 90)
        let first = try build(extra: [AnyOutput(FailingKind())])
        XCTAssertEqual(first.errorCount, 1)
        XCTAssertNil(try state().note(UnchangedBuild.noteKey))
        XCTAssertFalse(try build(extra: [AnyOutput(FailingKind())]).unchanged)
    }

    /// Inputs whose neighbours no walk lists (a single file, whose sidecar is read beside it)
    /// are never known unchanged.
    func testASingleFileInputIsAlwaysBuiltInFull() throws {
        _ = try firstBuild()
        let single = [InputPath(sources + "/a.png")]
        _ = try build(inputs: single)
        XCTAssertFalse(try build(inputs: single).unchanged)
    }

    /// Options are told apart by every value they hold, sets and dictionaries in any order.
    func testTheOptionsTextHoldsEveryValue() {
        var one = options()
        var two = options()
        XCTAssertEqual(CanonicalText.of(one), CanonicalText.of(two))
        two.renditions[0].encoding.quality = 60
        XCTAssertNotEqual(CanonicalText.of(one), CanonicalText.of(two))
        one.renditions[0].encoding.quality = 60
        one.scan.cyclic = true
        XCTAssertNotEqual(CanonicalText.of(one), CanonicalText.of(two))
        XCTAssertEqual(CanonicalText.of(Set(["b", "a", "c"])), CanonicalText.of(Set(["c", "b", "a"])))
        XCTAssertEqual(CanonicalText.of(["x": 1, "y": 2]), CanonicalText.of(["y": 2, "x": 1]))
    }
}

/// A kind whose every make fails.
private struct FailingKind: OutputKind {
    static let kindName = "failing"
    var identifier: String { "failing" }

    struct Failure: Error {}

    func target(for item: PlanningItem) -> OutputTarget? { OutputTarget(paths: ["failing/" + item.id + ".txt"], sourceScale: nil) }

    func make(_ target: OutputTarget, from picture: ItemPicture, staging: Staging) throws -> Int { throw Failure() }

    func fold(_ made: Int, target: OutputTarget, into item: inout Item) {}
}

/// Stops a run (as a signal would) once an item was made.
private final class StopOnFirstItem: ProgressListener, @unchecked Sendable {
    private let made = Locked(false)

    var stopped: Bool { made.current }

    func receive(_ event: ProgressEvent) {
        if case .item(.render, _, _) = event { made.withLock { $0 = true } }
    }
}
