import ArgumentKit
import Foundation
import VitrineKit

/// `vitrine page MANIFEST -o SITE`: the gallery page, `SITE/index.html`, for a manifest whose
/// paths are relative to SITE. `build` writes the same page through the same library call.
enum PageCommand {
    static let spec = CommandSpec(
        name: "page",
        abstract: "Write the gallery page, SITE/index.html, for a manifest whose outputs are in SITE.",
        discussion: """
            MANIFEST is what 'vitrine thumbs … -o SITE' (with --tiles, or 'vitrine tiles … -o
            SITE') printed: its rendition, tile and sheet paths are relative to SITE. The page is
            SITE/index.html, small whatever the gallery's size, with the data it shows beside it
            in SITE/data/ (scripts it loads as views need them: the album tree, each album's
            items in chunks, an id lookup); each file is written atomically and only when its
            bytes change, and data pieces no longer made are removed. Its search index is in
            SITE/search/, its items numbered in gallery order (--no-search: none, an old one
            removed). No framework and nothing
            loaded from outside SITE: its script and style inline (its Content-Security-Policy
            allows no other script but those it adds), so that it works opened from disk as from
            any web server. It shows each album (breadcrumbs, its title and description, its
            child albums as covers, then its items in a grid that draws only the cells near the
            screen: placeholder, then the rendition that fits the cell, badges for a video's
            duration and the selection), and a viewer: 'position' as the counter, arrow keys,
            buttons and swipes (wrapping only when the manifest is cyclic), pages across or down
            ('direction') with 'gap' pixels between them, zoom by double click or tap, wheel and
            pinch up to 1:1 in the window, Deep Zoom tiles drawn as zoom needs them, captions,
            and an info panel (key i). Albums and items have URLs (#/a/ALBUM, #/i/ITEM). Videos
            play from SITE: their sources are copied in as SITE/<id>.<ext> (--videos), read from
            where the scan ran (the current folder, unless their paths are absolute). Run it
            again after 'vitrine select --in-place' to show the selection. Prints the page's
            path. See vitrine-page(1).
            """,
        options: OptionSpec.list(output, videos, PageOptions.title, PageOptions.theme, PageOptions.pageCSS, PageOptions.noSearch,
            TileOptions.viewport),
        positionals: [PositionalSpec(name: "MANIFEST", help: "a manifest, or - for stdin", arity: .one)])

    static let output = Option.value("output", short: "o", placeholder: "SITE", .string,
        help: "the site folder the manifest's paths are relative to (required)")
    static let videos = Option.value("videos", placeholder: "HOW", .choice, default: VideoPlacement.copy,
        help: "how videos come into SITE: copy, link (symbolic links to the sources), none (posters only)")

    static func run(_ command: ParsedCommand) -> Int32 {
        guard let site = command.requiredOutput(Self.output) else { return ExitStatus.usage }
        // Read and checked before anything is written.
        guard let look = PageOptions.look(from: command) else { return ExitStatus.usage }
        let file = command.positionals[0]
        guard let manifest = ManifestFile.readReportingFailure(file) else { return ExitStatus.someFailed }
        do {
            try AtomicFile.prepareOutputFolder(site)
        } catch {
            Diagnostics.error(error.description)
            return ExitStatus.fatal
        }
        var status = ExitStatus.success
        let placement = command[videos]
        let videos = GalleryPage.placeVideos(of: manifest, in: site, from: FileManager.default.currentDirectoryPath, how: placement)
        for failure in videos.failures {
            Diagnostics.fileError(path: failure.path, message: failure.message)
            status = ExitStatus.someFailed
        }
        var page = GalleryPage(site: site, videoSources: videos.sources, title: command[PageOptions.title])
        (page.theme, page.pageCSS) = look
        page.search = !command[PageOptions.noSearch]
        if let viewport = command[TileOptions.viewport] {
            guard let width = viewport.width, let height = viewport.height else {
                Diagnostics.usageError(SettingNames.message(ZoomOptions.Problem.viewport, in: command), commandPath: command.path)
                return ExitStatus.usage
            }
            page.viewport = (width, height)
        }
        let missing = page.missingFiles(of: manifest)
        if let first = missing.first {
            Diagnostics.error("\(file): \(missing.count) file\(missing.count == 1 ? "" : "s") it names \(missing.count == 1 ? "is" : "are") not in \(site) "
                + "(first: \(first)); its paths must be relative to SITE, as 'vitrine thumbs … -o \(site)' prints them")
            status = ExitStatus.someFailed
        }
        do {
            try page.write(manifest)
            Output.write(Path.join(site, GalleryPage.fileName) + "\n")
        } catch {
            Diagnostics.error(error.description)
            return ExitStatus.fatal
        }
        return status
    }
}
