import Foundation

/// `vitrine manifest validate`: everything the manifest's JSON Schema says (the schema
/// itself, ``ManifestSchema/text``, compiled once: ``ManifestSchema/compiled``), and what it
/// cannot say: ids unique, indices, positions and prev/next as the order gives them, the
/// selection numbered 1…k, paths inside the gallery, folder thumbnails that are items, sort
/// keys in parts only, a part's shard, the initial index. Both read the parsed document's
/// nodes; nothing is decoded. Each problem names its place with a JSON pointer.
public enum ManifestValidator {
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        /// A JSON pointer: `/items/3/next`.
        public var pointer: String
        /// What is wrong there, naming the settings (``Setting``) the manifest was made with.
        public var sentence: SettingText

        public init(pointer: String, message: String) { self.init(pointer: pointer, sentence: SettingText(stringLiteral: message)) }

        init(pointer: String, sentence: SettingText) {
            self.pointer = pointer
            self.sentence = sentence
        }

        public var message: String { sentence.description }
        public var description: String { "\(pointer): \(message)" }

        /// `pointer: message`, each setting said by `name`.
        public func text(naming name: (Setting) -> String) -> String { "\(pointer): " + sentence.text(naming: name) }
    }

    /// The problems of a manifest's document, in document order. Where the schema and a
    /// check of meaning both object to one value, the check of meaning says it (`is -1, should
    /// be 3` rather than `should be at least 0`).
    public static func problems(in document: JSONDocument) -> [Problem] {
        var checks = ManifestChecks(root: document.root)
        checks.run()
        let own = Set(checks.problems.map(\.problem.pointer))
        var found = checks.problems
        for failure in ManifestSchema.compiled.failures(in: document.root) {
            let pointer = failure.pointer.description
            if !own.contains(pointer) { found.append((failure.node, Problem(pointer: pointer, message: failure.message))) }
        }
        // Document order: by the node each is about (stable: each check's own order within).
        return found.enumerated().sorted { ($0.element.node, $0.offset) < ($1.element.node, $1.offset) }.map(\.element.problem)
    }

    /// The problems of `manifest` as vitrine would write it.
    public static func problems(in manifest: Manifest) -> [Problem] {
        guard let data = try? manifest.encoded(), let document = try? JSONDocument(data) else {
            return [Problem(pointer: "", message: "cannot be written as JSON")]
        }
        return problems(in: document)
    }
}

/// The checks of meaning, on the document's nodes. A value of the wrong type is left to the
/// schema. (Checks of outputs' fields: ManifestChecks+Outputs.swift.)
struct ManifestChecks {
    let root: JSONNode
    var problems: [(node: Int, problem: ManifestValidator.Problem)] = []

    init(root: JSONNode) { self.root = root }

    mutating func add(_ node: JSONNode, _ pointer: @autoclosure () -> String, _ message: String) {
        problems.append((node.index, .init(pointer: pointer(), message: message)))
    }

    /// A problem whose sentence names settings.
    mutating func add(_ node: JSONNode, _ pointer: @autoclosure () -> String, naming sentence: SettingText) {
        problems.append((node.index, .init(pointer: pointer(), sentence: sentence)))
    }

    mutating func run() {
        guard root.kind == .object else { return }
        let items = root["items"].map { $0.kind == .array ? Array($0.elements) : [] } ?? []
        let ids = items.map { $0.kind == .object ? $0["id"]?.string : nil }
        let count = items.count
        let cyclic = root["cyclic"]?.bool ?? false
        let partial = root["partial"]
        var firstIndexOfID: [String: Int] = [:]
        firstIndexOfID.reserveCapacity(count)
        var selected: [(offset: Int, number: Int, node: JSONNode)] = []
        // Counters and neighbours run within each album (a whole gallery with albums), else
        // through the gallery.
        let itemAlbums = items.map { $0.kind == .object ? ItemFields($0)[.album]?.string : nil }
        let withAlbums = root["albums"] != nil && partial == nil
        let walks = withAlbums ? Self.albumWalks(itemAlbums) : [(place: Int, members: [Int])]()
        for (index, object) in items.enumerated() where object.kind == .object {
            let at = "/items/\(index)"
            let item = ItemFields(object)
            let (place, members) = withAlbums ? walks[index] : (index, Array(0..<count))
            if let id = ids[index], let idNode = item[.id] {
                if let earlier = firstIndexOfID[id] {
                    add(idNode, at + "/id", "duplicate id '\(id)' (also /items/\(earlier)/id)")
                } else {
                    firstIndexOfID[id] = index
                }
            }
            checkKind(of: item, at: at)
            checkNavigation(of: item, at: at, index: index, place: place, walk: members, ids: ids, cyclic: cyclic)
            checkSourcePath(of: item, at: at)
            for (number, rendition) in item.elements(of: .renditions).enumerated() {
                checkInside(rendition["path"], at + "/renditions/\(number)/path")
            }
            checkOutputs(of: item.node, at: at)
            if let node = item[.selection], let number = node.int { selected.append((index, number, node)) }
            // A part (--shard) has sort keys; a whole gallery has none.
            if (item[.sortKey] == nil) == (partial != nil) {
                add(item[.sortKey] ?? item.node, at + "/sortKey",
                    naming: partial != nil ? "missing in a part (\(Setting.shard))" : "only parts (\(Setting.shard)) have one")
            }
        }
        checkSelectionNumbers(selected)
        checkFolders(knownIDs: firstIndexOfID)
        checkAlbums(ids: ids, itemAlbums: itemAlbums, whole: partial == nil)
        checkSheets(knownIDs: firstIndexOfID)
        if let node = root["gap"], let gap = node.int, !Manifest.gapRange.contains(gap) {
            add(node, "/gap", "\(gap) is outside \(Manifest.gapRange.lowerBound) to \(Manifest.gapRange.upperBound) pixels")
        }
        if let node = root["initialIndex"], let initial = node.int, !(0..<count).contains(initial) {
            let range = count == 0 ? "the gallery is empty" : "0 to \(count - 1)"
            add(node, "/initialIndex", "\(initial) is not an item's index (\(range))")
        }
        if let node = partial?["shard"], let shard = node.string, let problem = Shard.problem(parsing: shard) {
            add(node, "/partial/shard", problem)
        }
    }

