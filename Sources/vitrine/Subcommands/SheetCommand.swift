import ArgumentKit
import Foundation
import VitrineKit

/// `vitrine sheet INPUT... -o FILE`: contact sheets of a gallery; `--frames N`: one sheet of
/// frames per video.
enum SheetCommand {
    static let spec = CommandSpec(
        name: "sheet",
        abstract: "Make contact sheets: every item a numbered cell with its caption, page by page; or, with --frames, one sheet of frames per video.",
        discussion: """
            Inputs, ordering and captions are exactly as for 'vitrine scan'; with --manifest a
            manifest (a merge of shards) is used as it is, its order, captions, durations and
            selection included, and nothing is scanned. Each cell shows the item upright, in sRGB,
            its number (1-based) bottom-left, a video's duration bottom-right, its place in the
            selection top-left in a circle, and its caption below, cut to the cell with '…'.
            Files that could not be read get a grey cell with their name after the items
            (--skip-bad leaves them out); they are named on stderr and the exit status is 1.
            Page size: width = 2·margin + columns·cellW + (columns−1)·gap; height = 2·margin +
            header + rows·(cellH + caption) + (rows−1)·gap + footer, where caption is 0, or
            \(SheetLayout.captionTop) + \(SheetLayout.captionLineHeight)·lines; header \(SheetLayout.titleBand) with a title, else 0; footer \(SheetLayout.footerBand)
            unless --footer none. Several pages make FILE into FILE-001.jpg, FILE-002.jpg…
            unless it holds a %03d-style number. The manifest printed gains "sheets".
            -o is a folder when it is an existing folder or ends in '/' (the sheet is then
            DIR/\(SheetDestination.defaultSheetName).jpg), else a file name.
            With --frames N, each video gets a sheet (FILE; with several videos FILE-<id>.jpg
            unless FILE holds %s for the id; in a folder DIR/<id>-sheet.jpg): N frames at
            evenly spaced times of its video stream (2 % left out at each end; black frames
            passed over) in ⌈√N⌉ columns, each with its time, under a header with the file's
            name, duration, size, codec and bytes; the item gains "sheet". See vitrine-sheet(1).
            """,
        options: OptionSpec.list(output, manifest, columns, cell, fill, fit, gap, margin, background, noNumbers, captionLines, title,
            header, footer, perSheet, format, quality, skipBad, frames)
            + InputOptions.specs(besides: [InputOptions.gap]) + InputOptions.pictureSpecs + ReportPrinter.specs,
        positionals: [PositionalSpec(name: "INPUT", help: "file, folder, http(s) URL, or - for a list on stdin (none with --manifest)", arity: .zeroOrMore)])


    static let output = Option.value("output", short: "o", placeholder: "FILE", .string,
        help: "the sheet to write (required); a folder when it exists or ends in /")
    static let manifest = Option.value("manifest", placeholder: "FILE", .string,
        help: "make the sheet of this manifest's items (- for stdin) instead of scanning inputs")
    /// Computed with --frames: ``VideoSheetSpec/defaultColumns(frames:)``.
    static let columns = Option.value("columns", placeholder: "N", .integer(in: 1...1000),
        defaultDescription: "\(SheetSettings.defaultColumns); ⌈√frames⌉ with --frames", help: "cells a row; 1 makes a vertical strip")
    static let cell = Option.value("cell", placeholder: "WxH", .box,
        defaultDescription: "\(SheetSettings.defaultCell); \(VideoSheetSpec.defaultCell) with --frames", help: "the box each picture fills (or fits in)")
    static let fill = Option.flag("fill", help: "fill each cell, cropping around the centre (the default)")
    static let fit = Option.flag("fit", help: "the whole picture inside each cell")
    static let gap = Option.value("gap", placeholder: "PX", .integer(in: 0...10_000), default: SheetSettings().gap, help: "pixels between cells")
    static let margin = Option.value("margin", placeholder: "PX", .integer(in: 0...10_000), default: SheetSettings().margin,
        help: "pixels around everything")
    static let background = Option.value("background", placeholder: "COLOUR", .colour, default: SheetSettings().background,
        describedAs: "white", help: "the sheet's colour; text is dark on light, light on dark")
    static let noNumbers = Option.flag("no-numbers", help: "leave out the items' numbers")
    static let captionLines = Option.value("caption-lines", placeholder: "N", .integer(in: 0...10), default: SheetSettings().captionLines,
        help: "lines of caption below each cell; 0 for none")
    static let title = Option.value("title", placeholder: "TEXT", .string,
        help: "the header's text (default: the gallery's title, from index.md; no header without one)")
    static let header = Option.value("header", placeholder: "WHAT", .choice(["title", "none"]), default: "title",
        help: "the header bar: the title, or none")
    static let footer = Option.value("footer", placeholder: "WHAT", .choice(["pages", "none"]), default: "pages",
        help: "the footer bar: 'sheet 2 of 5' and the items on the page, or none")
    static let perSheet = Option.value("per-sheet", placeholder: "N", .integer(in: 1...100_000),
        defaultDescription: "columns × \(SheetSettings.defaultRows)", help: "cells a page; more items make more pages")
    static let format = Option.value("format", short: "f", placeholder: "FORMAT", .choice(SheetSettings.formats),
        defaultDescription: "from FILE's extension, else jpeg", help: "output format")
    static let quality = Option.value("quality", short: "q", placeholder: "Q", .integer(in: 1...100),
        defaultDescription: "jpeg \(ImageFormat.jpeg.defaultQuality), webp \(ImageFormat.webp.defaultQuality)", help: "encoder quality")
    static let skipBad = Option.flag("skip-bad",
        help: "leave files that could not be read out of the sheet (they are still named and listed in errors)")
    static let frames = Option.value("frames", placeholder: "N", .integer(in: 1...400),
        help: "make one sheet of N frames per video (photos get none)")

