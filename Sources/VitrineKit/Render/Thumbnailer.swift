import Foundation
import VipsKit

/// One file's renditions, as the worker is asked to make them.
public struct RenderRequest: Codable, Hashable, Sendable {
    public var outputs: [PlannedOutput]
    /// Keep going on a file the decoder reports as damaged (and say so): default off.
    public var allowDamaged: Bool = false
    /// The source's upright size, from the scan: lets several renditions share one decode.
    public var sourceWidth: Int?
    public var sourceHeight: Int?

    /// For a video: where its poster frame comes from, and the badge to draw (if any).
    public var video: VideoRendering?
    /// The placeholder hash to compute: default none.
    public var placeholder: Placeholder.Kind = .none

    /// Whether the source needs a colour transform to sRGB (from the scan; default yes). An
    /// untagged RGB source is sRGB already, and building an sRGB→sRGB transform anyway costs
    /// about as much as a third of a 256 px thumbnail (measured with vipsthumbnail on the corpus).
    public var convertColour: Bool = true

    public init(outputs: [PlannedOutput], allowDamaged: Bool = false, sourceWidth: Int? = nil, sourceHeight: Int? = nil,
                video: VideoRendering? = nil) {
        self.outputs = outputs
        self.allowDamaged = allowDamaged
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.video = video
    }
}

/// How a video's renditions are made: from one poster frame.
public struct VideoRendering: Codable, Hashable, Sendable {
    public var duration: Double?
    /// Default 10 % of the duration.
    public var posterAt: PosterTime = .percent(10)
    /// Text burnt bottom-right into every rendition (the duration label), or nil.
    public var badge: String?
    /// Seconds ffmpeg may take in all.
    public var timeout: Double = 27

    public init(duration: Double?, posterAt: PosterTime = .percent(10), badge: String? = nil, timeout: Double = 27) {
        self.duration = duration
        self.posterAt = posterAt
        self.badge = badge
        self.timeout = timeout
    }
}

/// A rendition and the file it goes to.
public struct PlannedOutput: Codable, Hashable, Sendable {
    public var spec: RenditionSpec
    public var path: String
    /// The box in output pixels asked of libvips (the spec's, limited by the source for `.fill`).
    public var width: Int?
    public var height: Int?
}

/// What the worker made of one file.
public enum RenderOutcome: Codable, Equatable, Sendable {
    case rendered([RenderedFile], damaged: Bool, placeholder: Placeholder?)
    case failed(message: String, reason: ErrorReason)
}

public struct RenderedFile: Codable, Equatable, Sendable {
    public var path: String
    public var width: Int
    public var height: Int
    public var bytes: Int
}

/// Makes renditions with libvips' `thumbnail`: shrink-on-load from the file, EXIF orientation
/// applied, colour converted to sRGB from any embedded profile (sRGB assumed without one),
/// then encoded in memory and written atomically.
///
/// Several renditions of one file share one decode: the file is shrunk on load once to the
/// largest scale any of them needs, kept in memory, and each is cut from that. (Measured on
/// the 64 corpus photos, six renditions each from 256 to 2048 px, 2 workers: 26.8 s decoding
/// per rendition, 16.9 s sharing one decode.)
public enum Thumbnailer {
    public static func render(path: String, request: RenderRequest) -> RenderOutcome {
        // Everything is encoded in memory first and written only once the decoder has had its
        // say, so a file found damaged never replaces a good thumbnail from an earlier run.
        let (encoded, warnings) = Warnings.collecting { () -> Result<([EncodedRendition], Placeholder?), RenderFailure> in
            do {
                if let video = request.video {
                    let poster = try PosterFrame.extract(path: path, duration: video.duration, at: video.posterAt,
                        timeout: video.timeout)
                    let made = try request.outputs.map { try renderOne(from: poster, output: $0, badge: video.badge) }
                    return .success((made, try Placeholder.make(request.placeholder, from: poster)))
                }
                if request.outputs.count > 1, let width = request.sourceWidth, let height = request.sourceHeight {
                    let base = try sharedBase(path: path, request: request, width: width, height: height)
                    let made = try request.outputs.map { try renderOne(from: base, output: $0) }
                    return .success((made, try Placeholder.make(request.placeholder, from: base)))
                }
                let made = try request.outputs.map {
                    try renderOne(path: path, output: $0, allowDamaged: request.allowDamaged, convertColour: request.convertColour)
                }
                return .success((made, try wholePicturePlaceholder(request, path: path, renditions: made)))
            } catch let error as VipsError {
                return .failure(RenderFailure(error.message(about: path)))
            } catch let error as Subprocess.Failure {
                return .failure(RenderFailure("\(error)", reason: .unsupported))
            } catch {
                let message = "\(error)"
                return .failure(RenderFailure(message, reason: message.contains("in time") ? .timeout : .unreadable))
            }
        }
        let damage = warnings.filter { !ImageProbe.isMetadataWarning($0) }
        let renditions: [EncodedRendition]
        let placeholder: Placeholder?
        switch encoded {
        case .failure(let failure) where failure.message.hasPrefix(encoderFailurePrefix):
            return .failed(message: failure.message, reason: .write)
        case .failure(let failure) where failure.reason != nil:
            return .failed(message: failure.message, reason: failure.reason!)
        case .failure(let failure):
            // The header read fine in the scan, so a decoder failure here is damage; libvips'
            // bare "… failed" says less than the warnings it raised on the way.
            let detail = failure.message.hasSuffix(" failed") && !damage.isEmpty ? damage.joined(separator: "; ") : failure.message
            return .failed(message: "damaged: " + detail, reason: .damaged)
        case .success(let made):
            if !damage.isEmpty && !request.allowDamaged {
                return .failed(message: "damaged: " + damage.joined(separator: "; "), reason: .damaged)
            }
            (renditions, placeholder) = made
        }
        var files: [RenderedFile] = []
        for rendition in renditions {
            do {
                try AtomicFile.write(rendition.data, to: rendition.output.path)
            } catch {
                return .failed(message: "\(error)", reason: .write)
            }
            files.append(RenderedFile(path: rendition.output.path, width: rendition.width, height: rendition.height,
                bytes: rendition.data.count))
        }
        return .rendered(files, damaged: !damage.isEmpty, placeholder: placeholder)
    }