    /// An item's index, its position in its walk (album or gallery), and its neighbours there.
    private mutating func checkNavigation(of item: ItemFields, at: String, index: Int, place: Int, walk members: [Int],
        ids: [String?], cyclic: Bool) {
        let walkCount = members.count
        if let node = item[.index], let value = node.int, value != index { add(node, at + "/index", "is \(node.text), should be \(index)") }
        if let node = item[.position], let position = node.string {
            let expected = Navigation.positionText(index: place, count: walkCount)
            if position != expected { add(node, at + "/position", "is '\(position)', should be '\(expected)'") }
        }
        for (field, name, delta) in [(ItemFields.Name.prev, "prev", -1), (.next, "next", 1)] {
            let node = item[field]
            if let node, node.kind != .string { continue }
            let target = walkCount > 1 ? Navigation.index(from: place, delta: delta, count: walkCount, cyclic: cyclic) : nil
            let expected = target.flatMap { ids[members[$0]] }
            let value = node?.string
            if value != expected {
                let shown = (value: value.map { "'\($0)'" } ?? "absent", expected: expected.map { "'\($0)'" } ?? "absent")
                add(node ?? item.node, at + "/" + name, "is \(shown.value), should be \(shown.expected)")
            }
        }
    }

    /// A source's `path` is its `pathBytes` read as UTF-8.
    private mutating func checkSourcePath(of item: ItemFields, at: String) {
        guard let source = item[.source], let encoded = source["pathBytes"]?.string else { return }
        if let bytes = Data(base64Encoded: encoded) {
            if let path = source["path"], path.string != String(decoding: bytes, as: UTF8.self) {
                add(path, at + "/source/path", "is not source.pathBytes read as UTF-8")
            }
        } else {
            add(source["pathBytes"]!, at + "/source/pathBytes", "is not base64")
        }
    }

    /// Selection numbers: 1…k, each once.
    private mutating func checkSelectionNumbers(_ selected: [(offset: Int, number: Int, node: JSONNode)]) {
        var uses: [Int: Int] = [:]
        for entry in selected { uses[entry.number, default: 0] += 1 }
        for entry in selected where entry.number < 1 || entry.number > selected.count || uses[entry.number]! > 1 {
            add(entry.node, "/items/\(entry.offset)/selection",
                "\(entry.number) breaks the selection numbering (1 to \(selected.count), each once)")
        }
    }

    private mutating func checkFolders(knownIDs: [String: Int]) {
        guard let folders = root["folders"], folders.kind == .array else { return }
        var paths = Set<String>()
        for (number, folder) in folders.elements.enumerated() {
            if let node = folder["path"], let path = node.string, !paths.insert(path).inserted {
                add(node, "/folders/\(number)/path", "'\(path)' is listed twice")
            }
            if let node = folder["thumbnail"], let thumbnail = node.string, knownIDs[thumbnail] == nil {
                add(node, "/folders/\(number)/thumbnail", "'\(thumbnail)' is not an item's id")
            }
        }
    }
}

/// The members of an item the checks read, found in one walk over its members (the last of a
/// name given twice, as lookups find it).
struct ItemFields {
    enum Name: Int, CaseIterable { case id, kind, format, view, index, position, prev, next, source, renditions, selection, sortKey, album }

    static let table: SchemaNameTable = {
        var table = SchemaNameTable()
        for name in Name.allCases { _ = table.add("\(name)") }
        return table
    }()

    let node: JSONNode
    private var found: [JSONNode?] = Array(repeating: nil, count: Name.allCases.count)

    init(_ node: JSONNode) {
        self.node = node
        for member in node.elements {
            if let number = node.document.withStringBytes(member.index, key: true, { Self.table.lookUp($0) }) { found[number] = member }
        }
    }

    subscript(name: Name) -> JSONNode? { found[name.rawValue] }

    /// The elements of member `name` when it is an array; none otherwise.
    func elements(of name: Name) -> [JSONNode] {
        guard let array = self[name], array.kind == .array else { return [] }
        return Array(array.elements)
    }
}
