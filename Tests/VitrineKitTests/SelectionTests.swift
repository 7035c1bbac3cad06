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

    /// On a manifest as vitrine writes it, editing the text gives exactly what encoding the
    /// edited manifest gives, step after step (adding, renumbering, removing, clearing).
    func testEditingTheTextMatchesEncodingTheManifest() throws {
        var gallery = manifest(["a", "b", "c", "d"])
        var text = try gallery.encoded()
        for steps: [Selection.Step] in [[.add("c"), .add("a")], [.add("d"), .remove("c")], [.toggle("b"), .toggle("a")], [.clear], [.add("3")]] {
            text = try Selection.apply(steps, toJSON: text)
            try Selection.apply(steps, to: &gallery)
            XCTAssertEqual(String(decoding: text, as: UTF8.self), String(decoding: try gallery.encoded(), as: UTF8.self), "\(steps)")
        }
    }

    /// Every other byte stays: a custom caption's layout, `1.50`, unknown fields, another
    /// tool's key order and spacing.
    func testOnlySelectionBytesChange() throws {
        let custom = #"{"z": 1,  "n": 1.50, "a": [ ]}"#
        var gallery = manifest(["a", "b"])
        gallery.items[0].caption = Caption(style: .custom, custom: RawJSON(custom), source: "file")
        var text = String(decoding: try gallery.encoded(), as: UTF8.self)
        text = text.replacingOccurrences(of: #""format" : "jpeg","#, with: #""format" : "jpeg", "vendor" : {"k" : 2.50},"#)
        let added = String(decoding: try Selection.apply([.add("b"), .add("a")], toJSON: Data(text.utf8)), as: UTF8.self)
        XCTAssertTrue(added.contains(#""custom" : "# + custom), added)
        XCTAssertTrue(added.contains(#""vendor" : {"k" : 2.50}"#))
        let cleared = String(decoding: try Selection.apply([.clear], toJSON: Data(added.utf8)), as: UTF8.self)
        XCTAssertEqual(cleared, text)
        // Compact JSON with `selection` last (keys in another tool's order).
        let compact = #"{"schema":"vitrine-manifest/1","generator":"x","direction":"horizontal","cyclic":false,"errors":[],"#
            + #""items":[{"id":"a","index":0,"position":"1 of 2","kind":"image","format":"jpeg","width":1,"height":1,"#
            + #""source":{"path":"a","bytes":1},"next":"b","selection":1},"#
            + #"{"id":"b","index":1,"position":"2 of 2","kind":"image","format":"jpeg","width":1,"height":1,"#
            + #""source":{"path":"b","bytes":1},"prev":"a"}]}"#
        let moved = String(decoding: try Selection.apply([.remove("a"), .add("b")], toJSON: Data(compact.utf8)), as: UTF8.self)
        // Removed from the end of a; put in b before the first key that sorts after it.
        XCTAssertEqual(moved, compact.replacingOccurrences(of: #","selection":1},"#, with: "},")
            .replacingOccurrences(of: #""format":"jpeg","width":1,"height":1,"source":{"path":"b""#,
                with: #""format":"jpeg","selection" : 1,"width":1,"height":1,"source":{"path":"b""#))
        XCTAssertEqual(try ManifestFile.decode(Data(moved.utf8)).items.map(\.selection), [nil, 1])
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
