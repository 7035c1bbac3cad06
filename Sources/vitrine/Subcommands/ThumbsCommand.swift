import ArgumentKit
import Foundation
import VitrineKit

/// `vitrine thumbs INPUT... -o DIR`: renditions of every photo, and the manifest listing them.
enum ThumbsCommand {
    static let spec = CommandSpec(
        name: "thumbs",
        abstract: "Make thumbnails (and other sizes) of every photo into DIR; print the manifest.",
        discussion: """
            Inputs and ordering are exactly as for 'vitrine scan' (URLs are downloaded into
            DIR/.vitrine/cache unless --cache says otherwise). Every output is upright (EXIF
            orientation applied) and in sRGB (converted from any embedded profile; sRGB is
            assumed without one). Sources are never enlarged unless --upscale is given. A video's
            renditions come from one poster frame taken by ffmpeg at --poster-at.
            Files are written as DIR/<id>-<box>[@2x].<ext>, e.g. DIR/beach/dsc-0042-256x256.jpg,
            each through a temporary file and a rename, so an interrupted run leaves no partial
            image. The manifest lists each item's renditions, smallest first, with paths
            relative to DIR, and a placeholder hash (--placeholder, default ThumbHash) that a viewer
            can paint while they load. Captions are read as 'vitrine scan' reads them.
            With --tiles, zoom tiles are made in the same run, from the same decode, as
            'vitrine tiles' makes them (the tile options below), of pictures larger than
            --min-size (default 1.5 times the largest box).
            """,
        options: [
            .value("output", short: "o", placeholder: "DIR", help: "folder to write into (required); nothing is written elsewhere but a temporary folder in $TMPDIR, removed at the end"),
            .value("size", short: "s", placeholder: "SIZE", type: .size, repeatable: true,
                defaultDescription: RenditionSpec.defaultBox.description, help: "box WxH, width W or height xH; repeat for more sizes"),
            .flag("fit", help: "whole picture inside the box (the default)"),
            .flag("fill", help: "fill the box exactly, cropping what does not fit"),
            .value("crop", placeholder: "WHERE", type: .choice(RenditionSpec.Crop.spellings),
                defaultDescription: RenditionSpec.Crop.attention.rawValue,
                help: "what --fill keeps: the most interesting part, the centre, or the busiest part"),
            .flag("retina", help: "also make an @2x rendition of each size (when the source has the pixels)"),
            .flag("upscale", help: "enlarge sources smaller than the box"),
            .value("format", short: "f", placeholder: "FORMAT", type: .choice(ImageFormat.allCases.map(\.rawValue)),
                defaultDescription: Encoding().format.rawValue, help: "output format"),
            .value("quality", short: "q", placeholder: "Q", type: .integer(in: 1...100),
                defaultDescription: ImageFormat.allCases.filter { $0 != .png }.map { "\($0.rawValue) \($0.defaultQuality)" }
                    .joined(separator: ", "),
                help: "encoder quality"),
            .value("keep-metadata", placeholder: "WHAT", type: .choice(Encoding.MetadataPolicy.allCases.map(\.rawValue)),
                defaultDescription: Encoding().keepMetadata.rawValue,
                help: "metadata kept in the outputs: none, copyright (EXIF Copyright and Artist only), all"),
            .value("background", placeholder: "COLOUR", type: .custom(name: "a colour like #ffffff, 255,255,255 or white",
                validate: { Colour.parse($0) == nil ? "" : nil }),
                defaultDescription: "white", help: "what transparent parts become in JPEG"),
            .value("poster-at", placeholder: "TIME", type: .custom(name: "seconds like 2.5 or a percentage like 10%",
                validate: { PosterTime(parsing: $0) == nil ? "" : nil }),
                defaultDescription: PosterTime.default.description, help: "where a video's poster frame is taken (black frames are passed over)"),
            .value("badge", placeholder: "WHAT", type: .choice(RenditionSpec.Badge.allCases.map(\.rawValue)),
                help: "burn the video's duration (m:ss) into its thumbnails, bottom-right"),
            .value("placeholder", placeholder: "KIND", type: .choice(Placeholder.Kind.allCases.map(\.rawValue)),
                defaultDescription: Placeholder.Kind.default.rawValue,
                help: "each item's placeholder hash, for viewers to paint while loading: thumbhash, blurhash, none"),
            .flag("tiles", help: "also make zoom tiles of every picture larger than --min-size (see 'vitrine tiles')"),
            .value("tile-format", placeholder: "FORMAT", type: .choice(TileFormat.allCases.map(\.rawValue)),
                defaultDescription: TileSpec().format.rawValue, help: "--tiles: tile format"),
            .value("tile-quality", placeholder: "Q", type: .integer(in: 1...100),
                defaultDescription: TileFormat.allCases.filter { $0 != .png }.map { "\($0.rawValue) \($0.defaultQuality)" }
                    .joined(separator: ", "),
                help: "--tiles: tile encoder quality"),
        ] + TileOptions.specs(minSizeDefault: "1.5 x the largest box") + InputOptions.specs + ReportPrinter.specs,
        positionals: [PositionalSpec(name: "INPUT", help: "file, folder, http(s) URL, or - for a list on stdin", arity: .zeroOrMore)])

