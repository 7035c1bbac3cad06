@testable import VitrineKit
import XCTest

final class NaturalOrderTests: XCTestCase {
    func testDigitsCompareByValue() {
        let names = ["img10.jpg", "img2.jpg", "img1.jpg", "IMG3.jpg", "img02.jpg"]
        XCTAssertEqual(names.sorted(by: NaturalOrder.precedes), ["img1.jpg", "img2.jpg", "img02.jpg", "IMG3.jpg", "img10.jpg"])
    }

    func testFoldersCompareComponentByComponent() {
        let paths = ["b/1.jpg", "a/10.jpg", "a/9.jpg", "a b/1.jpg", "a/sub/1.jpg"]
        XCTAssertEqual(paths.sorted(by: NaturalOrder.precedes), ["a/9.jpg", "a/10.jpg", "a/sub/1.jpg", "a b/1.jpg", "b/1.jpg"])
    }

    func testOrderIsTotalForCaseVariants() {
        XCTAssertTrue(NaturalOrder.precedes("A.jpg", "a.jpg"))
        XCTAssertFalse(NaturalOrder.precedes("a.jpg", "A.jpg"))
        XCTAssertFalse(NaturalOrder.precedes("a.jpg", "a.jpg"))
    }
}

final class ItemIdentifierTests: XCTestCase {
    func testSlugFoldsCaseAccentsAndPunctuation() {
        XCTAssertEqual(ItemIdentifier.slug(forRelativePath: "Beach/DSC_0042.JPG"), "beach/dsc-0042")
        XCTAssertEqual(ItemIdentifier.slug(forRelativePath: "accentué/hélicoïde.jpg"), "accentue/helicoide")
        XCTAssertEqual(ItemIdentifier.slug(forRelativePath: "accentué/test?<special> chars#.jpg"), "accentue/test-special-chars")
        XCTAssertEqual(ItemIdentifier.slug(forRelativePath: "日本/写真.jpg"), "item/item")
        XCTAssertEqual(ItemIdentifier.slug(forRelativePath: ".hidden"), "hidden")
        XCTAssertEqual(ItemIdentifier.slug(forRelativePath: "x/../y.jpg"), "x/y")
    }

    func testIdsAreURLSafe() {
        let ids = ItemIdentifier.uniqueIDs(forRelativePaths: ["Ünïcode spaces & quotes'\".png", "a%20b.jpg", "../../etc/passwd.jpg"])
        for id in ids {
            XCTAssertNil(id.range(of: "[^a-z0-9/-]", options: .regularExpression), id)
            XCTAssertFalse(id.split(separator: "/").contains(".."), id)
        }
    }

