import XCTest
@testable import VitrineKit

/// What a render that loses items, and a merge of parts, do to albums: the same rules as a scan.
final class AlbumTreeTests: XCTestCase {
    func item(_ id: String, _ album: String, _ takenAt: String? = nil) -> Item {
        var item = Item(id: id, format: "jpeg", width: 1, height: 1, source: Item.Source(path: id + ".jpg", bytes: 1, url: nil, sha256: nil, pathBytes: nil))
        item.album = album
        item.takenAt = takenAt
        return item
    }

    func gallery(cyclic: Bool = false) -> Manifest {
        var manifest = Manifest()
        manifest.cyclic = cyclic
        manifest.items = [item("b/2", "b", "2020-01-02T00:00:00"), item("a/1", "a"), item("top", ""), item("b/c/3", "b/c", "2019-05-05T00:00:00")]
        let records = [Album(id: "b/c", path: "b/c", title: "c", parent: "b"), Album(id: "a", path: "a", title: "a", parent: ""),
                       Album(id: "b", path: "b", title: "b", parent: ""), Album(id: "", path: "")]
        let members = manifest.items.map { AlbumTree.Member(id: $0.id, album: $0.album, takenAt: $0.takenAt) }
        manifest.albums = AlbumTree.ordered(records, members: members, by: .init())
        AlbumTree.arrange(&manifest)
        return manifest
    }

    func testOrderFillAndLinks() {
        let manifest = gallery(cyclic: true)
        XCTAssertEqual(manifest.albums?.map(\.id), ["", "a", "b", "b/c"])
        XCTAssertEqual(manifest.items.map(\.id), ["top", "a/1", "b/2", "b/c/3"], "own items first, then children depth-first")
        XCTAssertEqual(manifest.items.map(\.index), [0, 1, 2, 3])
        XCTAssertEqual(manifest.items.map(\.position), ["1 of 1", "1 of 1", "1 of 1", "1 of 1"])
        XCTAssertNil(manifest.items[0].next, "a cyclic album of one has no neighbour")
        let b = manifest.albums![2]
        XCTAssertEqual(b.totalItemCount, 2)
        XCTAssertEqual(b.dates, DateRange(first: "2019-05-05T00:00:00", last: "2020-01-02T00:00:00"))
        XCTAssertEqual(manifest.albums![0].cover, "top")
        let byDate = AlbumTree.ordered(manifest.albums!, members: manifest.items.map { .init(id: $0.id, album: $0.album, takenAt: $0.takenAt) },
            by: .init(order: .date))
        XCTAssertEqual(byDate.map(\.id), ["", "b", "b/c", "a"], "dated albums first, by their earliest date")
    }

    func testAnAlbumThatLosesItsItemsGoesAndCoversFollow() {
        var manifest = gallery()
        // As `settle` does once items failed to render.
        manifest.items.removeAll { $0.id == "b/2" || $0.id == "a/1" }
        AlbumTree.arrange(&manifest)
        XCTAssertEqual(manifest.albums?.map(\.id), ["", "b", "b/c"])
        XCTAssertEqual(manifest.albums?[0].children, ["b"])
        XCTAssertEqual(manifest.albums?[1].cover, "b/c/3", "no item of its own left: its child's cover")
        XCTAssertEqual(manifest.items.map(\.index), [0, 1])
        XCTAssertTrue(ManifestValidator.problems(in: manifest).isEmpty, "\(ManifestValidator.problems(in: manifest))")
    }

    func testSiblingsThatFoldAlikeGetNumberedIDs() {
        let ids = AlbumIDs(paths: ["Rome/a", "rome/b", "Rome"])
        XCTAssertEqual(ids["Rome"], "rome")
        XCTAssertEqual(ids["rome"], "rome-2")
        XCTAssertEqual(ids["rome/b"], "rome-2/b")
        XCTAssertEqual(ids[""], "")
    }
}
