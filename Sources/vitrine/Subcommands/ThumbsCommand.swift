import ArgumentKit
import Foundation
import VitrineKit

/// `vitrine thumbs INPUT... -o DIR`: renditions of every photo, and the manifest listing them.
enum ThumbsCommand {
    static let spec = CommandSpec(
        name: "thumbs",
        abstract: "Make thumbnails (and other sizes) of every photo into DIR; print the manifest.",
        discussion: """
            Inputs and ordering are exactly as for 'vitrine scan'. Every output is upright (EXIF
            orientation applied) and in sRGB (converted from any embedded profile; sRGB is
            assumed without one). Sources are never enlarged unless --upscale is given. A video's
            renditions come from one poster frame taken by ffmpeg at --poster-at.
            Files are written as DIR/<id>-<box>[@2x].<ext>, e.g. DIR/beach/dsc-0042-256x256.jpg,
            each through a temporary file and a rename, so an interrupted run leaves no partial
            image. The manifest lists each item's renditions, smallest first, with paths
            relative to DIR, and a placeholder hash (--placeholder, default ThumbHash) that a viewer
            can paint while they load. Captions are read as 'vitrine scan' reads them.
            """,
        options: [
            .value("output", short: "o", placeholder: "DIR", help: "folder to write into (required)"),
            .value("size", short: "s", placeholder: "SIZE", type: .size, repeatable: true,
                defaultDescription: "256x256", help: "box WxH, width W or height xH; repeat for more sizes"),
            .flag("fit", help: "whole picture inside the box (the default)"),
            .flag("fill", help: "fill the box exactly, cropping what does not fit"),
            .value("crop", placeholder: "WHERE", type: .choice(["attention", "centre", "center", "entropy"]),
                defaultDescription: "attention", help: "what --fill keeps: the most interesting part, the centre, or the busiest part"),
            .flag("retina", help: "also make an @2x rendition of each size (when the source has the pixels)"),
            .flag("upscale", help: "enlarge sources smaller than the box"),
            .value("format", short: "f", placeholder: "FORMAT", type: .choice(ImageFormat.allCases.map(\.rawValue)),
                defaultDescription: "jpeg", help: "output format"),
            .value("quality", short: "q", placeholder: "Q", type: .integer(in: 1...100),
                defaultDescription: "jpeg 82, webp 80, avif 55", help: "encoder quality"),
            .value("keep-metadata", placeholder: "WHAT", type: .choice(Encoding.MetadataPolicy.allCases.map(\.rawValue)),
                defaultDescription: "none", help: "metadata kept in the outputs: none, copyright (EXIF Copyright and Artist only), all"),
            .value("background", placeholder: "COLOUR", type: .custom(name: "a colour like #ffffff, 255,255,255 or white",
                validate: { Colour.parse($0) == nil ? "" : nil }),
                defaultDescription: "white", help: "what transparent parts become in JPEG"),
            .value("poster-at", placeholder: "TIME", type: .custom(name: "seconds like 2.5 or a percentage like 10%",
                validate: { PosterTime(parsing: $0) == nil ? "" : nil }),
                defaultDescription: "10%", help: "where a video's poster frame is taken (black frames are passed over)"),
            .value("badge", placeholder: "WHAT", type: .choice(["duration"]),
                help: "burn the video's duration (m:ss) into its thumbnails, bottom-right"),
            .value("placeholder", placeholder: "KIND", type: .choice(Placeholder.Kind.allCases.map(\.rawValue)),
                defaultDescription: "thumbhash", help: "each item's placeholder hash, for viewers to paint while loading: thumbhash, blurhash, none"),
        ] + InputOptions.specs + ReportPrinter.specs,
        positionals: [PositionalSpec(name: "INPUT", help: "file, folder, or - for a list on stdin", arity: .oneOrMore)])

    static func run(_ command: ParsedCommand) -> Int32 {
        guard let output = command.value("output"), !output.isEmpty else {
            Diagnostics.usageError("missing option '--output DIR'", commandPath: command.path)
            return ExitStatus.usage
        }
        if command.flag("fit") && command.flag("fill") {
            Diagnostics.usageError("--fit and --fill cannot be used together", commandPath: command.path)
            return ExitStatus.usage
        }
        if command.isPresent("crop") && !command.flag("fill") {
            Diagnostics.usageError("--crop only applies with --fill", commandPath: command.path)
            return ExitStatus.usage
        }
        let largest = command.values("size").compactMap(Dimensions.init(parsing:))
            .flatMap { [$0.width, $0.height].compactMap { $0 } }.max() ?? 0
        let density = command.flag("retina") ? 2 : 1
        if largest * density > maximumSide {
            let asked = density == 1 ? "--size \(largest)" : "--size \(largest) with --retina (\(largest * density) px)"
            Diagnostics.usageError("\(asked) is larger than \(maximumSide) pixels", commandPath: command.path)
            return ExitStatus.usage
        }
        var options = ThumbnailOptions(outputDirectory: output)
        guard let scanOptions = InputOptions.scanOptions(from: command) else { return ExitStatus.usage }
        options.scan = scanOptions
        options.specs = specs(from: command)
        options.posterAt = command.value("poster-at").flatMap(PosterTime.init(parsing:)) ?? .percent(10)
        options.durationBadge = command.value("badge") == "duration"
        options.placeholder = command.value("placeholder").flatMap(Placeholder.Kind.init(rawValue:)) ?? .thumbhash
        do {
            try AtomicFile.createFolder(output)
        } catch {
            let reason = (error as? AtomicFileError)?.reason ?? InputWalker.describe(error)
            Diagnostics.error("cannot create the output folder \(output): \(reason)")
            return ExitStatus.fatal
        }
        return ReportPrinter.run(command) { pool, inputs, readList throws(ScanError) in
            try ThumbnailBuilder(options: options, pool: pool).build(inputs, readList: readList)
        }
    }

    /// The largest box side accepted: well past any screen, well short of a decompression bomb.
    static let maximumSide = 16384

    static func specs(from command: ParsedCommand) -> [RenditionSpec] {
        let sizes = command.values("size").compactMap(Dimensions.init(parsing:))
        let boxes = sizes.isEmpty ? [Dimensions(width: 256, height: 256)] : sizes
        let crop = command.value("crop").map { $0 == "center" ? "centre" : $0 }.flatMap(RenditionSpec.Crop.init(rawValue:))
        let encoding = Encoding(
            format: command.value("format").flatMap(ImageFormat.init(rawValue:)) ?? .jpeg,
            quality: command.int("quality"),
            keepMetadata: command.value("keep-metadata").flatMap(Encoding.MetadataPolicy.init(rawValue:)) ?? .none,
            background: command.value("background").flatMap(Colour.parse) ?? [255, 255, 255])
        let scales = command.flag("retina") ? [1, 2] : [1]
        let all = boxes.flatMap { box in
            scales.map { scale in
                RenditionSpec(width: box.width, height: box.height, mode: command.flag("fill") ? .fill : .fit,
                    crop: crop ?? .attention, scale: scale, upscale: command.flag("upscale"), encoding: encoding)
            }
        }
        // `-s 256 -s 256` asks for one file, not two writes of it.
        var seen = Set<String>()
        return all.filter { seen.insert($0.fileSuffix).inserted }
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
