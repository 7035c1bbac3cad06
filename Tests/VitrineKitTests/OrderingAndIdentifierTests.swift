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
