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
        options: OptionSpec.list(output, format, quality, keepMetadata)
            + TileOptions.specs(minSizeDefault: String(TileSpec().minSize)) + InputOptions.specs + InputOptions.pictureSpecs + ReportPrinter.specs,
        positionals: [PositionalSpec(name: "INPUT", help: "file, folder, http(s) URL, or - for a list on stdin", arity: .zeroOrMore)])

    static let output = Option.value("output", short: "o", placeholder: "DIR", .string,
        help: "folder to write into (required); nothing is written elsewhere but a temporary folder in $TMPDIR, removed at the end")
    static let format = Option.value("format", short: "f", placeholder: "FORMAT", .choice, default: TileSpec().format, help: "tile format")
    static let quality = Option.value("quality", short: "q", placeholder: "Q", .integer(in: 1...100),
        defaultDescription: TileFormat.allCases.filter { $0 != .png }.map { "\($0.rawValue) \($0.defaultQuality)" }.joined(separator: ", "),
        help: "encoder quality")
    /// Whether every tile keeps the source's metadata: `all`, or `none` (the default).
    static let keepMetadata = Option.value("keep-metadata", placeholder: "WHAT", .choice(["none", "all"]), default: "none",
        help: "metadata kept in every tile: none, or all the source had")

    static func run(_ command: ParsedCommand) -> Int32 {
        guard RemoteInputOptions.hasInputs(command) else { return ExitStatus.usage }
        guard let output = command.requiredOutput(Self.output) else { return ExitStatus.usage }
        guard let scan = InputOptions.scanOptions(from: command),
              let tiles = TileOptions.spec(from: command, format: command[format], quality: command[quality],
                  keepMetadata: command[keepMetadata] == "all", minSize: TileSpec().minSize)
        else { return ExitStatus.usage }
        var options = GalleryOptions(outputs: [AnyOutput(tiles)], outputFolder: output)
        options.scan = scan
        return GalleryRun.run(command, options: options, tiles: tiles)
    }
}
