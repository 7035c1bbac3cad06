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
        options: [
            .value("output", short: "o", placeholder: "FILE", help: "the sheet to write (required); a folder when it exists or ends in /"),
            .value("manifest", placeholder: "FILE", help: "make the sheet of this manifest's items (- for stdin) instead of scanning inputs"),
            .value("columns", placeholder: "N", type: .integer(in: 1...1000), defaultDescription: "\(SheetSettings.defaultColumns); ⌈√frames⌉ with --frames",
                help: "cells a row; 1 makes a vertical strip"),
            .value("cell", placeholder: "WxH", type: .size, defaultDescription: "\(SheetSettings.defaultCell); \(VideoSheetSpec.defaultCell) with --frames",
                help: "the box each picture fills (or fits in)"),
            .flag("fill", help: "fill each cell, cropping around the centre (the default)"),
            .flag("fit", help: "the whole picture inside each cell"),
            .value("gap", placeholder: "PX", type: .integer(in: 0...10_000), defaultDescription: "\(SheetSettings.defaultGap)", help: "pixels between cells"),
            .value("margin", placeholder: "PX", type: .integer(in: 0...10_000), defaultDescription: "\(SheetSettings.defaultMargin)",
                help: "pixels around everything"),
            .value("background", placeholder: "COLOUR", type: .custom(name: "a colour like #ffffff, 255,255,255 or white",
                validate: { Colour.parse($0) == nil ? "" : nil }), defaultDescription: "white", help: "the sheet's colour; text is dark on light, light on dark"),
            .flag("no-numbers", help: "leave out the items' numbers"),
            .value("caption-lines", placeholder: "N", type: .integer(in: 0...10), defaultDescription: "\(SheetSettings.defaultCaptionLines)",
                help: "lines of caption below each cell; 0 for none"),
            .value("title", placeholder: "TEXT", help: "the header's text (default: the gallery's title, from index.md; no header without one)"),
            .value("header", placeholder: "WHAT", type: .choice(["title", "none"]), defaultDescription: "title", help: "the header bar: the title, or none"),
            .value("footer", placeholder: "WHAT", type: .choice(["pages", "none"]), defaultDescription: "pages",
                help: "the footer bar: 'sheet 2 of 5' and the items on the page, or none"),
            .value("per-sheet", placeholder: "N", type: .integer(in: 1...100_000), defaultDescription: "columns × \(SheetSettings.defaultRows)",
                help: "cells a page; more items make more pages"),
            .value("format", short: "f", placeholder: "FORMAT", type: .choice(SheetSettings.formats.map(\.rawValue)),
                defaultDescription: "from FILE's extension, else jpeg", help: "output format"),
            .value("quality", short: "q", placeholder: "Q", type: .integer(in: 1...100),
                defaultDescription: "jpeg \(ImageFormat.jpeg.defaultQuality), webp \(ImageFormat.webp.defaultQuality)", help: "encoder quality"),
            .flag("skip-bad", help: "leave files that could not be read out of the sheet (they are still named and listed in errors)"),
            .value("frames", placeholder: "N", type: .integer(in: 1...400),
                help: "make one sheet of N frames per video (photos get none)"),
        ] + InputOptions.specs(besides: ["gap"]) + ReportPrinter.specs,
        positionals: [PositionalSpec(name: "INPUT", help: "file, folder, http(s) URL, or - for a list on stdin (none with --manifest)", arity: .zeroOrMore)])

    static func run(_ command: ParsedCommand) -> Int32 {
        guard let output = command.requiredOutput() else { return ExitStatus.usage }
        let manifestPath = command.value("manifest")
        if manifestPath != nil && (!command.positionals.isEmpty || command.isPresent("items")) {
            Diagnostics.usageError("--manifest takes the items from the manifest: give no INPUT (nor --items)", commandPath: command.path)
            return ExitStatus.usage
        }
        if manifestPath == nil && command.positionals.isEmpty && !command.isPresent("items") {
            Diagnostics.usageError("missing INPUT (or --items FILE, or --manifest FILE)", commandPath: command.path)
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
        if let frames = command.int("frames") {
            let spec = VideoSheetSpec(frames: frames, settings: settings, columns: command.int("columns"), fileName: destination.fileName)
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
            options.phases = [SheetPhase(settings: settings, folder: folder, fileName: destination.sheetName(format: settings.encoding.format))]
        }
        defer { if let cells { try? FileManager.default.removeItem(atPath: cells) } }
        options.scan = scan
        let given: Manifest?
        do {
            given = try manifestPath.map(ManifestFile.read)
        } catch {
            Diagnostics.usageError("--manifest \(manifestPath ?? ""): \(error.description)", commandPath: command.path)
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
        if command.flag("fit") && command.flag("fill") {
            Diagnostics.usageError("--fit and --fill cannot be used together", commandPath: command.path)
            return nil
        }
        let video = command.isPresent("frames")
        var settings = SheetSettings()
        settings.columns = command.int("columns") ?? settings.columns
        if let cell = command.value("cell").flatMap(Dimensions.init(parsing:)) {
            settings.cell = Box(width: cell.width, height: cell.height)
        } else if video {
            settings.cell = VideoSheetSpec.defaultCell
        }
        settings.mode = command.flag("fit") ? .fit : .fill
        settings.gap = command.int("gap") ?? settings.gap
        settings.margin = command.int("margin") ?? settings.margin
        settings.background = command.value("background").flatMap(Colour.parse) ?? settings.background
        settings.numbers = !command.flag("no-numbers")
        settings.captionLines = command.int("caption-lines") ?? settings.captionLines
        settings.title = command.value("title")
        settings.header = command.value("header") != "none"
        settings.footer = command.value("footer") != "none"
        settings.perSheet = command.int("per-sheet")
        settings.skipBad = command.flag("skip-bad")
        let named = ImageFormat.allCases.first { [$0.rawValue, $0.fileExtension].contains(fileExtension) }
        let format = command.value("format").flatMap(ImageFormat.init(rawValue:))
            ?? named.flatMap { SheetSettings.formats.contains($0) ? $0 : nil } ?? .jpeg
        settings.encoding = Encoding(format: format, quality: command.int("quality"), background: settings.background)
        if video { settings.columns = command.int("columns") ?? VideoSheetSpec.defaultColumns(frames: command.int("frames") ?? 1) }
        do {
            return try settings.validated()
        } catch {
            Diagnostics.usageError(error.description, commandPath: command.path)
            return nil
        }
    }

    /// `$TMPDIR/vitrine-sheet-XXXXXX`, for the cells while the sheet is composed.
    static func temporaryFolder() -> String? {
        var template = Array(Path.join(NSTemporaryDirectory(), "vitrine-sheet-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }
    }
}
