import Foundation
import VipsKit

/// A tiny stand-in a viewer paints while the real picture loads (ThumbHash or BlurHash).
public struct Placeholder: Codable, Equatable, Sendable {
    /// ThumbHash, standard base64: colours, alpha and aspect ratio in about 25 bytes.
    public var thumbhash: String?
    /// BlurHash, base83, 4×3 components (4 across a landscape picture, 3 across a portrait one).
    public var blurhash: String?

    public init(thumbhash: String? = nil, blurhash: String? = nil) {
        self.thumbhash = thumbhash
        self.blurhash = blurhash
    }

    public enum Kind: String, Codable, Hashable, CaseIterable, Sendable {
        case thumbhash, blurhash, none

        /// ThumbHash: it keeps the aspect ratio and alpha, and decodes without parameters.
        public static let `default` = Kind.thumbhash
    }

    /// The longest side the hashes are computed at: ThumbHash's limit, and plenty for BlurHash.
    static let side = 100

    /// The placeholder of `image` (upright, any size): shrunk to at most 100×100, as sRGB RGBA.
    static func make(_ kind: Kind, from image: Image) throws(VipsError) -> Placeholder? {
        guard kind != .none else { return nil }
        // A picture already within the side is what `thumbnail_image` would give back.
        var small = image.isKeptByThumbnail(width: side, height: side, upscale: false, fills: false) ? image
            : try Operation.image("thumbnail_image", ["in": .image(image), "width": .int(side), "height": .int(side),
                "size": .string("down")])
        if small.interpretation != .srgb {
            small = try Operation.image("colourspace", ["in": .image(small), "space": .interpretation(.srgb)])
        }
        if small.format != .uchar { small = try Operation.image("cast", ["in": .image(small), "format": .format(.uchar)]) }
        // Opaque RGB gets its alpha byte here rather than from a libvips `bandjoin_const`.
        let opaqueRGB = small.bands == 3
        if !opaqueRGB && !small.hasAlpha { small = try Operation.image("bandjoin_const", ["in": .image(small), "c": .doubles([255])]) }
        let pixels = try small.pixels()
        let rgba = opaqueRGB ? opaque(rgb: pixels) : pixels
        guard opaqueRGB || small.bands == 4, rgba.count == small.width * small.height * 4 else { return nil }
        switch kind {
        case .thumbhash:
            return Placeholder(thumbhash: ThumbHash.base64(width: small.width, height: small.height, rgba: rgba))
        case .blurhash:
            let (across, down) = small.width >= small.height ? (4, 3) : (3, 4)
            return Placeholder(blurhash: BlurHash.encode(width: small.width, height: small.height, rgba: rgba,
                componentsX: across, componentsY: down))
        case .none:
            return nil
        }
    }

    /// RGB bytes with an opaque alpha byte after each pixel's three.
    static func opaque(rgb: [UInt8]) -> [UInt8] {
        var rgba = [UInt8](repeating: 255, count: rgb.count / 3 * 4)
        for pixel in 0..<rgb.count / 3 {
            rgba[4 * pixel] = rgb[3 * pixel]
            rgba[4 * pixel + 1] = rgb[3 * pixel + 1]
            rgba[4 * pixel + 2] = rgb[3 * pixel + 2]
        }
        return rgba
    }
}
