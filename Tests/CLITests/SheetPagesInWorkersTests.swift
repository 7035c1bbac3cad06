import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// Contact-sheet pages are drawn by the worker pool (issue 42): real `vitrine __worker`
/// processes draw the same bytes as the in-process drawer, several at once, and a worker that
/// crashes or hangs on a page costs that page alone, named in the errors.
final class SheetPagesInWorkersTests: TemporaryFolderTestCase {
    /// Twelve items two a page (six pages): pictures, one with markup in its caption, one
    /// selected, a custom card, a cell that is missing and one that is a FIFO, and a failed file.
    func gallery(in output: String) throws -> (Manifest, SheetSettings) {
        try Vips.initialize()
        var settings = SheetSettings()
        settings.cell = Box(width: 120, height: 90)
        settings.columns = 2
        settings.perSheet = 2
        var manifest = Manifest()
        manifest.title = "Workers"
        let photos = ["chelsea.jpg", "coffee.jpg", "astronaut.jpg", "orientation-landscape-6.jpg"]
        for number in 1...12 {
            let id = "p\(number)"
            var item = Item(id: id, format: "jpeg", width: 400, height: 300, source: .init(path: id + ".jpg", bytes: 1))
            if number == 3 { item.caption = Caption(style: .markup, text: "bold, plain", markup: "<b>bold</b>, plain", source: "txt") }
            let long = "a plain caption, long enough to be cut with an ellipsis"
            if number == 4 { item.caption = Caption(style: .plain, text: long, source: "txt") }
            if number == 5 { item.selection = 1 }
            if number == 6 { item = Item(id: id, kind: .custom, format: "svg", width: 1, height: 1, source: nil) }
            if number == 6 { item.title = "A card" }
            manifest.items.append(item)
            let cell = Path.join(output, settings.cellOutput.path(forID: id))
            try FileManager.default.createDirectory(atPath: Path.parent(of: cell), withIntermediateDirectories: true)
            switch number {
            case 6, 7: continue  // a card has no cell; p7's is missing
            case 8: XCTAssertEqual(mkfifo(cell, 0o644), 0)
            default:
                let picture = try Operation.image("thumbnail", ["filename": .string(Repository.examples + "/" + photos[number % 4]),
                    "width": .int(120), "height": .int(90), "crop": .string("centre")])
                try SheetCellSpec.png(picture, compression: 1).write(to: URL(fileURLWithPath: cell))
            }
        }
        manifest.errors = [ItemError(path: "broken.jpg", message: "not a recognised image format", reason: .unsupported)]
        return (manifest, settings)
    }

    /// The sheets of `manifest` drawn into `output`/sheets with `pages` (nil: in process); the
    /// manifest after, and what the listener heard.
    func draw(_ manifest: Manifest, settings: SheetSettings, output: String, pages: (any SheetPageDrawer)?)
        -> (Manifest, [ProgressEvent]) {
        let recorder = ProgressRecorder()
        var drawn = manifest
        SheetPhase(settings: settings, folder: output + "/sheets", fileName: "sheet.jpg")
            .run(on: &drawn, context: GalleryPhaseContext(outputFolder: output, listener: recorder, pages: pages))
        return (drawn, recorder.received)
    }

