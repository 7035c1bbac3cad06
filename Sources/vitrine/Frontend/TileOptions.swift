import ArgumentKit
import Foundation
import VitrineKit

/// The options of zoom tiles and their zoom policy, shared by `tiles` and `thumbs --tiles`.
enum TileOptions {
    static let layout = Option.value("layout", placeholder: "LAYOUT", .choice, default: TileSpec().layout,
        help: "dz (Deep Zoom: <id>.dzi), iiif or iiif3 (IIIF Image API 2.1 or 3.0, level 0: <id>.iiif/), zoomify, google")
    static let tileSize = Option.value("tile-size", placeholder: "PX", .integer(in: 1...TileSpec.maximumTileSize),
        defaultDescription: TileLayout.allCases.map { "\($0.rawValue) \($0.defaultTileSize)" }.joined(separator: ", "),
        help: "tile side in pixels")
    static let overlap = Option.value("overlap", placeholder: "PX", .integer(in: 0...TileSpec.maximumTileSize),
        defaultDescription: "dz \(TileLayout.dz.defaultOverlap), others 0", help: "pixels each Deep Zoom tile repeats of its neighbours")
    static let container = Option.value("container", placeholder: "KIND", .choice, default: TileSpec().container,
        help: "fs: files and folders; zip: one archive <id>.zip per picture (ZIP64 when large)")
    static let baseURL = Option.value("base-url", placeholder: "URL", .string,
        help: "where DIR is served (http or https), for the IIIF ids; needed by --layout iiif and iiif3")
    /// - Parameter defaultDescription: how the command's default reads in help.
    static func minSize(describedAs defaultDescription: String) -> Option<Int?> {
        Option.value("min-size", placeholder: "PX", .integer(in: 0...Int(Int32.max)), defaultDescription: defaultDescription,
            help: "only pictures whose longest side is larger get tiles; the others get a zoom policy only")
    }
    static let viewport = Option.value("viewport", placeholder: "WxH", .size,
        defaultDescription: "\(ZoomOptions().viewportWidth)x\(ZoomOptions().viewportHeight)",
        help: "the screen zoom scales are relative to (1 = the picture fitted in it)")
    static let minScale = Option.value("min-scale", placeholder: "S", .number(in: 0.0001...1),
        defaultDescription: ZoomOptions.defaultMinScale.formatted(maxFractionDigits: 4),
        help: "smallest zoom scale (below 1 zooms out past the fitted picture)")
    static let maxScale = Option.value("max-scale", placeholder: "S", .number(in: 1...10_000), defaultDescription: "1:1 pixels",
        help: "largest zoom scale; never past 1:1 pixels without --above-original")
    static let aboveOriginal = Option.flag("above-original", help: "enlarge small pictures to fit, and let --max-scale zoom past 1:1 pixels")
    static let doubleTap = Option.value("double-tap", placeholder: "WHAT", .choice, default: ZoomOptions().doubleTap,
        help: "zoom (to \(DoubleTap.defaultScale.formatted(maxFractionDigits: 1))x, or the largest scale), none, or custom (--double-tap-scale)")
    static let doubleTapScale = Option.value("double-tap-scale", placeholder: "S", .number(in: 0.0001...10_000),
        help: "the scale --double-tap custom zooms to")
    static let iiifManifest = Option.value("iiif-manifest", placeholder: "FILE", .string,
        help: "also write a IIIF Presentation 3 manifest at DIR/FILE (IIIF layouts): canvases with the level-0 image services")

    /// - Parameter minSizeDefault: how the command's default `--min-size` reads in help.
    static func specs(minSizeDefault: String) -> [OptionSpec] {
        OptionSpec.list(layout, tileSize, overlap, container, baseURL, minSize(describedAs: minSizeDefault), viewport, minScale,
            maxScale, aboveOriginal, doubleTap, doubleTapScale, iiifManifest)
    }

    /// The tile settings asked for, checked; nil (after saying why) when they cannot work.
    static func spec(from command: ParsedCommand, format: TileFormat, quality: Int?, keepMetadata: Bool, minSize: Int) -> TileSpec? {
        var zoom = ZoomOptions()
        if let viewport = command[viewport] {
            guard let width = viewport.width, let height = viewport.height else {
                Diagnostics.usageError(SettingNames.message(ZoomOptions.Problem.viewport, in: command), commandPath: command.path)
                return nil
            }
            zoom.viewportWidth = width
            zoom.viewportHeight = height
        }
        zoom.minScale = command[minScale]
        zoom.maxScale = command[maxScale]
        zoom.aboveOriginal = command[aboveOriginal]
        zoom.doubleTap = command[doubleTap]
        zoom.doubleTapScale = command[doubleTapScale]
        let asked = TileSpec(layout: command[layout], tileSize: command[tileSize], overlap: command[overlap], format: format,
            quality: quality, container: command[container], baseURL: command[baseURL],
            minSize: command[Self.minSize(describedAs: "")] ?? minSize, keepMetadata: keepMetadata, zoom: zoom)
        do {
            let spec = try asked.checked()
            if let path = command[iiifManifest] { try IIIFPresentation.check(path: path, spec: spec) }
            return spec
        } catch let problem as any SettingProblem {
            Diagnostics.usageError(SettingNames.message(problem, in: command), commandPath: command.path)
        } catch {
            Diagnostics.usageError("\(error)", commandPath: command.path)
        }
        return nil
    }

    /// Writes the IIIF Presentation manifest `--iiif-manifest` asks for, if it does; false
    /// (after saying why) when it cannot be written.
    static func writePresentation(of manifest: Manifest, spec: TileSpec, outputFolder: String, command: ParsedCommand) -> Bool {
        guard let path = command[iiifManifest], let baseURL = spec.baseURL else { return true }
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
