import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

final class RenditionPlanningTests: XCTestCase {
    func testSpecNamesAndIdentifiers() {
        let spec = RenditionSpec(width: 256, height: 256, mode: .fill, crop: .attention, scale: 2)
        XCTAssertEqual(spec.fileSuffix, "256x256@2x.jpg")
        XCTAssertEqual(spec.identifier, "256x256-fill-attention-@2x-jpeg-q82-bg-255.255.255")
        XCTAssertEqual(RenditionSpec(width: nil, height: 300).fileSuffix, "x300.jpg")
        XCTAssertEqual(RenditionSpec(width: 300, height: nil, encoding: Encoding(format: .webp)).fileSuffix, "300.webp")
        XCTAssertNotEqual(RenditionSpec(width: 1, height: 1, encoding: Encoding(quality: 50)).identifier,
            RenditionSpec(width: 1, height: 1, encoding: Encoding(quality: 60)).identifier, "quality shapes the bytes")
    }

    func testFillBoxShrinksToWhatTheSourceCovers() {
        let fill = RenditionSpec(width: 256, height: 256, mode: .fill)
        XCTAssertEqual(fill.pixelBox(sourceWidth: 4000, sourceHeight: 3000), Box(width: 256, height: 256))
        XCTAssertEqual(fill.pixelBox(sourceWidth: 200, sourceHeight: 150), Box(width: 150, height: 150))
        var upscaled = fill
        upscaled.upscale = true
        XCTAssertEqual(upscaled.pixelBox(sourceWidth: 200, sourceHeight: 150), Box(width: 256, height: 256))
        let fit = RenditionSpec(width: 256, height: 256)
        XCTAssertEqual(fit.pixelBox(sourceWidth: 200, sourceHeight: 150), Box(width: 256, height: 256))
    }

    func testRetinaOnlyWhenTheSourceHasMorePixels() {
        let fit = RenditionSpec(width: 400, height: 400, scale: 2)
        XCTAssertTrue(fit.sourceExceeds(width: 600, height: 400))
        XCTAssertFalse(fit.sourceExceeds(width: 400, height: 300))
        XCTAssertNil(fit.target(for: PlanningItem(id: "a", kind: .image, width: 400, height: 300)), "no @2x without the pixels")
        let fill = RenditionSpec(width: 256, height: 256, mode: .fill, scale: 2)
        XCTAssertTrue(fill.sourceExceeds(width: 451, height: 300))
        XCTAssertFalse(fill.sourceExceeds(width: 256, height: 1000))
    }

    func testOutputPathsStayInsideTheFolder() {
        let spec = RenditionSpec(width: 64, height: 64)
        for path in ["../../etc/passwd", "a/./../b", "..", "...", "/abs/x.jpg", "a//b.jpg"] {
            let id = ItemIdentifier.uniqueIDs(forRelativePaths: [path])[0]
            let output = Path.join("out/", spec.path(forID: id))
            XCTAssertTrue(output.hasPrefix("out/"), output)
            XCTAssertFalse(output.split(separator: "/").contains(".."), output)
            XCTAssertEqual((output as NSString).standardizingPath.hasPrefix("out/"), true, output)
        }
    }
}

final class AtomicFileTests: XCTestCase {
    func testWritesByRenameAndCleansLeftovers() throws {
        let folder = try TestFolder()
        let target = folder.path + "/deep/er/file.bin"
        try AtomicFile.write(Data([1, 2, 3]), to: target)
        XCTAssertEqual(FileManager.default.contents(atPath: target), Data([1, 2, 3]))
        try AtomicFile.write(Data([4]), to: target)
        XCTAssertEqual(FileManager.default.contents(atPath: target), Data([4]))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/deep/er"), ["file.bin"])
        let stale = try folder.file("deep/er/.file.bin.partial-1-1", "half")
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: stale)
        // A fresh one may be another run's (a part sharing the folder), writing right now.
        try folder.file("deep/er/.file.bin.partial-2-1", "being written")
        AtomicFile.removeLeftovers(in: folder.path + "/deep/er")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/deep/er").sorted(),
            [".file.bin.partial-2-1", "file.bin"])
    }

    func testUnwritableTargetThrowsAndLeavesNothing() throws {
        let folder = try TestFolder()
        try folder.file("blocker", "a file where a folder should be")
        XCTAssertThrowsError(try AtomicFile.write(Data([1]), to: folder.path + "/blocker/x.bin"))
    }
}

