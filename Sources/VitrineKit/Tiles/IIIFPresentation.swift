import Foundation

/// A IIIF Presentation 3 manifest of a gallery: what digital-library viewers (Mirador,
/// Universal Viewer) load. One canvas per item in gallery order, labelled by its caption (else
/// its title, else its id), painted with the whole picture and the level-0 image service of
/// its IIIF tiles; a picture without tiles (smaller than `--min-size`) is painted with its
/// largest rendition when it has one, and an item with neither is left out. A gallery of
/// albums gets one Range per album in `structures`, nested as the albums are (an album's own
/// canvases, then its child albums), so that a viewer's table of contents shows the library.
///
/// Every resource it names is a file below the output folder, by its URL under the base URL.
public enum IIIFPresentation {
    /// Why no manifest can be written.
    public enum Problem: SettingProblem, Equatable, Sendable {
        case notIIIF
        case zipped
        case badPath(String)

        public var sentence: SettingText {
            switch self {
            case .notIIIF: "\(Setting.iiifManifest) needs \(Setting.tileLayout) iiif or iiif3"
            case .zipped: "\(Setting.iiifManifest) needs \(Setting.tileContainer) fs: viewers cannot read tiles inside a zip"
            case .badPath(let path): "\(Setting.iiifManifest) '\(path)' is not a relative path inside \(Setting.outputFolder)"
            }
        }
    }

    /// Checks that a manifest can be written at `path` (relative to DIR) for tiles made by `spec`.
    public static func check(path: String, spec: TileSpec) throws(Problem) {
        guard spec.layout.isIIIF else { throw .notIIIF }
        guard spec.container == .fs else { throw .zipped }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !path.hasPrefix("/"), !parts.contains(".."), !parts.contains(""), !path.hasSuffix("/")
        else { throw .badPath(path) }
    }

    /// The manifest, to be served at `baseURL/path`.
    /// - Parameter title: its label; default nil, the gallery's title, else "Gallery".
    public static func manifest(of gallery: Manifest, baseURL: String, path: String, title: String? = nil) throws -> Data {
        let canvases = gallery.items.compactMap { canvas(for: $0, baseURL: baseURL) }
        var document = Document(id: baseURL + "/" + path, label: LanguageMap(title ?? gallery.title ?? "Gallery"), items: canvases)
        if let albums = gallery.albums {
            let painted = Set(canvases.map(\.id))
            let thumbnails = Dictionary(canvases.compactMap { canvas in canvas.thumbnail.map { (canvas.id, $0) } }) { first, _ in first }
            let ranges = AlbumRanges(albums: albums, baseURL: baseURL, painted: painted, thumbnails: thumbnails)
            document.structures = ranges.range(of: Album.rootID).map { [$0] }
        }
        return try JSONEncoder.manifest.encode(document) + [0x0A]
    }

    /// The Ranges of a gallery's albums, each holding references to its own items' canvases
    /// (those painted: an item without a picture has none) and its child albums' Ranges.
    struct AlbumRanges {
        let byID: [String: Album]
        let baseURL: String
        let painted: Set<String>
        let thumbnails: [String: [Resource]]

        init(albums: [Album], baseURL: String, painted: Set<String>, thumbnails: [String: [Resource]]) {
            byID = Dictionary(albums.map { ($0.id, $0) }) { first, _ in first }
            self.baseURL = baseURL
            self.painted = painted
            self.thumbnails = thumbnails
        }

        /// The album's Range; nil when it holds no canvas, itself or below it (IIIF Ranges are
        /// not empty).
        func range(of id: String) -> Range? {
            guard let album = byID[id] else { return nil }
            var members = (album.items ?? []).map { IIIFPresentation.canvasID(of: $0, baseURL: baseURL) }
                .filter(painted.contains).map { RangeMember.canvas(id: $0) }
            members += album.children.compactMap { range(of: $0) }.map(RangeMember.range)
            guard !members.isEmpty else { return nil }
            // The root's id is its own word: no album's id is empty, nor holds `range` twice.
            let rangeID = baseURL + (id.isEmpty ? "/range" : "/range/" + id)
            let label = album.title ?? (id.isEmpty ? "Gallery" : album.path)
            let cover = album.cover.flatMap { thumbnails[IIIFPresentation.canvasID(of: $0, baseURL: baseURL)] }
            return Range(id: rangeID, label: LanguageMap(label), thumbnail: cover, items: members)
        }
    }

