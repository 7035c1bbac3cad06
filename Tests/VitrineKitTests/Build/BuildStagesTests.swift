import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// `vitrine build`'s stages run in this process: headers read by ``InProcessProber``, outputs
/// made by ``InProcessExecutor``, the state a real SQLite store in a temporary site.
final class BuildStagesTests: BuildSiteTestCase {
    /// Renditions and a placeholder; no tiles, sheets, video copies or page.
    private func options() -> BuildOptions {
        var options = BuildOptions(site: site)
        options.tiles = nil
        options.sheet = nil
        options.webVideos = nil
        options.page = false
        return options
    }

    private func build(_ options: BuildOptions? = nil, maker: InProcessExecutor = InProcessExecutor(),
                       listener: ProgressListener? = nil, extra: [AnyOutput] = [], dryRun: Bool = false) throws -> SiteBuilder.Report {
        var builder = SiteBuilder(options: options ?? self.options(), maker: maker, prober: InProcessProber(), listener: listener)
        builder.extraOutputs = extra
        return try builder.build([InputPath(sources)], readList: { [] }, dryRun: dryRun)
    }

    /// The mean of an output's pixels.
    private func mean(_ relative: String) throws -> Double {
        try Operation.call("avg", ["in": .image(try Image.load(site + "/" + relative))])["out"]?.double ?? -1
    }

