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

    public init(outputs: [PlannedOutput], allowDamaged: Bool = false, sourceWidth: Int? = nil, sourceHeight: Int? = nil) {
        self.outputs = outputs
        self.allowDamaged = allowDamaged
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
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
    case rendered([RenderedFile], damaged: Bool)
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
        let (outcome, warnings) = Warnings.collecting { () -> RenderOutcome in
            do {
                var files: [RenderedFile] = []
                if request.outputs.count > 1, let width = request.sourceWidth, let height = request.sourceHeight {
                    let base = try sharedBase(path: path, request: request, width: width, height: height)
                    for output in request.outputs {
                        files.append(try renderOne(from: base, output: output))
                    }
                } else {
                    for output in request.outputs {
                        files.append(try renderOne(path: path, output: output, allowDamaged: request.allowDamaged))
                    }
                }
                return .rendered(files, damaged: false)
            } catch let error as VipsError {
                let message = error.message.replacingOccurrences(of: path + ": ", with: "")
                    .replacingOccurrences(of: "\"\(path)\" ", with: "")
                return .failed(message: message, reason: .unreadable)
            } catch {
                return .failed(message: "\(error)", reason: .unreadable)
            }
        }
        guard case .rendered(let files, _) = outcome else { return outcome }
        let damage = warnings.filter { !ImageProbe.isMetadataWarning($0) }
        if !damage.isEmpty {
            guard request.allowDamaged else {
                // The files were written from damaged pixels: take them back.
                for file in files { unlink(file.path) }
                return .failed(message: "damaged: " + damage.joined(separator: "; "), reason: .damaged)
            }
            return .rendered(files, damaged: true)
        }
        return outcome
    }

    static func renderOne(path: String, output: PlannedOutput, allowDamaged: Bool) throws -> RenderedFile {
        let spec = output.spec
        var arguments: [String: Argument] = [
            "filename": .string(path),
            // A missing side is "unbounded", as vipsthumbnail does it.
            "width": .int(output.width ?? 10_000_000),
            "height": .int(output.height ?? 10_000_000),
            "size": .string(spec.upscale ? "both" : "down"),
            "export_profile": .string("srgb"),
            // Without this libvips fills a truncated JPEG with grey and calls it a success.
            "fail_on": .string(allowDamaged ? "none" : "truncated"),
        ]
        if spec.mode == .fill && output.width != nil && output.height != nil {
            arguments["crop"] = .string(spec.crop.rawValue)
        }
        return try finish(try Operation.image("thumbnail", arguments), output: output)
    }

    /// The file decoded once, upright and in sRGB, at the largest scale any output needs.
    static func sharedBase(path: String, request: RenderRequest, width: Int, height: Int) throws -> Image {
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
            "export_profile": .string("srgb"),
            "fail_on": .string(request.allowDamaged ? "none" : "truncated"),
        ])
        return try base.copyToMemory()
    }

    /// One rendition cut from the shared base.
    static func renderOne(from base: Image, output: PlannedOutput) throws -> RenderedFile {
        let spec = output.spec
        var arguments: [String: Argument] = [
            "in": .image(base),
            "width": .int(output.width ?? 10_000_000),
            "height": .int(output.height ?? 10_000_000),
            "size": .string(spec.upscale ? "both" : "down"),
        ]
        if spec.mode == .fill && output.width != nil && output.height != nil {
            arguments["crop"] = .string(spec.crop.rawValue)
        }
        return try finish(try Operation.image("thumbnail_image", arguments), output: output)
    }

    /// Flattens where the format has no alpha, encodes, writes.
    static func finish(_ made: Image, output: PlannedOutput) throws -> RenderedFile {
        let spec = output.spec
        var image = made
        if !spec.encoding.format.hasAlpha && image.hasAlpha {
            image = try Operation.image("flatten", ["in": .image(image), "background": .doubles(spec.encoding.background)])
        }
        let data = try encode(image, with: spec.encoding)
        try AtomicFile.write(data, to: output.path)
        return RenderedFile(path: output.path, width: image.width, height: image.height, bytes: data.count)
    }

    /// The image with every metadata field removed but EXIF Copyright and Artist, which are
    /// set again as clean text; libvips rebuilds the EXIF block from them when it saves.
    static func keepingOnlyCopyright(_ image: Image) throws(VipsError) -> Image {
        let wanted = ["exif-ifd0-Copyright", "exif-ifd0-Artist"]
        // libvips prints EXIF fields as `value (value, ASCII, n components, n bytes)`.
        var values: [String: String] = [:]
        for name in wanted {
            guard let text = image.string(name) else { continue }
            let value = String(text.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
            if !value.isEmpty && value != "[None]" { values[name] = value }
        }
        var result = try image.removingFields { name in
            name.hasPrefix("exif-") || ["xmp-data", "iptc-data", "jpeg-thumbnail-data"].contains(name)
        }
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            let count = value.utf8.count + 1
            result = try result.settingField(name, string: "\(value) (\(value), ASCII, \(count) components, \(count) bytes)")
        }
        return result
    }

    static func encode(_ image: Image, with encoding: Encoding) throws(VipsError) -> Data {
        var image = image
        if encoding.keepMetadata == .copyright { image = try keepingOnlyCopyright(image) }
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
