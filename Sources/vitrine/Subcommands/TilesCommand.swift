import ArgumentKit
import Foundation
import VitrineKit

/// `vitrine tiles INPUT... -o DIR`: a zoom pyramid of every picture, and the manifest with
/// each one's tiles and zoom policy.
enum TilesCommand {
    static let spec = CommandSpec(
        name: "tiles",
        abstract: "Make zoom tiles (Deep Zoom, IIIF, Zoomify, Google) of every picture into DIR; print the manifest.",
        discussion: """
            Inputs and ordering are exactly as for 'vitrine scan'. Each picture is decoded once,
            upright (EXIF orientation applied) and in sRGB, and cut into a pyramid by libvips'
            dzsave: DIR/<id>.dzi and DIR/<id>_files/ (dz), DIR/<id>.iiif/ (iiif, iiif3),
            DIR/<id>.zoomify/, DIR/<id>.google/, or DIR/<id>.zip (--container zip). A pyramid is
            made in a temporary folder beside it and moved into place when complete, so an
            interrupted run never leaves a pyramid that looks finished. Tiles carry no metadata
            (libvips' vips-properties.xml, which holds the full EXIF, is never written out).
            IIIF folders are level-0 image services that viewers and the IIIF validator accept:
            vitrine writes info.json itself, with 'sizes' and 'tiles', and the whole picture at
            every size it lists. Each item's manifest entry gets 'tiles' and a 'zoom' policy
            (scales relative to the picture fitted in --viewport); pictures no larger than
            --min-size get the policy only.
            """,
        options: [
            .value("output", short: "o", placeholder: "DIR", help: "folder to write into (required); nothing is written elsewhere but a temporary folder in $TMPDIR, removed at the end"),
            .value("format", short: "f", placeholder: "FORMAT", type: .choice(TileFormat.allCases.map(\.rawValue)),
                defaultDescription: TileSpec().format.rawValue, help: "tile format"),
            .value("quality", short: "q", placeholder: "Q", type: .integer(in: 1...100),
                defaultDescription: TileFormat.allCases.filter { $0 != .png }.map { "\($0.rawValue) \($0.defaultQuality)" }
                    .joined(separator: ", "),
                help: "encoder quality"),
            .value("keep-metadata", placeholder: "WHAT", type: .choice(["none", "all"]), defaultDescription: "none",
                help: "metadata kept in every tile: none, or all the source had"),
        ] + TileOptions.specs(minSizeDefault: String(TileSpec().minSize)) + InputOptions.specs + ReportPrinter.specs,
        positionals: [PositionalSpec(name: "INPUT", help: "file, folder, http(s) URL, or - for a list on stdin", arity: .zeroOrMore)])

    static func run(_ command: ParsedCommand) -> Int32 {
        guard RemoteInputOptions.hasInputs(command) else { return ExitStatus.usage }
        guard let output = command.requiredOutput() else { return ExitStatus.usage }
        guard let scan = InputOptions.scanOptions(from: command),
              let tiles = TileOptions.spec(from: command, format: command.value("format").flatMap(TileFormat.init(rawValue:)) ?? .jpeg,
                  quality: command.int("quality"), keepMetadata: command.value("keep-metadata") == "all", minSize: TileSpec().minSize)
        else { return ExitStatus.usage }
        var options = GalleryOptions(outputs: [AnyOutput(tiles)], outputFolder: output)
        options.scan = scan
        return GalleryRun.run(command, options: options, tiles: tiles)
    }
}
