import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// Pyramid geometry, IIIF documents, settings checks, and tiles made through the pipeline's
/// per-item code (as a worker makes them).
final class TilesTests: XCTestCase {
    func testSizesAreRoundedUpAtEveryScaleFactor() {
        let geometry = TileGeometry(width: 1001, height: 703, tileSize: 256)
        XCTAssertEqual(geometry.scaleFactors, [1, 2, 4])
        let sizes = geometry.scaleFactors.map { geometry.size(atScaleFactor: $0) }
        XCTAssertEqual(sizes.map(\.width), [1001, 501, 251])
        XCTAssertEqual(sizes.map(\.height), [703, 352, 176])
        XCTAssertEqual(TileGeometry.scaled(5, by: 4), 2)
        XCTAssertEqual(TileGeometry.scaled(4, by: 4), 1)
    }

    func testDeepZoomLevelsGoDownToOnePixel() {
        for (side, levels) in [(1, 1), (2, 2), (3, 3), (4, 3), (5, 4), (1800, 12), (4096, 13), (4097, 14)] {
            XCTAssertEqual(TileGeometry(width: side, height: 1, tileSize: 254).deepZoomLevels, levels, "\(side)")
            // ceil(log2(max(w, h))) + 1, as the issue states it.
            XCTAssertEqual(levels, Int(ceil(log2(Double(side)))) + 1, "\(side)")
        }
    }

    func testAPictureSmallerThanATileHasOneTileAndOneLevel() {
        let geometry = TileGeometry(width: 300, height: 200, tileSize: 512)
        XCTAssertEqual(geometry.scaleFactors, [1])
        XCTAssertEqual(geometry.iiifTiles(), [IIIFTile(x: 0, y: 0, regionWidth: 300, regionHeight: 200, width: 300, height: 200)])
        XCTAssertEqual(geometry.iiifTiles()[0].path(version: .two, fileExtension: "jpg"), "0,0,300,200/300,/0/default.jpg")
        XCTAssertEqual(geometry.iiifTiles()[0].path(version: .three, fileExtension: "jpg"), "0,0,300,200/300,200/0/default.jpg")
        // Exactly one tile: still no second level.
        XCTAssertEqual(TileGeometry(width: 512, height: 512, tileSize: 512).scaleFactors, [1])
        XCTAssertEqual(TileGeometry(width: 513, height: 1, tileSize: 512).scaleFactors, [1, 2])
    }

    func testEdgeTilesAreTheExactRemainder() {
        let tiles = TileGeometry(width: 1000, height: 700, tileSize: 512).iiifTiles()
        // Scale 1: 2×2 tiles; scale 2: one tile of the whole picture, 500×350.
        XCTAssertEqual(tiles.count, 5)
        XCTAssertEqual(tiles[1], IIIFTile(x: 512, y: 0, regionWidth: 488, regionHeight: 512, width: 488, height: 512))
        XCTAssertEqual(tiles[3], IIIFTile(x: 512, y: 512, regionWidth: 488, regionHeight: 188, width: 488, height: 188))
        XCTAssertEqual(tiles[4], IIIFTile(x: 0, y: 0, regionWidth: 1000, regionHeight: 700, width: 500, height: 350))
        // At scale 2 a 256 tile covers 512 source pixels: the second column is the 489 left,
        // delivered at 489 / 2 = 244.5, rounded up.
        let odd = TileGeometry(width: 1001, height: 3, tileSize: 256).iiifTiles().filter { $0.x == 512 && $0.regionWidth == 489 }
        XCTAssertEqual(odd.map(\.width), [245])
    }

    func testInfoJSONDescribesThePyramid() throws {
        let geometry = TileGeometry(width: 1000, height: 700, tileSize: 512)
        for version in [IIIFVersion.two, .three] {
            let data = try IIIFImageInfo.json(id: "https://example.org/g/a.iiif", geometry: geometry, version: version, format: .jpeg)
            let info = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            XCTAssertEqual(info[version == .two ? "@id" : "id"] as? String, "https://example.org/g/a.iiif")
            XCTAssertEqual(info["width"] as? Int, 1000)
            XCTAssertEqual(info["height"] as? Int, 700)
            let sizes = try XCTUnwrap(info["sizes"] as? [[String: Int]])
            XCTAssertEqual(sizes, [["width": 500, "height": 350], ["width": 1000, "height": 700]])
            let tiles = try XCTUnwrap(info["tiles"] as? [[String: Any]])
            XCTAssertEqual(tiles.first?["scaleFactors"] as? [Int], [1, 2])
            XCTAssertEqual(tiles.first?["width"] as? Int, 512)
            if version == .two {
                XCTAssertEqual((info["profile"] as? [Any])?.first as? String, "http://iiif.io/api/image/2/level0.json")
            } else {
                XCTAssertEqual(info["profile"] as? String, "level0")
                XCTAssertEqual(info["type"] as? String, "ImageService3")
            }
        }
    }