    func pool(_ arguments: [String] = ["__worker"], executable: URL = Vitrine.executable,
              timeout: Double = TimeLimit.perFile) -> WorkerPool {
        WorkerPool(.init(executable: executable, arguments: arguments, workers: 2, timeout: timeout))
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func testPagesDrawnByTwoWorkersAreTheBytesDrawnInProcess() throws {
        let inProcess = folder + "/in-process", workers = folder + "/workers"
        let (manifest, settings) = try gallery(in: inProcess)
        _ = try gallery(in: workers)
        let (alone, heardAlone) = draw(manifest, settings: settings, output: inProcess, pages: nil)
        let pool = pool()
        defer { pool.shutdown() }
        let recording = RecordingDrawer(pool)
        let (shared, heardShared) = draw(manifest, settings: settings, output: workers, pages: recording)

        let sheets = try XCTUnwrap(alone.sheets)
        XCTAssertEqual(sheets.map(\.path), (1...7).map { String(format: "sheet-%03d.jpg", $0) }, "12 items and the failed file, 2 a page")
        XCTAssertEqual(shared.sheets, alone.sheets, "the same pages, sizes and items")
        XCTAssertEqual(shared.errors, alone.errors)
        for sheet in sheets {
            XCTAssertEqual(try bytes(workers + "/sheets/" + sheet.path), try bytes(inProcess + "/sheets/" + sheet.path), sheet.path)
        }
        // What the listener hears is the same: a FIFO in a cell's place is said, and passed over.
        let said = { (events: [ProgressEvent], root: String) in
            events.map { "\($0)".replacingOccurrences(of: root, with: "ROOT") }.sorted()
        }
        XCTAssertEqual(said(heardShared, workers), said(heardAlone, inProcess))
        XCTAssert(heardShared.contains(.warning(path: workers + "/" + settings.cellOutput.path(forID: "p8"),
            message: ConfinedRead.Failure.notRegular(.fifo).warning)), "\(heardShared)")

        // Drawn by the workers, both of them, never by this process.
        let drawers = recording.processes.current
        XCTAssertEqual(drawers.count, sheets.count)
        XCTAssertFalse(drawers.contains(getpid()))
        XCTAssertEqual(Set(drawers).count, 2, "two workers drew pages: \(drawers)")
    }

    /// A stand-in for a worker that dies on a page: a few lines of Python between the pool and a
    /// real `vitrine __worker`, that crash (SIGSEGV) on the second page and hang on the third
    /// (known by their footers), and hand everything else on.
    static let proxy = """
        import json, os, signal, subprocess, sys, time
        environment = dict(os.environ, VITRINE_PARENT_PID=str(os.getpid()))
        worker = subprocess.Popen([sys.argv[1], "__worker"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=environment)
        for line in sys.stdin.buffer:
            footer = json.loads(line)["task"].get("sheetPage", {}).get("_0", {}).get("footer", [""])[0]
            if footer.startswith("sheet 2 of"):
                os.kill(os.getpid(), signal.SIGSEGV)
            if footer.startswith("sheet 3 of"):
                time.sleep(120)
            worker.stdin.write(line)
            worker.stdin.flush()
            while True:
                reply = worker.stdout.readline()
                sys.stdout.buffer.write(reply)
                sys.stdout.flush()
                if not reply or b'"result"' in reply:
                    break
        """

    func testAPageWhoseWorkerCrashesOrHangsIsAnErrorNamingItAndTheOthersAreDrawn() throws {
        let output = folder + "/site"
        let (manifest, settings) = try gallery(in: output)
        let script = folder + "/proxy.py"
        try Self.proxy.write(toFile: script, atomically: true, encoding: .utf8)
        let pool = pool(["python3", script, Vitrine.executable.path], executable: URL(fileURLWithPath: "/usr/bin/env"), timeout: 3)
        defer { pool.shutdown() }
        let start = Date()
        let (drawn, heard) = draw(manifest, settings: settings, output: output, pages: pool)
        XCTAssertLessThan(Date().timeIntervalSince(start), 60, "the hung page's worker was killed at its time limit")

        let sheets = output + "/sheets/"
        XCTAssertEqual(drawn.sheets?.map(\.path), [1, 4, 5, 6, 7].map { String(format: "sheet-%03d.jpg", $0) }, "the others are drawn")
        for sheet in drawn.sheets ?? [] { XCTAssert(FileStat.isFile(sheets + sheet.path), sheet.path) }
        let pages = drawn.errors.filter { $0.path.hasPrefix(sheets) }
        XCTAssertEqual(pages.map(\.path), [sheets + "sheet-002.jpg", sheets + "sheet-003.jpg"], "\(drawn.errors)")
        XCTAssertEqual(pages.map(\.reason), [.crashed, .timeout])
        XCTAssertEqual(pages.map(\.setting), [nil, .timeout], "the time limit is named, for each command to say as its own")
        let crashed = pages.first?.message ?? ""
        XCTAssert(crashed.hasPrefix("the worker drawing this page crashed ("), crashed)
        XCTAssertFalse(FileStat.isFile(sheets + "sheet-002.jpg"))
        XCTAssertFalse(FileStat.isFile(sheets + "sheet-003.jpg"))
        XCTAssertEqual(drawn.errors.filter { $0.path == "broken.jpg" }.count, 1, "the failed file is still listed")
        let failed = heard.compactMap { event -> String? in
            if case .item(.sheet, let path, .failed) = event { return Path.name(of: path) }
            return nil
        }
        XCTAssertEqual(failed.sorted(), ["sheet-002.jpg", "sheet-003.jpg"])
        let said = heard.compactMap { event -> String? in
            if case .error(let path, let message, _, _) = event { return Path.name(of: path) + ": " + message }
            return nil
        }
        XCTAssert(said.contains { $0.hasPrefix("sheet-002.jpg: the worker drawing this page crashed") }, "\(said)")
    }
}

/// The pool, recording which process drew each page.
final class RecordingDrawer: SheetPageDrawer {
    let pool: WorkerPool
    let processes = Locked([Int32]())

    init(_ pool: WorkerPool) { self.pool = pool }

    func drawPages(_ pages: [SheetPageJob], isCancelled: @escaping @Sendable () -> Bool,
                   completion: @escaping @Sendable (Int, SheetPageAnswer) -> Void) {
        pool.drawPages(pages, isCancelled: isCancelled) { [processes] index, answer in
            processes.withLock { $0.append(answer.process) }
            completion(index, answer)
        }
    }
}
