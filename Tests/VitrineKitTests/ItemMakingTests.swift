import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// The make stage every command shares (issue 42): real pictures made in process through
/// ``ItemProducer``, as a worker makes them.
final class ItemMakingTests: XCTestCase {
    /// Runs jobs in process and records the order they were started in; stops after `stopAfter`
    /// jobs when given (a signal mid-run).
    final class RecordingExecutor: ItemExecutor, @unchecked Sendable {
        let started = Locked<[Int]>([])
        let stopAfter: Int?

        init(stopAfter: Int? = nil) { self.stopAfter = stopAfter }

        var isCancelled: Bool { stopAfter.map { started.current.count >= $0 } ?? false }

        func execute(count: Int, order: [Int], job: @escaping @Sendable (Int) -> ItemJob,
                     progress: @escaping @Sendable (Int, Double) -> Void, completion: @escaping @Sendable (Int, ItemOutcome) -> Void) {
            for index in order {
                if isCancelled { return }
                started.withLock { $0.append(index) }
                completion(index, ItemProducer.produce(job(index)))
            }
        }
    }

    private func gallery(_ folder: TestFolder, bytes: [Int]) throws -> (Manifest, ItemPlanner) {
        var manifest = Manifest()
        for (number, size) in bytes.enumerated() {
            let path = try folder.image("p\(number).png", width: 40, height: 30)
            manifest.items.append(Item(id: "p\(number)", format: "png", width: 40, height: 30, source: .init(path: path, bytes: size)))
        }
        let spec = RenditionSpec(width: 8, height: 8, encoding: Encoding(format: .png))
        let planner = ItemPlanner(outputs: [AnyOutput(spec), AnyOutput(AverageColour())], outputFolder: folder.path + "/out") {
            item, file in
            ItemSource(path: file.path, kind: item.kind, width: item.width, height: item.height, convertColour: false)
        }
        return (manifest, planner)
    }

    private func making(_ executor: RecordingExecutor, _ planner: ItemPlanner,
                        made: (@Sendable (PlannedOutput, AnyProduct, Item) -> Void)? = nil) -> ItemMaking {
        // As a build asks: the kept outputs ride along as companions.
        ItemMaking(executor: executor, listener: nil, job: { pending, item in
            planner.job(for: item, outputs: pending.making, companions: pending.keeping)
        }, madeOutput: made)
    }

    /// Largest sources first, the gallery's order among equals; every answer folded in.
    func testJobsStartLargestFirstAndEveryAnswerIsFolded() throws {
        let folder = try TestFolder()
        let (manifest, planner) = try gallery(folder, bytes: [10, 30, 20, 30])
        let pending = manifest.items.indices.map { PendingItem(item: $0, planned: planner.planned(for: manifest.items[$0])) }
        let executor = RecordingExecutor()
        let made = making(executor, planner).make(manifest, pending: pending)
        XCTAssertEqual(executor.started.current, [1, 3, 2, 0])
        XCTAssertEqual(made.outputs, 8)
        XCTAssertEqual(made.unanswered, [])
        let settled = made.settled(pending)
        XCTAssertEqual(settled.items.map(\.renditions?.first?.path), ["p0-8x8.png", "p1-8x8.png", "p2-8x8.png", "p3-8x8.png"])
        XCTAssertEqual(settled.items.map(\.title), Array(repeating: "average 125,125,125", count: 4))
    }

    /// A build's kept product stays in its place; only the output left to make is made, and
    /// only it is told to the state.
    func testKeptProductsStayAndOnlyWhatIsMadeIsTold() throws {
        let folder = try TestFolder()
        let (manifest, planner) = try gallery(folder, bytes: [10])
        let planned = planner.planned(for: manifest.items[0])
        let keptRendition = AnyProduct(RenditionSpec.Made(width: 8, height: 6, bytes: 99), kind: RenditionSpec.kindName)
        let pending = [PendingItem(item: 0, planned: planned, kept: [keptRendition, nil])]
        let told = Locked<[String]>([])
        let made = making(RecordingExecutor(), planner) { planned, _, item in
            told.withLock { $0.append(item.id + " " + planned.output.description) }
        }.make(manifest, pending: pending)
        XCTAssertEqual(made.failures, [:])
        XCTAssertEqual(told.current, ["p0 average-colour:average-1x1-png"])
        XCTAssertEqual(made.outputs, 1)
        let item = made.settled(pending).items[0]
        XCTAssertEqual(item.renditions?.first?.bytes, 99, "the kept rendition, not one made again")
        XCTAssertEqual(item.title, "average 125,125,125")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path + "/out/p0-8x8.png"))
    }

    /// Stopped after one job: the others were never started, and settling says so of each.
    func testItemsNoWorkerAnsweredForAreErrorsOnceSettled() throws {
        let folder = try TestFolder()
        let (manifest, planner) = try gallery(folder, bytes: [10, 20, 30])
        let pending = manifest.items.indices.map { PendingItem(item: $0, planned: planner.planned(for: manifest.items[$0])) }
        let made = making(RecordingExecutor(stopAfter: 1), planner).make(manifest, pending: pending)
        XCTAssertEqual(made.unanswered, [0, 1])
        let settled = made.settled(pending)
        XCTAssertEqual(settled.items.map(\.id), ["p2"])
        XCTAssertEqual(settled.errors.map(\.message), ["no answer from the worker", "no answer from the worker"])
        XCTAssertEqual(settled.errors.map(\.reason), [.crashed, .crashed])
    }
}
