import Foundation
import VipsKit

/// Tiles as an output kind: a pyramid of the upright sRGB picture, cut by `dzsave` in a
/// scratch folder beside the outputs and moved into place whole once it is complete (for Deep
/// Zoom the `_files` folder and the `.dzi` together, all or none: a `.dzi` only ever stands
/// beside its own complete pyramid), and the picture's zoom policy.
///
/// Tiles read every pixel (`sourceScale` 1), so beside thumbnails they share the item's one
/// decode, in memory, with them (see ``ItemPicture``) rather than reading the file a second
/// time: measured with `thumbs --tiles`, the two ways cost the same on small photos and the
/// shared decode less on large ones (figures in bench/README.md).
///
/// Paths never meet other items' files: ids hold only `a-z 0-9 - /`, and every pyramid's
/// name adds a `.` or `_` (`<id>.dzi` + `<id>_files/`, `<id>.iiif/`, `<id>.zoomify/`,
/// `<id>.google/`, `<id>.zip`).
extension TileSpec: OutputKind {
    public static let kindName = "tiles"

    /// What a pyramid is made of, as the manifest records it.
    public struct Made: Codable, Equatable, Sendable {
        public var levels: Int
    }

    /// Images only. A picture whose longest side is not above ``minSize`` gets no files, only
    /// its zoom policy (a target that reads and writes nothing).
    public func target(for item: PlanningItem) -> OutputTarget? {
        guard item.kind == .image else { return nil }
        guard max(item.width, item.height) > minSize else { return OutputTarget(paths: [], sourceScale: nil) }
        return OutputTarget(paths: paths(forID: item.id), sourceScale: 1, width: item.width, height: item.height)
    }

    /// What the pyramid of item `id` owns below the output folder, in the order it is put in place.
    public func paths(forID name: String) -> [String] {
        let id = Path.join(folder, name)
        return switch (container, layout) {
        case (.zip, _): [id + ".zip"]
        case (.fs, .dz): [id + "_files", id + layout.suffix]
        case (.fs, _): [id + layout.suffix]
        }
    }

    /// What the manifest's `tiles.path` names for item `id` (see ``ItemTiles/path``), and in a
    /// zip the same thing's path inside it.
    public func manifestPaths(forID name: String) -> (path: String, entry: String?) {
        let id = Path.join(folder, name)
        let described = { (base: String) -> String in
            switch self.layout {
            case .dz, .google: base + self.layout.suffix
            case .iiif, .iiif3: base + self.layout.suffix + "/info.json"
            case .zoomify: base + self.layout.suffix + "/ImageProperties.xml"
            }
        }
        return container == .zip ? (id + ".zip", described(Path.name(of: id))) : (described(id), nil)
    }

    /// The IIIF image service's id of item `id`: the base URL and the pyramid's folder.
    public func serviceID(forID id: String) -> String? { serviceID(atPath: Path.join(folder, id)) }

    /// The same of the pyramid at `path` below the output folder (``folder`` included), without
    /// the layout's suffix.
    func serviceID(atPath path: String) -> String? {
        guard layout.isIIIF, let baseURL else { return nil }
        return baseURL + "/" + path + layout.suffix
    }

    public func make(_ target: OutputTarget, from picture: ItemPicture, staging: Staging) throws -> Made? {
        guard let last = target.paths.last, let width = target.width, let height = target.height else { return nil }
        let id = String(last.dropLast(container == .zip ? ".zip".count : layout.suffix.count))
        let name = Path.name(of: id)
        var image = try picture.thumbnail(width: width, height: height)
        let geometry = TileGeometry(width: image.width, height: image.height, tileSize: tileSize)
        // IIIF also needs the full images: one decode in memory feeds the tiles and them.
        if layout.isIIIF {
            do { image = try image.copyToMemory() } catch { throw DecodeFailure(error: error) }
        }
        let scratch = try staging.scratchFolder()
        let tree = Path.join(scratch, "tree")
        do { try AtomicFile.createFolder(tree) } catch { throw ItemFailure.write(error.description) }
        let cutName = layout == .dz ? name : name + layout.suffix
        try TilePyramid.cut(image, spec: self, into: tree, name: cutName)
        // `id` is the pyramid's path below the output folder, its folder included.
        if let version = IIIFVersion(layout), let serviceID = serviceID(atPath: id) {
            let root = Path.join(tree, cutName)
            let info = try IIIFImageInfo.json(id: serviceID, geometry: geometry, version: version, format: format)
            do { try info.write(to: URL(fileURLWithPath: Path.join(root, "info.json"))) } catch {
                throw ItemFailure.write("cannot write \(root)/info.json: \(error)")
            }
            let encoding = Encoding(format: format.image, quality: quality, keepMetadata: keepMetadata ? .all : .none)
            try IIIFImageInfo.writeFullImages(of: image, geometry: geometry, version: version, encoding: encoding, into: root)
        }
        switch container {
        case .zip:
            let archive = Path.join(scratch, name + ".zip")
            do { try ZipArchive.write(folder: tree, to: archive) } catch { throw ItemFailure.write(error.description) }
            try staging.stageMove(archive, to: target.paths[0])
        case .fs where layout == .dz:
            try staging.stageMoves([(Path.join(tree, name + "_files"), target.paths[0]),
                (Path.join(tree, name + layout.suffix), target.paths[1])])
        case .fs:
            try staging.stageMove(Path.join(tree, cutName), to: target.paths[0])
        }
        return Made(levels: layout == .dz ? geometry.deepZoomLevels : geometry.scaleFactors.count)
    }

    /// Records the zoom policy of every picture planned, and the pyramid when one was made.
    public func fold(_ made: Made?, target: OutputTarget, into item: inout Item) {
        item.zoom = ZoomPolicy.zoom(width: item.width, height: item.height, options: zoom)
        guard let made else { return }
        let (path, entry) = manifestPaths(forID: item.id)
        item.tiles = ItemTiles(layout: layout, container: container, path: path, entry: entry, id: serviceID(forID: item.id),
            tileSize: tileSize, overlap: overlap, levels: made.levels, format: format)
    }
}
