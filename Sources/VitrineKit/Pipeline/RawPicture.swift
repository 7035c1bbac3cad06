import Foundation
import RawKit
import VipsKit

/// How a camera RAW file's picture is made: from its embedded preview, or developed from its
/// sensor data by LibRaw (at half size when that is enough).
public enum RawMethod: String, Codable, Hashable, Sendable {
    case preview
    case develop
    /// Developed at half the sensor's size: each 2×2 block of samples gives a pixel.
    case developHalf = "develop-half"

    /// What the manifest's `raw.method` says: `preview` or `develop`.
    public var manifestName: String { self == .preview ? "preview" : "develop" }

    /// The OutputTarget input a RAW item's outputs carry: changing the method makes them again.
    var targetInput: String { "raw:" + rawValue }

    /// The method a target input names; nil for another input, or none.
    init?(targetInput input: String?) {
        guard let input, input.hasPrefix("raw:") else { return nil }
        self.init(rawValue: String(input.dropFirst(4)))
    }
}

/// Which picture of a RAW file vitrine uses (`--raw`).
public enum RawMode: String, Codable, Hashable, Sendable, CaseIterable {
    /// The embedded preview, whatever its size; developed when there is none.
    case preview
    /// Always developed from the sensor data; the preview is never used.
    case develop
    /// The preview when it is at least as large as the largest output needs, else developed.
    case auto

    public static let `default` = RawMode.auto

    /// The method for a RAW item of upright size `width`×`height` whose largest output reads
    /// `largestScale` of it (1: every pixel, tiles), given its preview.
    public func method(preview: PictureSize?, sensorData: Bool = true, width: Int, height: Int, largestScale: Double) -> RawMethod {
        if !sensorData, preview != nil { return .preview }
        let needed = Int((Double(max(width, height)) * largestScale).rounded(.up))
        // Half size keeps every pixel of a picture at most half the sensor's size.
        let developed: RawMethod = needed * 2 <= max(width, height) ? .developHalf : .develop
        switch self {
        case .develop: return developed
        case .preview: return preview == nil ? developed : .preview
        case .auto:
            guard let preview, preview.longestSide >= needed else { return developed }
            return .preview
        }
    }
}

/// What a worker needs to make a RAW item's picture.
public struct RawDecode: Codable, Hashable, Sendable {
    public var method: RawMethod
    /// For messages: `Fujifilm RAF`.
    public var format: RawFormat = .raw
    /// The most LibRaw may allocate, in bytes (`--max-memory`).
    public var maxMemory: Int

    public init(method: RawMethod, maxMemory: Int) {
        self.method = method
        self.maxMemory = maxMemory
    }
}

/// A RAW file's picture as libvips images: upright, 8-bit sRGB.
enum RawPicture {
    /// How many times this process unpacked sensor data (tests read it: a preview never does).
    nonisolated(unsafe) static var unpacks = 0

    /// - Parameter box: the upright size the item's outputs need at most, nil for the whole
    ///   picture: a preview is shrunk as it is decoded, a developed picture once.
    static func image(path: String, decode: RawDecode, box: (width: Int, height: Int)? = nil) throws -> Image {
        let file: RawFile
        do { file = try RawFile(path: path, maxMemory: decode.maxMemory) } catch {
            throw ItemFailure(.unreadable, "a \(decode.format.spoken) file LibRaw \(RawFile.version) cannot read: \(error.description)")
        }
        switch decode.method {
        case .preview:
            // The probe read the preview (a broken one is developed, and said, from the plan on).
            do { return try previewImage(of: file, box: box).copyToMemory() } catch is RawError {
                return try developed(file, halfSize: false, decode: decode, box: box)
            }
        case .develop: return try developed(file, halfSize: false, decode: decode, box: box)
        case .developHalf: return try developed(file, halfSize: true, decode: decode, box: box)
        }
    }

