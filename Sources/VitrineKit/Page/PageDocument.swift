import Foundation
import VipsKit

/// The text of `index.html`: the page's frame, its style and script inline, the manifest in a
/// JSON data block (a `<script>` the browser does not run: a page opened from disk may not
/// `fetch`, but it may read its own elements), and a Content-Security-Policy that lets nothing
/// run but the page's own script and nothing load from outside the site.
enum PageDocument {
    /// `index.html` for `manifestJSON` (the manifest's bytes as written) and the page's own
    /// data (`PageData`, JSON), as bytes.
    static func html(manifestJSON: Data, pageJSON: Data, title: String?) -> Data {
        var page = Data(capacity: manifestJSON.count + pageJSON.count + 64 << 10)
        write(manifestJSON: { emit in manifestJSON.withUnsafeBytes(emit) }, pageJSON: pageJSON, title: title) { page.append(contentsOf: $0) }
        return page
    }

    /// ``html(manifestJSON:pageJSON:title:)`` handed out in pieces, for a file written as they
    /// come: on a gallery of 100,000 items the page is over 100 MB, and is not held whole.
    /// - Parameter manifestJSON: the manifest's bytes, in pieces (read back from its file).
    static func write(manifestJSON: AtomicFile.Pieces, pageJSON: Data, title: String?, to emit: (UnsafeRawBufferPointer) -> Void) {
        let script = PageScript.text, style = PageStyle.text
        let head = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(policy(script: script, style: style))">
            <meta name="referrer" content="no-referrer">
            <meta name="generator" content="vitrine \(VitrineVersion.string)">
            <link rel="icon" href="data:,">
            <title>\(Markup.escape(title ?? "Gallery", quotes: true, html: true))</title>
            <style>\(style)</style>
            </head>
            <body>
            <header class="gallery-head"><h1 id="gallery-title"></h1><div id="gallery-description" class="gallery-description"></div></header>
            <main><ul id="grid" class="grid" aria-label="Gallery"></ul></main>
            <div id="viewer" class="viewer" role="dialog" aria-modal="true" aria-label="Viewer" tabindex="-1" hidden>
            <div class="strip"></div>
            <p class="counter" aria-live="polite"></p>
            <button type="button" class="control close" aria-label="Close (Escape)">×</button>
            <button type="button" class="control prev" aria-label="Previous">‹</button>
            <button type="button" class="control next" aria-label="Next">›</button>
            </div>
            <script type="application/json" id="vitrine-manifest">
            """
        let tail = """
            </script>
            <script>\(script)</script>
            </body>
            </html>

            """
        Array(head.utf8).withUnsafeBytes(emit)
        emitDataBlock(manifestJSON, to: emit)
        Array("</script>\n<script type=\"application/json\" id=\"vitrine-page\">".utf8).withUnsafeBytes(emit)
        emitDataBlock({ pageJSON.withUnsafeBytes($0) }, to: emit)
        Array(tail.utf8).withUnsafeBytes(emit)
    }

    /// The page's policy: no source at all by default; its own script and style by hash;
    /// pictures and videos from the site only (and the page's empty `data:` icon); no base URL,
    /// form or frame.
    static func policy(script: String, style: String) -> String {
        [
            "default-src 'none'",
            "script-src '\(hashSource(script))'",
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

    /// JSON made safe inside `<script>`: every `<` as `\u003c` (it can only stand in a string),
    /// so that no `</script>` or `<!--` in a caption can end or change the block. Trailing line
    /// ends are left out.
    static func emitDataBlock(_ json: AtomicFile.Pieces, to emit: (UnsafeRawBufferPointer) -> Void) {
        let escaped = Array(#"\u003c"#.utf8)
        // Final newlines are left out: they are held back until more bytes follow them.
        var newlines = 0
        let newline: [UInt8] = [0x0A]
        withoutActuallyEscaping(emit) { emit in
            json { raw in
                var bytes = raw[...]
                guard !bytes.isEmpty else { return }
                var trailing = 0
                while trailing < bytes.count, bytes[bytes.endIndex - 1 - trailing] == 0x0A { trailing += 1 }
                if trailing == bytes.count {
                    newlines += trailing
                    return
                }
                for _ in 0..<newlines { newline.withUnsafeBytes(emit) }
                newlines = trailing
                bytes = bytes.dropLast(trailing)
                guard let base = raw.baseAddress else { return }
                var start = bytes.startIndex
                while start < bytes.endIndex {
                    guard let found = memchr(base + start, Int32(UInt8(ascii: "<")), bytes.endIndex - start) else { break }
                    let angle = base.distance(to: UnsafeRawPointer(found))
                    emit(UnsafeRawBufferPointer(rebasing: raw[start..<angle]))
                    escaped.withUnsafeBytes(emit)
                    start = angle + 1
                }
                emit(UnsafeRawBufferPointer(rebasing: raw[start..<bytes.endIndex]))
            }
        }
    }

}
