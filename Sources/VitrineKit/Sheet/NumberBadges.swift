import Foundation
import VipsKit

/// Cells' numbers as ``DurationBadge`` draws a label (white bold digits with a soft shadow,
/// bottom-left), but from the ten digits rendered once a size and a blur done on bytes: a
/// number drawn through libvips took a Pango layout, a blur and two composites per cell, the
/// sheet phase's largest cost. Shared by every page of a phase (it is thread-safe).
final class NumberBadges: Sendable {
    /// One digit's ink, and where it sits relative to the pen.
    struct Glyph {
        var mask: AlphaMask
        /// The ink's left edge and top from the pen's position on the line's logical top.
        var x: Int
        var y: Int
        /// How far the pen moves past it.
        var advance: Int
    }

    /// The digits of one font size, and the blur's kernel for its shadow.
    struct Face {
        var glyphs: [Glyph]
        var kernel: [Int]
    }

    private let faces = Locked([Int: Face]())

    /// `number` drawn on `canvas` in the bottom-left corner of the picture at `picture`.
    func draw(_ number: Int, on canvas: inout SheetCanvas, picture: SheetCanvas.Rect) throws(VipsError) {
        let geometry = DurationBadge.Geometry(side: min(picture.width, picture.height))
        let face = try face(geometry)
        guard let text = Self.mask(String(number), face: face), text.width < picture.width else { return }
        let padded = text.padded(by: geometry.pad)
        var shadow = Self.blurred(padded, kernel: face.kernel)
        shadow.values = shadow.values.map { UInt8(Double($0) * DurationBadge.shadowOpacity) }
        let (x, y) = geometry.origin(paddedWidth: padded.width, paddedHeight: padded.height, pictureWidth: picture.width,
            pictureHeight: picture.height, corner: .bottomLeft)
        canvas.composite([SheetCanvas.Layer(mask: shadow, colour: [0, 0, 0], x: picture.x + x + 1, y: picture.y + y + 1),
                          SheetCanvas.Layer(mask: padded, colour: [255, 255, 255], x: picture.x + x, y: picture.y + y)], clip: picture)
    }

    /// The digits and kernel of a geometry's size, made on first use.
    private func face(_ geometry: DurationBadge.Geometry) throws(VipsError) -> Face {
        if let face = faces.withLock({ $0[geometry.size] }) { return face }
        var glyphs: [Glyph] = []
        for digit in 0...9 {
            let single = try Self.ink(String(digit), font: geometry.font)
            // The advance is the ink's right edge moved by a second copy of the digit (digits
            // are not kerned against each other).
            let double = try Self.ink(String(digit) + String(digit), font: geometry.font)
            glyphs.append(Glyph(mask: single.mask, x: single.x, y: single.y, advance: double.right - single.right))
        }
        let face = Face(glyphs: glyphs, kernel: Self.gaussian(sigma: geometry.sigma))
        faces.withLock { $0[geometry.size] = face }
        return face
    }

    private struct Ink {
        var mask: AlphaMask
        var x: Int
        var y: Int
        var right: Int { x + mask.width }
    }

    private static func ink(_ text: String, font: String) throws(VipsError) -> Ink {
        let image = try Operation.image("text", ["text": .string(text), "font": .string(font), "dpi": .int(72)])
        return Ink(mask: try AlphaMask(image), x: image.int("xoffset") ?? 0, y: image.int("yoffset") ?? 0)
    }

    /// The ink of `digits` set on one line: each digit's where the pen puts it, overlapping
    /// ink combined as Cairo combines it.
    static func mask(_ digits: String, face: Face) -> AlphaMask? {
        var placed: [(glyph: Glyph, x: Int)] = []
        var pen = 0
        for character in digits {
            guard let value = character.wholeNumberValue, (0...9).contains(value) else { return nil }
            let glyph = face.glyphs[value]
            placed.append((glyph, pen + glyph.x))
            pen += glyph.advance
        }
        let inked = placed.filter { $0.glyph.mask.width > 0 && $0.glyph.mask.height > 0 }
        guard let left = inked.map(\.x).min(), let right = inked.map({ $0.x + $0.glyph.mask.width }).max(),
            let top = inked.map(\.glyph.y).min(), let bottom = inked.map({ $0.glyph.y + $0.glyph.mask.height }).max()
        else { return nil }
        var out = AlphaMask(width: right - left, height: bottom - top)
        for (glyph, x) in inked {
            for row in 0..<glyph.mask.height {
                for column in 0..<glyph.mask.width {
                    let ink = Int(glyph.mask[column, row])
                    guard ink > 0 else { continue }
                    let at = (x - left + column, glyph.y - top + row)
                    let below = Int(out[at.0, at.1])
                    out[at.0, at.1] = UInt8(ink + below * (255 - ink) / 255)
                }
            }
        }
        return out
    }

    /// libvips' integer Gaussian (`gaussmat`, its default least amplitude 0.2): the weights,
    /// odd in number, centre in the middle.
    static func gaussian(sigma: Double) -> [Int] {
        let twoSigmaSquared = 2 * sigma * sigma
        var reach = 0
        while reach < Int(8 * sigma), exp(-Double(reach * reach) / twoSigmaSquared) >= 0.2 { reach += 1 }
        let half = max(reach - 1, 0)
        return (-half...half).map { Int((20 * exp(-Double($0 * $0) / twoSigmaSquared)).rounded()) }
    }

    /// `mask` blurred across then down with `kernel` (edges extended, each pass rounded to 8
    /// bits, as libvips' integer convolution does).
    static func blurred(_ mask: AlphaMask, kernel: [Int]) -> AlphaMask {
        let scale = max(1, kernel.reduce(0, +)), half = kernel.count / 2
        func pass(_ source: AlphaMask, across: Bool) -> AlphaMask {
            var out = AlphaMask(width: source.width, height: source.height)
            for y in 0..<source.height {
                for x in 0..<source.width {
                    var sum = 0
                    for (index, weight) in kernel.enumerated() {
                        let offset = index - half
                        let sx = across ? min(max(x + offset, 0), source.width - 1) : x
                        let sy = across ? y : min(max(y + offset, 0), source.height - 1)
                        sum += weight * Int(source[sx, sy])
                    }
                    out[x, y] = UInt8(max(0, min(255, (sum + (scale + 1) / 2) / scale)))
                }
            }
            return out
        }
        return pass(pass(mask, across: true), across: false)
    }
}
