import Foundation
import RawKit
import VipsKit

/// What a camera RAW file's header says that its pictures are made from: its format and, when
/// it holds a usable one, its embedded preview's upright size.
public struct RawHeader: Codable, Equatable, Hashable, Sendable {
    public var format: RawFormat
    /// The largest embedded preview's upright size; nil when there is none, or it cannot be
    /// read (the file is developed then).
    public var preview: PictureSize?
    /// False when the file is too small to hold its sensor's data (a sample file, a header
    /// kept alone): only its preview can be shown.
    public var sensorData = true

    public init(format: RawFormat, preview: PictureSize? = nil) {
        self.format = format
        self.preview = preview
    }
}

/// A picture's width and height.
public struct PictureSize: Codable, Equatable, Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    var longestSide: Int { max(width, height) }
}

/// Reads a camera RAW file's header with LibRaw (in a worker, as every probe): the upright size,
/// date, camera, lens and exposure, and whether its preview can be used. The sensor data is
/// never unpacked here.
enum RawProbe {
    static func probe(path: String, format: RawFormat, options: ProbeOptions, root: ReadRoot?) -> ProbeOutcome {
        let file: RawFile
        do {
            file = try RawFile(path: path, maxMemory: options.maxMemory)
        } catch {
            return .failed(message: "a \(format.spoken) file LibRaw \(RawFile.version) cannot read: \(error.description)",
                reason: format == .x3f || error.code == -2 ? .unsupported : .unreadable)
        }
        // LibRaw's developed size when it can say it; the header's (read above) otherwise.
        let upright = (try? RawFile.developedSize(path: path)) ?? file.uprightSize
        guard upright.width > 0, upright.height > 0 else {
            return .failed(message: "a \(format.spoken) file whose header gives no picture size", reason: .unreadable)
        }
        guard upright.width * upright.height <= options.maxPixels else {
            return ImageProbe.overPixelLimit(width: upright.width, height: upright.height, limit: options.maxPixels)
        }
        var warnings: [String] = []
        let sensorData = holdsSensorData(file, path: path)
        let preview = usablePreview(of: file, warnings: &warnings)
        if !sensorData {
            let small = "too small to hold its \(upright.width)×\(upright.height) sensor's data"
            guard let preview else {
                let why = warnings.first.map { "; \($0)" } ?? ", and holds no preview"
                return .failed(message: "a \(format.spoken) file \(small)\(why)", reason: .unreadable)
            }
            warnings.append(small + ": shown from its \(preview.width)×\(preview.height) preview")
        }
        var header = ImageHeader(format: format.rawValue, width: upright.width, height: upright.height, orientation: file.orientation,
            takenAt: file.timestamp.flatMap(takenAt), hasAlpha: false)
        header.needsColourTransform = false
        header.raw = RawHeader(format: format, preview: preview)
        header.raw?.sensorData = sensorData
        header.camera = camera(of: file)
        header.exposure = exposure(of: file)
        header.warnings = warnings.isEmpty ? nil : warnings
        if options.hash {
            do { header.sha256 = try Checksum.sha256(ofFile: path) } catch {
                return .failed(message: "cannot be read: \(error.message)", reason: .unreadable)
            }
        }
        if options.embeddedText {
            header.text = EmbeddedTextReader.withSidecarXMP(nil, mediaPath: path, language: options.language, below: root)
        }
        return .image(header)
    }

    /// The preview's upright size when it is a JPEG that libvips reads and whose shape is the
    /// picture's; else nil, with a warning when there is a preview that cannot be used.
    static func usablePreview(of file: RawFile, warnings: inout [String]) -> PictureSize? {
        // Its format is known once it is read.
        guard file.preview != nil else { return nil }
        do {
            let preview = try RawPicture.previewImage(of: file)
            return PictureSize(width: preview.width, height: preview.height)
        } catch {
            warnings.append("its embedded preview cannot be read (\(error))")
            return nil
        }
    }

    /// Whether the file has room for its sensor's data: a bit a pixel at least (lossless RAW
    /// takes several), so a header kept alone is not developed into a picture of nothing.
    static func holdsSensorData(_ file: RawFile, path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return true }
        return Int(info.st_size) * 8 >= file.width * file.height
    }

    /// LibRaw's timestamp is the camera clock's wall time, read as local time: given back as
    /// such, `2024-06-15T14:30:00`.
    static func takenAt(_ timestamp: Int) -> String? {
        var seconds = time_t(timestamp)
        var fields = tm()
        guard localtime_r(&seconds, &fields) != nil else { return nil }
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", Int(fields.tm_year) + 1900, Int(fields.tm_mon) + 1, Int(fields.tm_mday),
            Int(fields.tm_hour), Int(fields.tm_min), Int(fields.tm_sec))
    }

    static func camera(of file: RawFile) -> Camera? {
        let make = CameraSettings.cleaned(file.make)
        let model = CameraSettings.cleaned(file.model).flatMap { CameraSettings.withoutMake($0, make: make) }
        let lens = CameraSettings.cleaned(file.lens).flatMap { CameraSettings.isBlankLens($0) ? nil : $0 }
        guard make != nil || model != nil || lens != nil else { return nil }
        return Camera(make: make, model: model, lens: lens)
    }

    static func exposure(of file: RawFile) -> Exposure? {
        let exposure = Exposure(time: file.shutter.flatMap(CameraSettings.shutterTime), aperture: file.aperture.map(CameraSettings.oneDecimal),
            iso: file.iso.map { Int($0.rounded()) }, focalLength: file.focalLength.map(CameraSettings.oneDecimal), focalLength35mm: nil)
        return exposure == Exposure() ? nil : exposure
    }
}
