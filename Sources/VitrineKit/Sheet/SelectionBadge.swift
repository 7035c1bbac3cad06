import VipsKit

/// The ordered-selection badge of seed 002, top-left on a cell: the item's place in the
/// selection, in black, in a filled light-blue circle with a thin dark border.
public enum SelectionBadge {
    /// Seed 002's circle colour, UIColor(0.84, 0.91, 1.00), as 0–255 RGB.
    public static let fill: [Double] = [214, 232, 255]
    /// The border: black at 40 % opacity, one pixel wide.
    static let borderOpacity = 0.4

    /// The circle's diameter on a picture whose shorter side is `side`: seed 002's 30 points on
    /// a cell of about 240, never under 16 pixels.
    public static func diameter(forSide side: Int) -> Int { max(16, side / 8) }

    /// The distance from the picture's top and left edges to the circle.
    public static func inset(forSide side: Int) -> Int { max(2, side / 30) }

    /// `image` (sRGB, no alpha) with `number` drawn in its top-left corner.
    public static func draw(_ number: Int, on image: Image) throws(VipsError) -> Image {
        let side = min(image.width, image.height)
        let diameter = diameter(forSide: side), inset = inset(forSide: side)
        guard diameter + inset < image.width, diameter + inset < image.height else { return image }
        let radius = Double(diameter) / 2
        let outer = try disc(diameter: diameter, radius: radius)
        let inner = try disc(diameter: diameter, radius: radius - 1)
        let border = try Operation.image("cast", ["in": .image(try Operation.image("linear", [
            "in": .image(outer), "a": .doubles([borderOpacity]), "b": .doubles([0]),
        ])), "format": .format(.uchar)])
        var out = try SheetText.overlay(border, colour: [0, 0, 0], on: image, x: inset, y: inset)
        out = try SheetText.overlay(inner, colour: fill, on: out, x: inset, y: inset)
        guard let ink = try SheetText.ink(String(number), font: SheetText.font(max(8, diameter * 16 / 30))) else { return out }
        // The ink's centre on the circle's: digits have no descent to balance.
        return try SheetText.overlay(ink.mask, colour: [0, 0, 0], on: out, x: inset + (diameter - ink.mask.width) / 2,
            y: inset + (diameter - ink.mask.height) / 2)
    }

    /// A one-band mask, `diameter` pixels square, of an antialiased disc of `radius` at its
    /// centre: 255 inside, 0 outside, the edge pixel by how much of it is covered.
    static func disc(diameter: Int, radius: Double) throws(VipsError) -> Image {
        let centre = Double(diameter) / 2 - 0.5
        let grid = try Operation.image("xyz", ["width": .int(diameter), "height": .int(diameter)])
        let offset = try Operation.image("linear", ["in": .image(grid), "a": .doubles([1, 1]), "b": .doubles([-centre, -centre])])
        let squares = try Operation.image("multiply", ["left": .image(offset), "right": .image(offset)])
        let x = try Operation.image("extract_band", ["in": .image(squares), "band": .int(0)])
        let y = try Operation.image("extract_band", ["in": .image(squares), "band": .int(1)])
        let distance = try Operation.image("math2_const", ["in": .image(try Operation.image("add", ["left": .image(x), "right": .image(y)])),
            "math2": .string("pow"), "c": .doubles([0.5])])
        // Coverage (radius + ½ − distance), from 0 to 1, as 0–255; cast clips to the range.
        let coverage = try Operation.image("linear", ["in": .image(distance), "a": .doubles([-255]), "b": .doubles([(radius + 0.5) * 255])])
        return try Operation.image("cast", ["in": .image(coverage), "format": .format(.uchar)])
    }
}
