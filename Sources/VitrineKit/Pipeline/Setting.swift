/// A setting a person chooses, as the library's problems name it: each command says it as its
/// own option (`vitrine build`'s `--sheet-columns`, `vitrine sheet`'s `--columns`), or as the
/// key of the file that gave it, so that the library never spells a command's flag.
public enum Setting: String, CaseIterable, Sendable {
    case thumbnailSize, displaySize, retina
    case tileLayout, tileSize, tileOverlap, tileBaseURL, tileContainer, iiifManifest
    /// The folder a command writes, which a base URL serves.
    case outputFolder
    case viewport, minScale, maxScale, doubleTap, doubleTapScale
    case sheetColumns, sheetCell, sheetGap, sheetMargin, sheetPerPage, sheetCaptionLines
    case netJobs, netTimeout, netDeadline, retries, maxDownload
    case shard, shardCount, initialIndex, cache
    case order, reverse, albums, albumOrder, reverseAlbums, cyclic, direction
    /// The gap between pictures in the viewer.
    case viewerGap
    /// Building into a folder that holds files and is not a site.
    case overwrite
    /// The limits that decide one item's failure, and keeping a damaged file: named by the
    /// item's error (``ItemFailure/setting``) and its manifest entry.
    case maxPixels, maxMemory, timeout, allowDamaged

    /// The setting in words, for a command that has no option for it and for the library's
    /// own descriptions.
    public var label: String {
        switch self {
        case .thumbnailSize: "the thumbnail size"
        case .displaySize: "the display size"
        case .retina: "the @2x copy"
        case .tileLayout: "the tile layout"
        case .tileSize: "the tile size"
        case .tileOverlap: "the tile overlap"
        case .tileBaseURL: "the tiles' base URL"
        case .tileContainer: "the tiles' container"
        case .iiifManifest: "the IIIF manifest"
        case .outputFolder: "the output folder"
        case .viewport: "the viewport"
        case .minScale: "the smallest zoom scale"
        case .maxScale: "the largest zoom scale"
        case .doubleTap: "the double tap"
        case .doubleTapScale: "the double tap's scale"
        case .sheetColumns: "the sheet columns"
        case .sheetCell: "the sheet cell"
        case .sheetGap: "the sheet gap"
        case .sheetMargin: "the sheet margin"
        case .sheetPerPage: "the cells a sheet"
        case .sheetCaptionLines: "the sheet caption lines"
        case .netJobs: "the downloads at once"
        case .netTimeout: "the download timeout"
        case .netDeadline: "the download deadline"
        case .retries: "the download retries"
        case .maxDownload: "the download limit"
        case .shard: "the part to build"
        case .shardCount: "the number of parts"
        case .initialIndex: "the initial index"
        case .cache: "the cache folder"
        case .order: "the order"
        case .reverse: "the reversed order"
        case .albums: "the albums"
        case .albumOrder: "the album order"
        case .reverseAlbums: "the reversed album order"
        case .cyclic: "the wrap-around"
        case .direction: "the reading direction"
        case .viewerGap: "the viewer's gap"
        case .overwrite: "overwriting"
        case .maxPixels: "the pixel limit"
        case .maxMemory: "the decoding memory limit"
        case .timeout: "the time limit for one file"
        case .allowDamaged: "keeping damaged files"
        }
    }
}

/// A sentence that names settings: `"\(Setting.sheetColumns) must be at least 1"`. A command
/// words it with ``text(naming:)``, each setting as its own option or file key.
public struct SettingText: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    enum Piece: Sendable, Equatable {
        case text(String)
        case setting(Setting)
    }

    let pieces: [Piece]

    public init(stringLiteral value: String) { pieces = [.text(value)] }

    public init(stringInterpolation: Interpolation) { pieces = stringInterpolation.pieces }

    init(pieces: [Piece]) { self.pieces = pieces }

    /// Two sentences' words, one after the other.
    public static func + (first: SettingText, second: SettingText) -> SettingText { SettingText(pieces: first.pieces + second.pieces) }

    public struct Interpolation: StringInterpolationProtocol {
        var pieces: [Piece] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) { pieces.append(.text(literal)) }

        public mutating func appendInterpolation(_ setting: Setting) { pieces.append(.setting(setting)) }

        public mutating func appendInterpolation(_ value: some CustomStringConvertible) { pieces.append(.text(value.description)) }

        /// Another sentence, its settings kept.
        public mutating func appendInterpolation(_ text: SettingText) { pieces += text.pieces }
    }

    /// The settings it names, in order.
    public var settings: [Setting] {
        pieces.compactMap { if case .setting(let setting) = $0 { setting } else { nil } }
    }

    /// The sentence with each setting said by `name`.
    public func text(naming name: (Setting) -> String) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .setting(let setting): name(setting)
            }
        }.joined()
    }

    /// The sentence with each setting in words (``Setting/label``).
    public var description: String { text(naming: \.label) }
}

/// A problem whose sentence names settings, for each command to word as its options.
public protocol SettingProblem: Error, CustomStringConvertible {
    var sentence: SettingText { get }
}

extension SettingProblem {
    public var description: String { sentence.description }
}
