import Foundation
import VipsKit

/// The text of `index.html`: the page's frame (Sources/page/page.html), its style
/// (Sources/page/page.css) and script (the modules of Sources/page/src) inline, as
/// Sources/page/build.sh bundles them and embeds them in ``PageAssets``, and a
/// Content-Security-Policy that lets nothing run but the page's own script and the data pieces
/// it adds (`'strict-dynamic'`: a script the hashed script inserts may load, a script in markup
/// may not), and nothing load from outside the site. It holds no gallery data: its size does
/// not grow with the gallery.
enum PageDocument {
    /// `index.html` titled `title`, as bytes: Sources/page/page.html (``PageAssets/template``)
    /// with its placeholders filled: the theme's layout and blocks (`{{title}}` filled inside
    /// them), and as the style the base, then the theme's CSS, then the site's (`--page-css`).
    static func html(title: String, theme: PageTheme = .standard, pageCSS: String = "") -> Data {
        let script = PageAssets.script, style = PageAssets.style + theme.style + pageCSS
        let escapedTitle = Markup.escape(title, quotes: true, html: true)
        let blocks = ["title": escapedTitle]
        let values = ["policy": policy(script: script, style: style), "version": VitrineVersion.string, "title": escapedTitle,
                      "style": style, "script": script, "layout": theme.layout.rawValue, "header": fill(theme.header, with: blocks),
                      "footer": fill(theme.footer, with: blocks)]
        return Data(fill(PageAssets.template, with: values).utf8)
    }

    /// `template` with each `{{name}}` replaced by `values[name]`, in one pass: what a value holds
    /// is never read as a placeholder. A name without a value stays as it is.
    static func fill(_ template: String, with values: [String: String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound]
            let name = String(rest[open.upperBound..<close.lowerBound])
            result += values[name] ?? String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// The page's policy: no source at all by default; its own script and style by hash;
    /// pictures and videos from the site only (and the page's empty `data:` icon); no base URL,
    /// form or frame.
    static func policy(script: String, style: String) -> String {
        [
            "default-src 'none'",
            "script-src '\(hashSource(script))' 'strict-dynamic'",
            "style-src '\(hashSource(style))'",
            "img-src 'self' data:",  // data: for the empty icon that spares a request for /favicon.ico
            "media-src 'self'",
            "base-uri 'none'",
            "form-action 'none'",
        ].joined(separator: "; ")
    }

    /// `sha256-<base64>` of the text's UTF-8 bytes, as CSP hash sources name inline content.
    static func hashSource(_ text: String) -> String {
        let hex = Array(Checksum.sha256(of: Data(text.utf8)).utf8)
        var digest = Data(capacity: hex.count / 2)
        for index in stride(from: 0, to: hex.count - 1, by: 2) {
            digest.append(UInt8(hexDigit(hex[index]) << 4 | hexDigit(hex[index + 1])))
        }
        return "sha256-" + digest.base64EncodedString()
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8 { byte >= UInt8(ascii: "a") ? byte - UInt8(ascii: "a") + 10 : byte - UInt8(ascii: "0") }
}
