import Foundation
import VipsKit

/// Cuts a pyramid with libvips' `dzsave` into a folder, and takes out what libvips adds that
/// vitrine never publishes.
enum TilePyramid {
    /// The file `dzsave` (8.14) always writes beside the tiles, whatever `properties` says: a
    /// dump of every metadata field of the picture, full EXIF and GPS position included.
    static let propertiesFileName = "vips-properties.xml"

    /// Writes the pyramid of `image` (upright, sRGB) into `folder`, named `name`: Deep Zoom
    /// makes `name.dzi` and `name_files/`; the other layouts a folder `name`. Tiles carry no
    /// metadata unless `spec.keepMetadata`; libvips' properties file is removed.
    static func cut(_ image: Image, spec: TileSpec, into folder: String, name: String) throws {
        var image = image
        // JPEG has no alpha: transparent parts become white, as in renditions (and as
        // dzsave's own background), before any tile is cut.
        if spec.format == .jpeg && image.hasAlpha {
            image = try Operation.image("flatten", ["in": .image(image), "background": .doubles(Encoding().background)])
        }
        let arguments: [String: Argument] = [
            "in": .image(image),
            "filename": .string(Path.join(folder, name)),
            "layout": .string(spec.layout.rawValue),
            "tile_size": .int(spec.tileSize),
            "overlap": .int(spec.overlap),
            "suffix": .string(suffix(for: spec)),
            // Deep Zoom goes down to 1×1 pixel, the others stop inside one tile (libvips'
            // defaults, said here since the geometry recorded in the manifest depends on it).
            "depth": .string(spec.layout == .dz ? "onepixel" : "onetile"),
            // Google's layout would replace tiles close to white by its blank.png: every tile
            // a viewer asks for exists instead.
            "skip_blanks": .int(-1),
            "no_strip": .bool(spec.keepMetadata),
        ]
        do {
            try Operation.call("dzsave", arguments, outputs: [])
        } catch {
            // The pixels are decoded as the tiles are written: a failure that does not name the
            // folder written into is the source's.
            if error.message.contains(folder) { throw OutputSideFailure(message: error.message) }
            throw DecodeFailure(error: error)
        }
        let root = spec.layout == .dz ? Path.join(folder, name + "_files") : Path.join(folder, name)
        // On a full disk dzsave can end without an error and without its descriptor.
        let descriptor = spec.layout == .dz ? Path.join(folder, name + ".dzi") : root
        guard FileStat.exists(descriptor) else {
            let reason = OutputSide.isFullOrReadOnly(folder) ? ": " + String(cString: strerror(ENOSPC)) : ""
            throw OutputSideFailure(message: "dzsave wrote no \(Path.name(of: descriptor))" + reason)
        }
        AtomicFile.remove(Path.join(root, propertiesFileName))
    }

    /// The tiles' file suffix with the saver's options: `.jpg[Q=82]`, `.webp[Q=80]`, `.png`.
    static func suffix(for spec: TileSpec) -> String {
        spec.format == .png ? ".png" : ".\(spec.format.fileExtension)[Q=\(spec.effectiveQuality)]"
    }

    /// Every file below `folder`, as paths relative to it, sorted by bytes: what a zip holds.
    /// (readdir's own file types: a pyramid can hold a hundred thousand tiles.)
    static func files(below folder: String) -> [String] {
        var files: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            guard let directory = opendir(relative.isEmpty ? folder : Path.join(folder, relative)) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard name != ".", name != ".." else { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR): pending.append(path)
                case Int32(DT_REG): files.append(path)
                default: break
                }
            }
        }
        return files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
