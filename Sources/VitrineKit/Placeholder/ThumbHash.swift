import Foundation

/// ThumbHash placeholders (Evan Wallace's format): a ~25-byte summary of a small image, from
/// which a decoder draws a blurry stand-in with the right colours, alpha and aspect ratio.
///
/// The bytes follow the reference encoder: an LPQA colour space (luminance, yellow-blue,
/// red-green, alpha), a DCT per channel, a 24-bit and a 16-bit header, then 4-bit AC terms.
/// Arithmetic is in `Double` in the reference's order, so the hash is byte-for-byte the one
/// the reference JavaScript (and the `thumbhash-python` port) computes for the same pixels.
public enum ThumbHash {
    /// Encodes an image as a ThumbHash.
    ///
    /// - Parameters:
    ///   - width: The image's width in pixels, 1…100 (shrink larger images first).
    ///   - height: The image's height in pixels, 1…100.
    ///   - rgba: The pixels, row by row, 4 bytes each (R, G, B, A; not premultiplied):
    ///     exactly `width * height * 4` bytes.
    /// - Returns: The hash bytes (5 to 25 or so, depending on shape and alpha).
    public static func encode(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        precondition((1...100).contains(width) && (1...100).contains(height),
                     "ThumbHash: \(width)x\(height) must be within 1…100 on each side")
        precondition(rgba.count == width * height * 4,
                     "ThumbHash: \(rgba.count) bytes for \(width)x\(height) RGBA")
        let w = width, h = height
        let average = averageColour(rgba)
        let hasAlpha = average.a < Double(w * h)
        // Fewer luminance terms when alpha needs room in the hash.
        let lLimit = hasAlpha ? 5.0 : 7.0
        let longest = Double(max(w, h))
        let lx = max(1, Int(jsRound(lLimit * Double(w) / longest)))
        let ly = max(1, Int(jsRound(lLimit * Double(h) / longest)))
        let (l, p, q, a) = lpqa(rgba, compositedOnto: average)

        // The cosines every channel's terms multiply by, computed once for all four.
        let cosines = Cosines(width: w, height: h, nx: max(3, lx, hasAlpha ? 5 : 3), ny: max(3, ly, hasAlpha ? 5 : 3))
        let lum = encodeChannel(l, cosines, nx: max(3, lx), ny: max(3, ly))
        let yb = encodeChannel(p, cosines, nx: 3, ny: 3)
        let rg = encodeChannel(q, cosines, nx: 3, ny: 3)
        let alph = hasAlpha ? encodeChannel(a, cosines, nx: 5, ny: 5) : nil

        // The shorter side's luminance count; the decoder infers the other from the limit.
        var hash = header(lum: lum, yb: yb, rg: rg, alpha: alph, shorterSideCount: w > h ? ly : lx, isLandscape: w > h)
        appendACs([lum.ac, yb.ac, rg.ac] + (alph.map { [$0.ac] } ?? []), to: &hash)
        return hash
    }

    /// The average colour, weighted by alpha, and the sum of the alphas (`a`): transparent pixels
    /// are composited onto that colour, so they do not drag the picture towards black.
    private static func averageColour(_ rgba: [UInt8]) -> (r: Double, g: Double, b: Double, a: Double) {
        var avgR = 0.0, avgG = 0.0, avgB = 0.0, avgA = 0.0
        for i in 0..<rgba.count / 4 {
            let alpha = Double(rgba[4 * i + 3]) / 255
            avgR += alpha / 255 * Double(rgba[4 * i])
            avgG += alpha / 255 * Double(rgba[4 * i + 1])
            avgB += alpha / 255 * Double(rgba[4 * i + 2])
            avgA += alpha
        }
        if avgA > 0 {
            avgR /= avgA
            avgG /= avgA
            avgB /= avgA
        }
        return (avgR, avgG, avgB, avgA)
    }

    /// The pixels composited onto `average` and split into the LPQA channels: luminance,
    /// yellow-blue, red-green, alpha.
    private static func lpqa(_ rgba: [UInt8], compositedOnto average: (r: Double, g: Double, b: Double, a: Double))
        -> (l: [Double], p: [Double], q: [Double], a: [Double]) {
        let count = rgba.count / 4
        var l = [Double](repeating: 0, count: count)
        var p = l, q = l, a = l
        rgba.withUnsafeBufferPointer { rgba in
            for i in 0..<count {
                let alpha = Double(rgba[4 * i + 3]) / 255
                let r = average.r * (1 - alpha) + alpha / 255 * Double(rgba[4 * i])
                let g = average.g * (1 - alpha) + alpha / 255 * Double(rgba[4 * i + 1])
                let b = average.b * (1 - alpha) + alpha / 255 * Double(rgba[4 * i + 2])
                l[i] = (r + g + b) / 3
                p[i] = (r + g) / 2 - b
                q[i] = r - g
                a[i] = alpha
            }
        }
        return (l, p, q, a)
    }

