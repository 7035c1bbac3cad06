import CCmark
import Foundation

/// The `markup` caption style: a safe subset of HTML (bold, italic, underline, strikethrough,
/// sub/superscript, small, code, colour, links, paragraphs, lists, quotes, headings).
///
/// Whatever comes in (Markdown rendered by cmark, hand-written HTML in a captions file) goes
/// through ``MarkupTree``'s allowlist: scripts, styles, event handlers and `javascript:` links
/// never come out, and tags always balance.
public enum Markup {
    /// A caption's sanitised markup, its plain text, and what was removed on the way.
    public struct Sanitized: Equatable, Sendable {
        /// The allowed subset as HTML: lower-case tags, double-quoted attributes, `&amp; &lt; &gt;
        /// &nbsp;` (and `&quot;` in attributes) escaped, every element closed: a fixed point of a
        /// browser's parser and serialiser (parsed into a `div` and written out, the same text).
        public var html: String
        /// The same words without markup: blocks on their own lines, list items one a line.
        public var text: String
        public var warnings: [String]
    }

    /// Sanitises HTML-like `markup`.
    public static func sanitize(_ markup: String) -> Sanitized {
        let tree = MarkupTree(html: markup)
        var html = ""
        for node in tree.nodes { renderHTML(node, into: &html) }
        return Sanitized(html: html.trimmingCharacters(in: .whitespacesAndNewlines), text: plainText(tree.nodes),
            warnings: tree.warnings)
    }

    /// CommonMark `markdown` (raw HTML inside it allowed, then sanitised like the rest).
    public static func fromMarkdown(_ markdown: String) -> Sanitized {
        let options = CMARK_OPT_UNSAFE | CMARK_OPT_VALIDATE_UTF8
        guard let rendered = markdown.withCString({ cmark_markdown_to_html($0, strlen($0), options) }) else {
            return sanitize(markdown)
        }
        defer { free(rendered) }
        return sanitize(String(cString: rendered))
    }

    /// Pango markup for drawing a caption with libvips `text` (contact sheets): links become
    /// underlined text, code a monospace face, list items bullets, blocks line breaks.
    public static func pango(_ markup: String) -> String {
        var writer = TextWriter(pango: true)
        for node in MarkupTree(html: markup).nodes { writer.write(node) }
        return writer.output
    }

    static func plainText(_ nodes: [MarkupTree.Node]) -> String {
        var writer = TextWriter(pango: false)
        for node in nodes { writer.write(node) }
        return writer.output
    }

    private static func renderHTML(_ node: MarkupTree.Node, into html: inout String) {
        switch node {
        case .text(let text): html += escape(text, quotes: false, html: true)
        case .element(let name, let attributes, let children):
            html += "<" + name
            for attribute in attributes { html += " \(attribute.name)=\"\(escape(attribute.value, quotes: true, html: true))\"" }
            html += ">"
            guard !MarkupTree.void.contains(name) else { return }
            for child in children { renderHTML(child, into: &html) }
            html += "</\(name)>"
        }
    }

    static func escape(_ text: String, quotes: Bool, html: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            // As browsers serialise it, so that HTML reads back and is written the same (Pango
            // knows only XML's entities).
            case "\u{A0}" where html: out += "&nbsp;"
            default: out.append(character)
            }
        }
        return out
    }

    /// Plain text or Pango markup from a tree: HTML's whitespace rules (runs collapse, blocks
    /// start new lines, paragraphs are separated by a blank line), `pre` kept as written.
    private struct TextWriter {
        let pango: Bool
        var output = ""
        var pendingBreaks = 0
        /// Just after a list item's marker: a paragraph there does not start a new line.
        var atItemStart = false
        var inPre = 0
        var pendingSpace = false
        /// The next number of each list being written (nil for a bulleted one).
        var lists: [Int?] = []

        static let paragraphs: Set<String> = ["p", "ul", "ol", "blockquote", "pre", "h1", "h2", "h3", "h4", "h5", "h6"]
        static let pangoTags: [String: String] = ["b": "b", "strong": "b", "i": "i", "em": "i", "u": "u", "s": "s",
            "del": "s", "sub": "sub", "sup": "sup", "small": "small", "code": "tt", "pre": "tt",
            "h1": "b", "h2": "b", "h3": "b", "h4": "b", "h5": "b", "h6": "b"]

        mutating func breakLine(_ count: Int) {
            // A list item's first paragraph starts on the bullet's line.
            if atItemStart {
                pendingSpace = false
                return
            }
            if !output.isEmpty { pendingBreaks = max(pendingBreaks, count) }
            pendingSpace = false
        }

        /// Writes the line breaks or the space owed before what comes next.
        mutating func flushSeparators() {
            if pendingBreaks > 0 {
                output += String(repeating: "\n", count: pendingBreaks)
                pendingBreaks = 0
            } else if pendingSpace, !output.isEmpty, !atItemStart {
                output += " "
            }
            pendingSpace = false
        }

        mutating func emit(_ text: String) {
            guard !text.isEmpty else { return }
            flushSeparators()
            output += pango ? Markup.escape(text, quotes: false) : text
            atItemStart = false
        }

        mutating func write(_ node: MarkupTree.Node) {
            switch node {
            case .text(let text):
                if inPre > 0 { return emit(text) }
                let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
                if text.first.map({ " \n\t\r".contains($0) }) == true { pendingSpace = true }
                for (index, word) in words.enumerated() {
                    if index > 0 { pendingSpace = true }
                    emit(String(word))
                }
                if text.last.map({ " \n\t\r".contains($0) }) == true { pendingSpace = true }
            case .element(let name, let attributes, let children):
                if name == "br" || name == "hr" { return breakLine(1) }
                if Self.paragraphs.contains(name) { breakLine(2) }
                if name == "ul" { lists.append(nil) }
                if name == "ol" { lists.append(attributes.first { $0.name == "start" }.flatMap { Int($0.value) } ?? 1) }
                if name == "li" {
                    breakLine(1)
                    if let number = lists.last ?? nil {
                        emit("\(number). ")
                        lists[lists.count - 1] = number + 1
                    } else {
                        emit("• ")
                    }
                    pendingSpace = false
                    atItemStart = true
                }
                if name == "pre" { inPre += 1 }
                var open = "", close = ""
                if pango {
                    if let tag = Self.pangoTags[name] {
                        (open, close) = ("<\(tag)>", "</\(tag)>")
                    } else if name == "span", let color = attributes.first(where: { $0.name == "style" })?.value.dropFirst(6) {
                        (open, close) = ("<span foreground=\"\(color)\">", "</span>")
                    } else if name == "a" {
                        (open, close) = ("<u>", "</u>")
                    }
                }
                if !open.isEmpty {
                    // Open after any pending break or space, so that they stay outside the tag.
                    flushSeparators()
                    output += open
                    atItemStart = false
                }
                for child in children { write(child) }
                output += close
                if name == "pre" { inPre -= 1 }
                if name == "ul" || name == "ol", !lists.isEmpty { lists.removeLast() }
                if Self.paragraphs.contains(name) { breakLine(2) }
                if name == "li" { breakLine(1) }
            }
        }
    }
}
