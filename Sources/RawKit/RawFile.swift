import CLibRaw
import Foundation

/// A LibRaw failure: the step that failed and LibRaw's own words.
public struct RawError: Error, Equatable, Sendable, CustomStringConvertible {
    /// LibRaw's error code (`LibRaw_errors`), 0 when the failure is ours.
    public var code: Int32
    public var description: String

    public init(code: Int32, _ description: String) {
        self.code = code
        self.description = description
    }

    /// Whether LibRaw could not allocate what the file asks for, or refused it as over the limit.
    public var isMemory: Bool { code == LIBRAW_UNSUFFICIENT_MEMORY.rawValue || code == LIBRAW_TOO_BIG.rawValue }

    static func step(_ step: String, _ code: Int32) -> RawError {
        RawError(code: code, step + ": " + String(cString: libraw_strerror(code)).lowercased())
    }
}

/// One camera RAW file opened with LibRaw: what its header says (sensor, camera, exposure, the
/// embedded preview), its preview's bytes, and its sensor data developed.
///
/// Opening reads the header only. ``previewData()`` never touches the sensor data, and
/// ``develop(halfSize:)`` unpacks it (``unpacks`` counts that, for tests and benchmarks).
public final class RawFile {
    private let raw: UnsafeMutablePointer<libraw_data_t>
    public let path: String
    /// How many times the sensor data was unpacked (LibRaw's slow step).
    public private(set) var unpacks = 0

    /// - Parameter maxMemory: the most LibRaw may allocate for the file, in bytes (rounded up to
    ///   a MiB); nil for LibRaw's own limit.
    public init(path: String, maxMemory: Int? = nil) throws(RawError) {
        guard let raw = libraw_init(0) else { throw RawError(code: 0, "LibRaw could not start") }
        if let maxMemory { raw.pointee.params.max_raw_memory_mb = UInt32(clamping: (maxMemory + (1 << 20) - 1) >> 20) }
        let code = libraw_open_file(raw, path)
        guard code == LIBRAW_SUCCESS.rawValue else {
            libraw_close(raw)
            switch code {
            case LIBRAW_FILE_UNSUPPORTED.rawValue: throw RawError(code: code, "not a camera or layout it knows")
            // LibRaw checks that the data its header describes is in the file.
            case LIBRAW_IO_ERROR.rawValue: throw RawError(code: code, "it ends before the data its header describes (cut short?)")
            default: throw .step("open", code)
            }
        }
        self.raw = raw
        self.path = path
    }

    deinit { libraw_close(raw) }

    /// LibRaw's version (`0.20.2`).
    public static var version: String {
        let full = String(cString: libraw_version())
        return String(full.prefix { $0 != "-" })
    }

    // MARK: What the header says

    public var make: String { String(cString: vitrine_libraw_make(raw)) }
    public var model: String { String(cString: vitrine_libraw_model(raw)) }
    public var lens: String? { Self.text(vitrine_libraw_lens(raw)) }
    public var lensMake: String? { Self.text(vitrine_libraw_lens_make(raw)) }

    /// The picture's size as the sensor holds it (before ``orientation``), in pixels.
    public var width: Int { Int(raw.pointee.sizes.width) }
    public var height: Int { Int(raw.pointee.sizes.height) }
    /// The sensor data's own size, margins included (what unpacking allocates).
    public var sensorWidth: Int { Int(raw.pointee.sizes.raw_width) }
    public var sensorHeight: Int { Int(raw.pointee.sizes.raw_height) }

    /// How the camera was held, as a TIFF orientation (1 upright, 3 upside down, 6 and 8 a
    /// quarter turn): LibRaw's `flip` (0, 3, 5, 6).
    public var orientation: Int {
        switch raw.pointee.sizes.flip {
        case 3: return 3
        case 5: return 8
        case 6: return 6
        default: return 1
        }
    }

    /// The upright size: ``width`` and ``height`` swapped for a quarter turn.
    public var uprightSize: (width: Int, height: Int) { orientation >= 5 ? (height, width) : (width, height) }

    /// The size of the developed picture, upright: ``uprightSize`` but for sensors whose pixels
    /// are not square or whose grid is turned (Fujifilm's), which developing straightens.
    /// LibRaw works it out in place, so it is asked of a file opened for nothing else.
    public static func developedSize(path: String) throws(RawError) -> (width: Int, height: Int) {
        let file = try RawFile(path: path)
        let code = libraw_adjust_sizes_info_only(file.raw)
        guard code == LIBRAW_SUCCESS.rawValue else { throw .step("measuring", code) }
        return (Int(file.raw.pointee.sizes.iwidth), Int(file.raw.pointee.sizes.iheight))
    }

    /// When the picture was taken, as the camera's clock said (seconds since 1970, local time
    /// read as UTC, as LibRaw gives it); nil when the file does not say.
    public var timestamp: Int? { raw.pointee.other.timestamp > 0 ? Int(raw.pointee.other.timestamp) : nil }
    public var iso: Double? { Self.positive(raw.pointee.other.iso_speed) }
    /// Exposure time in seconds.
    public var shutter: Double? { Self.positive(raw.pointee.other.shutter) }
    public var aperture: Double? { Self.positive(raw.pointee.other.aperture) }
    public var focalLength: Double? { Self.positive(raw.pointee.other.focal_len) }