    /// The 24-bit and 16-bit headers (DC terms, scales, flags), then the alpha byte when there is alpha.
    private static func header(lum: Channel, yb: Channel, rg: Channel, alpha: Channel?, shorterSideCount: Int,
        isLandscape: Bool) -> [UInt8] {
        let header24 = quantise(63 * lum.dc)
            | quantise(31.5 + 31.5 * yb.dc) << 6
            | quantise(31.5 + 31.5 * rg.dc) << 12
            | quantise(31 * lum.scale) << 18
            | (alpha != nil ? 1 << 23 : 0)
        let header16 = shorterSideCount
            | quantise(63 * yb.scale) << 3
            | quantise(63 * rg.scale) << 9
            | (isLandscape ? 1 << 15 : 0)
        var bytes: [UInt8] = [
            UInt8(header24 & 255), UInt8(header24 >> 8 & 255), UInt8(header24 >> 16),
            UInt8(header16 & 255), UInt8(header16 >> 8),
        ]
        if let alpha {
            bytes.append(UInt8(quantise(15 * alpha.dc) | quantise(15 * alpha.scale) << 4))
        }
        return bytes
    }

    /// AC terms as nibbles, low nibble first, channels in L, P, Q, A order.
    private static func appendACs(_ acs: [[Double]], to hash: inout [UInt8]) {
        let start = hash.count
        var index = 0
        for ac in acs {
            for f in ac {
                if start + index / 2 == hash.count { hash.append(0) }
                hash[start + index / 2] |= UInt8(quantise(15 * f) << ((index & 1) * 4))
                index += 1
            }
        }
    }

    /// The ThumbHash of an image in standard base64 with `=` padding, as the reference
    /// JavaScript and Python tools print it. Parameters as in ``encode(width:height:rgba:)``.
    public static func base64(width: Int, height: Int, rgba: [UInt8]) -> String {
        Data(encode(width: width, height: height, rgba: rgba)).base64EncodedString()
    }

    /// The average colour stored in a hash's header, each component in 0…1 (not premultiplied).
    ///
    /// - Parameter hash: ThumbHash bytes, at least 5 (6 when the hash has alpha).
    /// - Returns: Red, green and blue clamped to 0…1, and alpha (1 for an opaque hash).
    public static func averageColor(_ hash: [UInt8]) -> (r: Double, g: Double, b: Double, a: Double) {
        precondition(hash.count >= 5, "ThumbHash: a hash has at least 5 bytes")
        let header = Int(hash[0]) | Int(hash[1]) << 8 | Int(hash[2]) << 16
        let l = Double(header & 63) / 63
        let p = Double(header >> 6 & 63) / 31.5 - 1
        let q = Double(header >> 12 & 63) / 31.5 - 1
        let hasAlpha = header >> 23 != 0
        precondition(!hasAlpha || hash.count >= 6, "ThumbHash: a hash with alpha has at least 6 bytes")
        let alpha = hasAlpha ? Double(hash[5] & 15) / 15 : 1
        // Invert l = (r+g+b)/3, p = (r+g)/2 - b, q = r - g.
        let b = l - 2.0 / 3.0 * p
        let r = (3 * l - b + q) / 2
        let g = r - q
        return (clamp01(r), clamp01(g), clamp01(b), alpha)
    }

    private struct Channel {
        var dc = 0.0
        var ac: [Double] = []
        var scale = 0.0
    }

    /// `cos(π / w · cx · (x + 0.5))` for every `cx` below `nx` and `x` below `w` (row `cx`), and
    /// the same down the height: the reference computes them inside its loops, the same values.
    private struct Cosines {
        let width: Int, height: Int
        let x: [Double], y: [Double]

        init(width: Int, height: Int, nx: Int, ny: Int) {
            self.width = width
            self.height = height
            x = (0..<nx).flatMap { cx in (0..<width).map { cos(Double.pi / Double(width) * Double(cx) * (Double($0) + 0.5)) } }
            y = (0..<ny).flatMap { cy in (0..<height).map { cos(Double.pi / Double(height) * Double(cy) * (Double($0) + 0.5)) } }
        }
    }

    /// DCT of one channel, keeping the terms in the triangle `cx * ny < nx * (ny - cy)`
    /// (low frequencies only); AC terms are mapped to 0…1 relative to the largest one. Each sum
    /// runs in the reference's order (rows, then pixels, `value * fx * fy`), so it rounds alike.
    private static func encodeChannel(_ channel: [Double], _ cosines: Cosines, nx: Int, ny: Int) -> Channel {
        let w = cosines.width, h = cosines.height
        var result = Channel()
        channel.withUnsafeBufferPointer { channel in
            cosines.x.withUnsafeBufferPointer { cosX in
                cosines.y.withUnsafeBufferPointer { cosY in
                    for cy in 0..<ny {
                        var cx = 0
                        while cx * ny < nx * (ny - cy) {
                            let fx = cosX.baseAddress! + cx * w
                            var f = 0.0
                            for y in 0..<h {
                                let fy = cosY[cy * h + y]
                                let row = channel.baseAddress! + y * w
                                for x in 0..<w { f += row[x] * fx[x] * fy }
                            }
                            f /= Double(w * h)
                            if cx > 0 || cy > 0 {
                                result.ac.append(f)
                                result.scale = max(result.scale, abs(f))
                            } else {
                                result.dc = f
                            }
                            cx += 1
                        }
                    }
                }
            }
        }
        if result.scale > 0 {
            result.ac = result.ac.map { 0.5 + 0.5 / result.scale * $0 }
        }
        return result
    }

    /// JavaScript's `Math.round` (halves go up), which the reference encoder uses; Swift's
    /// `.rounded()` takes halves away from zero, and Python's `round` to even.
    private static func jsRound(_ x: Double) -> Double {
        let down = x.rounded(.down)
        return x - down >= 0.5 ? down + 1 : down
    }

    private static func quantise(_ x: Double) -> Int { Int(jsRound(x)) }

    private static func clamp01(_ x: Double) -> Double { min(1, max(0, x)) }
}
