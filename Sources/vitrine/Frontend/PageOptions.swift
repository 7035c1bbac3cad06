import ArgumentKit
import Foundation
import VitrineKit

/// The gallery page's options, shared by `page` and `build`.
enum PageOptions {
    static let title = Option.value("title", placeholder: "TEXT", .string,
        defaultDescription: "the root index.md's Title:, else the first source folder's name",
        help: "the page's title, heading every view and naming the document")
    static let theme = Option.value("theme", placeholder: "THEME",
        Conversion.custom(name: "grid, justified or a theme folder", convert: PageTheme.Source.init(parsing:)),
        default: PageTheme.defaultSource,
        help: "the page's look: grid (square cells), justified (rows in each picture's aspect) or a theme folder")
    static let pageCSS = Option.value("page-css", placeholder: "FILE", .string,
        help: "a CSS file of the site's own, applied after the theme's")
    static let noSearch = Option.flag("no-search",
        help: "no search index in SITE/\(SearchIndex.folder)/ (one written before is removed)")

    /// The most a `--page-css` file may hold.
    static let maximumCSSBytes = PageTheme.maximumFileBytes

    /// The theme and the site's CSS `command` asks for, read and checked; nil after saying why
    /// (a usage error: nothing is written yet).
    static func look(from command: ParsedCommand) -> (theme: PageTheme, css: String)? {
        let theme: PageTheme
        do { theme = try PageTheme.load(command[Self.theme]) } catch {
            Diagnostics.usageError(error.description, commandPath: command.path)
            return nil
        }
        guard let path = command[pageCSS] else { return (theme, "") }
        let root = BuildConfig.sourceRoot(ofFileOption: pageCSS.name, in: command)
        let read = root.map { ConfinedRead.read(path, below: $0, limit: maximumCSSBytes) }
            ?? ConfinedRead.readGiven(path, limit: maximumCSSBytes)
        do throws(PageTheme.Problem) {
            switch read {
            case .success(let data): return (theme, try PageTheme.pageCSS(data, file: path))
            case .failure(let failure): throw PageTheme.Problem(description: "\(path): \(failure.description)")
            }
        } catch {
            Diagnostics.usageError("\(pageCSS.flagName) \(error.description)", commandPath: command.path)
            return nil
        }
    }
}
