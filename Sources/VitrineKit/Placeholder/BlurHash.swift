#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// BlurHash placeholders (woltapp/blurhash): a short base83 string holding the average colour
/// and a few cosine terms per axis, which a decoder turns into a soft gradient image.
///
/// The arithmetic mirrors the reference C encoder (the one inside the `blurhash-python`
/// package): single-precision sums, `cosf`/`powf`, and the same float/double promotions, so
/// that the strings match it character for character rather than differing in rare
/// quantisation ties. The TypeScript encoder computes in doubles and may differ there.
public enum BlurHash {
    /// Encodes an image as a BlurHash string.
    ///
    /// - Parameters:
    ///   - width: The image's width in pixels, at least 1. Cost grows with the pixel count
    ///     times the component count, so shrink large images first (a few dozen pixels will do).
    ///   - height: The image's height in pixels, at least 1.
    ///   - rgba: The pixels, row by row, 4 bytes each (R, G, B, A): exactly
    ///     `width * height * 4` bytes. Alpha is ignored, as in the reference encoder.
    ///   - componentsX: Horizontal cosine terms, 1…9; default 4.
    ///   - componentsY: Vertical cosine terms, 1…9; default 3.
    /// - Returns: A string of `4 + 2 * componentsX * componentsY` base83 characters.
    public static func encode(width: Int, height: Int, rgba: [UInt8],
                              componentsX: Int = 4, componentsY: Int = 3) -> String {
        precondition((1...9).contains(componentsX) && (1...9).contains(componentsY),
                     "BlurHash: components \(componentsX)x\(componentsY) must be within 1…9")
        precondition(width >= 1 && height >= 1, "BlurHash: empty image \(width)x\(height)")
        precondition(rgba.count == width * height * 4,
                     "BlurHash: \(rgba.count) bytes for \(width)x\(height) RGBA")

        // The basis cosines depend on one axis each: compute each row once, not per pixel.
        func basis(_ component: Int, _ size: Int) -> [Float] {
            (0..<size).map { cosf(Float(Double.pi * Double(component) * Double($0) / Double(size))) }
        }
        var factors: [(r: Float, g: Float, b: Float)] = []
        for cy in 0..<componentsY {
            let fy = basis(cy, height)
            for cx in 0..<componentsX {
                let fx = basis(cx, width)
                var r: Float = 0, g: Float = 0, b: Float = 0
                for y in 0..<height {
                    for x in 0..<width {
                        let weight = fx[x] * fy[y]
                        let i = 4 * (x + y * width)
                        r += weight * linearTable[Int(rgba[i])]
                        g += weight * linearTable[Int(rgba[i + 1])]
                        b += weight * linearTable[Int(rgba[i + 2])]
                    }
                }
                let normalisation: Float = cx == 0 && cy == 0 ? 1 : 2
                let scale = normalisation / Float(width * height)
                factors.append((r * scale, g * scale, b * scale))
            }
        }

        var hash = base83(componentsX - 1 + (componentsY - 1) * 9, length: 1)
        let ac = factors.dropFirst()
        var maximum: Float = 1
        if ac.isEmpty {
            hash += base83(0, length: 1)
        } else {
            var actual: Float = 0
            for f in ac { actual = fmaxf(fmaxf(fabsf(f.r), fabsf(f.g)), fmaxf(fabsf(f.b), actual)) }
            // `* 166` in float, `- 0.5` in double, floored in float: the C expression's types.
            let quantised = Int(fmaxf(0, fminf(82, floorf(Float(Double(actual * 166) - 0.5)))))
            maximum = (Float(quantised) + 1) / 166
            hash += base83(quantised, length: 1)
        }

        let dc = factors[0]
        hash += base83(toSRGB(dc.r) << 16 + toSRGB(dc.g) << 8 + toSRGB(dc.b), length: 4)
        for f in ac {
            let value = quantiseAC(f.r, maximum) * 19 * 19 + quantiseAC(f.g, maximum) * 19 + quantiseAC(f.b, maximum)
            hash += base83(value, length: 2)
        }
        return hash
    }

    /// sRGB byte to linear light, as the C reference's `sRGBToLinear` rounds it.
    private static let linearTable: [Float] = (0...255).map { value in
        let v = Float(value) / 255
        if Double(v) <= 0.04045 { return Float(Double(v) / 12.92) }
        return powf(Float((Double(v) + 0.055) / 1.055), Float(2.4))
    }

    /// Linear light to an sRGB byte, truncating `+ 0.5` in double as the reference does.
    private static func toSRGB(_ value: Float) -> Int {
        let v = fmaxf(0, fminf(1, value))
        if Double(v) <= 0.0031308 { return Int(Double(v) * 12.92 * 255 + 0.5) }
        return Int((1.055 * Double(powf(v, Float(1 / 2.4))) - 0.055) * 255 + 0.5)
    }

    /// One AC component to 0…18: a square root spreads small values over more steps.
    private static func quantiseAC(_ value: Float, _ maximum: Float) -> Int {
        let scaled = value / maximum
        let root = copysignf(powf(fabsf(scaled), 0.5), scaled)
        return Int(fmaxf(0, fminf(18, floorf(Float(Double(root * 9) + 9.5)))))
    }

    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")

    /// `value` as `length` base83 digits, most significant first.
    private static func base83(_ value: Int, length: Int) -> String {
        var digits: [Character] = []
        var divisor = 1
        for _ in 1..<max(length, 1) { divisor *= 83 }
        for _ in 0..<length {
            digits.append(alphabet[(value / divisor) % 83])
            divisor /= 83
        }
        return String(digits)
    }
}
