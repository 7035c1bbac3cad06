import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// A kind the pipeline has never heard of: a 1×1 PNG of the picture's average colour. It
/// plugs in through `OutputKind` alone, beside a rendition of the same item.
struct AverageColour: OutputKind {
    static let kindName = "average-colour"
    var identifier: String { "average-1x1-png" }

    struct Made: Codable, Equatable, Sendable {
        var rgb: [Int]
    }

    func target(for item: PlanningItem) -> OutputTarget? {
        // Any whole picture will do, like a placeholder: it borrows the item's decode.
        OutputTarget(paths: [item.id + ".average.png"], sourceScale: nil)
    }

    func make(_ target: OutputTarget, from picture: ItemPicture, staging: Staging) throws -> Made {
        // Read three times (a band each): in memory, as a picture loaded sequentially is read once.
        let whole = try picture.wholePicture(atLeast: 8).copyToMemory()
        let stats = try (0..<3).map { band in
            Int((try Operation.call("avg", ["in": .image(try Operation.image("extract_band", ["in": .image(whole),
                "band": .int(band)]))])["out"]?.double ?? -1).rounded())
        }
        let one = try Operation.image("cast", ["in": .image(try Operation.image("linear", [
            "in": .image(try Operation.image("black", ["width": .int(1), "height": .int(1), "bands": .int(3)])),
            "a": .doubles([1, 1, 1]), "b": .doubles(stats.map(Double.init)),
        ])), "format": .string("uchar")])
        let data = try Operation.call("pngsave_buffer", ["in": .image(one)], outputs: ["buffer"])["buffer"]?.blob ?? Data()
        staging.stage(data, at: target.paths[0])
        return Made(rgb: stats)
    }

    func fold(_ made: Made, target: OutputTarget, into item: inout Item) {
        item.title = "average " + made.rgb.map(String.init).joined(separator: ",")
    }
}

final class PipelineTests: XCTestCase {
    /// The seam: a plan with a new kind and a rendition, run through the same per-item code a
    /// worker runs, made from one decode and folded into the manifest.
    func testANewOutputKindPlugsInBesideRenditions() throws {
        let folder = try TestFolder()
        let source = try folder.image("photos/half.png", width: 80, height: 40)  // left half 30, right half 220
        var item = Item(id: "photos/half", format: "png", width: 80, height: 40, source: .init(path: source, bytes: 1))
        let thumbnail = RenditionSpec(width: 20, height: 20, encoding: Encoding(format: .png))
        let planner = ItemPlanner(outputs: [AnyOutput(thumbnail), AnyOutput(AverageColour())], outputFolder: folder.path + "/out") {
            item, file in
            ItemSource(path: file.path, kind: item.kind, width: item.width, height: item.height, convertColour: false)
        }
        XCTAssertEqual(GalleryPlan(items: [item], planner: planner).lines(ids: ["photos/half"]), [
            "photos/half rendition:20x20-fit-png photos/half-20x20.png",
            "photos/half average-colour:average-1x1-png photos/half.average.png",
        ])
        // The make stage every command runs.
        let recorder = ProgressRecorder()
        let pending = [PendingItem(item: 0, planned: planner.planned(for: item))]
        let making = ItemMaking(executor: InProcessExecutor(), listener: recorder) { pending, item in
            planner.job(for: item, outputs: pending.making)
        }
        var manifest = Manifest()
        manifest.items = [item]
        let made = making.make(manifest, pending: pending)
        XCTAssertEqual(made.failures.count, 0, "\(made.failures)")
        XCTAssertEqual(made.outputs, 2)
        item = made.manifest.items[0]
        XCTAssertEqual(item.title, "average 125,125,125", "the mean of the two halves")
        XCTAssertEqual(item.renditions?.map(\.path), ["photos/half-20x20.png"])
        XCTAssertEqual(item.renditions?.first?.height, 10)
        let dot = try Image.load(folder.path + "/out/photos/half.average.png")
        XCTAssertEqual([dot.width, dot.height], [1, 1])
        XCTAssertEqual(recorder.received.first, .started(phase: .render, total: 1))
        XCTAssertEqual(recorder.received.last, .item(phase: .render, path: source, status: .ok))
    }

