import Foundation
import VipsKit
@testable import VitrineKit
import XCTest

/// Camera RAW files (issue 40): ExifTool's samples from the corpus, and DNGs made at test time
/// from a corpus photo (`Tests/Support/make_dng.py`), whose developed pictures and previews
/// are compared with that photo.
final class RawTests: TemporaryFolderTestCase {
    var source: String { folder + "/src" }

    /// The corpus photo the DNGs are made of, upright: 1680×1050.
    func photo() throws -> String { try Corpus.path("photos/mate__Dune.jpg") }

    /// A DNG below the sources made from ``photo()`` with `options` (make_dng.py's).
    @discardableResult
    func dng(_ name: String, _ options: [String] = []) throws -> String {
        guard let python = Repository.venvTool("python3") else {
            if ProcessInfo.processInfo.environment["VITRINE_CORPUS"] != nil { XCTFail(".venv/bin/python3 is needed in CI") }
            throw XCTSkip(".venv/bin/python3 is missing: run .ci/install-deps")
        }
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        let path = source + "/" + name
        let script = Repository.root.appendingPathComponent("Tests/Support/make_dng.py").path
        let made = try Program.run(python, [script, try photo(), path] + options)
        XCTAssertEqual(made.status, 0, made.stderr)
        return path
    }

    func manifest(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    func items(_ manifest: [String: Any]) -> [String: [String: Any]] {
        Dictionary(uniqueKeysWithValues: (manifest["items"] as? [[String: Any]] ?? []).map { ($0["id"] as? String ?? "", $0) })
    }

    /// How far `picture` is from the corpus photo at its size (mean absolute difference, 0–255).
    func distanceFromPhoto(_ picture: String) throws -> Double {
        try Vips.initialize()
        let image = try Image.load(picture)
        let reference = try Operation.image("thumbnail", ["filename": .string(try photo()), "width": .int(image.width),
            "height": .int(image.height), "size": .string("force")])
        return try Pixels.meanDifference(image, reference)
    }

    /// Every sample is an item made from what it holds, or one error line that names it as a
    /// RAW file: never a video, never "damaged", never passed over; the photo beside them is made.
    func testExifToolsSamplesAreItemsOrOneLineNamingThemAsRAW() throws {
        let samples = try Corpus.path("mixed/raw")
        try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: samples).sorted()
        XCTAssertEqual(names.count, 6)
        for name in names { try FileManager.default.copyItem(atPath: samples + "/" + name, toPath: source + "/" + name) }
        try FileManager.default.copyItem(atPath: try photo(), toPath: source + "/dune.jpg")
        let run = try Vitrine.run(["build", source, "-o", folder + "/site", "--progress", "none"])
        XCTAssertEqual(run.status, 1, "some samples cannot be shown: \(run.stderr)")
        let built = try manifest(folder + "/site/manifest.json")
        let errors = built["errors"] as? [[String: Any]] ?? []
        let madeOf = (built["items"] as? [[String: Any]] ?? []).compactMap { ($0["source"] as? [String: Any])?["path"] as? String }
        for name in names {
            let asItem = madeOf.contains { $0.hasSuffix(name) }
            let failed = errors.filter { ($0["path"] as? String ?? "").hasSuffix(name) }
            XCTAssertTrue(asItem != (failed.count == 1), "\(name) is an item or one error: \(run.stderr)")
            for error in failed {
                let message = error["message"] as? String ?? ""
                XCTAssertTrue(["DNG", "Canon CR2", "Canon CR3", "Nikon NEF", "Fujifilm RAF", "Panasonic RW2"].contains { message.contains($0) },
                    "\(name): \(message)")
                XCTAssertFalse(message.contains("damaged") || message.contains("video") || message.contains("packet"), message)
                XCTAssertEqual(run.stderrLines.filter { $0.contains(name) }.count, 1, run.stderr)
            }
        }
        XCTAssertTrue(madeOf.contains { $0.hasSuffix("dune.jpg") })
        XCTAssertTrue(madeOf.contains { $0.hasSuffix(".raf") } && madeOf.contains { $0.hasSuffix(".rw2") },
            "samples with a preview and no sensor data are shown from their preview: \(madeOf)")
    }

