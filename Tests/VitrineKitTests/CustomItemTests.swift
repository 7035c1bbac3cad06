import Foundation
import VipsKit
import XCTest

@testable import VitrineKit

/// Custom items and items files: what a declaration holds, where it goes among the inputs, what
/// the manifest and its validator make of it, and its card in a contact sheet.
final class CustomItemTests: XCTestCase {
    func testAnItemsFileListsInputsInItsOrderWithTheirWords() throws {
        let folder = try TestFolder()
        try #"""
            [
              "a.jpg",
              {"url": "https://h.example/b.jpg?k=1", "caption": "Bee", "title": "B"},
              {"kind": "custom", "id": "Map v1.2", "title": "Route", "view": {"z": 1.50,  "a": [1]}, "svg": "art/map.svg"},
              {"path": "/abs/c.png", "rating": 4},
              {"kind": "custom", "title": "Quote", "view": {"t": "x"}, "width": 800, "height": 600},
              {"kind": "custom", "svg": "<svg xmlns='http://www.w3.org/2000/svg' width='2' height='2'/>"},
              {"kind": "custom", "title": "No size"},
              {"kind": "custom", "view": [1], "width": 0, "height": 5},
              42
            ]
            """#.write(toFile: folder.path + "/items.json", atomically: true, encoding: .utf8)
        let file = try ItemsFile.read(folder.path + "/items.json")
        XCTAssertEqual(file.inputs.count, 6)
        XCTAssertEqual(file.inputs[0], .path(folder.path + "/a.jpg"), "relative to the items file")
        XCTAssertEqual(file.inputs[1], .url("https://h.example/b.jpg?k=1"))
        XCTAssertEqual(file.inputs[3], .path("/abs/c.png"))
        guard case .custom(let map) = file.inputs[2], case .custom(let quote) = file.inputs[4], case .custom(let dot) = file.inputs[5] else {
            return XCTFail("\(file.inputs)")
        }
        XCTAssertEqual(map.idPath, "map-v1-2")
        XCTAssertEqual(map.svg, .file(folder.path + "/art/map.svg"))
        XCTAssertEqual(map.view?.text, #"{"z": 1.50,  "a": [1]}"#, "byte for byte")
        XCTAssertEqual(map.text.title, "Route")
        XCTAssertEqual(map.name, folder.path + "/art/map.svg")
        XCTAssertEqual(quote.idPath, "quote", "from the title")
        XCTAssertEqual([quote.width, quote.height], [800, 600])
        XCTAssertNil(quote.svg)
        XCTAssertEqual(quote.name, folder.path + "/items.json: entry 5")
        XCTAssertEqual(dot.idPath, "custom")
        guard case .inline(let text)? = dot.svg else { return XCTFail("inline SVG") }
        XCTAssertTrue(text.hasPrefix("<svg"))
        XCTAssertEqual(file.words.entries.map(\.path), ["https://h.example/b.jpg?k=1", "/abs/c.png"])
        XCTAssertEqual(file.words.entries.first?.text.caption?.text, "Bee")
        XCTAssertEqual(file.words.warnings, [
            "entry 7: a custom item without an svg needs a width and a height: ignored",
            "entry 8: view is not a JSON object: ignored",
            "entry 8: width must be a whole number from 1 to 100000: custom item ignored",
            "entry 9: neither a path, a URL nor an object: ignored",
        ])
        XCTAssertThrowsError(try ItemsFile.read(folder.path + "/none.json"))
    }

    func testACaptionsFileMayDeclareCustomItemsAndNameURLs() throws {
        let folder = try TestFolder()
        try #"""
            {"https://h/a.jpg": "A caption",
             "card": {"kind": "custom", "title": "Card", "view": {}, "width": 3, "height": 2, "caption": "words"}}
            """#.write(toFile: folder.path + "/c.json", atomically: true, encoding: .utf8)
        let file = try CaptionsFile.read(folder.path + "/c.json")
        XCTAssertEqual(file.entries.map(\.path), ["https://h/a.jpg"])
        XCTAssertEqual(file.customItems.map(\.idPath), ["card"])
        XCTAssertEqual(file.customItems.first?.text.caption?.text, "words")
        XCTAssertEqual(file.warnings, [])
    }

    /// Custom items are inputs of their own, between the walked ones, in the order asked.
    func testCustomItemsTakeTheirPlaceAmongTheInputs() throws {
        let folder = try TestFolder()
        try folder.image("x/1.png")
        try folder.image("x/2.png")
        var items = ItemsFile(path: folder.path + "/items.json")
        let card = CustomItem(idPath: "card", width: 4, height: 3, text: ItemText(), place: "items.json: entry 1")
        items.inputs = [.custom(card), .path(folder.path + "/x"), .url("https://h/z.jpg")]
        let inputs = GalleryInputs([InputPath(folder.path + "/x/2.png")], items: items, captions: nil)
        XCTAssertEqual(inputs.displays, [folder.path + "/x/2.png", "", folder.path + "/x", "https://h/z.jpg"])
        let walked = inputs.walk(with: InputWalker(), readList: { [] })
        XCTAssertEqual(walked.files.map(\.relativePath), ["2.png", "card", "1.png", "h/z.jpg"])
        XCTAssertEqual(walked.files.map(\.inputIndex), [0, 1, 2, 3])
        XCTAssertEqual(walked.duplicates.map(\.path), [folder.path + "/x/2.png"], "found twice: once")
        XCTAssertFalse(walked.files[1].isProbed)
        XCTAssertEqual(walked.files[1].name, "items.json: entry 1")
    }

    func testTheManifestItemHasNoFormatAndItsSVGsSize() throws {
        var svgItem = CustomItem(idPath: "map", text: ItemText(), place: "i.json: entry 1")
        svgItem.svg = .file("map.svg")
        svgItem.view = RawJSON(#"{"k": 1}"#)
        let file = InputFile(path: "map.svg", relativePath: "map", inputIndex: 0, bytes: 99, modified: 0, origin: .custom(svgItem))
        let header = ImageHeader(format: "svg", width: 320, height: 200, hasAlpha: true)
        let item = MediaScanner.item(file, header)
        XCTAssertEqual(item.kind, .custom)
        XCTAssertNil(item.format)
        XCTAssertEqual([item.width, item.height], [320, 200])
        XCTAssertEqual(item.source, Item.Source(path: "map.svg", bytes: 99))
        XCTAssertEqual(item.view?.text, #"{"k": 1}"#)
        var card = CustomItem(idPath: "card", width: 8, height: 6, text: ItemText(), place: "i.json: entry 2")
        card.text.title = "Card"
        let cardItem = MediaScanner.item(InputFile(path: "", relativePath: "card", inputIndex: 1, bytes: 0, modified: 0,
            origin: .custom(card)), card.declaredHeader)
        XCTAssertNil(cardItem.source)
        XCTAssertEqual([cardItem.width, cardItem.height], [8, 6])
        XCTAssertEqual(cardItem.name, "", "no source: named by its id (not yet given)")
        // The SVG must be an SVG.
        XCTAssertEqual(MediaScanner.judged(.image(ImageHeader(format: "png", width: 1, height: 1, hasAlpha: false)), of: file),
            .failed(message: "svg: not an SVG but PNG content", reason: .unsupported))
    }

    func testTheValidatorKnowsWhatEachKindHolds() {
        var manifest = Manifest()
        var custom = Item(id: "c", kind: .custom, format: "svg", width: 1, height: 1, source: nil)
        custom.view = RawJSON("[1]")
        var image = Item(id: "i", format: nil, width: 1, height: 1, source: nil)
        image.view = RawJSON("{}")
        var remote = Item(id: "r", format: "jpeg", width: 1, height: 1, source: Item.Source(path: "r.jpg", bytes: 1, url: "ftp://h/r.jpg"))
        remote.source?.url = "ftp://h/r.jpg"
        manifest.items = [custom, image, remote]
        Navigation.link(&manifest.items, cyclic: false)
        let problems = Set(ManifestValidator.problems(in: manifest).map(\.description))
        XCTAssertEqual(problems, [
            "/items/0: should not have 'format'", "/items/0/view: is an array, should be an object",
            "/items/1/format: missing: every image has one", "/items/1/source: missing: every image has one",
            "/items/1: should not have 'view'", "/items/2/source/url: 'ftp://h/r.jpg' is not an http or https URL",
        ])
    }

    func testASourceKeepsItsRareFieldsAndWritesThemFlat() throws {
        var source = Item.Source(path: "a.jpg", bytes: 3)
        XCTAssertEqual(String(decoding: try JSONWriter.compact.encode(source), as: UTF8.self), #"{"bytes":3,"path":"a.jpg"}"#)
        source.url = "https://h/a.jpg"
        source.sha256 = "ab"
        XCTAssertEqual(String(decoding: try JSONWriter.compact.encode(source), as: UTF8.self),
            #"{"bytes":3,"path":"a.jpg","sha256":"ab","url":"https://h/a.jpg"}"#)
        XCTAssertEqual(try JSONDecoder().decode(Item.Source.self, from: try JSONWriter.compact.encode(source)), source)
        source.url = nil
        source.sha256 = nil
        XCTAssertEqual(source, Item.Source(path: "a.jpg", bytes: 3), "emptied: as if never set")
    }

    /// A custom item without an SVG is a card in a contact sheet: the sheet's colour tinted, its
    /// title in dark ink in the middle.
    func testTheCardIsATintWithTheTitle() throws {
        try Vips.initialize()
        let layout = SheetLayout(settings: SheetSettings(), cells: 1, hasHeader: false, hasFooter: false)
        let card = try SheetComposer.card(title: "A Quote", layout: layout, background: [255, 255, 255])
        XCTAssertEqual([card.width, card.height], [layout.cellWidth, layout.cellHeight])
        let pixels = try card.pixels()
        let bands = card.bands
        XCTAssertEqual(Double(pixels[0]), 255 * 0.93 + SheetText.ink(on: [255, 255, 255])[0] * 0.07, accuracy: 1.5, "the corner is the tint")
        let middleRow = layout.cellHeight / 2
        let dark = (0..<layout.cellWidth).filter { pixels[(middleRow * layout.cellWidth + $0) * bands] < 128 }
        XCTAssertFalse(dark.isEmpty, "the title crosses the middle")
        XCTAssertLessThan(abs((dark.first! + dark.last!) / 2 - layout.cellWidth / 2), 12, "centred")
    }
}
