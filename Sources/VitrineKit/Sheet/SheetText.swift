import VipsKit

/// Text on contact sheets, through libvips' `text` (Pango): fonts come from fontconfig, and
/// Pango falls back, glyph by glyph, to any installed font that has one (DejaVu for Latin,
/// Greek, Cyrillic, Hebrew and Arabic; Droid Sans Fallback or Noto CJK for Chinese, Japanese
/// and Korean). Without such a font Pango draws boxes and libvips still succeeds.
enum SheetText {
    /// Pango's font description for the sans-serif face at `pixels` (72 dpi: points are pixels).
    static func font(_ pixels: Int, bold: Bool = false) -> String { "sans\(bold ? " bold" : "") \(pixels)" }

    /// A rendered line: its ink as a one-band mask, and where the ink starts relative to the
    /// line's logical top-left corner (libvips' `xoffset`, `yoffset`).
    struct Ink {
        var mask: Image
        var x: Int
        var y: Int
        /// Where the ink ends, from the logical left edge.
        var right: Int { x + mask.width }
    }

    /// `markup` (Pango markup, already escaped) drawn in `font`; nil for text with no ink.
    static func ink(_ markup: String, font: String) throws(VipsError) -> Ink? {
        guard !markup.allSatisfy({ $0 == " " }) else { return nil }
        let mask = try Operation.image("text", ["text": .string(markup), "font": .string(font), "dpi": .int(72)])
        guard mask.width > 0, mask.height > 0 else { return nil }
        return Ink(mask: mask, x: mask.int("xoffset") ?? 0, y: mask.int("yoffset") ?? 0)
    }

    /// How wide `text` is drawn in `font`: to the end of its ink (0 for none; past any width
    /// when Pango refuses it, so that it is cut).
    static func width(_ text: StyledText, font: String) -> Int {
        do { return try ink(text.pango, font: font)?.right ?? 0 } catch { return Int.max / 2 }
    }

    /// `text` cut into at most `maxLines` lines no wider than `width`, the last ending in `…`
    /// when some is left over.
    static func fit(_ text: StyledText, width: Int, maxLines: Int, font: String) -> [StyledText] {
        TextFitter.lines(text, width: width, maxLines: maxLines) { Self.width($0, font: font) }
    }

    /// How a line sits in its box across.
    enum Alignment { case left, centre, right }

    /// `image` with `lines` drawn in `colour` (0–255 RGB), the first line's logical top at `y`
    /// and each next one `lineHeight` lower, aligned in the box from `x` to `x + width`. Ink
    /// past a line's height is cut off, so that lines never run into what is below.
    static func draw(_ lines: [StyledText], font: String, colour: [Double], on image: Image, x: Int, y: Int, width: Int,
                     lineHeight: Int, alignment: Alignment = .left) throws(VipsError) -> Image {
        var out = image
        for (number, line) in lines.enumerated() {
            guard var ink = try ink(line.pango, font: font) else { continue }
            let top = max(0, ink.y)
            let visible = min(ink.mask.height, lineHeight + 2 - top)
            guard visible > 0 else { continue }
            if visible < ink.mask.height {
                ink.mask = try Operation.image("extract_area", ["input": .image(ink.mask), "left": .int(0), "top": .int(0),
                    "width": .int(ink.mask.width), "height": .int(visible)])
            }
            let left: Int
            switch alignment {
            case .left: left = x + ink.x
            case .centre: left = x + (width - ink.mask.width) / 2
            case .right: left = x + width - ink.right
            }
            out = try overlay(ink.mask, colour: colour, on: out, x: left, y: y + number * lineHeight + top)
        }
        return out
    }

    /// `image` (sRGB, no alpha) with `mask` laid over it in `colour` at (`x`, `y`).
    static func overlay(_ mask: Image, colour: [Double], on image: Image, x: Int, y: Int) throws(VipsError) -> Image {
        let layer = try DurationBadge.layer(colour: colour, alpha: mask)
        let joined = try Operation.image("composite2", ["base": .image(image), "overlay": .image(layer), "mode": .string("over"),
            "x": .int(x), "y": .int(y)])
        return try flattened(joined, bands: image.bands)
    }

    /// The first `bands` bands of a composite, in 8 bits (cast only when they are not).
    static func flattened(_ image: Image, bands: Int) throws(VipsError) -> Image {
        let kept = image.bands == bands ? image
            : try Operation.image("extract_band", ["in": .image(image), "band": .int(0), "n": .int(bands)])
        return kept.format == .uchar ? kept : try Operation.image("cast", ["in": .image(kept), "format": .format(.uchar)])
    }

    /// Dark text on a light background, light text on a dark one.
    static func ink(on background: [Double]) -> [Double] {
        let luminance = 0.2126 * background[0] + 0.7152 * background[1] + 0.0722 * background[2]
        return luminance > 140 ? [34, 34, 34] : [235, 235, 235]
    }

    /// Softer than ``ink(on:)``: footers, details, placeholder text.
    static func secondaryInk(on background: [Double]) -> [Double] {
        let strong = ink(on: background)
        return zip(strong, background).map { ($0 * 2 + $1) / 3 }
    }
}
