import Foundation

/// The camera and lens a photo names in its EXIF: for a viewer's info panel.
public struct Camera: Codable, Equatable, Hashable, Sendable {
    /// EXIF Make, trimmed: `Canon`, `NIKON CORPORATION`.
    public var make: String?
    /// EXIF Model, trimmed, without the make it repeats (`EOS 400D DIGITAL` for Canon's
    /// `Canon EOS 400D DIGITAL`), so that make and model read as one name.
    public var model: String?
    /// EXIF LensModel, trimmed: `EF50mm f/1.8 II`.
    public var lens: String?

    public init(make: String? = nil, model: String? = nil, lens: String? = nil) {
        self.make = make
        self.model = model
        self.lens = lens
    }
}

/// How a photo was exposed, from its EXIF; each member absent when the file does not say it
/// (or says 0, as cameras do for a lens they cannot talk to).
public struct Exposure: Codable, Equatable, Hashable, Sendable {
    /// Shutter time as cameras show it: below a second as `1/N` (`1/250`, `1/2.5`), from a
    /// second on in seconds (`2`, `2.5`, `30`).
    public var time: String?
    /// The f-number, to one decimal: 2.8.
    public var aperture: Double?
    /// ISO speed: 100.
    public var iso: Int?
    /// Focal length in millimetres, to one decimal: 35.0.
    public var focalLength: Double?
    /// The 35 mm-equivalent focal length in millimetres: 52.
    public var focalLength35mm: Int?

    public init(time: String? = nil, aperture: Double? = nil, iso: Int? = nil, focalLength: Double? = nil,
                focalLength35mm: Int? = nil) {
        self.time = time
        self.aperture = aperture
        self.iso = iso
        self.focalLength = focalLength
        self.focalLength35mm = focalLength35mm
    }
}

/// Camera and exposure from the EXIF fields libvips reads with the header (libexif's names),
/// so that no second read of the file is needed. Never GPS.
enum CameraSettings {
    /// `value` gives a field's value part (``ExifValue/strictText(_:)``), or nil.
    static func camera(_ value: (String) -> String?) -> Camera? {
        let make = cleaned(value("exif-ifd0-Make"))
        let model = cleaned(value("exif-ifd0-Model")).flatMap { withoutMake($0, make: make) }
        let lens = cleaned(value("exif-ifd2-LensModel")).flatMap { isBlankLens($0) ? nil : $0 }
        guard make != nil || model != nil || lens != nil else { return nil }
        return Camera(make: make, model: model, lens: lens)
    }

    static func exposure(_ value: (String) -> String?) -> Exposure? {
        let exposure = Exposure(
            time: rational(value("exif-ifd2-ExposureTime")).flatMap(shutterTime),
            aperture: rational(value("exif-ifd2-FNumber")).map(oneDecimal),
            iso: positiveInteger(value("exif-ifd2-ISOSpeedRatings")),
            focalLength: rational(value("exif-ifd2-FocalLength")).map(oneDecimal),
            focalLength35mm: positiveInteger(value("exif-ifd2-FocalLengthIn35mmFilm")))
        return exposure == Exposure() ? nil : exposure
    }

    /// Trimmed, runs of spaces as one; nil when nothing is left.
    static func cleaned(_ text: String?) -> String? {
        guard let text else { return nil }
        let words = text.split(whereSeparator: { $0.isWhitespace || $0 == "\0" })
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// The model without a leading make (`Canon EOS 5D` → `EOS 5D`) or the make's first word
    /// (`NIKON D750` of `NIKON CORPORATION` → `D750`), letter case ignored; nil when the model
    /// is nothing but the make.
    static func withoutMake(_ model: String, make: String?) -> String? {
        guard let make else { return model }
        let brand = make.split(separator: " ").first.map(String.init) ?? make
        for prefix in [make, brand] {
            let lowered = model.lowercased(), wanted = prefix.lowercased()
            guard lowered.hasPrefix(wanted) else { continue }
            let rest = model.dropFirst(prefix.count)
            if rest.isEmpty { return nil }
            // Only a whole word: `Canonet` is no Canon's model.
            if rest.first == " " { return cleaned(String(rest)) }
        }
        return model
    }

    /// What some bodies write for a lens they cannot read: `----`, `0.0 mm f/0.0`.
    static func isBlankLens(_ lens: String) -> Bool {
        lens.replacingOccurrences(of: "mm", with: "").replacingOccurrences(of: "f/", with: "")
            .allSatisfy { "0.-/ ".contains($0) }
    }

    /// The first rational libvips prints (`1/640`, `80/10`), when positive.
    static func rational(_ text: String?) -> Double? {
        guard let first = text?.split(separator: " ").first else { return nil }
        let parts = first.split(separator: "/")
        guard let top = parts.first.flatMap({ Double($0) }) else { return nil }
        let bottom = parts.count == 2 ? Double(parts[1]) : parts.count == 1 ? 1 : nil
        guard let bottom, bottom > 0, top > 0, (top / bottom).isFinite else { return nil }
        return top / bottom
    }

    static func positiveInteger(_ text: String?) -> Int? {
        ExifValue.leadingInteger(text).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Below a second as `1/N` (N to one decimal when not whole: `1/2.5`), else seconds to one
    /// decimal: what cameras show.
    static func shutterTime(_ seconds: Double) -> String? {
        guard seconds > 0, seconds < 100_000 else { return nil }
        if seconds < 1 { return "1/" + decimal(oneDecimal(1 / seconds)) }
        return decimal(oneDecimal(seconds))
    }

    static func oneDecimal(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// `2.0` → `2`, `2.5` → `2.5`.
    private static func decimal(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
