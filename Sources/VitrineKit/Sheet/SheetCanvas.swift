import VipsKit

/// A one-band 8-bit mask (text's ink, a badge's shadow), held as bytes.
struct AlphaMask: Equatable {
    var width: Int
    var height: Int
    /// `width * height` bytes, row by row.
    var values: [UInt8]

    init(width: Int, height: Int, values: [UInt8]) {
        self.width = width
        self.height = height
        self.values = values
    }

    init(width: Int, height: Int) { self.init(width: width, height: height, values: [UInt8](repeating: 0, count: width * height)) }

    /// The first band of `image`, computed.
    init(_ image: Image) throws(VipsError) {
        let first = image.bands == 1 ? image : try Operation.image("extract_band", ["in": .image(image), "band": .int(0)])
        self.init(width: first.width, height: first.height, values: try first.pixels())
    }

    subscript(x: Int, y: Int) -> UInt8 {
        get { values[y * width + x] }
        set { values[y * width + x] = newValue }
    }

    /// `self` with `pad` blank pixels on every side.
    func padded(by pad: Int) -> AlphaMask {
        var out = AlphaMask(width: width + 2 * pad, height: height + 2 * pad)
        for y in 0..<height {
            out.values.replaceSubrange((y + pad) * out.width + pad ..< (y + pad) * out.width + pad + width,
                with: values[y * width ..< (y + 1) * width])
        }
        return out
    }
}

/// A picture of one cell slot drawn in memory (8-bit sRGB, three bands): the cell's picture
/// copied in and its badges blended over it here, so that a cell costs libvips a load and
/// not a dozen operations a badge.
struct SheetCanvas {
    let width: Int
    let height: Int
    /// `width * height * 3` bytes, row by row.
    private(set) var bytes: [UInt8]

    /// A canvas of one colour (0–255 RGB).
    init(width: Int, height: Int, colour: [Double]) {
        self.width = width
        self.height = height
        let pixel = colour.prefix(3).map { UInt8(max(0, min(255, $0.rounded()))) }
        // One row is filled pixel by pixel, the others copied from it.
        var row = [UInt8](repeating: 0, count: width * 3)
        for x in 0..<width { (row[3 * x], row[3 * x + 1], row[3 * x + 2]) = (pixel[0], pixel[1], pixel[2]) }
        bytes = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height { bytes.replaceSubrange(y * width * 3 ..< (y + 1) * width * 3, with: row) }
    }

    /// `picture` (8-bit sRGB, three bands) copied in at (`x`, `y`); what falls outside is cut off.
    mutating func place(_ picture: Image, x: Int, y: Int) throws(VipsError) {
        guard picture.bands == 3 else { throw VipsError("a sheet cell has \(picture.bands) bands, not 3") }
        let source = try picture.pixels()
        let rowBytes = picture.width * 3
        let left = max(0, x), right = min(width, x + picture.width)
        guard left < right else { return }
        for row in max(0, y)..<min(height, y + picture.height) {
            let from = (row - y) * rowBytes + (left - x) * 3
            bytes.replaceSubrange((row * width + left) * 3 ..< (row * width + right) * 3,
                with: source[from ..< from + (right - left) * 3])
        }
    }

    /// A mask laid over the canvas in one colour (0–255 RGB), its top-left corner at (`x`, `y`).
    struct Layer {
        var mask: AlphaMask
        var colour: [UInt8]
        var x: Int
        var y: Int
    }

    /// `layers` laid over the canvas in turn, only inside `clip` (the picture they belong
    /// to), computed as libvips' `composite2` "over" computes each on an opaque 8-bit picture
    /// (in single precision, the alpha it leaves carried to the next, each result cut to 8
    /// bits): the same pixels as the composites this replaces.
    mutating func composite(_ layers: [Layer], clip: Rect) {
        let bounds = clip.intersection(Rect(x: 0, y: 0, width: width, height: height))
        guard let first = layers.first else { return }
        var union = Rect(x: first.x, y: first.y, width: first.mask.width, height: first.mask.height)
        for layer in layers.dropFirst() { union = union.union(Rect(x: layer.x, y: layer.y, width: layer.mask.width, height: layer.mask.height)) }
        let area = union.intersection(bounds)
        guard area.width > 0, area.height > 0 else { return }
        for row in area.y..<(area.y + area.height) {
            for column in area.x..<(area.x + area.width) {
                let at = (row * width + column) * 3
                var pixel = (bytes[at], bytes[at + 1], bytes[at + 2]), alpha: UInt8 = 255
                for layer in layers {
                    let inside = column >= layer.x && column < layer.x + layer.mask.width && row >= layer.y && row < layer.y + layer.mask.height
                    let cover = inside ? layer.mask[column - layer.x, row - layer.y] : 0
                    // libvips computes every pixel of a tile a layer touches; where it does not cover,
                    // the result is the pixel as it was, but the alpha is still carried.
                    (pixel, alpha) = Self.over(pixel, alpha: alpha, colour: inside ? layer.colour : [0, 0, 0], cover: cover)
                }
                (bytes[at], bytes[at + 1], bytes[at + 2]) = pixel
            }
        }
    }

    /// One pixel of libvips' "over" (its three-band vector path): `colour` at `cover` over
    /// `pixel` at `alpha`.
    private static func over(_ pixel: (UInt8, UInt8, UInt8), alpha: UInt8, colour: [UInt8], cover: UInt8)
        -> ((UInt8, UInt8, UInt8), UInt8) {
        let aB = Float(alpha) / 255, aA = Float(cover) / 255
        let aR = aA + aB * (1 - aA), t1 = 1 - aA
        func band(_ base: UInt8, _ top: UInt8) -> UInt8 {
            let a = Float(top) / 255 * aA
            var b = Float(base) / 255 * aB
            b = a + t1 * b
            if aR == 0 { return 0 }
            b = b / aR * 255
            return UInt8(max(0, min(255, b)))
        }
        return ((band(pixel.0, colour[0]), band(pixel.1, colour[1]), band(pixel.2, colour[2])), UInt8(max(0, min(255, aR * 255))))
    }

    /// The canvas as a libvips image in memory, tagged sRGB.
    func image() throws(VipsError) -> Image {
        let made = try Image.fromPixels(bytes, width: width, height: height, bands: 3)
        return made.interpretation == .srgb ? made : try Operation.image("copy", ["in": .image(made), "interpretation": .interpretation(.srgb)])
    }

    /// A rectangle of pixels.
    struct Rect: Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int

        func intersection(_ other: Rect) -> Rect {
            let left = max(x, other.x), top = max(y, other.y)
            let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
            return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
        }

        func union(_ other: Rect) -> Rect {
            let left = min(x, other.x), top = min(y, other.y)
            let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
            return Rect(x: left, y: top, width: right - left, height: bottom - top)
        }
    }
}
