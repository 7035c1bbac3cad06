import Foundation

/// The page's look (docs/page.md, the theme contract): a layout module of the page's script, the
/// theme's CSS after the base style, and the template's header and footer blocks. A built-in
/// theme (`grid`, `justified`) or a theme folder: `theme.json` (`{"contract": 1, "layout":
/// "justified"}`), and optionally `theme.css`, `header.html`, `footer.html`, which replace the
/// built-in layout's CSS and the default blocks. Never a script: the page's Content-Security-Policy
/// keeps allowing its own script alone, so a folder's blocks are markup only, checked by the
/// captions' sanitiser's rules (``blockProblem(_:file:header:)``).
public struct PageTheme: Sendable, Equatable {
    /// How the page lays out an album's items; the script reads it from `<body data-layout>`.
    public enum Layout: String, CaseIterable, Sendable, Codable {
        /// Square cells, each picture cropped to fill its own.
        case grid
        /// Rows of equal height, each picture in its own aspect ratio (within ``PageData/aspectRange``).
        case justified
    }

    /// What `--theme` names: a built-in theme by its layout's name, else a theme folder.
    public enum Source: Sendable, Equatable, CustomStringConvertible {
        case builtIn(Layout)
        case folder(String)

        /// `grid` and `justified` are the built-in themes; any other word is a folder (`./grid`
        /// is the folder named so).
        public init?(parsing text: String) {
            guard !text.isEmpty else { return nil }
            self = Layout(rawValue: text).map(Source.builtIn) ?? .folder(text)
        }

        public var description: String {
            switch self {
            case .builtIn(let layout): layout.rawValue
            case .folder(let path): path
            }
        }
    }

    /// The theme contract a theme folder's `theme.json` must name.
    public static let contract = 1
    /// A theme's layout when neither `--theme` nor a folder's `theme.json` names one.
    public static let defaultLayout = Layout.grid
    /// The page's theme when `--theme` is not given.
    public static let defaultSource = Source.builtIn(defaultLayout)
    /// The ids the page's script fills in the header block: a theme's header must hold each.
    public static let headerIDs = ["breadcrumbs", "album-title", "album-description"]
    /// The ids of the page's frame outside the blocks: no block may hold one (the script would
    /// find the block's element instead).
    public static let frameIDs = ["albums", "grid", "status", "viewer"]
    /// Elements a block may not hold besides those the sanitiser drops with their content:
    /// they act on the page beyond their text (a refresh, a base URL, a stylesheet, a form).
    static let refusedElements: Set<String> = ["meta", "link", "base", "form"]
    /// Attributes whose value is a URL, held to the links the sanitiser keeps.
    static let urlAttributes: Set<String> = ["href", "src", "srcset", "action", "formaction", "poster", "data", "cite",
        "background", "ping", "xlink:href"]
    /// The most a theme folder's file may hold.
    public static let maximumFileBytes = 1 << 20

    public var layout: Layout
    /// The theme's CSS, put after the base style.
    public var style: String
    /// The template's header block (`{{title}}` inside it is filled with the page's title).
    public var header: String
    /// The template's footer block, before the script.
    public var footer: String

    /// The built-in theme of `layout`.
    public static func builtIn(_ layout: Layout) -> PageTheme {
        PageTheme(layout: layout, style: PageAssets.themeStyle(layout.rawValue) ?? "", header: PageAssets.header,
            footer: PageAssets.footer)
    }

    /// The default look: today's grid.
    public static let standard = builtIn(defaultLayout)

    /// Why a theme or a site's CSS cannot be used: one sentence naming the file.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var description: String

