import ArgumentKit
import Foundation
import VitrineKit

/// `vitrine scan INPUT...`: read every file's header and print the gallery manifest.
enum ScanCommand {
    static let spec = CommandSpec(
        name: "scan",
        abstract: "Find the photos below the inputs and print the gallery manifest (JSON) on stdout.",
        discussion: """
            INPUT is a file, a folder (walked recursively; hidden entries are skipped, and so is a
            folder holding an empty .nomedia file; a .nomedia listing names skips those) or - for a
            newline-separated list of paths on stdin. Files are recognised by content, not by name:
            the pictures libvips reads (JPEG, PNG, WebP, GIF, TIFF, HEIC, AVIF, JPEG XL…), camera RAW
            files read by LibRaw (DNG, CR2, CR3, NEF, ARW, RAF, RW2, ORF, PEF…), and videos.
            Only headers are read unless --verify is given. Videos are read with ffprobe (package
            ffmpeg): duration, m:ss label, display size, codec; a cut-off video is an error.
            Files that are not pictures or videos are ignored quietly (listed with --verbose);
            files meant to be media that cannot be read are named on stderr, listed in the
            manifest's "errors", and make the exit status 1.
            Captions, titles, keywords, places and ratings come from a captions file (--captions),
            sidecars (name.md in sigal's format, name.txt; a folder's index.md gives its title),
            then XMP, IPTC and EXIF, each field from the first source in --captions-from order;
            Markdown and HTML are reduced to a safe subset. See vitrine-scan(1), CAPTIONS.
            An http(s) URL is downloaded first into --cache DIR (needed for URLs: scan writes no
            other files) and read from there; later runs only ask whether it changed. --items
            FILE adds a JSON array of inputs in order: paths, URLs and custom items (a "view"
            object passed through, and an optional SVG). See vitrine-scan(1), Remote images.
            """,
        options: InputOptions.specs + OptionSpec.list(hash, verify) + ReportPrinter.specs,
        positionals: [PositionalSpec(name: "INPUT", help: "file, folder, http(s) URL, or - for a list on stdin", arity: .zeroOrMore)])

    static let hash = Option.flag("hash", help: "add the SHA-256 of each file's bytes as source.sha256")
    static let verify = Option.flag("verify", help: "decode every pixel to catch truncated or damaged files (slower)")

    static func run(_ command: ParsedCommand) -> Int32 {
        guard RemoteInputOptions.hasInputs(command) else { return ExitStatus.usage }
        guard var options = InputOptions.scanOptions(from: command) else { return ExitStatus.usage }
        options.probe.hash = command[hash]
        options.probe.verify = command[verify]
        return ReportPrinter.run(command) { pool, inputs, readList, reporter throws(ScanError) in
            try MediaScanner(options: options, pool: pool, listener: reporter).scan(inputs, readList: readList).manifest
        }
    }
}
