/// The gallery page's script, our own, with no framework: one function scope in parts, each
/// in its own file. It never evaluates text (no `eval`, no `Function`, no string timers), sets
/// no inline event handler and builds no `javascript:` URL; it reads the manifest from the
/// page's JSON data block and asks for nothing outside the site.
enum PageScript {
    /// The parts in order: helpers and ThumbHash, grid and captions, viewer, zoom and gestures,
    /// tiles and the start.
    static var parts: [String] { [core, grid, viewer, zoom, tiles] }

    static var text: String { parts.joined() }
}
