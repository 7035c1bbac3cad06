import ArgumentKit
import Foundation
import VitrineKit

/// The options of zoom tiles and their zoom policy, shared by `tiles` and `thumbs --tiles`.
enum TileOptions {
    /// - Parameter minSizeDefault: how the command's default `--min-size` reads in help.
    static func specs(minSizeDefault: String) -> [OptionSpec] {
        let defaults = ZoomOptions()
        return [
            .value("layout", placeholder: "LAYOUT", type: .choice(TileLayout.allCases.map(\.rawValue)),
                defaultDescription: TileSpec().layout.rawValue,
                help: "dz (Deep Zoom: <id>.dzi), iiif or iiif3 (IIIF Image API 2.1 or 3.0, level 0: <id>.iiif/), zoomify, google"),
            .value("tile-size", placeholder: "PX", type: .integer(in: 1...TileSpec.maximumTileSize),
                defaultDescription: TileLayout.allCases.map { "\($0.rawValue) \($0.defaultTileSize)" }.joined(separator: ", "),
                help: "tile side in pixels"),
            .value("overlap", placeholder: "PX", type: .integer(in: 0...TileSpec.maximumTileSize),
                defaultDescription: "dz \(TileLayout.dz.defaultOverlap), others 0",
                help: "pixels each Deep Zoom tile repeats of its neighbours"),
            .value("container", placeholder: "KIND", type: .choice(TileContainer.allCases.map(\.rawValue)),
                defaultDescription: TileSpec().container.rawValue,
                help: "fs: files and folders; zip: one archive <id>.zip per picture (ZIP64 when large)"),
            .value("base-url", placeholder: "URL",
                help: "where DIR is served (http or https), for the IIIF ids; needed by --layout iiif and iiif3"),
            .value("min-size", placeholder: "PX", type: .integer(in: 0...Int(Int32.max)), defaultDescription: minSizeDefault,
                help: "only pictures whose longest side is larger get tiles; the others get a zoom policy only"),
            .value("viewport", placeholder: "WxH", type: .size,
                defaultDescription: "\(defaults.viewportWidth)x\(defaults.viewportHeight)",
                help: "the screen zoom scales are relative to (1 = the picture fitted in it)"),
            .value("min-scale", placeholder: "S", type: .number(in: 0.0001...1),
                defaultDescription: ZoomOptions.defaultMinScale.formatted(maxFractionDigits: 4),
                help: "smallest zoom scale (below 1 zooms out past the fitted picture)"),
            .value("max-scale", placeholder: "S", type: .number(in: 1...10_000), defaultDescription: "1:1 pixels",
                help: "largest zoom scale; never past 1:1 pixels without --above-original"),
            .flag("above-original", help: "enlarge small pictures to fit, and let --max-scale zoom past 1:1 pixels"),
            .value("double-tap", placeholder: "WHAT", type: .choice(DoubleTap.allCases.map(\.rawValue)),
                defaultDescription: defaults.doubleTap.rawValue,
                help: "zoom (to \(DoubleTap.defaultScale.formatted(maxFractionDigits: 1))x, or the largest scale), none, or custom (--double-tap-scale)"),
            .value("double-tap-scale", placeholder: "S", type: .number(in: 0.0001...10_000),
                help: "the scale --double-tap custom zooms to"),
            .value("iiif-manifest", placeholder: "FILE",
                help: "also write a IIIF Presentation 3 manifest at DIR/FILE (IIIF layouts): canvases with the level-0 image services"),
        ]
    }

    /// The tile settings asked for, checked; nil (after saying why) when they cannot work.
    static func spec(from command: ParsedCommand, format: TileFormat, quality: Int?, keepMetadata: Bool, minSize: Int) -> TileSpec? {
        let layout = command.value("layout").flatMap(TileLayout.init(rawValue:)) ?? TileSpec().layout
        var zoom = ZoomOptions()
        if let viewport = command.dimensions("viewport") {
            guard let width = viewport.width, let height = viewport.height else {
                Diagnostics.usageError(ZoomOptions.Problem.viewport.description, commandPath: command.path)
                return nil
            }
            zoom.viewportWidth = width
            zoom.viewportHeight = height
        }
        zoom.minScale = command.double("min-scale")
        zoom.maxScale = command.double("max-scale")
        zoom.aboveOriginal = command.flag("above-original")
        zoom.doubleTap = command.value("double-tap").flatMap(DoubleTap.init(rawValue:)) ?? zoom.doubleTap
        zoom.doubleTapScale = command.double("double-tap-scale")
        let asked = TileSpec(layout: layout, tileSize: command.int("tile-size"), overlap: command.int("overlap"), format: format,
            quality: quality, container: command.value("container").flatMap(TileContainer.init(rawValue:)) ?? TileSpec().container,
            baseURL: command.value("base-url"), minSize: command.int("min-size") ?? minSize, keepMetadata: keepMetadata, zoom: zoom)
        do {
            let spec = try asked.checked()
            if let path = command.value("iiif-manifest") { try IIIFPresentation.check(path: path, spec: spec) }
            return spec
        } catch let problem as TileSpec.Problem {
            Diagnostics.usageError(problem.description, commandPath: command.path)
        } catch {
            Diagnostics.usageError("\(error)", commandPath: command.path)
        }
        return nil
    }

    /// Writes the IIIF Presentation manifest `--iiif-manifest` asks for, if it does; false
    /// (after saying why) when it cannot be written.
    static func writePresentation(of manifest: Manifest, spec: TileSpec, outputFolder: String, command: ParsedCommand) -> Bool {
        guard let path = command.value("iiif-manifest"), let baseURL = spec.baseURL else { return true }
        let target = Path.join(outputFolder, path)
        do {
            try AtomicFile.write(try IIIFPresentation.manifest(of: manifest, baseURL: baseURL, path: path), to: target)
            return true
        } catch {
            Diagnostics.error("cannot write the IIIF manifest \(target): \(error)")
            return false
        }
    }
}