    private func modified(_ relative: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: site + "/" + relative)[.modificationDate] as? Date
    }

    private func thumbnail(of item: Item?) -> String? { item?.renditions?.first?.path }

    func testARebuildKeepsEveryOutputAndMakesNone() throws {
        for name in ["a.png", "b.png", "c.png"] { try picture(name, level: 90) }
        let first = try build()
        XCTAssertGreaterThan(first.made, 3)
        let path = try XCTUnwrap(thumbnail(of: first.manifest.items.first))
        let stamp = try modified(path)
        // A file that is no picture: the walk finds something new, so the build is not known
        // unchanged (``UnchangedBuildTests``) and decides item by item.
        try Data("notes".utf8).write(to: URL(fileURLWithPath: sources + "/notes.txt"))
        let again = try build()
        XCTAssertFalse(again.unchanged)
        XCTAssertEqual([again.made, again.kept, again.moved, again.removed], [0, first.made, 0, 0])
        XCTAssertEqual(again.manifest.items.map(\.renditions), first.manifest.items.map(\.renditions))
        XCTAssertEqual(again.manifest.items.map(\.placeholder), first.manifest.items.map(\.placeholder))
        XCTAssertEqual(try modified(path), stamp, "kept, not written again")
    }

    func testARenamedSourceHasItsOutputsMovedNotMade() throws {
        let old = try picture("old.png", level: 200)
        let first = try build()
        let oldPath = try XCTUnwrap(thumbnail(of: first.manifest.items.first))
        try FileManager.default.moveItem(atPath: old, toPath: sources + "/new.png")
        let again = try build()
        XCTAssertEqual([again.made, again.removed], [0, 0])
        XCTAssertEqual(again.moved, 2, "the thumbnail and the display size; the placeholder has no file")
        XCTAssertEqual(again.moved + again.kept, first.made)
        let item = try XCTUnwrap(again.manifest.items.first)
        XCTAssertEqual(item.id, "new")
        let newPath = try XCTUnwrap(thumbnail(of: item))
        XCTAssertNotEqual(newPath, oldPath)
        XCTAssertEqual(try mean(newPath), 200, accuracy: 2, "the old picture's pixels, under the new name")
        XCTAssertFalse(FileManager.default.fileExists(atPath: site + "/" + oldPath))
    }

    func testNewContentUnderTheSameNameIsMadeAgain() throws {
        let path = try picture("a.png", level: 30)
        let first = try build()
        let thumb = try XCTUnwrap(thumbnail(of: first.manifest.items.first))
        XCTAssertEqual(try mean(thumb), 30, accuracy: 2)
        try FileManager.default.removeItem(atPath: path)
        try picture("a.png", level: 220)  // the same size: only the content tells them apart
        let again = try build()
        XCTAssertEqual([again.made, again.kept, again.moved], [first.made, 0, 0])
        XCTAssertEqual(try mean(try XCTUnwrap(thumbnail(of: again.manifest.items.first))), 220, accuracy: 2)
    }

    /// Two copies of one renamed picture: the outputs can be moved to one of them only; the
    /// other's are made.
    func testCopiesOfOneRenamedPictureClaimItsOutputsOnce() throws {
        let old = try picture("old/p.png", level: 120)
        let first = try build()
        let copy = try Data(contentsOf: URL(fileURLWithPath: old))
        try FileManager.default.removeItem(atPath: sources + "/old")
        for name in ["one/p.png", "two/p.png"] {
            try FileManager.default.createDirectory(atPath: Path.parent(of: sources + "/" + name), withIntermediateDirectories: true)
            try copy.write(to: URL(fileURLWithPath: sources + "/" + name))
        }
        let planned = try build(dryRun: true)
        XCTAssertEqual([planned.moved, planned.made], [2, first.made], "one copy takes the files, the other's are made")
        let again = try build()
        XCTAssertEqual([again.moved, again.made], [2, first.made])
        XCTAssertEqual(again.moved + again.kept, first.made)
        XCTAssertEqual(again.manifest.items.count, 2)
        for item in again.manifest.items {
            XCTAssertEqual(try mean(try XCTUnwrap(thumbnail(of: item))), 120, accuracy: 2, item.id)
        }
        // Every run chooses alike: the tie goes to the first key in byte order.
        XCTAssertEqual(try build().made, 0)
    }

    func testAChangedSettingRedoesOnlyItsKind() throws {
        for name in ["a.png", "b.png"] { try picture(name, level: 60) }
        let first = try build()
        var options = options()
        options.placeholder = .blurhash
        let again = try build(options)
        XCTAssertEqual([again.made, again.kept, again.moved], [2, first.made - 2, 0], "a placeholder made an item, the rest kept")
        XCTAssertEqual(again.manifest.items.map(\.renditions), first.manifest.items.map(\.renditions))
        XCTAssertNotEqual(again.manifest.items.map(\.placeholder), first.manifest.items.map(\.placeholder))
    }

    /// A state whose outputs cannot be looked up is an error naming it, not a build that makes
    /// every output again as if there had been none.
    func testUnreadableOutputsInTheStateAreReportedNotMadeAgain() throws {
        try assertUnreadableStateIsReported(afterRunning: "ALTER TABLE outputs RENAME COLUMN product TO unreadable")
    }

    /// The same of the sources' answers: not every file read again.
    func testUnreadableSourcesInTheStateAreReportedNotReadAgain() throws {
        try assertUnreadableStateIsReported(afterRunning: "ALTER TABLE sources RENAME COLUMN probe TO unreadable")
    }

    private func assertUnreadableStateIsReported(afterRunning sql: String, line: UInt = #line) throws {
        for name in ["a.png", "b.png"] { try picture(name, level: 60) }
        let first = try build()
        let thumb = try XCTUnwrap(thumbnail(of: first.manifest.items.first))
        let stamp = try modified(thumb)
        let statePath = site + "/.vitrine/state.sqlite"
        try SQLiteDatabase(path: statePath).execute(sql)
        // Something new in the walk, so that the build reads the state item by item.
        try Data("notes".utf8).write(to: URL(fileURLWithPath: sources + "/notes.txt"))
        XCTAssertThrowsError(try build(), line: line) { error in
            guard case SiteBuilder.Failure.state(.read, let path, _)? = error as? SiteBuilder.Failure else {
                return XCTFail("\(error)", line: line)
            }
            XCTAssertEqual(path, statePath, line: line)
            XCTAssertTrue("\(error)".contains("cannot read the build's state \(statePath)"), "\(error)", line: line)
        }
        XCTAssertEqual(try modified(thumb), stamp, "nothing made again", line: line)
    }

    /// Stopped after two items' jobs: their outputs are in the state, and the next build makes
    /// only the others'.
    func testAStopMidMakeIsResumedFromWhatWasFinished() throws {
        for name in ["a.png", "b.png", "c.png", "d.png"] { try picture(name, level: 150) }
        let stop = StopAfterItems(2)
        let stopping = InProcessExecutor { stop.stopped }
        XCTAssertThrowsError(try build(maker: stopping, listener: stop)) { error in
            guard case .cancelled? = error as? SiteBuilder.Failure else { return XCTFail("\(error)") }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: site + "/manifest.json"), "no manifest of half a gallery")
        let resumed = try build()
        XCTAssertEqual(resumed.manifest.items.count, 4)
        XCTAssertEqual(resumed.kept, resumed.made, "two items kept, two made")
        XCTAssertGreaterThan(resumed.made, 0)
    }

    /// Each item's outputs are planned once in a build: by the decisions, whose plan the jobs use.
    func testEachItemIsPlannedOncePerKind() throws {
        for name in ["a.png", "b.png", "c.png"] { try picture(name, level: 60) }
        CountedKind.calls.withLock { $0 = 0 }
        let first = try build(extra: [AnyOutput(CountedKind())])
        XCTAssertEqual(CountedKind.calls.current, 3)
        XCTAssertEqual(first.manifest.items.map(\.title), ["counted", "counted", "counted"])
    }
}

/// A kind that counts how often it is planned, and writes a byte per item.
private struct CountedKind: OutputKind {
    static let kindName = "counted"
    static let calls = Locked(0)
    var identifier: String { "counted" }

    func target(for item: PlanningItem) -> OutputTarget? {
        Self.calls.withLock { $0 += 1 }
        return OutputTarget(paths: ["counted/" + item.id + ".txt"], sourceScale: nil)
    }

    func make(_ target: OutputTarget, from picture: ItemPicture, staging: Staging) throws -> Int {
        staging.stage(Data("1".utf8), at: target.paths[0])
        return 1
    }

    func fold(_ made: Int, target: OutputTarget, into item: inout Item) { item.title = "counted" }
}

/// Stops a run (as a signal would) once `count` items were made.
private final class StopAfterItems: ProgressListener, @unchecked Sendable {
    private let count: Int
    private let made = Locked(0)

    init(_ count: Int) { self.count = count }

    var stopped: Bool { made.current >= count }

    func receive(_ event: ProgressEvent) {
        if case .item(.render, _, _) = event { made.withLock { $0 += 1 } }
    }
}
