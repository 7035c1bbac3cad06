import Foundation
import VipsKit

/// The memory a picture's decode takes when libvips cannot read it in strips.
///
/// libvips reads most formats a few lines at a time, so a thumbnail of a huge JPEG or plain
/// PNG takes little memory. Some it must decode whole first: an interlaced PNG (its passes
/// cover the whole picture), GIF, and HEIF/AVIF (libheif decodes the whole image, grids
/// too). A 14000×14000 interlaced 16-bit RGBA PNG of 1.5 MB on disc then needs 1.5 GiB.
enum DecodeMemory {
    /// Bytes the decode of `image` (a header just read by the loader of `format`) takes when
    /// its format is decoded whole: pixels × bands × bytes per band; nil when it streams.
    /// libvips 8.14 says whether a PNG is interlaced, but not a GIF, nor whether a HEIF is a
    /// grid: every GIF and HEIF counts as decoded whole.
    static func wholeDecodeBytes(of image: Image, format: String) -> Int? {
        let decodedWhole = switch format {
        case "png": (image.int("interlaced") ?? 0) != 0
        case "gif", "heif": true
        default: false
        }
        guard decodedWhole else { return nil }
        let (pixels, overflow) = image.width.multipliedReportingOverflow(by: image.height)
        return overflow ? Int.max : pixels.multipliedReportingOverflow(by: image.bands * image.format.bytesPerBand).partialValue
    }

    /// What is decoded, for a message: `interlaced PNG (16-bit RGBA)`.
    static func describe(_ image: Image, format: String) -> String {
        let kind = format == "png" ? "interlaced PNG" : format == "heif" ? "HEIF/AVIF" : format.uppercased()
        let bands = [1: "grey", 2: "grey and alpha", 3: "RGB", 4: "RGBA"][image.bands] ?? "\(image.bands) bands"
        return "\(kind) (\(image.format.bytesPerBand * 8)-bit \(bands))"
    }
}

/// A number of bytes as people write it: `512M`, `2G`, `1.5GiB`, `64KB`, `4096` (K, M, G, T
/// are powers of 1024, in either case, with or without a trailing `B` or `iB`).
public struct ByteSize: Equatable, Sendable, CustomStringConvertible {
    public var bytes: Int

    public init(bytes: Int) { self.bytes = bytes }

    /// nil for anything but a positive size (a fraction of a unit is rounded down to whole bytes).
    public init?(parsing text: String) {
        var number = text.trimmingCharacters(in: .whitespaces).uppercased()
        for suffix in ["IB", "B"] where number.hasSuffix(suffix) {
            number.removeLast(suffix.count)
            break
        }
        var scale = 1.0
        if let unit = number.last, let power = ["K": 1, "M": 2, "G": 3, "T": 4][unit] {
            number.removeLast()
            scale = pow(1024, Double(power))
        }
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(number)
        else { return nil }
        let bytes = (value * scale).rounded(.down)
        guard bytes >= 1, bytes < Double(Int.max), scale > 1 || value == bytes else { return nil }
        self.bytes = Int(bytes)
    }

    /// `1G`, `512M`, `1.5G` (what ``init(parsing:)`` reads back), else the bytes.
    public var description: String {
        for (unit, power) in [("T", 4.0), ("G", 3.0), ("M", 2.0), ("K", 1.0)] {
            let amount = Double(bytes) / pow(1024, power)
            if amount >= 1, (amount * 10).rounded() == amount * 10 { return Self.decimal(amount) + unit }
        }
        return String(bytes)
    }

    /// `32 MiB`, `1.5 GiB`: for messages, rounded to a tenth.
    public var spoken: String {
        for (unit, power) in [("TiB", 4.0), ("GiB", 3.0), ("MiB", 2.0), ("KiB", 1.0)] where Double(bytes) >= pow(1024, power) {
            return Self.decimal((Double(bytes) / pow(1024, power) * 10).rounded() / 10) + " " + unit
        }
        return "\(bytes) bytes"
    }

    private static func decimal(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