    /// The embedded preview, upright. LibRaw's flip decides: previews are stored as the sensor
    /// is, and the preview's own EXIF orientation (which LibRaw writes from the flip, or a
    /// camera wrote) is set aside, so it is never applied twice. A preview already of the
    /// upright shape for a quarter turn is not turned again.
    /// With `box` (upright), it is shrunk as libjpeg decodes it, to fit the box.
    static func previewImage(of file: RawFile, box: (width: Int, height: Int)? = nil) throws -> Image {
        let (format, data) = try file.previewData()
        guard format == .jpeg else { throw RawError(code: 0, "its preview is not a JPEG") }
        let described = file.preview
        let sensorLandscape = file.width >= file.height
        let previewLandscape = described.map { $0.width >= $0.height } ?? sensorLandscape
        let alreadyTurned = file.orientation >= 5 && file.width != file.height && sensorLandscape != previewLandscape
        var image: Image
        do {
            if let box {
                // The box as the preview lies: turned a quarter when the preview still is.
                let quarter = file.orientation >= 5 && !alreadyTurned
                image = try Operation.image("thumbnail_buffer", ["buffer": .blob(data), "width": .int(quarter ? box.height : box.width),
                    "height": .int(quarter ? box.width : box.height), "size": .string("down"), "no_rotate": .bool(true),
                    "fail_on": .string("truncated")])
            } else {
                image = try Operation.image("jpegload_buffer", ["buffer": .blob(data), "fail_on": .string("truncated")])
            }
            image = try image.removingFields { $0 == "orientation" || $0.hasPrefix("exif-") || $0 == "exif-data" }
        } catch {
            throw RawError(code: 0, error.message)
        }
        guard !alreadyTurned, let angle = turn(for: file.orientation) else { return image }
        do { return try Operation.image("rot", ["in": .image(image), "angle": .string(angle)]) } catch { throw RawError(code: 0, error.message) }
    }

    /// libvips' `rot` angle that makes a picture of TIFF `orientation` upright.
    static func turn(for orientation: Int) -> String? {
        switch orientation {
        case 3: return "d180"
        case 6: return "d90"
        case 8: return "d270"
        default: return nil
        }
    }

    /// The sensor data developed: the camera's white balance, sRGB primaries and curve, no
    /// automatic brightening (a picture without highlights would come out lighter than shot),
    /// turned upright by LibRaw. Refused before unpacking when it would take more than `maxMemory`.
    static func developed(_ file: RawFile, halfSize: Bool, decode: RawDecode, box: (width: Int, height: Int)?) throws -> Image {
        let needs = file.developMemory(halfSize: halfSize)
        guard needs <= decode.maxMemory else {
            throw ItemFailure(.tooLarge, "developing this \(decode.format.spoken) file takes \(ByteSize(bytes: needs).spoken), over the "
                + "limit of \(ByteSize(bytes: decode.maxMemory).spoken) per worker", setting: .maxMemory)
        }
        unpacks += 1
        let whole: Image
        do {
            whole = try file.develop(halfSize: halfSize) { picture in
                try Image.fromPixels(picture.pixels, width: picture.width, height: picture.height, bands: 3)
            }
        } catch let error as RawError {
            let said = "a \(decode.format.spoken) file whose sensor data LibRaw \(RawFile.version) cannot develop: \(error.description)"
            throw ItemFailure(error.isMemory ? .tooLarge : .unreadable, said)
        }
        guard let box, box.width < whole.width || box.height < whole.height else { return whole }
        // Shrunk once for every output: each is cut from this rather than from the whole picture.
        // A box far smaller is first reached halfway by whole blocks (as JPEG's shrink-on-load
        // does): libvips resamples a picture in memory at a fraction of its speed from a file.
        let blocks = min(whole.width / box.width, whole.height / box.height) / 2
        let start = blocks >= 2 ? try Operation.image("shrink", ["in": .image(whole), "hshrink": .double(Double(blocks)),
            "vshrink": .double(Double(blocks))]) : whole
        return try Operation.image("thumbnail_image", ["in": .image(start), "width": .int(box.width), "height": .int(box.height),
            "size": .string("down")]).copyToMemory()
    }
}