    /// The placeholder of a file rendered without a shared base: from its rendition when that
    /// shows the whole picture, else (a cropped `fill`) from a small decode of its own, so that
    /// the placeholder always has the picture's shape.
    static func wholePicturePlaceholder(_ request: RenderRequest, path: String, renditions: [EncodedRendition]) throws(VipsError) -> Placeholder? {
        guard request.placeholder != .none else { return nil }
        if let whole = renditions.first(where: { $0.output.spec.effectiveMode == .fit }) {
            return try Placeholder.make(request.placeholder, from: whole.image)
        }
        var arguments: [String: Argument] = ["filename": .string(path), "width": .int(Placeholder.side),
            "height": .int(Placeholder.side), "size": .string("down"), "fail_on": .string(request.allowDamaged ? "none" : "truncated")]
        if request.convertColour { arguments["export_profile"] = .string("srgb") }
        return try Placeholder.make(request.placeholder, from: try Operation.image("thumbnail", arguments))
    }

    /// One rendition, encoded, not yet written.
    struct EncodedRendition {
        var output: PlannedOutput
        var data: Data
        var width: Int
        var height: Int
        /// The pixels (in memory, alpha not yet flattened), for the placeholder.
        var image: Image
    }

    struct RenderFailure: Error {
        var message: String
        /// nil: a libvips failure after a good header read, which is damage.
        var reason: ErrorReason?
        init(_ message: String, reason: ErrorReason? = nil) {
            self.message = message
            self.reason = reason
        }
    }

    static func renderOne(path: String, output: PlannedOutput, allowDamaged: Bool, convertColour: Bool) throws(VipsError)
        -> EncodedRendition
    {
        var arguments = boxArguments(for: output)
        arguments["filename"] = .string(path)
        if convertColour { arguments["export_profile"] = .string("srgb") }
        // Without this libvips fills a truncated JPEG with grey and calls it a success.
        arguments["fail_on"] = .string(allowDamaged ? "none" : "truncated")
        return try finish(try Operation.image("thumbnail", arguments), output: output)
    }

    /// Size, enlargement and crop, as `thumbnail` and `thumbnail_image` both take them.
    static func boxArguments(for output: PlannedOutput) -> [String: Argument] {
        var arguments: [String: Argument] = [
            // A missing side is "unbounded", as vipsthumbnail does it.
            "width": .int(output.width ?? 10_000_000),
            "height": .int(output.height ?? 10_000_000),
            "size": .string(output.spec.upscale ? "both" : "down"),
        ]
        if output.spec.effectiveMode == .fill { arguments["crop"] = .string(output.spec.crop.rawValue) }
        return arguments
    }

    /// The file decoded once, upright and in sRGB, at the largest scale any output needs.
    static func sharedBase(path: String, request: RenderRequest, width: Int, height: Int) throws(VipsError) -> Image {
        let scales = request.outputs.map { output -> Double in
            let ratios = [output.width.map { Double($0) / Double(width) }, output.height.map { Double($0) / Double(height) }]
                .compactMap { $0 }
            let fills = output.spec.mode == .fill && ratios.count == 2
            let scale = (fills ? ratios.max() : ratios.min()) ?? 1
            return output.spec.upscale ? scale : min(scale, 1)
        }
        let scale = scales.max() ?? 1
        let base = try Operation.image("thumbnail", [
            "filename": .string(path),
            "width": .int(max(1, Int((Double(width) * scale).rounded(.up)))),
            "height": .int(max(1, Int((Double(height) * scale).rounded(.up)))),
            "size": .string(scale > 1 ? "both" : "down"),
            "fail_on": .string(request.allowDamaged ? "none" : "truncated"),
        ].merging(request.convertColour ? ["export_profile": .string("srgb")] : [:]) { a, _ in a })
        return try base.copyToMemory()
    }

    /// One rendition cut from the shared base.
    static func renderOne(from base: Image, output: PlannedOutput, badge: String? = nil) throws(VipsError) -> EncodedRendition {
        var arguments = boxArguments(for: output)
        arguments["in"] = .image(base)
        var image = try Operation.image("thumbnail_image", arguments)
        if let badge { image = try DurationBadge.draw(badge, on: image) }
        return try finish(image, output: output)
    }

    static let encoderFailurePrefix = "cannot encode: "

    /// Flattens where the format has no alpha, and encodes.
    static func finish(_ made: Image, output: PlannedOutput) throws(VipsError) -> EncodedRendition {
        let spec = output.spec
        // Decode now, so that a damaged source fails here and only the encoder can fail below;
        // the pixels before flattening keep their alpha for the placeholder.
        let decoded = try made.copyToMemory()
        var image = decoded
        if !spec.encoding.format.hasAlpha && image.hasAlpha {
            image = try Operation.image("flatten", ["in": .image(image), "background": .doubles(spec.encoding.background)])
                .copyToMemory()
        }
        let data: Data
        do { data = try encode(image, with: spec.encoding) } catch {
            // The source decoded: the encoder refused (WebP stops at 16383 px a side).
            throw VipsError(encoderFailurePrefix + error.message)
        }
        return EncodedRendition(output: output, data: data, width: image.width, height: image.height, image: decoded)
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
}