final class ThumbnailerTests: XCTestCase {
    /// One rendition of `source` (its upright size need not be known: one output reads the file itself).
    func render(_ source: String, _ spec: RenditionSpec, in folder: TestFolder, allowDamaged: Bool = false) -> (ItemOutcome, String) {
        let target = OutputTarget(paths: [spec.fileSuffix], sourceScale: 1, width: spec.pixelWidth, height: spec.pixelHeight)
        let job = ItemJob(source: ItemSource(path: source, kind: .image, width: 0, height: 0, allowDamaged: allowDamaged),
            outputFolder: folder.path + "/out", outputs: [PlannedOutput(output: AnyOutput(spec), target: target)])
        return (ItemProducer.produce(job), folder.path + "/out/" + spec.fileSuffix)
    }

    /// The one rendition's facts, when it was made.
    func made(_ outcome: ItemOutcome) -> (RenditionSpec.Made, damaged: Bool)? {
        guard case .made(let products, let damaged) = outcome, let made = products.first?.base as? RenditionSpec.Made else { return nil }
        return (made, damaged)
    }

    func testOrientationIsAppliedToPixels() throws {
        let folder = try TestFolder()
        // 60×40 stored, dark left half, orientation 6 (rotate 90° clockwise to view).
        let source = try folder.image("o6.jpg", width: 60, height: 40, orientation: 6)
        let (outcome, target) = render(source, RenditionSpec(width: 30, height: 30, encoding: Encoding(format: .png)), in: folder)
        guard let (file, damaged) = made(outcome), !damaged else { return XCTFail("\(outcome)") }
        XCTAssertEqual(file.width, 20)
        XCTAssertEqual(file.height, 30)
        let image = try Image.load(target)
        XCTAssertNil(image.int("orientation"), "no orientation left for viewers to apply twice")
        let pixels = try image.pixels()
        // Turned clockwise, the stored left (dark) half is now the top half.
        let top = pixels[(2 * 20 + 10) * image.bands], bottom = pixels[(27 * 20 + 10) * image.bands]
        XCTAssertLessThan(top, 80)
        XCTAssertGreaterThan(bottom, 170)
    }

    func testJPEGFlattensAlphaOntoTheBackgroundAndPNGKeepsIt() throws {
        let folder = try TestFolder()
        let clear = try Image.fromPixels([UInt8](repeating: 0, count: 16 * 16 * 4), width: 16, height: 16, bands: 4)
        let source = folder.path + "/clear.png"
        try clear.save(to: source)
        var spec = RenditionSpec(width: 8, height: 8, encoding: Encoding(format: .jpeg, background: [255, 0, 0]))
        let (jpeg, jpegPath) = render(source, spec, in: folder)
        guard made(jpeg) != nil else { return XCTFail("\(jpeg)") }
        let flat = try Image.load(jpegPath)
        XCTAssertEqual(flat.bands, 3)
        let red = try flat.pixels()
        XCTAssertGreaterThan(red[0], 200)
        XCTAssertLessThan(red[1], 60)
        spec.encoding = Encoding(format: .png)
        let (png, pngPath) = render(source, spec, in: folder)
        guard made(png) != nil else { return XCTFail("\(png)") }
        XCTAssertTrue(try Image.load(pngPath).hasAlpha)
    }

    func testSixteenBitAndGreyInputsBecomeEightBitOutputs() throws {
        let folder = try TestFolder()
        let grey = try Operation.image("black", ["width": .int(40), "height": .int(40)])
        let deep = try Operation.image("cast", ["in": .image(try Operation.image("linear",
            ["in": .image(grey), "a": .doubles([1]), "b": .doubles([30000])])), "format": .string("ushort")])
        let source = folder.path + "/deep.png"
        try deep.settingField("interpretation", int: 26).save(to: source)  // VIPS_INTERPRETATION_GREY16
        let (outcome, target) = render(source, RenditionSpec(width: 20, height: 20), in: folder)
        guard made(outcome) != nil else { return XCTFail("\(outcome)") }
        let made = try Image.load(target)
        XCTAssertEqual(made.format, .uchar)
        XCTAssertEqual(made.width, 20)
    }

