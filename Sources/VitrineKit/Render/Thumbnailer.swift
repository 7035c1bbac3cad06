import Foundation
import VipsKit

/// One file's renditions, as the worker is asked to make them.
public struct RenderRequest: Codable, Hashable, Sendable {
    public var outputs: [PlannedOutput]
    /// Keep going on a file the decoder reports as damaged (and say so): default off.
    public var allowDamaged: Bool = false

    public init(outputs: [PlannedOutput], allowDamaged: Bool = false) {
        self.outputs = outputs
        self.allowDamaged = allowDamaged
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
public enum Thumbnailer {
    public static func render(path: String, request: RenderRequest) -> RenderOutcome {
        let (outcome, warnings) = Warnings.collecting { () -> RenderOutcome in
            do {
                var files: [RenderedFile] = []
                for output in request.outputs {
                    files.append(try renderOne(path: path, output: output, allowDamaged: request.allowDamaged))
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
        var image = try Operation.image("thumbnail", arguments)
        if !spec.encoding.format.hasAlpha && image.hasAlpha {
            image = try Operation.image("flatten", ["in": .image(image), "background": .doubles(spec.encoding.background)])
        }
        let data = try encode(image, with: spec.encoding)
        try AtomicFile.write(data, to: output.path)
        return RenderedFile(path: output.path, width: image.width, height: image.height, bytes: data.count)
    }

    static func encode(_ image: Image, with encoding: Encoding) throws(VipsError) -> Data {
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