    func testCollisionsGetStableSuffixes() {
        let paths = ["photo.png", "Photo.jpg", "photo-2.jpg", "photo.jpg"]
        let ids = ItemIdentifier.uniqueIDs(forRelativePaths: paths)
        XCTAssertEqual(Set(ids).count, 4)
        XCTAssertEqual(ids[2], "photo-2", "a name that is its own slug keeps it")
        // The same set in another order gives each path the same id.
        let shuffled = [paths[3], paths[1], paths[0], paths[2]]
        let again = ItemIdentifier.uniqueIDs(forRelativePaths: shuffled)
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: zip(paths, ids)), Dictionary(uniqueKeysWithValues: zip(shuffled, again)))
    }

    /// Issue 39, fault 4: ids kept from the last manifest stay; new paths get ids none holds.
    func testKeptIDsStayAndNewPathsTakeIDsNoneHolds() {
        // `a b.jpg` (a-b) went: its look-alikes keep a-b-2 and a-b-3 (the rule alone gives a-b, a-b-2).
        XCTAssertEqual(ItemIdentifier.uniqueIDs(forRelativePaths: ["a-b.jpg", "a_b.jpg"]), ["a-b", "a-b-2"])
        XCTAssertEqual(ItemIdentifier.uniqueIDs(forRelativePaths: ["a-b.jpg", "a_b.jpg"], kept: ["a-b-2", "a-b-3"]), ["a-b-2", "a-b-3"])
        // New look-alikes: the slug when none holds it, else the lowest free suffix.
        let paths = ["a~b.jpg", "a-b.jpg", "a.b.jpg", "a_b.jpg", "a-b-4.jpg"]
        XCTAssertEqual(ItemIdentifier.uniqueIDs(forRelativePaths: paths, kept: [nil, "a-b-2", nil, "a-b-3", nil]),
            ["a-b-5", "a-b-2", "a-b", "a-b-3", "a-b-4"])
        // A new file named like a kept id does not take it.
        XCTAssertEqual(ItemIdentifier.uniqueIDs(forRelativePaths: ["a-b-2.jpg", "a-b.jpg"], kept: [nil, "a-b-2"]), ["a-b-2-2", "a-b-2"])
    }

    func testOnlyIDsThePathCouldGetAreKept() {
        let cases: [(kept: String, id: String)] = [("a-7", "a-7"), ("a-10", "a-10"), ("b", "a"), ("a-1", "a"), ("a-02", "a"),
            ("a-x", "a"), ("a-", "a"), ("A", "a"), ("a-99999999999999999999", "a")]
        for (kept, id) in cases { XCTAssertEqual(ItemIdentifier.uniqueIDs(forRelativePaths: ["a.jpg"], kept: [kept]), [id], kept) }
        // Two paths claiming one id (an edited manifest): the first by name keeps it, the other gets the free slug.
        XCTAssertEqual(ItemIdentifier.uniqueIDs(forRelativePaths: ["a_.jpg", "a.jpg"], kept: ["a-3", "a-3"]), ["a", "a-3"])
    }

    /// Sources are known by the bytes of the path the manifest names: NFC and NFD are two files;
    /// custom items and remote images, and a path named twice, keep nothing.
    func testKeptIDsAreReadByPathBytes() throws {
        let nfc = "caf\u{E9}.jpg", nfd = "cafe\u{301}.jpg", raw: [UInt8] = [0x78, 0xFF, 0x2E, 0x6A, 0x70, 0x67]
        let manifest = """
            {"items": [{"id": "cafe", "source": {"path": "\(nfc)", "bytes": 1}},
                {"id": "cafe-2", "source": {"path": "\(nfd)", "bytes": 1}},
                {"id": "x", "source": {"path": "x\u{FFFD}.jpg", "pathBytes": "\(Data(raw).base64EncodedString())", "bytes": 1}},
                {"id": "map", "kind": "custom", "source": {"path": "map.svg", "bytes": 1}},
                {"id": "example-com/a", "source": {"path": "a.jpg", "url": "https://example.com/a.jpg", "bytes": 1}},
                {"id": "twice", "source": {"path": "t.jpg", "bytes": 1}}, {"id": "twice-2", "source": {"path": "t.jpg", "bytes": 1}}]}
            """
        let kept = KeptIDs(manifest: Data(manifest.utf8))
        let paths = PublishedPaths(inputs: [InputPath("in/src/")])
        let file = { (name: String) in InputFile(path: "in/src/" + name, relativePath: name, inputIndex: 0, bytes: 1, modified: 0) }
        var rawFile = file("x\u{FFFD}.jpg")
        rawFile.rawPath = Array("in/src/".utf8) + raw
        let files = [file(nfd), file(nfc), rawFile, file("map.svg"), file("a.jpg"), file("t.jpg")]
        XCTAssertEqual(kept.ids(of: files, paths: paths), ["cafe-2", "cafe", "x", nil, nil, nil])
        // Two files the manifest would name alike (two source folders of one name) keep nothing.
        let two = PublishedPaths(inputs: [InputPath("one/src"), InputPath("two/src")])
        let twins = ["one", "two"].map { InputFile(path: "\($0)/src/" + nfc, relativePath: nfc, inputIndex: 0, bytes: 1, modified: 0) }
        XCTAssertEqual(KeptIDs(manifest: Data(#"{"items": [{"id": "cafe", "source": {"path": "src/\#(nfc)", "bytes": 1}}]}"#.utf8))
            .ids(of: twins, paths: two), [nil, nil])
        XCTAssertTrue(KeptIDs(manifest: Data("not json".utf8)).isEmpty)
    }
}

final class NavigationTests: XCTestCase {
    func testNonCyclicStopsAtTheEnds() {
        XCTAssertNil(Navigation.index(from: 0, delta: -1, count: 5, cyclic: false))
        XCTAssertNil(Navigation.index(from: 4, delta: 1, count: 5, cyclic: false))
        XCTAssertEqual(Navigation.index(from: 2, delta: 2, count: 5, cyclic: false), 4)
    }

    func testCyclicWrapsForAnyDelta() {
        XCTAssertEqual(Navigation.index(from: 0, delta: -7, count: 5, cyclic: true), 3)
        XCTAssertEqual(Navigation.index(from: 4, delta: 1, count: 5, cyclic: true), 0)
        XCTAssertEqual(Navigation.index(from: 1, delta: 1_000_001, count: 5, cyclic: true), 2)
        XCTAssertNil(Navigation.index(from: 0, delta: 1, count: 0, cyclic: true))
    }

    func testLinkFillsPositionAndNeighbours() {
        func items(_ n: Int) -> [Item] {
            (0..<n).map {
                Item(id: "i\($0)", format: "jpeg", width: 1, height: 1, source: .init(path: "\($0)", bytes: 1))
            }
        }
        var open = items(3)
        Navigation.link(&open, cyclic: false)
        XCTAssertEqual(open.map(\.position), ["1 of 3", "2 of 3", "3 of 3"])
        XCTAssertEqual(open.map(\.prev), [nil, "i0", "i1"])
        XCTAssertEqual(open.map(\.next), ["i1", "i2", nil])
        var ring = items(3)
        Navigation.link(&ring, cyclic: true)
        XCTAssertEqual(ring.first?.prev, "i2")
        XCTAssertEqual(ring.last?.next, "i0")
        var single = items(1)
        Navigation.link(&single, cyclic: true)
        XCTAssertNil(single[0].next)
    }
}

final class ExifValueTests: XCTestCase {
    func testDateTimeParsing() {
        XCTAssertEqual(ExifValue.dateTime("2019:12:20 17:08:32 (2019:12:20 17:08:32, ASCII, 20 components, 20 bytes)"),
            "2019-12-20T17:08:32")
        XCTAssertNil(ExifValue.dateTime("0000:00:00 00:00:00 (…)"))
        XCTAssertNil(ExifValue.dateTime("    :  :     :  :   "))
        XCTAssertNil(ExifValue.dateTime(nil))
    }

    func testTextValueKeepsParenthesesOfItsOwn() {
        XCTAssertEqual(ExifValue.text("Martin Klapetek (Martin Klapetek, ASCII, 16 components, 16 bytes)"), "Martin Klapetek")
        XCTAssertEqual(ExifValue.text("(c) Jane Doe (2020) ((c) Jane Doe (2020), ASCII, 21 components, 21 bytes)"),
            "(c) Jane Doe (2020)")
        XCTAssertEqual(ExifValue.text("plain"), "plain")
    }

    func testOrientationLeadingInteger() {
        XCTAssertEqual(ExifValue.leadingInteger("6 (Right-top, Short, 1 components, 2 bytes)"), 6)
        XCTAssertEqual(ExifValue.leadingInteger("0 (Unknown value 0, Short, 1 components, 2 bytes)"), 0)
        XCTAssertNil(ExifValue.leadingInteger("(none)"))
    }
}

final class PermutationTests: XCTestCase {
    func testPermuteInPlaceMatchesMapping() {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 5, 64] {
            for _ in 0..<20 {
                let order = Array(0..<count).shuffled(using: &generator)
                var array = (0..<count).map { "v\($0)" }
                let expected = order.map { array[$0] }
                array.permute(by: order)
                XCTAssertEqual(array, expected, "\(order)")
            }
        }
    }
}