        public init(description: String) { self.description = description }
    }

    /// The theme `source` names, read and checked.
    public static func load(_ source: Source) throws(Problem) -> PageTheme {
        switch source {
        case .builtIn(let layout): return builtIn(layout)
        case .folder(let folder): return try load(folder: folder)
        }
    }

    /// The theme folder `folder`: each file read as a regular file below it (a link may not
    /// lead out of it), of at most ``maximumFileBytes``; its blocks and CSS checked.
    public static func load(folder: String) throws(Problem) -> PageTheme {
        guard FileStat.isFolder(folder), let root = ReadRoot(.source, folder: folder) else {
            throw Problem(description: "\(folder): no such theme folder (a theme is grid, justified or a folder holding theme.json)")
        }
        func read(_ name: String, required: Bool = false) throws(Problem) -> String? {
            let path = Path.join(folder, name)
            switch ConfinedRead.read(path, below: root, limit: maximumFileBytes) {
            case .success(let data):
                guard let text = String(validating: data, as: UTF8.self) else { throw Problem(description: "\(path): not UTF-8 text") }
                return text
            case .failure(.missing) where !required: return nil
            case .failure(.outside): throw Problem(description: "\(path): reached through a symbolic link out of \(folder)")
            case .failure(let failure): throw Problem(description: "\(path): \(failure.description)")
            }
        }
        let layout = try settings(read("theme.json", required: true) ?? "", file: Path.join(folder, "theme.json"))
        var theme = builtIn(layout)
        if let style = try read("theme.css") { theme.style = try checkedStyle(style, file: Path.join(folder, "theme.css")) }
        if let header = try read("header.html") {
            if let problem = blockProblem(header, file: Path.join(folder, "header.html"), header: true) { throw problem }
            theme.header = header
        }
        if let footer = try read("footer.html") {
            if let problem = blockProblem(footer, file: Path.join(folder, "footer.html"), header: false) { throw problem }
            theme.footer = footer
        }
        return theme
    }

    /// The layout `theme.json` names, checking its contract version.
    static func settings(_ text: String, file: String) throws(Problem) -> Layout {
        guard let document = try? JSONDocument(Data(text.utf8)), document.root.kind == .object else {
            throw Problem(description: "\(file): not a JSON object (it holds {\"contract\": \(contract), \"layout\": \"grid\"})")
        }
        var layout = defaultLayout, named = false
        for (key, node) in document.root.members {
            switch key {
            case "contract":
                guard let version = node.numberText, version == String(contract) else {
                    throw Problem(description: "\(file): 'contract' is \(node.text.prefix(40)); "
                        + "this vitrine reads theme contract \(contract)")
                }
                named = true
            case "layout":
                guard let name = node.string, let value = Layout(rawValue: name) else {
                    throw Problem(description: "\(file): 'layout' is \(node.text.prefix(40)); it takes "
                        + Layout.allCases.map(\.rawValue).joined(separator: " or "))
                }
                layout = value
            default:
                throw Problem(description: "\(file): unknown key '\(key.prefix(40))' (a theme.json holds 'contract' and 'layout')")
            }
        }
        guard named else { throw Problem(description: "\(file): no 'contract' (this vitrine reads theme contract \(contract))") }
        return layout
    }

    /// CSS for the page's style element: refused when it would end the element early.
    public static func checkedStyle(_ text: String, file: String) throws(Problem) -> String {
        if text.range(of: "</style", options: .caseInsensitive) != nil {
            throw Problem(description: "\(file): holds '</style', which would end the page's style element")
        }
        return text
    }

    /// A site's own CSS (`--page-css`) from the file's bytes, checked.
    public static func pageCSS(_ data: Data, file: String) throws(Problem) -> String {
        guard let text = String(validating: data, as: UTF8.self) else { throw Problem(description: "\(file): not UTF-8 text") }
        return try checkedStyle(text, file: file)
    }

    /// What keeps `html` (a theme folder's block, `file`) out of the page, if anything: what the
    /// captions' sanitiser would drop (an element it drops with its content, an `on…` attribute,
    /// a link it would not keep), an element that acts beyond its text, a `style` attribute (the
    /// page's policy applies none), an id of the page's frame, or for the header one of the ids
    /// the script fills lacking.
    static func blockProblem(_ html: String, file: String, header: Bool) -> Problem? {
        var scanner = HTMLScanner(html)
        var ids: Set<String> = []
        while let token = scanner.next() {
            guard case .start(let name, let attributes, _) = token else { continue }
            if MarkupTree.dropped.contains(name) || refusedElements.contains(name) {
                return Problem(description: "\(file): <\(name)> is refused: a theme's blocks are markup, never script "
                    + "nor what loads or acts")
            }
            for attribute in attributes {
                let tag = "<\(name) \(attribute.name)>"
                if attribute.name.hasPrefix("on") {
                    return Problem(description: "\(file): \(tag) is refused: a theme's blocks hold no event handlers")
                }
                if urlAttributes.contains(attribute.name), attribute.value.split(separator: ",").contains(where: {
                    MarkupTree.safeURL(String($0.trimmingCharacters(in: .whitespaces).prefix { $0 != " " })) == nil
                }) {
                    return Problem(description: "\(file): \(tag) is refused: a theme's links are http, https, mailto or relative")
                }
                if attribute.name == "style" {
                    return Problem(description: "\(file): \(tag) is refused: the page's policy applies no style attribute "
                        + "(put it in theme.css)")
                }
                if attribute.name == "id" {
                    let id = attribute.value.trimmingCharacters(in: .whitespaces)
                    if frameIDs.contains(id) || !header && headerIDs.contains(id) {
                        let holder = frameIDs.contains(id) ? "frame" : "header"
                        return Problem(description: "\(file): holds id=\"\(id)\", which the page's \(holder) holds")
                    }
                    ids.insert(id)
                }
            }
        }
        if header, let lacking = headerIDs.first(where: { !ids.contains($0) }) {
            return Problem(description: "\(file): lacks an element with id=\"\(lacking)\", which the page's script fills")
        }
        return nil
    }
}