    func testTruncatedJPEGFailsUnlessDamageIsAllowed() throws {
        let folder = try TestFolder()
        let noise = try Operation.image("gaussnoise", ["width": .int(300), "height": .int(200)])
        let source = folder.path + "/cut.jpg"
        try noise.save(to: source)
        let whole = try Data(contentsOf: URL(fileURLWithPath: source))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: source))
        let spec = RenditionSpec(width: 100, height: 100)
        let (refused, target) = render(source, spec, in: folder)
        guard case .failed(let failure) = refused else {
            return XCTFail("a truncated JPEG must not be thumbnailed in silence")
        }
        XCTAssertTrue([.unreadable, .damaged].contains(failure.reason))
        XCTAssertFalse(FileManager.default.fileExists(atPath: target))
        let (allowed, _) = render(source, spec, in: folder, allowDamaged: true)
        XCTAssertEqual(allowed, .made([AnyProduct(RenditionSpec.Made(width: 100, height: 67,
            bytes: (try? Data(contentsOf: URL(fileURLWithPath: target)).count) ?? -1), kind: RenditionSpec.kindName)], damaged: true))
    }

    func testFilledOneXIsItsRetinaHalved() throws {
        let folder = try TestFolder()
        // A fine grey texture (so that resizing by another path shows) with a bright square off
        // to the right (so that the attention crop is not the centre).
        var pixels = [UInt8](repeating: 0, count: 600 * 300 * 3)
        for index in pixels.indices {
            let x = index / 3 % 600, y = index / 1800
            pixels[index] = UInt8(60 + (x * 37 + y * 91 + index % 53) % 80)
        }
        for y in 100..<160 { for x in 470..<530 { pixels[(y * 600 + x) * 3] = 250; pixels[(y * 600 + x) * 3 + 1] = 40 } }
        let source = folder.path + "/spot.png"
        try Image.fromPixels(pixels, width: 600, height: 300, bands: 3).save(to: source)
        let item = PlanningItem(id: "spot", kind: .image, width: 600, height: 300)
        // Listed 1x first, as RenditionSet lists them: the producer makes the @2x first anyway.
        let specs = try RenditionSet(boxes: [Box(width: 128, height: 128)], mode: .fill, retina: true,
            encoding: Encoding(format: .png)).specs
        let outputs = specs.map { PlannedOutput(output: AnyOutput($0), target: $0.target(for: item)!) }
        let job = ItemJob(source: ItemSource(path: source, kind: .image, width: 600, height: 300),
            outputFolder: folder.path + "/out", outputs: outputs)
        guard case .made = ItemProducer.produce(job) else { return XCTFail("not made") }
        let oneX = try Image.load(folder.path + "/out/" + specs[0].path(forID: "spot"))
        let retina = try Image.load(folder.path + "/out/" + specs[1].path(forID: "spot"))
        XCTAssertEqual([oneX.width, oneX.height, retina.width, retina.height], [128, 128, 256, 256])
        let halved = try Operation.image("thumbnail_image", ["in": .image(retina), "width": .int(128), "height": .int(128)])
        let (oneXPixels, halvedPixels) = (try oneX.pixels(), try halved.pixels())
        XCTAssertTrue(oneXPixels == halvedPixels, "the 1x shows what the @2x shows, resized from it")
        XCTAssertGreaterThan(try oneX.pixels()[(55 * 128 + 85) * 3], 200, "the crop keeps the bright square")
    }

    func testCMYKBecomesSRGBAsLibvipsConvertsIt() throws {
        let folder = try TestFolder()
        let rgb = try folder.image("rgb.png", width: 80, height: 60)
        let cmyk = try Operation.image("icc_transform", ["in": .image(try Image.load(rgb)), "output_profile": .string("cmyk")])
        XCTAssertEqual(cmyk.interpretation, .cmyk)
        let source = folder.path + "/cmyk.jpg"
        try cmyk.save(to: source)
        let (outcome, target) = render(source, RenditionSpec(width: 80, height: 60, encoding: Encoding(format: .png)), in: folder)
        guard made(outcome) != nil else { return XCTFail("\(outcome)") }
        let made = try Image.load(target)
        XCTAssertEqual(made.bands, 3)
        XCTAssertEqual(made.interpretation, .srgb)
        let reference = try Operation.image("cast", ["in": .image(try Operation.image("icc_transform",
            ["in": .image(try Image.load(source)), "output_profile": .string("srgb")])), "format": .string("uchar")])
        let difference = try Operation.image("abs", ["in": .image(try Operation.image("subtract",
            ["left": .image(made), "right": .image(reference)]))])
        XCTAssertLessThan(try Operation.call("avg", ["in": .image(difference)])["out"]?.double ?? 99, 2)
    }
}
