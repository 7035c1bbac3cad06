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
        options: OptionSpec.list(output, size, fit, fill, crop, retina, upscale, format, quality, keepMetadata, background, posterAt,
            badge, placeholder, tiles, tileFormat, tileQuality)
            + TileOptions.specs(minSizeDefault: "1.5 x the largest box") + InputOptions.specs + InputOptions.pictureSpecs + ReportPrinter.specs,
        positionals: [PositionalSpec(name: "INPUT", help: "file, folder, http(s) URL, or - for a list on stdin", arity: .zeroOrMore)])


    static let output = Option.value("output", short: "o", placeholder: "DIR", .string,
        help: "folder to write into (required); nothing is written elsewhere but a temporary folder in $TMPDIR, removed at the end")
    static let size = Option.repeatable("size", short: "s", placeholder: "SIZE", .box, defaultDescription: RenditionSpec.defaultBox.description,
        help: "box WxH, width W or height xH; repeat for more sizes")
    static let fit = Option.flag("fit", help: "whole picture inside the box (the default)")
    static let fill = Option.flag("fill", help: "fill the box exactly, cropping what does not fit")
    static let crop = Option.value("crop", placeholder: "WHERE",
        Conversion(.choice(RenditionSpec.Crop.spellings), convert: RenditionSpec.Crop.init(parsing:)), default: RenditionSpec(width: nil, height: nil).crop,
        help: "what --fill keeps: the most interesting part, the centre, or the busiest part")
    static let retina = Option.flag("retina", help: "also make an @2x rendition of each size (when the source has the pixels)")
    static let upscale = Option.flag("upscale", help: "enlarge sources smaller than the box")
    static let format = Option.value("format", short: "f", placeholder: "FORMAT", .choice, default: Encoding().format, help: "output format")
    static let quality = Option.value("quality", short: "q", placeholder: "Q", .integer(in: 1...100),
        defaultDescription: ImageFormat.allCases.filter { $0 != .png }.map { "\($0.rawValue) \($0.defaultQuality)" }.joined(separator: ", "),
        help: "encoder quality")
    static let keepMetadata = Option.value("keep-metadata", placeholder: "WHAT", .choice, default: Encoding().keepMetadata,
        help: "metadata kept in the outputs: none, copyright (EXIF Copyright and Artist only), all")
    static let background = Option.value("background", placeholder: "COLOUR", .colour, default: Encoding().background,
        describedAs: "white", help: "what transparent parts become in JPEG")
    static let posterAt = Option.value("poster-at", placeholder: "TIME", .posterTime, default: PosterTime.default,
        help: "where a video's poster frame is taken (black frames are passed over)")
    static let badge = Option.value("badge", placeholder: "WHAT", Conversion<RenditionSpec.Badge>.choice,
        help: "burn the video's duration (m:ss) into its thumbnails, bottom-right")
    static let placeholder = Option.value("placeholder", placeholder: "KIND", .choice, default: Placeholder.Kind.default,
        help: "each item's placeholder hash, for viewers to paint while loading: thumbhash, blurhash, none")
    static let tiles = Option.flag("tiles", help: "also make zoom tiles of every picture larger than --min-size (see 'vitrine tiles')")
    static let tileFormat = Option.value("tile-format", placeholder: "FORMAT", .choice, default: TileSpec().format, help: "--tiles: tile format")
    static let tileQuality = Option.value("tile-quality", placeholder: "Q", .integer(in: 1...100),
        defaultDescription: TileFormat.allCases.filter { $0 != .png }.map { "\($0.rawValue) \($0.defaultQuality)" }.joined(separator: ", "),
        help: "--tiles: tile encoder quality")
    /// The options that only apply with `--tiles`.
    static let tileOptions = OptionSpec.list(tileFormat, tileQuality) + TileOptions.specs(minSizeDefault: "")

    /// The rules between options: the first one broken, as said; nil when all hold.
    static func validate(_ command: ParsedCommand) -> String? {
        if command[fit] && command[fill] { return "\(fit.flagName) and \(fill.flagName) cannot be used together" }
        if command.isPresent(crop) && !command[fill] { return "\(crop.flagName) only applies with \(fill.flagName)" }
        if !command[tiles], let stray = tileOptions.first(where: { command.isPresent($0) }) {
            return "--\(stray.long) only applies with \(tiles.flagName)"
        }
        return nil
    }

    static func run(_ command: ParsedCommand) -> Int32 {
        guard RemoteInputOptions.hasInputs(command) else { return ExitStatus.usage }
        guard let (options, tiles) = options(from: command) else { return ExitStatus.usage }
        return GalleryRun.run(command, options: options, tiles: tiles)
    }

    /// The command's options, checked, and the tiles' when --tiles asks for them; nil (after
    /// saying why) when they cannot work.
    static func options(from command: ParsedCommand) -> (GalleryOptions, TileSpec?)? {
        guard let output = command.requiredOutput(Self.output) else { return nil }
        if let problem = validate(command) {
            Diagnostics.usageError(problem, commandPath: command.path)
            return nil
        }
        guard let scan = InputOptions.scanOptions(from: command) else { return nil }
        let encoding = Encoding(format: command[format], quality: command[quality], keepMetadata: command[keepMetadata],
            background: command[background])
        var thumbnails = ThumbnailOptions()
        do {
            thumbnails.renditions = try RenditionSet(boxes: command[size], mode: command[fill] ? .fill : .fit, crop: command[crop],
                retina: command[retina], upscale: command[upscale], encoding: encoding, badge: command[badge]).specs
        } catch {
            Diagnostics.usageError(SettingNames.message(error, in: command), commandPath: command.path)
            return nil
        }
        thumbnails.placeholder = command[placeholder]
        var tiles: TileSpec?
        if command[Self.tiles] {
            guard let spec = TileOptions.spec(from: command, format: command[tileFormat], quality: command[tileQuality],
                keepMetadata: encoding.keepMetadata == .all, minSize: TileSpec.defaultMinSize(besides: thumbnails.renditions))
            else { return nil }
            tiles = spec
        }
        var options = GalleryOptions(outputs: thumbnails.outputs + (tiles.map { [AnyOutput($0)] } ?? []), outputFolder: output)
        options.scan = scan
        options.posterAt = command[posterAt]
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
