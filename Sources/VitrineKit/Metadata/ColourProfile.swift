import CLcms2
import Foundation

/// How an ICC colour transform treats colours: libvips' `intent` values.
public enum RenderingIntent: String, Codable, CaseIterable, Sendable {
    /// Relative colorimetric: libvips' default.
    case relative
    case perceptual
    case saturation
    /// Absolute colorimetric.
    case absolute

    /// lcms2's number for it.
    var lcmsIntent: UInt32 {
        switch self {
        case .perceptual: UInt32(INTENT_PERCEPTUAL)
        case .relative: UInt32(INTENT_RELATIVE_COLORIMETRIC)
        case .saturation: UInt32(INTENT_SATURATION)
        case .absolute: UInt32(INTENT_ABSOLUTE_COLORIMETRIC)
        }
    }
}

/// What an embedded ICC profile supports, asked of lcms2 (the colour engine libvips uses),
/// since libvips 8.14 cannot say.
public enum ColourProfile {
    /// The rendering intent to convert pixels described by the profile `data` (an image's
    /// `icc-profile-data`) with: the first of relative colorimetric (libvips' default),
    /// perceptual, saturation and absolute colorimetric that the profile supports as an input
    /// profile. nil when lcms2 cannot read the profile, or it supports none.
    ///
    /// libvips leaves the pixels unconverted when the profile lacks the intent asked for: an
    /// XYB JPEG, whose profile has perceptual tables only, then shows green skin and purple sky.
    public static func intent(forICC data: Data) -> RenderingIntent? {
        guard !data.isEmpty, data.count <= Int(UInt32.max) else { return nil }
        let profile = data.withUnsafeBytes { bytes in
            cmsOpenProfileFromMemTHR(context, bytes.baseAddress, UInt32(bytes.count))
        }
        guard let profile else { return nil }
        defer { cmsCloseProfile(profile) }
        return [RenderingIntent.relative, .perceptual, .saturation, .absolute].first {
            cmsIsIntentSupported(profile, $0.lcmsIntent, UInt32(LCMS_USED_AS_INPUT)) != 0
        }
    }

    /// Whether the RGB profile `data` describes sRGB: every colour of a grid (17 steps a
    /// channel) comes out of its conversion to sRGB within one 8-bit step of where it went in,
    /// as for the `sRGB IEC61966-2.1` profiles cameras and editors embed. The conversion of
    /// such pixels to sRGB changes nothing but rounding, so it can be skipped.
    public static func isSRGB(_ data: Data) -> Bool {
        guard !data.isEmpty, data.count <= Int(UInt32.max) else { return false }
        let profile = data.withUnsafeBytes { bytes in
            cmsOpenProfileFromMemTHR(context, bytes.baseAddress, UInt32(bytes.count))
        }
        guard let profile else { return false }
        defer { cmsCloseProfile(profile) }
        guard cmsGetColorSpace(profile) == cmsSigRgbData, let srgb = cmsCreate_sRGBProfileTHR(context) else { return false }
        defer { cmsCloseProfile(srgb) }
        // TYPE_RGB_8 (COLORSPACE_SH(PT_RGB) | CHANNELS_SH(3) | BYTES_SH(1)): a macro Swift cannot import.
        let rgb8 = UInt32(PT_RGB) << 16 | 3 << 3 | 1
        guard let transform = cmsCreateTransformTHR(context, profile, rgb8, srgb, rgb8, UInt32(INTENT_RELATIVE_COLORIMETRIC), 0)
        else { return false }
        defer { cmsDeleteTransform(transform) }
        let steps = (0...16).map { UInt8(min(255, $0 * 16)) }
        let grid = steps.flatMap { r in steps.flatMap { g in steps.flatMap { b in [r, g, b] } } }
        var converted = [UInt8](repeating: 0, count: grid.count)
        cmsDoTransform(transform, grid, &converted, UInt32(grid.count / 3))
        return zip(grid, converted).allSatisfy { abs(Int($0) - Int($1)) <= 1 }
    }

    /// A context of our own, whose error handler (lcms2's default) says nothing: libvips sets
    /// the global one to raise warnings, which the probe would take for damage.
    nonisolated(unsafe) private static let context: cmsContext? = {
        let context = cmsCreateContext(nil, nil)
        cmsSetLogErrorHandlerTHR(context, nil)
        return context
    }()
}
