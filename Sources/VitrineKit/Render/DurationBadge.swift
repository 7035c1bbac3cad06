import Foundation
import VipsKit

/// Seed 002's duration label burnt into a video thumbnail: bottom-right, white text with a
/// soft shadow, sized to the thumbnail. Contact sheets draw their cell numbers (bottom-left)
/// and frame times with it too.
public enum DurationBadge {
    /// A bottom corner of the picture.
    public enum Corner: Sendable { case bottomLeft, bottomRight }

    /// `image` with `label` (plain text: it is escaped for Pango) drawn in a bottom corner,
    /// default the right. The text is about a tenth of the thumbnail's shorter side high (never
    /// under 9 px), set in the default sans-serif font.
    public static func draw(_ label: String, on image: Image, corner: Corner = .bottomRight) throws(VipsError) -> Image {
        let side = min(image.width, image.height)
        let size = max(9, side / 10)
        let mask = try Operation.image("text", ["text": .string(Markup.escape(label, quotes: false)), "font": .string("sans bold \(size)"), "dpi": .int(72)])
        guard mask.width > 0, mask.height > 0, mask.width < image.width else { return image }
        let pad = max(2, size / 4)
        let padded = try Operation.image("embed", ["in": .image(mask), "x": .int(pad), "y": .int(pad),
            "width": .int(mask.width + 2 * pad), "height": .int(mask.height + 2 * pad)])
        let shadowAlpha = try Operation.image("cast", ["in": .image(try Operation.image("linear", [
            "in": .image(try Operation.image("gaussblur", ["in": .image(padded), "sigma": .double(max(1, Double(size) / 8))])),
            "a": .doubles([0.85]), "b": .doubles([0]),
        ])), "format": .format(.uchar)])
        let text = try layer(colour: [255, 255, 255], alpha: padded)
        let shadow = try layer(colour: [0, 0, 0], alpha: shadowAlpha)
        let margin = max(2, side / 40)
        let x = corner == .bottomRight ? image.width - padded.width - margin + pad / 2 : margin - pad / 2
        let y = image.height - padded.height - margin + pad / 2
        var out = try Operation.image("composite2", ["base": .image(image), "overlay": .image(shadow), "mode": .string("over"),
            "x": .int(x + 1), "y": .int(y + 1)])
        out = try Operation.image("composite2", ["base": .image(out), "overlay": .image(text), "mode": .string("over"),
            "x": .int(x), "y": .int(y)])
        if !image.hasAlpha {
            out = try Operation.image("extract_band", ["in": .image(out), "band": .int(0), "n": .int(image.bands)])
        }
        return try Operation.image("cast", ["in": .image(out), "format": .format(.uchar)])
    }

    /// An sRGB layer of one colour (0–255 RGB) with `alpha` as its alpha band.
    static func layer(colour: [Double], alpha: Image) throws(VipsError) -> Image {
        let black = try Operation.image("black", ["width": .int(alpha.width), "height": .int(alpha.height), "bands": .int(3)])
        let flat = try Operation.image("cast", ["in": .image(try Operation.image("linear", [
            "in": .image(black), "a": .doubles([1, 1, 1]), "b": .doubles(colour),
        ])), "format": .format(.uchar)])
        let joined = try Operation.image("bandjoin", ["in": .images([flat, alpha])])
        return try Operation.image("copy", ["in": .image(joined), "interpretation": .interpretation(.srgb)])
    }
}
