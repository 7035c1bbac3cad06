import Foundation
import VipsKit

/// Encodes pictures into files' bytes, with the metadata an ``Encoding`` keeps.
enum ImageEncoder {
    /// Encodes `image` (in sRGB, alpha already flattened where the format has none).
    static func encode(_ image: Image, with encoding: Encoding) throws(VipsError) -> Data {
        var image = image
        switch encoding.keepMetadata {
        case .copyright: image = try keepingOnlyCopyright(image)
        // Removed here as well as with `strip`: libvips 8.14's WebP saver ignores `strip`.
        case .none: image = try image.removingFields(where: isMetadataField)
        case .all: break
        }
        let strip = Argument.bool(encoding.keepMetadata == .none)
        let quality = Argument.int(encoding.effectiveQuality)
        let (saver, options): (String, [String: Argument]) =
            switch encoding.format {
            case .jpeg: ("jpegsave_buffer", ["Q": quality, "optimize_coding": .bool(true), "interlace": .bool(true)])
            case .webp: ("webpsave_buffer", ["Q": quality])
            case .avif: ("heifsave_buffer", ["Q": quality, "compression": .string("av1")])
            case .png: ("pngsave_buffer", ["compression": .int(6)])
            }
        var arguments = options
        arguments["in"] = .image(image)
        arguments["strip"] = strip
        guard let data = try Operation.call(saver, arguments, outputs: ["buffer"])["buffer"]?.blob else {
            throw VipsError("\(saver) gave no data")
        }
        return data
    }

    /// The image with every metadata field removed but EXIF Copyright and Artist, which are
    /// set again as clean text; libvips rebuilds the EXIF block from them when it saves.
    static func keepingOnlyCopyright(_ image: Image) throws(VipsError) -> Image {
        let wanted = ["exif-ifd0-Copyright", "exif-ifd0-Artist"]
        var values: [String: String] = [:]
        for name in wanted {
            guard let value = ExifValue.text(image.string(name)) else { continue }
            if !value.isEmpty && !value.contains("[None]") { values[name] = value }
        }
        var result = try image.removingFields(where: isMetadataField)
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            let count = value.utf8.count + 1
            result = try result.settingField(name, string: "\(value) (\(value), ASCII, \(count) components, \(count) bytes)")
        }
        return result
    }

    /// Fields that carry metadata into saved files (pixels are sRGB, so the profile goes too).
    static func isMetadataField(_ name: String) -> Bool {
        name.hasPrefix("exif-") || ["xmp-data", "iptc-data", "icc-profile-data", "jpeg-thumbnail-data"].contains(name)
    }
}