    static func run(_ command: ParsedCommand) -> Int32 {
        guard RemoteInputOptions.hasInputs(command) else { return ExitStatus.usage }
        guard let (options, tiles) = options(from: command) else { return ExitStatus.usage }
        return GalleryRun.run(command, options: options, tiles: tiles)
    }

    /// The command's options, checked, and the tiles' when --tiles asks for them; nil (after
    /// saying why) when they cannot work.
    static func options(from command: ParsedCommand) -> (GalleryOptions, TileSpec?)? {
        guard let output = command.requiredOutput() else { return nil }
        if command.flag("fit") && command.flag("fill") {
            Diagnostics.usageError("--fit and --fill cannot be used together", commandPath: command.path)
            return nil
        }
        if command.isPresent("crop") && !command.flag("fill") {
            Diagnostics.usageError("--crop only applies with --fill", commandPath: command.path)
            return nil
        }
        guard let scan = InputOptions.scanOptions(from: command) else { return nil }
        let encoding = Encoding(
            format: command.value("format").flatMap(ImageFormat.init(rawValue:)) ?? Encoding().format,
            quality: command.int("quality"),
            keepMetadata: command.value("keep-metadata").flatMap(Encoding.MetadataPolicy.init(rawValue:)) ?? Encoding().keepMetadata,
            background: command.value("background").flatMap(Colour.parse) ?? Encoding().background)
        var thumbnails = ThumbnailOptions()
        do {
            thumbnails.renditions = try RenditionSet(
                boxes: command.values("size").compactMap(Dimensions.init(parsing:)).map { Box(width: $0.width, height: $0.height) },
                mode: command.flag("fill") ? .fill : .fit,
                crop: command.value("crop").flatMap(RenditionSpec.Crop.init(parsing:)) ?? .attention,
                retina: command.flag("retina"), upscale: command.flag("upscale"), encoding: encoding,
                badge: command.value("badge").flatMap(RenditionSpec.Badge.init(rawValue:))).specs
        } catch {
            Diagnostics.usageError(error.description, commandPath: command.path)
            return nil
        }
        thumbnails.placeholder = command.value("placeholder").flatMap(Placeholder.Kind.init(rawValue:)) ?? thumbnails.placeholder
        var tiles: TileSpec?
        if command.flag("tiles") {
            guard let spec = TileOptions.spec(from: command,
                format: command.value("tile-format").flatMap(TileFormat.init(rawValue:)) ?? TileSpec().format,
                quality: command.int("tile-quality"), keepMetadata: encoding.keepMetadata == .all,
                minSize: TileSpec.defaultMinSize(besides: thumbnails.renditions))
            else { return nil }
            tiles = spec
        } else if let stray = (["tile-format", "tile-quality"] + TileOptions.specs(minSizeDefault: "").map(\.long))
            .first(where: command.isPresent) {
            Diagnostics.usageError("--\(stray) only applies with --tiles", commandPath: command.path)
            return nil
        }
        var options = GalleryOptions(outputs: thumbnails.outputs + (tiles.map { [AnyOutput($0)] } ?? []), outputFolder: output)
        options.scan = scan
        options.posterAt = command.value("poster-at").flatMap(PosterTime.init(parsing:)) ?? options.posterAt
        return (options, tiles)
    }
}

/// Colours on the command line: `#rrggbb`, `rrggbb`, `R,G,B` (0–255), or a few names.
enum Colour {
    static func parse(_ text: String) -> [Double]? {
        let names: [String: [Double]] = ["white": [255, 255, 255], "black": [0, 0, 0], "grey": [128, 128, 128], "gray": [128, 128, 128]]
        if let named = names[text.lowercased()] { return named }
        let parts = text.split(separator: ",")
        if parts.count == 3 {
            let values = parts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            return values.count == 3 && values.allSatisfy { (0...255).contains($0) } ? values.map(Double.init) : nil
        }
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6, let value = Int(hex, radix: 16) else { return nil }
        return [Double((value >> 16) & 0xff), Double((value >> 8) & 0xff), Double(value & 0xff)]
    }
}
