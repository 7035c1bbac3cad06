import Foundation

/// `--captions FILE`: captions (and titles, keywords, places, ratings) for many items at once,
/// whose order of entries can also be the gallery's order (`--order captions`).
///
/// - CSV (RFC 4180: `"` quoting, `""` for a quote, line breaks inside quotes) or TSV (tabs; `\t`,
///   `\n`, `\\` escapes), chosen by the `.tsv`/`.tab` extension or a tab in the first line. The
///   first row names the columns when one of them is `path`; otherwise the columns are
///   `path,caption,style,title`. Known columns: `path`, `caption`, `style`, `title`,
///   `keywords` (`,`/`;`-separated), `location`, `rating`.
/// - JSON: an array of objects with those keys, or an object from path to a caption string
///   or to such an object. With `"style": "custom"`, `caption` is any JSON object, written to
///   the manifest byte for byte. An entry may name a remote image by its URL (`path` or `url`).
///   An entry with `"kind": "custom"` declares a custom item (``CustomItem``), added to the
///   gallery after the inputs.
public struct CaptionsFile: Sendable {
    public struct Entry: Sendable {
        /// The path as written: matched against an item's path under its input, the path as
        /// given on the command line, its id, or the path relative to the captions file.
        public var path: String
        /// Where it is in the file, for messages: `line 4` or `entry 3`.
        public var place: String
        public var text: ItemText
    }

    public var path: String
    public var entries: [Entry] = []
    /// Custom items the file declares (JSON only), in its order.
    public var customItems: [CustomItem] = []
    /// Problems with single rows (the rest of the file is used).
    public var warnings: [String] = []

    public struct ReadError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Reads and parses `path`. Throws when the file as a whole cannot be used.
    /// What a warning quotes of a file's text: at most its first 80 characters, on one line. A
    /// file named by mistake (or by a hostile config: `/etc/shadow`) is never echoed whole.
    public static func excerpt(_ text: String, limit: Int = 80) -> String {
        let line = text.prefix { $0 != "\n" && $0 != "\r" }
        return line.count > limit ? String(line.prefix(limit)) + "…" : line.count < text.count ? line + "…" : String(line)
    }

    /// - Parameter root: for a file a source's `vitrine.json` names, that source, which it must
    ///   lie inside (``ConfinedRead``); default nil, a file the command line names.
    public static func read(_ path: String, below root: ReadRoot? = nil) throws(ReadError) -> CaptionsFile {
        let decoded = try readText(path, below: root)
        var file = CaptionsFile(path: path)
        file.warnings += decoded.warnings
        let ext = Path.fileExtension(of: path).lowercased()
        let firstLine = decoded.text.prefix { $0 != "\n" }
        let trimmed = decoded.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if ext == "json" || (ext != "csv" && ext != "tsv" && (trimmed.hasPrefix("[") || trimmed.hasPrefix("{"))) {
            try file.parseJSON(Data(decoded.text.utf8))
        } else {
            let rows = ext == "tsv" || ext == "tab" || (ext != "csv" && firstLine.contains("\t"))
                ? Delimited.tsv(decoded.text) : Delimited.csv(decoded.text)
            try file.parseRows(rows)
        }
        return file
    }

    /// The most a captions (or items) file may hold.
    public static let maximumBytes = 256 << 20

    /// The text of the file at `path`, decoded as captions are, of at most ``maximumBytes``: a
    /// regular file below `root`, or (no root) a file the command line names, which may be a
    /// pipe (`--captions <(…)`).
    static func readText(_ path: String, below root: ReadRoot? = nil) throws(ReadError) -> (text: String, warnings: [String]) {
        let read = root.map { ConfinedRead.read(path, below: $0, limit: maximumBytes) } ?? ConfinedRead.readGiven(path, limit: maximumBytes)
        switch read {
        case .success(let data):
            let decoded = CaptionText.decode(data)
            return (decoded.text, decoded.warnings)
        case .failure(let failure):
            throw ReadError(description: "\(path): \(failure.description)")
        }
    }

    static let columns = ["path", "caption", "style", "title", "keywords", "location", "rating"]

    private mutating func parseRows(_ rows: [(line: Int, fields: [String])]) throws(ReadError) {
        guard let header = rows.first else { return }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let hasHeader = names.contains("path")
        let layout = hasHeader ? names : Array(Self.columns.prefix(4))
        if hasHeader {
            let unknown = names.filter { !Self.columns.contains($0) && !$0.isEmpty }
            if !unknown.isEmpty { warnings.append("columns ignored: \(Self.excerpt(unknown.joined(separator: ", ")))") }
        }
        for row in rows.dropFirst(hasHeader ? 1 : 0) {
            if row.fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            var values: [String: String] = [:]
            for (name, field) in zip(layout, row.fields) where values[name] == nil { values[name] = field }
            if row.fields.count > layout.count { warnings.append("line \(row.line): \(row.fields.count - layout.count) extra field(s) ignored") }
            addEntry(values.mapValues(JSONValue.string), place: "line \(row.line)", rawCaption: nil)
        }
    }

