import Foundation

/// A caption's markup as a small tree, built from HTML-like text by an allowlist: what is
/// not on it never reaches the tree, so every rendering of the tree (HTML, Pango, text) is safe.
struct MarkupTree: Equatable {
    indirect enum Node: Equatable {
        case text(String)
        case element(name: String, attributes: [Attribute], children: [Node])
    }

    struct Attribute: Equatable {
        var name: String
        var value: String
    }

    var nodes: [Node]
    /// What was removed and why, once each ("removed <script>", "removed an unsafe link").
    var warnings: [String]

    /// Elements kept, with the attributes each may keep.
    static let allowed: [String: Set<String>] = [
        "a": ["href", "title"], "b": [], "strong": [], "i": [], "em": [], "u": [], "s": [], "del": [],
        "sub": [], "sup": [], "small": [], "code": [], "span": ["style"], "br": [],
        "p": [], "ul": [], "ol": ["start"], "li": [], "blockquote": [], "pre": [], "hr": [],
        "h1": [], "h2": [], "h3": [], "h4": [], "h5": [], "h6": [],
    ]
    static let void: Set<String> = ["br", "hr"]
    /// Start tags that close an open `p` (HTML's "close a p element" in button scope, which no
    /// allowed element bounds): `li` too, or `<p>a<li>b</li></p>` reads as three elements.
    static let closesParagraph: Set<String> = ["p", "ul", "ol", "li", "blockquote", "pre", "hr", "h1", "h2", "h3", "h4", "h5", "h6"]
    static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
    /// Elements dropped together with everything inside them.
    static let dropped: Set<String> = ["script", "style", "iframe", "object", "embed", "template", "noscript",
        "textarea", "title", "svg", "math", "head", "select", "frameset", "frame", "applet"]
    /// Deeper nesting is flattened: no caption needs it, and it bounds the work.
    static let maximumDepth = 32

    /// Parses `html`; never fails. Unknown elements are unwrapped (their text kept), unbalanced
    /// tags are closed or ignored, entities are decoded into the text.
    init(html: String) {
        var builder = Builder()
        var scanner = HTMLScanner(html)
        while let token = scanner.next() {
            switch token {
            case .text(let text): builder.text(text)
            case .start(let name, let attributes, let selfClosing):
                if Self.dropped.contains(name) {
                    builder.warn("removed <\(name)>")
                    if !selfClosing { scanner.skip(toEndOf: name) }
                } else {
                    builder.open(name, attributes, selfClosing: selfClosing)
                }
            case .end(let name): builder.close(name)
            }
        }
        nodes = builder.finish()
        warnings = builder.warnings
    }

    private struct Builder {
        var stack: [(name: String, attributes: [Attribute], children: [Node])] = [("", [], [])]
        var warnings: [String] = []

        mutating func warn(_ message: String) { if !warnings.contains(message) { warnings.append(message) } }

        mutating func text(_ raw: String) {
            var text = MarkupTree.normalized(raw)
            // A browser drops the line break that opens a `pre` (and serialises none back): the
            // tree holds none, so that what is written reads back the same.
            if stack.count > 1, stack[stack.count - 1].name == "pre", stack[stack.count - 1].children.isEmpty {
                text = String(text.drop { $0 == "\n" })
            }
            guard !text.isEmpty else { return }
            if case .text(let previous)? = stack[stack.count - 1].children.last {
                stack[stack.count - 1].children[stack[stack.count - 1].children.count - 1] = .text(previous + text)
            } else {
                stack[stack.count - 1].children.append(.text(text))
            }
        }

