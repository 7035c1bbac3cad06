import Foundation

/// `--items FILE`: a JSON array whose entries are inputs of the gallery, in the order asked,
/// after the command line's. An entry is
///
/// - a string: a file or folder (relative to the items file's folder) or an `http`/`https` URL;
/// - an object with `path` or `url` and, as a captions file's entries have them, `caption`,
///   `style`, `title`, `keywords`, `location`, `rating`;
/// - an object with `"kind": "custom"`: a custom item (``CustomItem``).
///
/// The words of path and URL entries are read as a captions file's (the `file` source of
/// `--captions-from`, before `--captions` itself); each entry being an input of its own, the
/// default order (natural, input by input) keeps the file's order.
public struct ItemsFile: Sendable {
    /// One input.
    public enum Input: Sendable, Equatable {
        /// A file or folder, as the walk opens it (relative to the current folder, or absolute).
        case path(String)
        case url(String)
        case custom(CustomItem)
    }

    public var path: String
    public var inputs: [Input] = []
    /// The words of its path and URL entries, matched to items as a captions file's are; its
    /// warnings are the items file's.
    public var words: CaptionsFile

    public init(path: String) {
        self.path = path
        words = CaptionsFile(path: path)
    }

    /// Reads and parses `path`. Throws when the file as a whole cannot be used.
    /// - Parameter root: for a file a source's `vitrine.json` names, that source, which it must
    ///   lie inside (``ConfinedRead``); default nil, a file the command line names.
    public static func read(_ path: String, below root: ReadRoot? = nil) throws(CaptionsFile.ReadError) -> ItemsFile {
        let decoded = try CaptionsFile.readText(path, below: root)
        var file = ItemsFile(path: path)
        file.words.warnings += decoded.warnings
        let root: JSONNode
        do { root = try JSONDocument(Data(decoded.text.utf8)).root } catch {
            throw .init(description: "\(path): not valid JSON (\(error))")
        }
        guard root.kind == .array else { throw .init(description: "\(path): expected an array of entries") }
        for (index, element) in root.elements.enumerated() {
            file.add(element, place: "entry \(index + 1)")
        }
        return file
    }

    private mutating func add(_ element: JSONNode, place: String) {
        switch element.kind {
        case .string:
            if let input = input(written: element.string ?? "", place: place) { inputs.append(input) }
        case .object:
            let custom = words.customItems.count
            if words.declareCustomItem(element, place: place) {
                if words.customItems.count > custom, let item = words.customItems.last { inputs.append(.custom(item)) }
                return
            }
            let written = (element["url"] ?? element["path"])?.string ?? ""
            guard let input = input(written: written, place: place) else { return }
            inputs.append(input)
            var fields: [String: JSONValue] = [:]
            for member in element.members { fields[member.key] = JSONValue(member.value) }
            let text = words.text(from: fields, place: place, rawCaption: element["caption"])
            if !text.isEmpty { words.entries.append(CaptionsFile.Entry(path: written, place: place, text: text)) }
        default:
            words.warnings.append("\(place): neither a path, a URL nor an object: ignored")
        }
    }

    /// The input an entry names: a URL as it is, a path relative to the items file's folder.
    private mutating func input(written: String, place: String) -> Input? {
        let trimmed = written.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            words.warnings.append("\(place): no path or url: ignored")
            return nil
        }
        if RemoteURL.scheme(of: trimmed) != nil { return .url(trimmed) }
        let base = Path.parent(of: path)
        return .path(base == "." || trimmed.hasPrefix("/") ? trimmed : Path.join(base, trimmed))
    }
}