    /// The rules between options and INPUT: the first one broken, as said; nil when all hold.
    static func validate(_ command: ParsedCommand) -> String? {
        let inputs = !command.positionals.isEmpty || command.isPresent(RemoteInputOptions.items)
        if command.isPresent(manifest) && inputs {
            return "\(manifest.flagName) takes the items from the manifest: give no INPUT (nor \(RemoteInputOptions.items.flagName))"
        }
        if !command.isPresent(manifest) && !inputs { return "missing INPUT (or --items FILE, or --manifest FILE)" }
        if command[fit] && command[fill] { return "\(fit.flagName) and \(fill.flagName) cannot be used together" }
        return nil
    }

    static func run(_ command: ParsedCommand) -> Int32 {
        guard let output = command.requiredOutput(Self.output) else { return ExitStatus.usage }
        let manifestPath = command[manifest]
        if let problem = validate(command) {
            Diagnostics.usageError(problem, commandPath: command.path)
            return ExitStatus.usage
        }
        let destination = SheetDestination(output: output)
        guard var scan = InputOptions.scanOptions(from: command, viewerGap: false),
            let settings = settings(from: command, fileExtension: destination.fileExtension)
        else {
            return ExitStatus.usage
        }
        let folder = destination.folder
        // The cells' folder goes at the end: downloads are kept beside the sheet.
        if scan.remote.cacheFolder == nil { scan.remote.cacheFolder = RemoteOptions.defaultCacheFolder(in: folder) }
        do {
            try AtomicFile.prepareOutputFolder(folder)
        } catch {
            Diagnostics.usageError(error.description, commandPath: command.path)
            return ExitStatus.usage
        }
        var options: GalleryOptions
        var cells: String?
        if let frames = command[Self.frames] {
            let spec = VideoSheetSpec(frames: frames, settings: settings, columns: command[columns], fileName: destination.fileName)
            options = GalleryOptions(outputs: [AnyOutput(spec)], outputFolder: folder)
            // A file name asked for may sit beside the videos.
            options.readsOutputFolder = destination.fileName != nil
        } else {
            guard let scratch = temporaryFolder() else {
                Diagnostics.error("cannot make a temporary folder for the cells in \(NSTemporaryDirectory())")
                return ExitStatus.fatal
            }
            cells = scratch
            options = GalleryOptions(outputs: [], outputFolder: scratch)
            var phase = SheetPhase(settings: settings, folder: folder, fileName: destination.sheetName(format: settings.encoding.format))
            // The cells go with their temporary folder: stored, not deflated.
            phase.keepsCells = false
            options.phases = [phase]
        }
        defer { if let cells { try? FileManager.default.removeItem(atPath: cells) } }
        options.scan = scan
        let given: Manifest?
        do {
            given = try manifestPath.map(ManifestFile.read)
        } catch {
            Diagnostics.usageError("\(manifest.flagName) \(manifestPath ?? ""): \(error.description)", commandPath: command.path)
            return ExitStatus.usage
        }
        return ReportPrinter.run(command) { pool, inputs, readList, reporter throws(ScanError) in
            let builder = GalleryBuilder(options: options, pool: pool, listener: reporter)
            if let given { return builder.build(given) }
            return try builder.build(inputs, readList: readList).manifest
        }
    }

    /// The sheet's settings from the command line, checked by the library; nil after saying why.
    /// - Parameter fileExtension: that of the file name `-o` asked for, lowercased; empty for a folder.
    static func settings(from command: ParsedCommand, fileExtension: String) -> SheetSettings? {
        let video = command.isPresent(frames)
        var settings = SheetSettings()
        settings.columns = command[columns] ?? (video ? VideoSheetSpec.defaultColumns(frames: command[frames] ?? 1) : settings.columns)
        settings.cell = command[cell] ?? (video ? VideoSheetSpec.defaultCell : settings.cell)
        settings.mode = command[fit] ? .fit : .fill
        settings.gap = command[gap]
        settings.margin = command[margin]
        settings.background = command[background]
        settings.numbers = !command[noNumbers]
        settings.captionLines = command[captionLines]
        settings.title = command[title]
        settings.header = command[header] != "none"
        settings.footer = command[footer] != "none"
        settings.perSheet = command[perSheet]
        settings.skipBad = command[skipBad]
        let named = ImageFormat.allCases.first { [$0.rawValue, $0.fileExtension].contains(fileExtension) }
        let format = command[Self.format] ?? named.flatMap { SheetSettings.formats.contains($0) ? $0 : nil } ?? .jpeg
        settings.encoding = Encoding(format: format, quality: command[quality], background: settings.background)
        do {
            return try settings.validated()
        } catch {
            Diagnostics.usageError(SettingNames.message(error, in: command), commandPath: command.path)
            return nil
        }
    }

    /// `$TMPDIR/vitrine-sheet-XXXXXX`, for the cells while the sheet is composed.
    static func temporaryFolder() -> String? {
        var template = Array(Path.join(NSTemporaryDirectory(), "vitrine-sheet-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }
    }
}
