import Foundation
@testable import VitrineKit
import XCTest

/// The search pieces the page's unit tests load (issue 44): `Sources/page/test/fixtures/search-site.json`
/// holds each piece ``SearchIndex`` makes of a small gallery (accents, CJK, keywords, captions,
/// places, albums with a sub-album, cameras, years, ratings, a video and a live photo), by its path
/// in a site, as the text of its script, and the gallery's album tree. (One JSON file, not a site's
/// folder: node's test runner would run every `.js` file below `test/`.) Run with
/// `VITRINE_WRITE_FIXTURES=1` to write it anew after a change of format (then `biome format --write`
/// it from Sources/page; the contents are compared, not the bytes).
final class SearchFixtureTests: XCTestCase {
    static var fixturePath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/page/test/fixtures/search-site.json").path
    }

    private static func item(_ id: String, file: String, album: String?, kind: ItemKind = .image, title: String? = nil,
                             keywords: [String]? = nil, caption: String? = nil, place: String? = nil, takenAt: String? = nil,
                             camera: Camera? = nil, rating: Int? = nil) -> Item {
        var item = Item(id: id, kind: kind, format: kind == .video ? "mov" : "jpeg", width: 400, height: kind == .video ? 225 : 300,
            source: .init(path: "/secret/source/" + file, bytes: 10))
        item.album = album
        item.title = title
        item.keywords = keywords
        item.caption = caption.map { Caption(style: .plain, text: $0, source: "sidecar") }
        item.location = place.map { Location(name: $0, latitude: 41.9, longitude: 12.5) }
        item.takenAt = takenAt
        item.camera = camera
        item.rating = rating
        item.renditions = [Rendition(role: .thumbnail, path: "thumbs/\(id).jpg", width: 200, height: 150, format: .jpeg, box: "200",
            fit: .fit, scale: 1, bytes: 100)]
        return item
    }

    static var manifest: Manifest {
        var manifest = Manifest()
        manifest.albums = [
            Album(id: "", path: "", title: "Travels", children: ["italy", "japan"]),
            Album(id: "italy", path: "italy", title: "Italia", parent: "", children: ["italy/rome"]),
            Album(id: "italy/rome", path: "italy/rome", title: "Roma antica", parent: "italy"),
            Album(id: "japan", path: "japan", title: "日本の旅", parent: ""),
        ]
        let canon = Camera(make: "Canon", model: "EOS 5D", lens: "EF85mm f/1.8 USM")
        var video = item("italy/bear", file: "bear-walk.mov", album: "italy", kind: .video, caption: "A bear, not a beach",
            takenAt: "2021-05-02T09:00:00")
        video.durationLabel = "0:12"
        var live = item("japan/img-1054", file: "IMG_1054.HEIC", album: "japan", keywords: ["cats"], caption: "Beach cats at Enoshima",
            takenAt: "2023-03-11T15:00:00", camera: Camera(make: "Apple", model: "iPhone 12"))
        live.motion = Motion(livePhotoClip: Item(id: "clip", kind: .video, width: 400, height: 300, source: .init(path: "IMG_1054.MOV", bytes: 1)))
        manifest.items = [
            item("notes", file: "notes.png", album: nil, title: "Beatrice's notes"),
            item("italy/beach", file: "DSC_0042.jpg", album: "italy", title: "Beach day", keywords: ["sunset", "Sea"],
                caption: "Waves at Sperlonga", place: "Sperlonga", takenAt: "2021-08-01T10:00:00", camera: canon, rating: 4),
            video,
            item("italy/rome/forum", file: "IMG_0001.jpg", album: "italy/rome", title: "The Forum at dusk", keywords: ["Ruins", "Sunset"],
                caption: "Columns of the Temple of Saturn.", place: "Roma", takenAt: "2019-07-14T19:02:11", camera: canon, rating: 5),
            item("italy/rome/cafe", file: "IMG_0002.jpg", album: "italy/rome", title: "Café Crème", keywords: ["Food"],
                caption: "Breakfast near the Pantheon, after the beach", place: "Roma", takenAt: "2019-07-15T08:30:00",
                camera: Camera(make: "FUJIFILM", model: "X100V"), rating: 3),
            item("japan/tower", file: "tower.jpg", album: "japan", title: "東京タワー", keywords: ["Tokyo"], place: "東京",
                takenAt: "2023-03-10T18:00:00", camera: Camera(make: "SONY", model: "ILCE-7M3", lens: "FE 85mm F1.8"), rating: 5),
            live,
        ]
        return manifest
    }

    /// In the order they were taken, as a build numbers them (the undated first), but the live
    /// photo numbered 17, as if added later: its record is in another block.
    static let numbers = ["notes": 0, "italy/rome/forum": 1, "italy/rome/cafe": 2, "italy/bear": 3, "italy/beach": 4, "japan/tower": 5,
        "japan/img-1054": 17]

    /// Small blocks and a small row limit, so that a few items exercise what a large gallery
    /// does: terms and values carrying counts instead of rows, several column pieces.
    static let layout = SearchIndex.Layout(recordBlock: 8, columnBlock: 4, rowLimit: 2)

    /// An album as data/index.js's album tree names it (the root's parent absent).
    struct AlbumEntry: Codable, Equatable {
        var id: String
        var parent: String?
        var children: [String]
        var title: String?
    }

    struct Fixture: Codable, Equatable {
        var note: String
        var albums: [AlbumEntry]
        /// Each piece's script, by its path below the site.
        var pieces: [String: String]
    }

    static func made() throws -> Fixture {
        let pieces = try SearchIndex(manifest: manifest, numbers: numbers, layout: layout).pieces
        return Fixture(note: "Made by SearchFixtureTests (VITRINE_WRITE_FIXTURES=1): the search pieces vitrine writes for its gallery.",
            albums: (manifest.albums ?? []).map { AlbumEntry(id: $0.id, parent: $0.parent, children: $0.children, title: $0.title) },
            pieces: Dictionary(uniqueKeysWithValues: pieces.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) }))
    }

    func testThePagesSearchPiecesAreWhatThisSideMakes() throws {
        let made = try Self.made()
        if ProcessInfo.processInfo.environment["VITRINE_WRITE_FIXTURES"] == "1" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try (encoder.encode(made) + Data("\n".utf8)).write(to: URL(fileURLWithPath: Self.fixturePath))
        }
        let stored = try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: URL(fileURLWithPath: Self.fixturePath)))
        XCTAssertEqual(stored.pieces.keys.sorted(), made.pieces.keys.sorted(), "out of date: run this test with VITRINE_WRITE_FIXTURES=1")
        for (path, text) in made.pieces where stored.pieces[path] != text {
            XCTFail("\(path) is not what SearchIndex makes: run this test with VITRINE_WRITE_FIXTURES=1")
        }
        XCTAssertEqual(stored, made, "the page's search fixtures are out of date: run this test with VITRINE_WRITE_FIXTURES=1")
    }

    /// The fixture holds what the page's tests need: several term pieces, two record blocks,
    /// column pieces, counted sets, and neither coordinates nor a source's folders.
    func testTheFixtureCoversWhatThePagesTestsNeed() throws {
        let pieces = try Self.made().pieces
        XCTAssertGreaterThan(pieces.keys.filter { $0.hasPrefix("search/t/") }.count, 5)
        XCTAssertEqual(pieces.keys.filter { $0.hasPrefix("search/r/") }.sorted(), ["search/r/0000.js", "search/r/0002.js"])
        XCTAssertEqual(pieces.keys.filter { $0.hasPrefix("search/c/") }.sorted(), ["search/c/0000.js", "search/c/0001.js", "search/c/0004.js"])
        // A term's counts are an object; its postings an array.
        XCTAssert(pieces.values.contains { $0.contains(#""beach":{"#) }, "a term of more items than the row limit: counted")
        XCTAssert(pieces.values.contains { $0.contains(#""counts":{"image":{"#) }, "a value of more items than the row limit: counted")
        let text = pieces.values.joined()
        XCTAssertFalse(text.contains("secret") || text.contains("41.9"))
    }
}
