import Foundation
import XCTest
@testable import VitrineKit

/// `select` and `merge` on manifests another tool wrote: minified, keys in another order, CRLF
/// line ends, a byte-order mark, `\u`-escaped names, numbers such as `1.50` and `1e3`, members
/// vitrine does not know. The results are JSON, keep what they must, and mean what they should.
final class ForeignManifestTests: XCTestCase {
    let ids = ["a", "b", "c", "d"]

    /// The gallery as one run prints it (b selected), or as part `shard` of 2 (a, c / b, d).
    func gallery(shard: Int? = nil) -> Manifest {
        var manifest = Manifest()
        manifest.items = ids.enumerated().compactMap { walk, id in
            guard shard.map({ walk % 2 == $0 - 1 }) ?? true else { return nil }
            var item = Item(id: id, format: "jpeg", width: 4, height: 3, source: .init(path: "/g/\(id).jpg", bytes: 10))
            if shard != nil { item.sortKey = RecordedSortKey(input: 0, path: "\(id).jpg", walk: walk) }
            if id == "b" { item.selection = 1 }
            if id == "c" { item.caption = Caption(style: .custom, custom: RawJSON(#"{"z": 1, "w": 1.50}"#), source: "file") }
            return item
        }
        Navigation.link(&manifest.items, cyclic: false)
        if let shard {
            manifest.partial = PartialManifest(shard: "\(shard)/2", order: "natural", reverse: false, initialIndex: 0)
        } else {
            manifest.initialIndex = 0
        }
        return manifest
    }

    /// Layouts other tools use, made from vitrine's text.
    enum Layout: CaseIterable {
        case vitrine, minifiedReversed, prettyReversed, crlf, byteOrderMark, unknownMembers, escapedNames
    }

    func text(_ manifest: Manifest, _ layout: Layout) throws -> Data {
        let vitrine = try manifest.encoded()
        let value = try JSONValue(parsing: String(decoding: vitrine, as: UTF8.self))
        switch layout {
        case .vitrine: return vitrine
        case .minifiedReversed: return JSONWriter(layout: .compact, sortsKeys: false).data(reversed(value))
        case .prettyReversed: return JSONWriter(layout: .pretty, sortsKeys: false).data(reversed(value), newline: true)
        case .crlf: return Data(String(decoding: vitrine, as: UTF8.self).replacingOccurrences(of: "\n", with: "\r\n").utf8)
        case .byteOrderMark: return Data([0xEF, 0xBB, 0xBF]) + vitrine
        case .unknownMembers: return JSONWriter(layout: .compact, sortsKeys: false).data(withUnknownMembers(value))
        case .escapedNames:
            return Data(String(decoding: vitrine, as: UTF8.self).replacingOccurrences(of: #""selection" :"#, with: #""sel\u0065ction" :"#)
                .replacingOccurrences(of: #""id" :"#, with: #""\u0069d" :"#).utf8)
        }
    }

    func reversed(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members): .object(members.reversed().map { .init($0.key, reversed($0.value)) })
        case .array(let elements): .array(elements.map(reversed))
        default: value
        }
    }

    /// Members vitrine does not know at the top, in each item, in its source; `width` as `4.0`.
    func withUnknownMembers(_ value: JSONValue) -> JSONValue {
        func adding(_ extra: [JSONValue.Member], to value: JSONValue) -> JSONValue { .object(value.members + extra) }
        let items = value["items"]!.elements.map { item in
            adding([.init("vendor", .object([.init("k", .number("2.50")), .init("list", .array([.number("1e3")]))]))],
                to: .object(item.members.map { member in
                    switch member.key {
                    case "source": .init("source", adding([.init("inode", .number("1e3"))], to: member.value))
                    case "width": .init("width", .number("4.0"))
                    default: member
                    }
                }))
        }
        return .object(value.members.map { $0.key == "items" ? .init("items", .array(items)) : $0 }
            + [.init("x-tool", .object([.init("v", .number("1.50"))]))])
    }

    /// How many members of each item are named `selection`, however written.
    func selectionMembers(_ data: Data) throws -> [Int] {
        try JSONDocument(data).root["items"]!.elements.map { item in item.members.filter { $0.key == "selection" }.count }
    }

    func testSelectOnEveryLayout() throws {
        for layout in Layout.allCases {
            let original = try text(gallery(), layout)
            let added = try Selection.apply([.add("d")], toJSON: original)
            XCTAssertNoThrow(try JSONDocument(added), "\(layout)")
            XCTAssertEqual(try ManifestFile.decode(added).items.map(\.selection), [nil, 1, nil, 2], "\(layout)")
            XCTAssertEqual(try selectionMembers(added), [0, 1, 0, 1], "\(layout)")
            // Taking it back gives the very bytes read: nothing else was touched.
            XCTAssertEqual(try Selection.apply([.remove("d")], toJSON: added), original, "\(layout)")
            // An existing selection (however its name is written) is renumbered and removed.
            let moved = try Selection.apply([.remove("b"), .add("c")], toJSON: added)
            XCTAssertEqual(try ManifestFile.decode(moved).items.map(\.selection), [nil, nil, 2, 1], "\(layout)")
            XCTAssertEqual(try selectionMembers(moved), [0, 0, 1, 1], "\(layout)")
            let cleared = try Selection.apply([.clear], toJSON: moved)
            XCTAssertEqual(try selectionMembers(cleared), [0, 0, 0, 0], "\(layout)")
            XCTAssertEqual(try ManifestFile.decode(cleared).items.map(\.id), ids)
            if layout == .byteOrderMark { XCTAssertEqual(Array(cleared.prefix(3)), [0xEF, 0xBB, 0xBF]) }
            if layout == .unknownMembers {
                let document = try JSONDocument(cleared)
                XCTAssertEqual(document.node(at: ["x-tool", "v"])?.text, "1.50")
                XCTAssertEqual(document.node(at: ["items", "3", "vendor", "k"])?.text, "2.50")
                XCTAssertEqual(document.node(at: ["items", "0", "source", "inode"])?.text, "1e3")
                XCTAssertEqual(document.node(at: ["items", "1", "width"])?.text, "4.0")
            }
        }
        // CRLF stays CRLF where vitrine inserts too.
        let crlf = String(decoding: try Selection.apply([.add("a")], toJSON: try text(gallery(), .crlf)), as: UTF8.self)
        XCTAssertFalse(crlf.replacingOccurrences(of: "\r\n", with: "").contains("\n"), crlf)
    }

    func testMergeOnEveryLayout() throws {
        let single = try gallery().encoded()
        for layout in Layout.allCases {
            for mixed in [false, true] {
                // Mixed: the second part as vitrine prints it.
                let parts = [("one", try text(gallery(shard: 1), layout)), ("two", try text(gallery(shard: 2), mixed ? .vitrine : layout))]
                let merged = try ManifestMerge.merge(parts.reversed()).encoded()
                if layout == .vitrine { XCTAssertEqual(String(decoding: merged, as: UTF8.self), String(decoding: single, as: UTF8.self)) }
                let document = try JSONDocument(merged)
                var expected = try ManifestFile.decode(single)
                let read = try ManifestFile.decode(merged)
                XCTAssertEqual(read.items.map(\.id), ids, "\(layout)")
                XCTAssertNil(read.items.first { $0.sortKey != nil }, "\(layout)")
                XCTAssertNil(read.partial)
                if layout == .unknownMembers {
                    for index in mixed ? [0, 2] : [0, 1, 2, 3] {
                        XCTAssertEqual(document.node(at: ["items", "\(index)", "vendor", "k"])?.text, "2.50", "\(layout) \(index)")
                        XCTAssertEqual(document.node(at: ["items", "\(index)", "vendor", "list", "0"])?.text, "1e3")
                        XCTAssertEqual(document.node(at: ["items", "\(index)", "source", "inode"])?.text, "1e3")
                        XCTAssertEqual(document.node(at: ["items", "\(index)", "width"])?.text, "4.0")
                    }
                }
                // c's custom caption as its part wrote it.
                let written = try JSONDocument(parts[0].1).node(at: ["items", "1", "caption", "custom"])?.text
                XCTAssertEqual(document.node(at: ["items", "2", "caption", "custom"])?.text, written, "\(layout)")
                expected.items = expected.items.map { item in
                    var item = item
                    item.caption = read.items[item.index].caption  // compared as bytes above
                    return item
                }
                XCTAssertEqual(read, expected, "\(layout) mixed: \(mixed)")
            }
        }
    }
}