    private mutating func parseJSON(_ data: Data) throws(ReadError) {
        let root: JSONNode
        do { root = try JSONDocument(data).root } catch { throw ReadError(description: "\(path): not valid JSON (\(error))") }
        func fields(_ object: JSONNode) -> [String: JSONValue] {
            var fields: [String: JSONValue] = [:]
            for member in object.members { fields[member.key] = JSONValue(member.value) }  // the last duplicate wins
            return fields
        }
        switch root.kind {
        case .array:
            for (index, element) in root.elements.enumerated() {
                guard element.kind == .object else {
                    warnings.append("entry \(index + 1): not an object: ignored")
                    continue
                }
                if declareCustomItem(element, place: "entry \(index + 1)") { continue }
                addEntry(fields(element), place: "entry \(index + 1)", rawCaption: element["caption"])
            }
        case .object:
            for (index, member) in root.members.enumerated() where root[member.key]?.index == member.value.index {
                switch member.value.kind {
                case .string:
                    addEntry(["path": .string(member.key), "caption": JSONValue(member.value)], place: "entry \(index + 1)", rawCaption: nil)
                case .object:
                    if declareCustomItem(member.value, place: "entry \(index + 1)", key: member.key) { continue }
                    var entry = fields(member.value)
                    entry["path"] = .string(member.key)
                    addEntry(entry, place: "entry \(index + 1)", rawCaption: member.value["caption"])
                default:
                    warnings.append("entry \(index + 1) (\(member.key)): neither a caption nor an object: ignored")
                }
            }
        default:
            throw ReadError(description: "\(path): expected an array of objects or an object keyed by path")
        }
    }

    /// One entry from its fields; `rawCaption` is the caption's node for the custom style.
    private mutating func addEntry(_ fields: [String: JSONValue], place: String, rawCaption: JSONNode?) {
        guard let path = (fields["path"] ?? fields["url"])?.string?.trimmingCharacters(in: .whitespaces), !path.isEmpty else {
            warnings.append("\(place): no path: ignored")
            return
        }
        entries.append(Entry(path: path, place: place, text: text(from: fields, place: place, rawCaption: rawCaption)))
    }

    /// The words of an entry: caption (in its style), title, keywords, location and rating.
    mutating func text(from fields: [String: JSONValue], place: String, rawCaption: JSONNode?) -> ItemText {
        var text = ItemText()
        let styleName = (fields["style"]?.string ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        /// How the caption is written: a manifest style, or Markdown (which becomes markup).
        enum Written { case style(Caption.Style), markdown }
        let style: Written
        switch styleName {
        case "", "plain", "text": style = .style(.plain)
        case "markup", "html": style = .style(.markup)
        case "markdown", "md": style = .markdown
        case "custom": style = .style(.custom)
        default:
            warnings.append("\(place): unknown style '\(Self.excerpt(styleName))' (plain, markup, markdown or custom): read as plain")
            style = .style(.plain)
        }
        switch (style, fields["caption"]) {
        case (.style(.custom), .object?):
            if let rawCaption { text.caption = Caption(style: .custom, custom: RawJSON(rawCaption), source: CaptionSource.file.rawValue) }
        case (.style(.custom), .string(let string)?):
            let value = RawJSON(string)
            if value == nil || !string.trimmingCharacters(in: .whitespaces).hasPrefix("{") {
                warnings.append("\(place): a custom caption must be a JSON object: ignored")
            } else {
                text.caption = Caption(style: .custom, custom: value, source: CaptionSource.file.rawValue)
            }
        case (.markdown, .string(let string)?):
            text.caption = Caption.markdown(string, source: .file, into: &text)
        case (.style(let style), .string(let string)?):
            text.caption = Caption.make(string, style: style, source: .file, into: &text)
        case (_, nil), (_, .null?):
            break
        default:
            warnings.append("\(place): caption is neither text nor (with style custom) an object: ignored")
        }
        if let title = fields["title"]?.string.map({ CaptionText.clean($0, singleLine: true).text }), !title.isEmpty { text.title = title }
        if case .array(let words)? = fields["keywords"] {
            let keywords = Keywords.clean(words.compactMap(\.string))
            if !keywords.isEmpty { text.keywords = keywords }
        } else if let words = fields["keywords"]?.string, !Keywords.split(words).isEmpty {
            text.keywords = Keywords.split(words)
        }
        if let place = fields["location"]?.string.map({ CaptionText.clean($0, singleLine: true).text }), !place.isEmpty {
            text.location = Location(name: place)
        }
        if let rating = fields["rating"].flatMap({ $0.int ?? $0.string.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }) {
            // 0 is "unrated", as in XMP: nothing to say.
            if (-1...5).contains(rating) { text.rating = rating == 0 ? nil : rating } else { warnings.append("\(place): rating \(rating) is not -1…5: ignored") }
        }
        for warning in text.warnings ?? [] { warnings.append("\(place): \(warning)") }
        text.warnings = nil
        return text
    }
}