    static func canvasID(of itemID: String, baseURL: String) -> String { baseURL + "/canvas/" + itemID }

    static func canvas(for item: Item, baseURL: String) -> Canvas? {
        let canvasID = canvasID(of: item.id, baseURL: baseURL)
        let renditions = item.renditions ?? []
        let body: Resource
        if let tiles = item.tiles, tiles.layout.isIIIF, tiles.container == .fs, let service = tiles.id {
            let version: IIIFVersion = tiles.layout == .iiif ? .two : .three
            let full = service + "/full/" + version.fullSizeSegment + "/0/default." + tiles.format.fileExtension
            body = Resource(id: full, format: tiles.format.mediaType, width: item.width, height: item.height,
                service: [version == .two ? .two(id: service) : .three(id: service)])
        } else if let largest = renditions.last {
            body = Resource(id: baseURL + "/" + largest.path, format: "image/" + largest.format.rawValue, width: largest.width,
                height: largest.height, service: nil)
        } else {
            return nil
        }
        let thumbnail = renditions.first.map {
            Resource(id: baseURL + "/" + $0.path, format: "image/" + $0.format.rawValue, width: $0.width, height: $0.height, service: nil)
        }
        let label = item.caption?.text ?? item.title ?? item.id
        let annotation = Annotation(id: canvasID + "/page/image", body: body, target: canvasID)
        return Canvas(id: canvasID, label: LanguageMap(label), width: item.width, height: item.height,
            thumbnail: thumbnail.map { [$0] }, items: [AnnotationPage(id: canvasID + "/page", items: [annotation])])
    }

    // MARK: The document

    struct LanguageMap: Encodable {
        var none: [String]
        init(_ text: String) { none = [text] }
    }

    struct Document: Encodable {
        var context = "http://iiif.io/api/presentation/3/context.json"
        var id: String
        var type = "Manifest"
        var label: LanguageMap
        var items: [Canvas]
        var structures: [Range]?

        enum CodingKeys: String, CodingKey { case context = "@context", id, type, label, items, structures }
    }

    /// An album: its canvases and child Ranges in order.
    struct Range: Encodable {
        var id: String
        var type = "Range"
        var label: LanguageMap
        var thumbnail: [Resource]?
        var items: [RangeMember]
    }

    /// What a Range holds: a canvas by reference, or a Range inside it.
    enum RangeMember: Encodable {
        case canvas(id: String)
        case range(Range)

        enum CodingKeys: String, CodingKey { case id, type }

        func encode(to encoder: Encoder) throws {
            switch self {
            case .canvas(let id):
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(id, forKey: .id)
                try container.encode("Canvas", forKey: .type)
            case .range(let range): try range.encode(to: encoder)
            }
        }
    }

    struct Canvas: Encodable {
        var id: String
        var type = "Canvas"
        var label: LanguageMap
        var width, height: Int
        var thumbnail: [Resource]?
        var items: [AnnotationPage]
    }

    struct AnnotationPage: Encodable {
        var id: String
        var type = "AnnotationPage"
        var items: [Annotation]
    }

    struct Annotation: Encodable {
        var id: String
        var type = "Annotation"
        var motivation = "painting"
        var body: Resource
        var target: String
    }

    struct Resource: Encodable {
        var id: String
        var type = "Image"
        var format: String
        var width, height: Int
        var service: [Service]?
    }

    /// A level-0 image service: Image API 3 in its own words, 2 in JSON-LD's.
    enum Service: Encodable {
        case two(id: String)
        case three(id: String)

        enum CodingKeys: String, CodingKey { case id, type, atID = "@id", atType = "@type", profile }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .two(let id):
                try container.encode(id, forKey: .atID)
                try container.encode("ImageService2", forKey: .atType)
                try container.encode("http://iiif.io/api/image/2/level0.json", forKey: .profile)
            case .three(let id):
                try container.encode(id, forKey: .id)
                try container.encode("ImageService3", forKey: .type)
                try container.encode("level0", forKey: .profile)
            }
        }
    }
}
