import Foundation
import VipsKit

/// The text of `index.html`: the page's frame, its style and script inline, and a
/// Content-Security-Policy that lets nothing run but the page's own script and the data pieces
/// it adds (`'strict-dynamic'`: a script the hashed script inserts may load, a script in markup
/// may not), and nothing load from outside the site. It holds no gallery data: its size does
/// not grow with the gallery.
enum PageDocument {
    /// `index.html` titled `title`, as bytes.
    static func html(title: String) -> Data {
        let script = PageScript.text, style = PageStyle.text
        let page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(policy(script: script, style: style))">
            <meta name="referrer" content="no-referrer">
            <meta name="generator" content="vitrine \(VitrineVersion.string)">
            <link rel="icon" href="data:,">
            <title>\(Markup.escape(title, quotes: true, html: true))</title>
            <style>\(style)</style>
            </head>
            <body>
            <header class="gallery-head"><p id="gallery-title" class="gallery-title">\(Markup.escape(title, quotes: true, html: true))</p>
            <nav id="breadcrumbs" class="breadcrumbs" aria-label="Albums"></nav>
            <h1 id="album-title"></h1><div id="album-description" class="gallery-description"></div></header>
            <main><ul id="albums" class="albums" aria-label="Albums"></ul>
            <ul id="grid" class="grid" aria-label="Items"></ul><p id="status" class="empty" hidden></p></main>
            <div id="viewer" class="viewer" role="dialog" aria-modal="true" aria-label="Viewer" tabindex="-1" hidden>
            <div class="strip"></div>
            <p class="counter" aria-live="polite"></p>
            <button type="button" class="control close" aria-label="Close (Escape)">×</button>
            <button type="button" class="control info-button" aria-label="Information (i)" aria-expanded="false">i</button>
            <button type="button" class="control prev" aria-label="Previous">‹</button>
            <button type="button" class="control next" aria-label="Next">›</button>
            <aside class="info" aria-label="Information" hidden><dl></dl></aside>
            </div>
            <script>\(script)</script>
            </body>
            </html>

            """
        return Data(page.utf8)
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