        mutating func open(_ rawName: String, _ rawAttributes: [Attribute], selfClosing: Bool) {
            var name = rawName
            var attributes = rawAttributes
            if name == "strike" { name = "s" }
            if name == "font" {  // <font color=…> is how old tools colour text
                name = "span"
                attributes = rawAttributes.filter { $0.name == "color" }.map { Attribute(name: "style", value: "color:\($0.value)") }
            }
            if rawAttributes.contains(where: { $0.name.hasPrefix("on") }) { warn("removed event-handler attributes") }
            guard let kept = MarkupTree.allowed[name], stack.count <= MarkupTree.maximumDepth else { return }
            let safe = attributes.compactMap { attribute -> Attribute? in
                guard kept.contains(attribute.name) else { return nil }
                switch attribute.name {
                case "href":
                    guard let url = MarkupTree.safeURL(attribute.value) else {
                        warn("removed an unsafe link")
                        return nil
                    }
                    return Attribute(name: "href", value: url)
                case "style": return MarkupTree.color(fromStyle: attribute.value).map { Attribute(name: "style", value: "color:\($0)") }
                case "start": return Int(attribute.value).map { Attribute(name: "start", value: String($0)) }
                default: return Attribute(name: attribute.name, value: MarkupTree.normalized(attribute.value))
                }
            }
            if name == "span", safe.isEmpty { return }  // a span that says nothing is just its text
            // HTML's implied ends: a new list item closes the open one, a block closes a paragraph.
            if name == "li", let item = stack.lastIndex(where: { $0.name == "li" }),
                !stack[item...].contains(where: { $0.name == "ul" || $0.name == "ol" }) {
                close("li")
            }
            if MarkupTree.closesParagraph.contains(name), stack.contains(where: { $0.name == "p" }) { close("p") }
            // Where a browser's parser would not nest what the tree would (a parser differential,
            // the root of mutation XSS): a link in a link ends the first (the adoption agency), a
            // heading right inside a heading ends it. Written so, the markup reads back unchanged.
            if name == "a", stack.contains(where: { $0.name == "a" }) { close("a") }
            if MarkupTree.headings.contains(name), MarkupTree.headings.contains(stack[stack.count - 1].name) { pop() }
            if MarkupTree.void.contains(name) {
                stack[stack.count - 1].children.append(.element(name: name, attributes: safe, children: []))
            } else if !selfClosing {
                stack.append((name, safe, []))
            }
        }

        mutating func close(_ rawName: String) {
            let name = rawName == "strike" ? "s" : rawName == "font" ? "span" : rawName
            guard stack.count > 1, let depth = stack.lastIndex(where: { $0.name == name }), depth > 0 else { return }
            while stack.count > depth { pop() }
        }

        mutating func pop() {
            let element = stack.removeLast()
            stack[stack.count - 1].children.append(.element(name: element.name, attributes: element.attributes, children: element.children))
        }

        mutating func finish() -> [Node] {
            while stack.count > 1 { pop() }
            return stack[0].children
        }
    }

    /// Text as a browser's input stream has it: line ends as LF (CR LF and CR become LF), no NUL.
    static func normalized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\0" }) else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .replacingOccurrences(of: "\0", with: "")
    }

    /// `href` values kept: http, https and mailto links, and relative ones (no scheme).
    static func safeURL(_ value: String) -> String? {
        let url = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !url.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == " " }) else { return nil }
        let beforePath = url.prefix { !"/?#".contains($0) }
        guard let colon = beforePath.firstIndex(of: ":") else { return url }
        return ["http", "https", "mailto"].contains(url[..<colon].lowercased()) ? url : nil
    }

    /// The colour of a `style` attribute that sets only a colour: `#rgb`, `#rrggbb` or a name.
    static func color(fromStyle style: String) -> String? {
        let parts = style.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard parts.count == 1 else { return nil }
        let pair = parts[0].split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard pair.count == 2, pair[0].lowercased() == "color" else { return nil }
        let value = pair[1].lowercased()
        let hex = value.dropFirst()
        if value.hasPrefix("#"), [3, 6].contains(hex.count), hex.allSatisfy(\.isHexDigit) { return value }
        if (1...24).contains(value.count), value.allSatisfy({ $0.isASCII && $0.isLetter }) { return value }
        return nil
    }
}
