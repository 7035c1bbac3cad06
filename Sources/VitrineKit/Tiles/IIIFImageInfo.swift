import Foundation
import VipsKit

/// A IIIF level-0 image service that viewers and the IIIF validator accept, written by vitrine
/// from the pyramid it made: libvips 8.14's own `info.json` lists no `sizes`, and no `full`
/// image exists, which every level-0 client asks for.
///
/// Besides the tiles (`dzsave`'s), the folder gets the whole picture at every scale factor's
/// size, `ceil(w / s)` × `ceil(h / s)`, under `full/<size>/0/default.<ext>` (size `w,` in
/// version 2, `w,h` in 3), and at full size under `full/full/…` (2) or `full/max/…` (3): what
/// `info.json`'s `sizes` promise, and what a viewer asks for when a level fits in one tile.
enum IIIFImageInfo {
    /// The `info.json` of a service `id` (an absolute URL without a trailing `/`).
    static func json(id: String, geometry: TileGeometry, version: IIIFVersion, format: TileFormat) throws -> Data {
        let sizes = geometry.scaleFactors.reversed().map { factor in
            let size = geometry.size(atScaleFactor: factor)
            return Size(width: size.width, height: size.height)
        }
        let tiles = [Tiles(width: geometry.tileSize, height: geometry.tileSize, scaleFactors: geometry.scaleFactors)]
        let formats = [format.fileExtension]
        let data: Data
        switch version {
        case .two:
            data = try JSONEncoder.manifest.encode(Version2(id: id, width: geometry.width, height: geometry.height,
                profile: [.uri("http://iiif.io/api/image/2/level0.json"), .description(formats: formats, qualities: ["default"])],
                sizes: sizes, tiles: tiles))
        case .three:
            let extra = format == .jpeg ? nil : formats
            data = try JSONEncoder.manifest.encode(Version3(id: id, width: geometry.width, height: geometry.height,
                sizes: sizes, tiles: tiles, preferredFormats: extra, extraFormats: extra))
        }
        return data + [0x0A]
    }

    /// Writes the full images into the service's folder `root`, from `picture` (the upright
    /// full-resolution picture, in memory): each scale factor's size is the one before it
    /// halved and rounded up, as the pyramid's levels.
    static func writeFullImages(of picture: Image, geometry: TileGeometry, version: IIIFVersion, encoding: Encoding,
                                into root: String) throws {
        var level = picture
        for factor in geometry.scaleFactors {
            let size = geometry.size(atScaleFactor: factor)
            if factor > 1 { level = try halved(level, to: size) }
            let data: Data
            do { data = try ImageEncoder.encode(level, with: encoding) } catch {
                throw ItemFailure.write("cannot encode a full IIIF image: " + error.message)
            }
            let name = "default." + encoding.format.fileExtension
            let sized = Path.join(root, "full/" + version.sizeSegment(width: size.width, height: size.height) + "/0")
            try write(data, to: Path.join(sized, name))
            if factor == 1 {
                let whole = Path.join(root, "full/" + version.fullSizeSegment + "/0")
                try write(data, to: Path.join(whole, name))
            }
        }
    }

    /// `image` shrunk by 2 (a mean of 2×2 blocks, as `dzsave` makes its levels) to exactly `size`.
    private static func halved(_ image: Image, to size: (width: Int, height: Int)) throws -> Image {
        var half = try Operation.image("shrink", ["in": .image(image), "hshrink": .double(2), "vshrink": .double(2)])
        if half.width != size.width || half.height != size.height {
            // Odd sides: libvips rounds to nearest, IIIF up; an edge pixel repeated or cut off.
            half = try Operation.image("embed", ["in": .image(half), "x": .int(0), "y": .int(0), "width": .int(size.width),
                "height": .int(size.height), "extend": .string("copy")])
        }
        return try half.copyToMemory()
    }

    private static func write(_ data: Data, to path: String) throws(ItemFailure) {
        do {
            try AtomicFile.createFolder(Path.parent(of: path))
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw ItemFailure.write("cannot write \(path): \(error)")
        }
    }

    // MARK: The documents

    struct Size: Encodable {
        var width, height: Int
    }

    struct Tiles: Encodable {
        var width, height: Int
        var scaleFactors: [Int]
    }

    enum Profile: Encodable {
        case uri(String)
        case description(formats: [String], qualities: [String])

        func encode(to encoder: Encoder) throws {
            switch self {
            case .uri(let uri):
                var container = encoder.singleValueContainer()
                try container.encode(uri)
            case .description(let formats, let qualities):
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(formats, forKey: .formats)
                try container.encode(qualities, forKey: .qualities)
            }
        }

        enum CodingKeys: String, CodingKey { case formats, qualities }
    }

    /// Image API 2.1.
    struct Version2: Encodable {
        var context = "http://iiif.io/api/image/2/context.json"
        var id: String
        var `protocol` = "http://iiif.io/api/image"
        var width, height: Int
        var profile: [Profile]
        var sizes: [Size]
        var tiles: [Tiles]

        enum CodingKeys: String, CodingKey {
            case context = "@context", id = "@id", `protocol`, width, height, profile, sizes, tiles
        }
    }

    /// Image API 3.0.
    struct Version3: Encodable {
        var context = "http://iiif.io/api/image/3/context.json"
        var id: String
        var type = "ImageService3"
        var `protocol` = "http://iiif.io/api/image"
        var profile = "level0"
        var width, height: Int
        var sizes: [Size]
        var tiles: [Tiles]
        var preferredFormats: [String]?
        var extraFormats: [String]?

        enum CodingKeys: String, CodingKey {
            case context = "@context", id, type, `protocol`, profile, width, height, sizes, tiles, preferredFormats, extraFormats
        }
    }
}
