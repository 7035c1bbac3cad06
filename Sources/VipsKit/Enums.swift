import CVips

/// A pixel's band format (`VipsBandFormat`), named by libvips' nicknames.
public enum BandFormat: String, CaseIterable, Sendable {
    case uchar, char, ushort, short, uint, int, float, complex, double, dpcomplex
    /// What libvips reads as "not set" (an image being built).
    case notset

    /// The bytes of one band of one pixel.
    public var bytesPerBand: Int {
        switch self {
        case .uchar, .char, .notset: 1
        case .ushort, .short: 2
        case .uint, .int, .float, .complex: 4
        case .double, .dpcomplex: 8
        }
    }

    init(_ value: VipsBandFormat) {
        self = Self(rawValue: String(cString: vips_enum_nick(vips_band_format_get_type(), Int32(value.rawValue)))) ?? .notset
    }
}

/// The colour space libvips treats pixels as (`VipsInterpretation`), named by its nicknames.
public enum Interpretation: String, CaseIterable, Sendable {
    case multiband, bw = "b-w", histogram, xyz, lab, cmyk, labq, rgb, cmc, lch, labs, srgb, yxy, fourier, rgb16, grey16, matrix,
        scrgb, hsv
    /// What libvips calls an interpretation it cannot tell.
    case error

    init(_ value: VipsInterpretation) {
        self = Self(rawValue: String(cString: vips_enum_nick(vips_interpretation_get_type(), Int32(value.rawValue)))) ?? .error
    }
}

extension Argument {
    /// A band format argument (`cast`'s `format`).
    public static func format(_ format: BandFormat) -> Argument { .string(format.rawValue) }
    /// An interpretation argument (`colourspace`'s `space`, `copy`'s `interpretation`).
    public static func interpretation(_ interpretation: Interpretation) -> Argument { .string(interpretation.rawValue) }
}