    /// Previews and developed pictures, each orientation, come out upright and like the photo;
    /// the manifest has the upright size, the camera and the date.
    func testGeneratedDNGsComeOutUprightInThumbsTilesAndTheSite() throws {
        try dng("preview.dng", ["--preview", "full"])
        try dng("sensor.dng", ["--preview", "none"])
        try dng("turned3.dng", ["--preview", "small", "--orientation", "3"])
        try dng("turned6.dng", ["--preview", "full", "--orientation", "6"])
        try dng("turned8.dng", ["--preview", "none", "--orientation", "8"])
        let site = folder + "/site"
        let run = try Vitrine.run(["build", source, "-o", site, "--tile-min-size", "1000", "--progress", "none"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let built = items(try manifest(site + "/manifest.json"))
        let methods = ["preview": "preview", "sensor": "develop", "turned3": "develop", "turned6": "preview", "turned8": "develop"]
        for (id, method) in methods {
            let item = try XCTUnwrap(built[id], id)
            XCTAssertEqual([item["width"] as? Int, item["height"] as? Int], [1680, 1050], "\(id) is upright")
            XCTAssertEqual(item["format"] as? String, "dng")
            XCTAssertEqual((item["raw"] as? [String: Any])?["method"] as? String, method, id)
            XCTAssertEqual(item["takenAt"] as? String, "2024-06-15T14:30:00")
            let camera = item["camera"] as? [String: String]
            XCTAssertEqual([camera?["make"], camera?["model"]], ["Vitrine", "Test Camera"])
            for rendition in item["renditions"] as? [[String: Any]] ?? [] where rendition["role"] as? String == "display" {
                XCTAssertLessThan(try distanceFromPhoto(site + "/" + (rendition["path"] as? String ?? "")), 8, "\(id)'s display image")
            }
            // The pyramid's level that holds the whole picture in one tile.
            let tiles = site + "/tiles/\(id)_files"
            let levels = try FileManager.default.contentsOfDirectory(atPath: tiles).compactMap(Int.init).sorted()
            let whole = try XCTUnwrap(levels.last { level in (try? Pixels.size(tiles + "/\(level)/0_0.jpg"))?.0 ?? 0 > 120
                && !FileManager.default.fileExists(atPath: tiles + "/\(level)/1_0.jpg") }, "\(id)'s pyramid")
            // Small and sharp: resampling differs more here; a mirrored picture is 24 away, a turned one 80.
            XCTAssertLessThan(try distanceFromPhoto(tiles + "/\(whole)/0_0.jpg"), 12, "\(id)'s tiles are upright")
        }
        // thumbs: each picture fitted in a box, upright.
        let thumbs = try Vitrine.run(["thumbs", source, "-o", folder + "/thumbs", "--size", "200x200", "--fit"])
        XCTAssertEqual(thumbs.status, 0, thumbs.stderr)
        for id in methods.keys {
            let made = folder + "/thumbs/\(id)-200x200.jpg"
            XCTAssertEqual(try Pixels.size(made).0, 200, "\(id): landscape")
            XCTAssertLessThan(try distanceFromPhoto(made), 9, id)
        }
    }

    /// `auto` takes a large preview without unpacking the sensor data; `develop` unpacks it
    /// once, whatever the item's outputs; the picture of a DNG without a preview is developed.
    func testAPreviewIsUsedWithoutUnpackingAndADevelopUnpacksOnce() throws {
        let withPreview = try dng("preview.dng", ["--preview", "full"])
        try Vips.initialize()
        let outputs = [PlannedOutput(output: AnyOutput(RenditionSpec(width: 64, height: 64)),
            target: OutputTarget(paths: ["a-64.jpg"], sourceScale: 0.05, width: 64, height: 64)),
            PlannedOutput(output: AnyOutput(RenditionSpec(width: 400, height: 400)),
            target: OutputTarget(paths: ["a-400.jpg"], sourceScale: 0.25, width: 400, height: 400))]
        func produce(_ method: RawMethod) -> ItemOutcome {
            var source = ItemSource(path: withPreview, kind: .image, width: 1680, height: 1050)
            source.raw = RawDecode(method: method, maxMemory: 1 << 30)
            return ItemProducer.produce(ItemJob(source: source, outputFolder: folder + "/out-\(method.rawValue)", outputs: outputs))
        }
        let before = RawPicture.unpacks
        guard case .made = produce(RawMode.auto.method(preview: PictureSize(width: 1680, height: 1050), width: 1680, height: 1050,
            largestScale: 0.25)) else { return XCTFail("made from the preview") }
        XCTAssertEqual(RawPicture.unpacks, before, "the preview path unpacks no sensor data")
        guard case .made = produce(.developHalf) else { return XCTFail("developed") }
        XCTAssertEqual(RawPicture.unpacks, before + 1, "two outputs, one unpack")
        XCTAssertLessThan(try distanceFromPhoto(folder + "/out-develop-half/a-400.jpg"), 8)
    }

    /// Another --raw remakes exactly the outputs of the items whose picture it changes; a
    /// rebuild with nothing changed makes nothing.
    func testChangingRawRemakesOnlyTheItemsWhosePictureChanges() throws {
        try dng("preview.dng", ["--preview", "full"])
        try dng("sensor.dng", ["--preview", "none"])
        let site = folder + "/site"
        func build(_ extra: [String]) throws -> [String: Any] {
            let run = try Vitrine.run(["build", source, "-o", site, "--no-sheets", "--progress", "json"] + extra)
            XCTAssertEqual(run.status, 0, run.stderr)
            return try XCTUnwrap(run.stderrLines.last.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        }
        let first = try build([])
        let perItem = (first["made"] as? Int ?? 0) / 2
        XCTAssertGreaterThan(perItem, 0)
        let sensorFiles = try hashes(of: site).filter { $0.key.contains("sensor") }
        let developed = try build(["--raw", "develop"])
        XCTAssertEqual(developed["made"] as? Int, perItem, "the preview item's outputs only: \(developed)")
        XCTAssertEqual(try hashes(of: site).filter { $0.key.contains("sensor") }, sensorFiles, "the developed item's are kept")
        XCTAssertEqual((items(try manifest(site + "/manifest.json"))["preview"]?["raw"] as? [String: Any])?["method"] as? String, "develop")
        XCTAssertEqual(try build(["--raw", "develop"])["made"] as? Int, 0)
        XCTAssertEqual(try build([])["made"] as? Int, perItem, "back to the preview")
        XCTAssertEqual(try build([])["made"] as? Int, 0)
    }

    /// A develop that would take more than --max-memory is refused before LibRaw unpacks
    /// anything: one error naming the file as RAW and the option; the other items are made.
    func testADevelopOverTheMemoryLimitIsRefusedBeforeUnpacking() throws {
        try dng("sensor.dng", ["--preview", "none"])
        try FileManager.default.copyItem(atPath: try photo(), toPath: source + "/dune.jpg")
        let run = try Vitrine.run(["thumbs", source, "-o", folder + "/out", "--max-memory", "5M"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let lines = run.stderrLines.filter { $0.contains("sensor.dng") }
        XCTAssertEqual(lines.count, 1, run.stderr)
        XCTAssertTrue(lines.first?.contains("developing this DNG file takes") == true && lines.first?.contains("--max-memory") == true,
            run.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/out/dune-256x256.jpg"))
    }

    /// Lightroom's sidecar (`IMG.xmp`) and darktable's (`IMG.DNG.xmp`) give a RAW item its
    /// title, keywords and rating, as any picture's sidecar does.
    func testSidecarXMPOfEitherNamingGivesTitleKeywordsAndRating() throws {
        try dng("lightroom.dng", ["--preview", "small"])
        try dng("darktable.dng", ["--preview", "small"])
        func sidecar(_ title: String, rating: Int, keyword: String) -> String {
            """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
              xmp:Rating="\(rating)"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">\(title)</rdf:li></rdf:Alt></dc:title>
            <dc:subject><rdf:Bag><rdf:li>\(keyword)</rdf:li></rdf:Bag></dc:subject>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        }
        try Data(sidecar("From Lightroom", rating: 4, keyword: "dunes").utf8).write(to: URL(fileURLWithPath: source + "/lightroom.xmp"))
        try Data(sidecar("From darktable", rating: 2, keyword: "sea").utf8).write(to: URL(fileURLWithPath: source + "/darktable.dng.xmp"))
        let run = try Vitrine.run(["scan", source])
        XCTAssertEqual(run.status, 0, run.stderr)
        let scanned = items(try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdoutText.utf8)) as? [String: Any]))
        XCTAssertEqual(scanned["lightroom"]?["title"] as? String, "From Lightroom")
        XCTAssertEqual(scanned["lightroom"]?["rating"] as? Int, 4)
        XCTAssertEqual(scanned["lightroom"]?["keywords"] as? [String], ["dunes"])
        XCTAssertEqual(scanned["darktable"]?["title"] as? String, "From darktable")
        XCTAssertEqual(scanned["darktable"]?["rating"] as? Int, 2)
        XCTAssertEqual(scanned["darktable"]?["keywords"] as? [String], ["sea"])
    }
}
