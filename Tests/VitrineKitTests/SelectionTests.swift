@testable import VitrineKit
import XCTest

final class SelectionTests: XCTestCase {
    func manifest(_ ids: [String]) -> Manifest {
        var manifest = Manifest()
        manifest.items = ids.map { Item(id: $0, format: "jpeg", width: 1, height: 1, source: .init(path: $0, bytes: 1)) }
        Navigation.link(&manifest.items, cyclic: false)
        return manifest
    }

    func testSeedScenarioSelectFiveDeselectTheThirdSelectAnother() throws {
        var gallery = manifest(["a", "b", "c", "d", "e", "f"])
        try Selection.apply([.add("a"), .add("b"), .add("c"), .add("d"), .add("e")], to: &gallery)
        try Selection.apply([.remove("c"), .add("f")], to: &gallery)
        XCTAssertEqual(gallery.items.map(\.selection), [1, 2, nil, 3, 4, 5])
        XCTAssertEqual(Selection.selectedIDs(in: gallery), ["a", "b", "d", "e", "f"])
    }

    func testAddTwiceKeepsThePlaceToggleAndClear() throws {
        var gallery = manifest(["a", "b", "c"])
        try Selection.apply([.add("b"), .add("a"), .add("b"), .toggle("c"), .toggle("a")], to: &gallery)
        XCTAssertEqual(Selection.selectedIDs(in: gallery), ["b", "c"])
        try Selection.apply([.clear, .add("c")], to: &gallery)
        XCTAssertEqual(gallery.items.map(\.selection), [nil, nil, 1])
    }

    func testReferencesAreIdsFirstThenIndices() throws {
        var gallery = manifest(["2", "x", "y"])
        try Selection.apply([.add("2"), .add("1")], to: &gallery)
        XCTAssertEqual(Selection.selectedIDs(in: gallery), ["2", "x"], "'2' is an id here; '1' is index 1")
        XCTAssertThrowsError(try Selection.apply([.add("9")], to: &gallery)) { error in
            XCTAssertEqual((error as? Selection.UnknownItem)?.message, "no item '9' (give an id, or an index from 0 to 2)")
        }
    }

    func testNavigationTable() {
        // (count, from, delta, cyclic) -> expected
        let table: [(Int, Int, Int, Bool, Int?)] = [
            (1, 0, 0, false, 0), (1, 0, 1, false, nil), (1, 0, 1, true, 0), (1, 0, -5, true, 0),
            (2, 0, 1, false, 1), (2, 1, 1, false, nil), (2, 1, 1, true, 0), (2, 0, -1, true, 1),
            (8, 3, 4, false, 7), (8, 3, 5, false, nil), (8, 3, 5, true, 0), (8, 0, -9, true, 7), (8, 7, 17, true, 0),
            (5, 0, -7, true, 3),
        ]
        for (count, from, delta, cyclic, expected) in table {
            XCTAssertEqual(Navigation.index(from: from, delta: delta, count: count, cyclic: cyclic), expected,
                "\(count) items, \(from) \(delta) cyclic \(cyclic)")
        }
    }

    func testValidatorCatchesNumbersBelowOneAndUnsafeIds() {
        var gallery = manifest(["a", "b"])
        gallery.items[0].selection = 0
        gallery.items[1].id = "b\n"
        gallery.initialIndex = 5
        let pointers = ManifestValidator.problems(in: gallery).map(\.pointer)
        XCTAssertTrue(pointers.contains("/items/0/selection"), "\(pointers)")
        XCTAssertTrue(pointers.contains("/items/1/id"), "\(pointers)")
        XCTAssertTrue(pointers.contains("/initialIndex"), "\(pointers)")
        XCTAssertEqual(ManifestValidator.problems(in: manifest(["a", "b", "c"])), [])
    }

    func testManifestFileErrorsPointAtTheProblem() {
        XCTAssertThrowsError(try ManifestFile.decode(Data("nope".utf8))) { XCTAssertEqual("\($0)", "not JSON") }
        XCTAssertThrowsError(try ManifestFile.decode(Data(#"{"schema":"other/1"}"#.utf8)))
        var broken = manifest(["a"])
        broken.schema = "something-else/1"
        XCTAssertThrowsError(try ManifestFile.decode(try broken.encoded())) {
            XCTAssertEqual("\($0)", "not a vitrine manifest (schema 'something-else/1')")
        }
        let good = manifest(["a", "b"])
        XCTAssertEqual(try ManifestFile.decode(try good.encoded()), good)
    }
}
