import Foundation

/// An item of `kind: "custom"`: declared in a JSON input file (`--items`, or a captions file),
/// not read from media. Its `view` object goes into the manifest untouched, for the viewer to
/// draw; an SVG, when it has one, is what vitrine makes its thumbnails and sheet cell of (and
/// where its width and height come from). Without an SVG it has no source, the size it
/// declares, and a card with its title in contact sheets.
///
/// ```json
/// {"kind": "custom", "id": "map", "title": "Route", "view": {"type": "map", "zoom": 9},
///  "svg": "route.svg"}
/// {"kind": "custom", "id": "quote", "title": "A quote", "view": {…}, "width": 800, "height": 600}
/// ```
public struct CustomItem: Sendable, Equatable {
    /// The SVG a custom item is drawn from.
    public enum Picture: Sendable, Equatable {
        /// A file, its path relative to the declaring file's folder made relative to the
        /// current folder (or absolute).
        case file(String)
        /// The SVG text itself; kept in the cache folder, named by its hash, to be read.
        case inline(String)
    }

    /// What its id is made from: the declared `id` made URL-safe part by part, else its key
    /// (in a captions file keyed by path), else the title's, else `custom`. Items whose ids would be equal get `-2`, `-3`… as files do.
    public var idPath: String
    public var view: RawJSON?
    public var svg: Picture?
    /// The declared size, used when there is no SVG (required then).
    public var width: Int?
    public var height: Int?
    /// Its caption, title, keywords, place and rating, read as a captions file's entry.
    public var text: ItemText
    /// Where it was declared, for messages: `items.json: entry 3`.
    public var place: String

    /// The largest declared side: as large as any picture vitrine reads.
    public static let maximumSide = 100_000

    /// What messages and errors call it: its SVG file, else where it was declared.
    public var name: String {
        if case .file(let path) = svg { return path }
        return place
    }

    /// Reads a declaration: `object` is an entry with `"kind": "custom"` at `place` (`entry 3`)
    /// of the file at `path` (SVG paths are relative to its folder), `text` the entry's words,
    /// `key` its key in a file that is an object. Nil, with the reason in `warnings`, when it
    /// cannot be used.
    static func parse(_ object: JSONNode, text: ItemText, place: String, in path: String, key: String? = nil,
                      warnings: inout [String]) -> CustomItem? {
        var item = CustomItem(idPath: "custom", text: text, place: "\(path): \(place)")
        let base = Path.parent(of: path)
        let declared = object["id"]?.string ?? key ?? text.title
        if let declared {
            let parts = declared.split(separator: "/").map { ItemIdentifier.slug(component: String($0)) }
            if !parts.isEmpty { item.idPath = parts.joined(separator: "/") }
        }
        if let view = object["view"] {
            if view.kind == .object { item.view = RawJSON(view) } else { warnings.append("\(place): view is not a JSON object: ignored") }
        }
        if let svg = object["svg"] {
            guard let written = svg.string, !written.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                warnings.append("\(place): svg must be a path or SVG text: custom item ignored")
                return nil
            }
            if written.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("<") {
                item.svg = .inline(written)
            } else {
                item.svg = .file(base == "." || written.hasPrefix("/") ? written : Path.join(base, written))
            }
        }
        for (name, node) in [("width", object["width"]), ("height", object["height"])] {
            guard let node else { continue }
            guard let value = node.int, (1...maximumSide).contains(value) else {
                warnings.append("\(place): \(name) must be a whole number from 1 to \(maximumSide): custom item ignored")
                return nil
            }
            if name == "width" { item.width = value } else { item.height = value }
        }
        if item.svg == nil, item.width == nil || item.height == nil {
            warnings.append("\(place): a custom item without an svg needs a width and a height: ignored")
            return nil
        }
        return item
    }

    /// The manifest item: `kind` custom, no `format`; the SVG's upright size (from its header)
    /// and its file as the source when it has one, else the declared size and no source.
    func item(_ file: InputFile, _ header: ImageHeader) -> Item {
        let source = svg == nil ? nil : Item.Source(path: file.path, bytes: file.bytes, sha256: header.sha256)
        var item = Item(id: "", kind: .custom, format: nil, width: header.width, height: header.height,
            hasAlpha: svg == nil || !header.hasAlpha ? nil : true, source: source)
        item.view = view
        return item
    }

    /// What stands for the header of a custom item without an SVG: its declared size.
    var declaredHeader: ImageHeader {
        ImageHeader(format: "custom", width: width ?? 1, height: height ?? 1, hasAlpha: false, needsColourTransform: false)
    }

    /// Its own words come first; what other sources say fills in the rest.
    func applyText(to item: inout Item) {
        item.caption = text.caption ?? item.caption
        item.title = text.title ?? item.title
        item.keywords = text.keywords ?? item.keywords
        item.location = text.location ?? item.location
        item.rating = text.rating ?? item.rating
    }
}

extension CaptionsFile {
    /// When `object` declares a custom item (`"kind": "custom"`), reads it into ``customItems``
    /// (or warns why not) and says so; false for any other entry. `key`: its key, in a file
    /// that is an object, which names it when it has no `id`.
    mutating func declareCustomItem(_ object: JSONNode, place: String, key: String? = nil) -> Bool {
        guard let kind = object["kind"]?.string, kind.trimmingCharacters(in: .whitespaces).lowercased() == "custom" else {
            if let kind = object["kind"]?.string { warnings.append("\(place): kind '\(kind)' is not one a file declares (custom): read as an entry") }
            return false
        }
        var fields: [String: JSONValue] = [:]
        for member in object.members { fields[member.key] = JSONValue(member.value) }
        let words = text(from: fields, place: place, rawCaption: object["caption"])
        if let item = CustomItem.parse(object, text: words, place: place, in: path, key: key, warnings: &warnings) {
            customItems.append(item)
        }
        return true
    }
}
