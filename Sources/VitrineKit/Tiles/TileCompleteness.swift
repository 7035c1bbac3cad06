/// Whether a pyramid an earlier build made is all there, by its layout: its descriptor, and
/// every level (a folder, or a level's first tile where levels share folders). A rebuild asks
/// it of every kept pyramid, so it looks at a few paths a level, never at every tile: a level or
/// a descriptor deleted by hand is noticed and the pyramid made again; a single tile is not.
extension TileSpec {
    public static var completenessReadsProduct: Bool { true }

    public func isComplete(_ target: OutputTarget, product: Made?, in folder: String) -> Bool {
        guard let last = target.paths.last, let product else { return target.paths.isEmpty }
        let base = Path.join(folder, last)
        switch container {
        case .zip: return FileStat.isFile(base)
        case .fs: break
        }
        let geometry = TileGeometry(width: target.width ?? 1, height: target.height ?? 1, tileSize: tileSize)
        let tile = "." + format.fileExtension
        switch layout {
        case .dz:
            // `<id>_files/0` … `levels - 1`, as the state recorded them.
            let files = Path.join(folder, target.paths[0])
            return FileStat.isFile(base) && product.levels > 0
                && (0..<product.levels).allSatisfy { FileStat.isFolder(Path.join(files, String($0))) }
        case .google:
            // `<z>/0/0.ext` for every zoom level z, 0 the smallest.
            return product.levels == geometry.scaleFactors.count
                && (0..<product.levels).allSatisfy { FileStat.isFile(Path.join(base, "\($0)/0/0" + tile)) }
        case .zoomify:
            return FileStat.isFile(Path.join(base, "ImageProperties.xml")) && product.levels == geometry.scaleFactors.count
                && zoomifyFirstTiles(geometry).allSatisfy { FileStat.isFile(Path.join(base, $0 + tile)) }
        case .iiif, .iiif3:
            guard let version = IIIFVersion(layout), product.levels == geometry.scaleFactors.count,
                FileStat.isFile(Path.join(base, "info.json"))
            else { return false }
            let whole = "full/" + version.fullSizeSegment + "/0/default" + tile
            return FileStat.isFile(Path.join(base, whole)) && geometry.scaleFactors.allSatisfy { factor in
                // The level's first tile (region 0,0) and its full image.
                let step = tileSize * factor, size = geometry.size(atScaleFactor: factor)
                let region = min(step, geometry.width), regionHeight = min(step, geometry.height)
                let first = IIIFTile(x: 0, y: 0, regionWidth: region, regionHeight: regionHeight,
                    width: TileGeometry.scaled(region, by: factor), height: TileGeometry.scaled(regionHeight, by: factor))
                let full = "full/" + version.sizeSegment(width: size.width, height: size.height) + "/0/default" + tile
                return FileStat.isFile(Path.join(base, first.path(version: version, fileExtension: format.fileExtension)))
                    && FileStat.isFile(Path.join(base, full))
            }
        }
    }

    /// `TileGroup<g>/<level>-0-0` of every Zoomify level: tiles are numbered from the smallest
    /// level up, row by row, 256 to a `TileGroup` folder.
    private func zoomifyFirstTiles(_ geometry: TileGeometry) -> [String] {
        var index = 0
        return geometry.scaleFactors.reversed().enumerated().map { level, factor in
            let size = geometry.size(atScaleFactor: factor)
            defer { index += TileGeometry.scaled(size.width, by: tileSize) * TileGeometry.scaled(size.height, by: tileSize) }
            return "TileGroup\(index / 256)/\(level)-0-0"
        }
    }
}
