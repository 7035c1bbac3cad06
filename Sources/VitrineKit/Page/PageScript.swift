/// The gallery page's script, our own, with no framework: one function scope in parts, each
/// in its own file. It never evaluates text (no `eval`, no `Function`, no string timers), sets
/// no inline event handler and builds no `javascript:` URL; it reads the gallery from the
/// data pieces beside the page (``PageData``) and asks for nothing outside the site.
enum PageScript {
    /// The parts in order: data pieces, helpers and ThumbHash; the album view and its virtual
    /// grid; captions; the viewer; zoom and gestures; tiles; the info panel, URLs and the start.
    static var parts: [String] { [core, grid, captions, viewer, zoom, tiles, routes] }

    static var text: String { parts.joined() }
}