    /// The embedded preview LibRaw would hand out, as the header describes it.
    public struct Preview: Equatable, Sendable {
        public enum Format: Sendable { case jpeg, bitmap, other }
        public var format: Format
        public var width: Int
        public var height: Int
        public var bytes: Int
    }

    /// The largest embedded preview, as the header describes it (its format is known once
    /// ``previewData()`` has read it).
    public var preview: Preview? {
        let thumbnail = raw.pointee.thumbnail
        guard thumbnail.twidth > 0, thumbnail.theight > 0 else { return nil }
        let format: Preview.Format
        switch thumbnail.tformat {
        case LIBRAW_THUMBNAIL_JPEG: format = .jpeg
        case LIBRAW_THUMBNAIL_BITMAP: format = .bitmap
        default: format = .other
        }
        return Preview(format: format, width: Int(thumbnail.twidth), height: Int(thumbnail.theight), bytes: Int(thumbnail.tlength))
    }

    /// What developing needs at most, in bytes: the sensor data, LibRaw's four 16-bit samples a
    /// pixel (a quarter of them at half size), and the 8-bit picture handed out.
    public func developMemory(halfSize: Bool) -> Int {
        let sensor = sensorWidth * sensorHeight * 2
        let pixels = halfSize ? (width / 2) * (height / 2) : width * height
        return sensor + pixels * 8 + pixels * 3
    }

    // MARK: Pixels

    /// The embedded preview's bytes (a JPEG, or for a bitmap preview 8-bit RGB rows of
    /// ``Preview/width``), read without unpacking the sensor data.
    public func previewData() throws(RawError) -> (format: Preview.Format, data: Data) {
        let code = libraw_unpack_thumb(raw)
        guard code == LIBRAW_SUCCESS.rawValue else { throw .step("reading the preview", code) }
        var status: Int32 = 0
        guard let image = libraw_dcraw_make_mem_thumb(raw, &status) else { throw .step("reading the preview", status) }
        defer { libraw_dcraw_clear_mem(image) }
        let data = Data(bytes: vitrine_libraw_image_data(image), count: Int(image.pointee.data_size))
        switch image.pointee.type {
        case LIBRAW_IMAGE_JPEG: return (.jpeg, data)
        case LIBRAW_IMAGE_BITMAP where image.pointee.colors == 3 && image.pointee.bits == 8: return (.bitmap, data)
        default: throw RawError(code: 0, "its preview is in a form vitrine does not read")
        }
    }

    /// A developed picture: 8-bit sRGB, three bands, upright, in LibRaw's memory (valid only
    /// while the closure given to ``develop(halfSize:_:)`` runs).
    public struct Developed {
        public var width: Int
        public var height: Int
        public var pixels: UnsafeRawBufferPointer
    }

    /// The sensor data developed by LibRaw: the camera's white balance, sRGB, 8 bits, turned
    /// upright. With `halfSize`, each 2×2 block of the sensor gives one pixel (no demosaicing:
    /// four times faster, and as sharp as a picture of half the size can be).
    public func develop<Result>(halfSize: Bool, _ use: (Developed) throws -> Result) throws -> Result {
        raw.pointee.params.half_size = halfSize ? 1 : 0
        raw.pointee.params.use_camera_wb = 1
        raw.pointee.params.output_color = 1  // sRGB
        raw.pointee.params.output_bps = 8
        // The sRGB curve (LibRaw's default is BT.709's, darker in the mid-tones), and no
        // brightening of pictures without highlights: the picture as shot.
        libraw_set_gamma(raw, 0, 1 / 2.4)
        libraw_set_gamma(raw, 1, 12.92)
        libraw_set_no_auto_bright(raw, 1)
        unpacks += 1
        var code = libraw_unpack(raw)
        guard code == LIBRAW_SUCCESS.rawValue else { throw RawError.step("reading the sensor data", code) }
        code = libraw_dcraw_process(raw)
        guard code == LIBRAW_SUCCESS.rawValue else { throw RawError.step("developing", code) }
        var status: Int32 = 0
        guard let image = libraw_dcraw_make_mem_image(raw, &status) else { throw RawError.step("developing", status) }
        defer { libraw_dcraw_clear_mem(image) }
        guard image.pointee.colors == 3, image.pointee.bits == 8 else {
            throw RawError(code: 0, "developed to \(image.pointee.colors) bands of \(image.pointee.bits) bits, not 8-bit RGB")
        }
        let pixels = UnsafeRawBufferPointer(start: vitrine_libraw_image_data(image), count: Int(image.pointee.data_size))
        return try use(Developed(width: Int(image.pointee.width), height: Int(image.pointee.height), pixels: pixels))
    }

    private static func text(_ pointer: UnsafePointer<CChar>) -> String? {
        let text = String(cString: pointer).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    private static func positive(_ value: Float) -> Double? { value > 0 && value.isFinite ? Double(value) : nil }
}