    /// An output that fails after another was made leaves nothing of the item behind, and its
    /// typed reason reaches the outcome as it was thrown.
    func testAFailureCommitsNothing() throws {
        struct Refusing: OutputKind {
            static let kindName = "refusing"
            var identifier: String { "refusing" }
            func target(for item: PlanningItem) -> OutputTarget? { OutputTarget(paths: ["never"], sourceScale: 1) }
            func make(_ target: OutputTarget, from picture: ItemPicture, staging: Staging) throws -> Int {
                throw ItemFailure.write("cannot encode: refused")
            }
            func fold(_ made: Int, target: OutputTarget, into item: inout Item) {}
        }
        let folder = try TestFolder()
        let source = try folder.image("a.png", width: 40, height: 40)
        let spec = RenditionSpec(width: 4, height: 4)
        let job = ItemJob(source: ItemSource(path: source, kind: .image, width: 40, height: 40), outputFolder: folder.path + "/out",
            outputs: [PlannedOutput(output: AnyOutput(spec), target: OutputTarget(paths: ["a-4x4.jpg"], sourceScale: 0.1, width: 4, height: 4)),
                PlannedOutput(output: AnyOutput(Refusing()), target: OutputTarget(paths: ["never"], sourceScale: 1))])
        XCTAssertEqual(ItemProducer.produce(job), .failed(ItemFailure(.write, "cannot encode: refused")))
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/out")) ?? [], [],
            "the rendition made first was not put in place, and no temporary file is left")
    }

    /// A source removed between the scan and its render was called damaged ("VipsForeignLoad:
    /// file does not exist"): it is gone, and the failure says so (issue 39).
    func testASourceRemovedSinceTheScanIsGoneNotDamaged() throws {
        let folder = try TestFolder()
        let source = try folder.image("a.png", width: 40, height: 40)
        try FileManager.default.removeItem(atPath: source)
        let job = ItemJob(source: ItemSource(path: source, kind: .image, width: 40, height: 40), outputFolder: folder.path + "/out",
            outputs: [PlannedOutput(output: AnyOutput(RenditionSpec(width: 4, height: 4)),
                target: OutputTarget(paths: ["a-4x4.jpg"], sourceScale: 0.1, width: 4, height: 4))])
        XCTAssertEqual(ItemProducer.produce(job), .failed(ItemFailure(.notFound, "removed since the scan read it")))
    }

    /// Jobs cross the pipe to workers as JSON: every kind round-trips by its name.
    func testJobsRoundTripThroughJSON() throws {
        let job = ItemJob(source: ItemSource(path: "a.jpg", kind: .video, width: 3, height: 2,
            video: VideoSource(duration: 65.4, durationLabel: "1:05")), outputFolder: "out",
            outputs: [PlannedOutput(output: AnyOutput(RenditionSpec(width: 64, height: nil, badge: .duration)),
                target: OutputTarget(paths: ["a-64.jpg"], sourceScale: 1, width: 64)),
                PlannedOutput(output: AnyOutput(PlaceholderSpec(.blurhash)), target: OutputTarget(paths: [], sourceScale: nil))])
        let decoded = try JSONDecoder().decode(ItemJob.self, from: try JSONEncoder().encode(job))
        XCTAssertEqual(decoded, job)
        let outcome = ItemOutcome.made([AnyProduct(RenditionSpec.Made(width: 1, height: 2, bytes: 3), kind: RenditionSpec.kindName),
            AnyProduct(Placeholder?.some(Placeholder(blurhash: "LKO2")), kind: PlaceholderSpec.kindName)], damaged: false)
        XCTAssertEqual(try JSONDecoder().decode(ItemOutcome.self, from: try JSONEncoder().encode(outcome)), outcome)
        XCTAssertThrowsError(try JSONDecoder().decode(AnyOutput.self, from: Data(#"{"kind":"nope","settings":{}}"#.utf8)))
    }
}

final class ItemSizeTests: XCTestCase {
    /// A large gallery holds one item per photo in memory: keep the struct small. (400 since
    /// items name their album, a copy of their original, camera and exposure, and a video's
    /// coding and HDR transfer; rare fields go in boxes, not inline, and small ones fill the
    /// padding after an optional integer.)
    func testAnItemStaysSmall() {
        XCTAssertLessThanOrEqual(MemoryLayout<Item>.size, 400, "an item is \(MemoryLayout<Item>.size) bytes")
    }

    /// A walk holds one InputFile per file found: a custom item's declaration is boxed, not inline.
    func testAFoundFileStaysSmall() {
        XCTAssertLessThanOrEqual(MemoryLayout<InputFile>.size, 128, "an input file is \(MemoryLayout<InputFile>.size) bytes")
    }
}
