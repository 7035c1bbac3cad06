import Foundation
import VipsKit

/// Seed 002's duration label burnt into a video thumbnail: bottom-right, white text with a
/// soft shadow, sized to the thumbnail. Contact sheets draw their cell numbers (bottom-left)
/// and frame times the same way (``NumberBadges`` draws the numbers from glyphs made once).
public enum DurationBadge {
    /// A bottom corner of the picture.
    public enum Corner: Sendable { case bottomLeft, bottomRight }

    /// The shadow's alpha: the blurred text's, times this.
    static let shadowOpacity = 0.85

    /// A badge's sizes on a picture whose shorter side is `side`: the text about a tenth of it
    /// high (never under 9 px), set in the default sans-serif font.
    struct Geometry: Equatable {
        /// The font's size in pixels.
        var size: Int
        /// Blank pixels around the text's ink, so that its shadow's blur has room.
        var pad: Int
        var sigma: Double
        /// From the picture's edges.
        var margin: Int

        init(side: Int) {
            size = max(9, side / 10)
            pad = max(2, size / 4)
            sigma = max(1, Double(size) / 8)
            margin = max(2, side / 40)
        }

        var font: String { "sans bold \(size)" }

        /// Where the padded text's top-left corner goes on a picture of `width` × `height`; its
        /// shadow is one pixel right of and below it.
        func origin(paddedWidth: Int, paddedHeight: Int, pictureWidth: Int, pictureHeight: Int, corner: Corner) -> (x: Int, y: Int) {
            let x = corner == .bottomRight ? pictureWidth - paddedWidth - margin + pad / 2 : margin - pad / 2
            return (x, pictureHeight - paddedHeight - margin + pad / 2)
        }
    }

    /// `image` with `label` (plain text: it is escaped for Pango) drawn in a bottom corner,
    /// default the right.
    public static func draw(_ label: String, on image: Image, corner: Corner = .bottomRight) throws(VipsError) -> Image {
        let geometry = Geometry(side: min(image.width, image.height))
        let pad = geometry.pad
        let mask = try Operation.image("text", ["text": .string(Markup.escape(label, quotes: false)), "font": .string(geometry.font), "dpi": .int(72)])
        guard mask.width > 0, mask.height > 0, mask.width < image.width else { return image }
        let padded = try Operation.image("embed", ["in": .image(mask), "x": .int(pad), "y": .int(pad),
            "width": .int(mask.width + 2 * pad), "height": .int(mask.height + 2 * pad)])
        let shadowAlpha = try Operation.image("cast", ["in": .image(try Operation.image("linear", [
            "in": .image(try Operation.image("gaussblur", ["in": .image(padded), "sigma": .double(geometry.sigma)])),
            "a": .doubles([shadowOpacity]), "b": .doubles([0]),
        ])), "format": .format(.uchar)])
        let text = try layer(colour: [255, 255, 255], alpha: padded)
        let shadow = try layer(colour: [0, 0, 0], alpha: shadowAlpha)
        let (x, y) = geometry.origin(paddedWidth: padded.width, paddedHeight: padded.height, pictureWidth: image.width,
            pictureHeight: image.height, corner: corner)
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