    func testSettingsAreChecked() {
        let problems: [(TileSpec, TileSpec.Problem)] = [
            (TileSpec(tileSize: 0), .tileSize(0)),
            (TileSpec(tileSize: 254, overlap: 127), .overlap(127, tileSize: 254)),
            (TileSpec(layout: .iiif, overlap: 1, baseURL: "http://a.b"), .overlapNeedsDeepZoom),
            (TileSpec(layout: .iiif3), .baseURLNeeded(.iiif3)),
            (TileSpec(layout: .dz, baseURL: "http://a.b"), .baseURLUnused(.dz)),
            (TileSpec(layout: .iiif, baseURL: "ftp://a.b/c"), .badBaseURL("ftp://a.b/c")),
            (TileSpec(layout: .iiif, baseURL: "http://a.b/c?x=1"), .badBaseURL("http://a.b/c?x=1")),
            (TileSpec(zoom: ZoomOptions(maxScale: 0.5)), .zoom(.maxScale(0.5))),
        ]
        for (spec, problem) in problems {
            XCTAssertThrowsError(try spec.checked()) { XCTAssertEqual($0 as? TileSpec.Problem, problem) }
        }
        // A trailing slash would break every id a validator compares.
        XCTAssertEqual(try TileSpec(layout: .iiif, baseURL: "http://127.0.0.1:8000/gallery//").checked().baseURL,
            "http://127.0.0.1:8000/gallery")
        XCTAssertEqual(TileSpec().identifier, "dz-254-o1-jpeg-q82-fs-min0")
        XCTAssertEqual(TileSpec(layout: .iiif3, format: .png, container: .zip, baseURL: "http://h/x").identifier,
            "iiif3-512-o0-png-zip-min0-id=http://h/x")
        // In a folder (build's tiles/), the ids hold it: a pyramid whose ids did not is made again.
        var inFolder = TileSpec(layout: .iiif3, baseURL: "http://h/x")
        inFolder.folder = "tiles"
        XCTAssertEqual(inFolder.identifier, "iiif3-512-o0-jpeg-q82-fs-min0-id=http://h/x/tiles")
        XCTAssertEqual(inFolder.serviceID(forID: "a/b"), "http://h/x/tiles/a/b.iiif")
        XCTAssertEqual(TileSpec.defaultMinSize(besides: try! RenditionSet(boxes: [Box(width: 256, height: 256)], retina: true).specs), 768)
    }

    func testPathsNeverMeetOtherItemsFiles() {
        XCTAssertEqual(TileSpec().paths(forID: "beach/dsc-0042"), ["beach/dsc-0042_files", "beach/dsc-0042.dzi"])
        XCTAssertEqual(TileSpec(layout: .iiif).paths(forID: "a"), ["a.iiif"])
        XCTAssertEqual(TileSpec(container: .zip).paths(forID: "b/a"), ["b/a.zip"])
        XCTAssertTrue(TileSpec(layout: .zoomify).manifestPaths(forID: "a") == ("a.zoomify/ImageProperties.xml", nil))
        XCTAssertTrue(TileSpec(layout: .iiif3, container: .zip).manifestPaths(forID: "b/a") == ("b/a.zip", "a.iiif/info.json"))
        XCTAssertTrue(TileSpec(layout: .google).manifestPaths(forID: "a") == ("a.google", nil))
    }

    /// A one-tile IIIF pyramid of a small picture, made by the per-item code a worker runs:
    /// its single tile, its full images, and no libvips properties file.
    func testAOneTilePictureGetsAValidPyramidAndItsFullSizes() throws {
        let folder = try TestFolder()
        let source = try folder.image("small.png", width: 300, height: 200)
        let spec = try TileSpec(layout: .iiif, baseURL: "http://127.0.0.1:1/g").checked()
        let made = try produce(spec, source: source, width: 300, height: 200, into: folder.path + "/out")
        XCTAssertEqual(made.tiles?.levels, 1)
        XCTAssertEqual(made.tiles?.path, "small.iiif/info.json")
        XCTAssertEqual(made.tiles?.id, "http://127.0.0.1:1/g/small.iiif")
        let root = folder.path + "/out/small.iiif"
        let files = Set(TilePyramid.files(below: root))
        XCTAssertEqual(files, ["info.json", "0,0,300,200/300,/0/default.jpg", "full/full/0/default.jpg", "full/300,/0/default.jpg"])
        let tile = try Image.load(root + "/0,0,300,200/300,/0/default.jpg")
        XCTAssertEqual([tile.width, tile.height], [300, 200])
        XCTAssertEqual(made.zoom?.enabled, false, "smaller than the viewport")
    }

    /// Pictures no larger than --min-size get a zoom policy and no files; videos get neither.
    func testSmallPicturesGetOnlyAZoomPolicy() throws {
        let spec = TileSpec(minSize: 500)
        XCTAssertEqual(spec.target(for: PlanningItem(id: "a", kind: .image, width: 500, height: 300))?.paths, [])
        XCTAssertEqual(spec.target(for: PlanningItem(id: "a", kind: .image, width: 300, height: 501))?.sourceScale, 1)
        XCTAssertNil(spec.target(for: PlanningItem(id: "a", kind: .video, width: 4000, height: 3000)))
        let folder = try TestFolder()
        let source = try folder.image("small.png", width: 300, height: 200)
        let made = try produce(spec, source: source, width: 300, height: 200, into: folder.path + "/out")
        XCTAssertNil(made.tiles)
        XCTAssertEqual(made.zoom?.maxScale, 1)
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/out")) ?? [], [])
    }

    /// Makes `spec` of one picture through ``ItemProducer``, and folds it into its item.
    private func produce(_ spec: TileSpec, source: String, width: Int, height: Int, into output: String) throws -> Item {
        var item = Item(id: "small", format: "png", width: width, height: height, source: .init(path: source, bytes: 1))
        let plan = GalleryPlan(items: [item], outputs: [AnyOutput(spec)], outputFolder: output) { item, file in
            ItemSource(path: file.path, kind: item.kind, width: item.width, height: item.height, convertColour: false)
        }
        let job = try XCTUnwrap(plan.entries.first?.job)
        let outcome = ItemProducer.produce(job)
        guard case .made(let products, _) = outcome else {
            XCTFail("not made: \(outcome)")
            throw CocoaError(.fileWriteUnknown)
        }
        XCTAssertTrue(job.outputs[0].output.fold(products[0], target: job.outputs[0].target, into: &item))
        return item
    }
}
