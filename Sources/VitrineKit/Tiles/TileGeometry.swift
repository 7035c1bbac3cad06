/// The shape of a pyramid as libvips' `dzsave` cuts it: each level half the one above,
/// rounded up, so that the level at scale factor s is `ceil(w / s)` × `ceil(h / s)`, as the
/// IIIF Image API defines sizes.
public struct TileGeometry: Equatable, Sendable {
    /// Upright size of the full-resolution picture.
    public var width: Int
    public var height: Int
    public var tileSize: Int

    public init(width: Int, height: Int, tileSize: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.tileSize = max(1, tileSize)
    }

    /// `ceil(side / factor)`.
    public static func scaled(_ side: Int, by factor: Int) -> Int { (side + factor - 1) / factor }

    /// The size at scale factor `factor` (a power of 2): `ceil(w / s)` × `ceil(h / s)`.
    public func size(atScaleFactor factor: Int) -> (width: Int, height: Int) {
        (Self.scaled(width, by: factor), Self.scaled(height, by: factor))
    }

    /// Deep Zoom levels: halving down to 1×1, so `ceil(log2(max(w, h))) + 1`.
    public var deepZoomLevels: Int {
        var side = max(width, height), levels = 1
        while side > 1 {
            side = (side + 1) / 2
            levels += 1
        }
        return levels
    }

    /// The scale factors of the other layouts, which stop at the first level inside one tile:
    /// `[1, 2, 4, …]`; `[1]` for a picture no larger than a tile.
    public var scaleFactors: [Int] {
        var factors = [1]
        while true {
            let size = self.size(atScaleFactor: factors.last!)
            guard size.width > tileSize || size.height > tileSize else { return factors }
            factors.append(factors.last! * 2)
        }
    }

    /// Every IIIF tile a level-0 viewer can ask for, in full-resolution coordinates, with the
    /// size it is delivered at: tiles of `tileSize × factor` source pixels; at the right and
    /// bottom edges the exact remainder, and a size of `ceil(region / factor)`.
    public func iiifTiles() -> [IIIFTile] {
        scaleFactors.flatMap { factor -> [IIIFTile] in
            let step = tileSize * factor
            return stride(from: 0, to: height, by: step).flatMap { y in
                stride(from: 0, to: width, by: step).map { x in
                    let regionWidth = min(step, width - x), regionHeight = min(step, height - y)
                    return IIIFTile(x: x, y: y, regionWidth: regionWidth, regionHeight: regionHeight,
                        width: Self.scaled(regionWidth, by: factor), height: Self.scaled(regionHeight, by: factor))
                }
            }
        }
    }
}

/// One IIIF tile: a region of the full-resolution picture and the size it is delivered at.
public struct IIIFTile: Equatable, Sendable {
    public var x, y, regionWidth, regionHeight: Int
    public var width, height: Int

    /// Its path below the image's folder, as level-0 viewers ask for it: `region/size/0/default.ext`,
    /// with the size as `w,` (Image API 2) or `w,h` (3).
    public func path(version: IIIFVersion, fileExtension: String) -> String {
        "\(x),\(y),\(regionWidth),\(regionHeight)/" + version.sizeSegment(width: width, height: height)
            + "/0/default." + fileExtension
    }
}

/// The IIIF Image API version of a layout.
public enum IIIFVersion: Sendable {
    case two, three

    init?(_ layout: TileLayout) {
        switch layout {
        case .iiif: self = .two
        case .iiif3: self = .three
        default: return nil
        }
    }

    /// The canonical size segment: `w,` in 2, `w,h` in 3.
    func sizeSegment(width: Int, height: Int) -> String {
        self == .two ? "\(width)," : "\(width),\(height)"
    }

    /// The size segment of the whole picture at full size: `full` in 2, `max` in 3.
    var fullSizeSegment: String { self == .two ? "full" : "max" }
}
