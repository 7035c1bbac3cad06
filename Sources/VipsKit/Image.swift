import CVips
import Foundation

/// A libvips image: a lazy pipeline whose pixels are computed on demand.
///
/// Holds one reference, released on deinit. libvips images are immutable once built,
/// so sharing one between threads is safe.
public final class Image: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<VipsImage>

    /// Takes ownership of a reference the caller already holds.
    init(owning pointer: UnsafeMutablePointer<VipsImage>) { self.pointer = pointer }

    deinit { g_object_unref(pointer) }

    public var width: Int { Int(vips_image_get_width(pointer)) }
    public var height: Int { Int(vips_image_get_height(pointer)) }
    public var bands: Int { Int(vips_image_get_bands(pointer)) }
    /// Whether the last band is alpha, by libvips' rules.
    public var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }
    /// The colour space libvips will treat the pixels as (`srgb`, `b-w`, `cmyk`, `rgb16`…).
    public var interpretation: Interpretation { Interpretation(vips_image_get_interpretation(pointer)) }
    /// The pixel format (`uchar`, `ushort`, `float`…).
    public var format: BandFormat { BandFormat(vips_image_get_format(pointer)) }

    // MARK: Metadata fields

    /// Whether the header has a field of this name (`orientation`, `icc-profile-data`…).
    public func hasField(_ name: String) -> Bool { vips_image_get_typeof(pointer, name) != 0 }

    /// All field names, in libvips' order.
    public var fieldNames: [String] {
        guard let fields = vips_image_get_fields(pointer) else { return [] }
        defer { g_strfreev(fields) }
        var names: [String] = []
        var index = 0
        while let field = fields[index] {
            names.append(String(cString: field))
            index += 1
        }
        return names
    }

    /// An integer field, or nil when absent or not an integer.
    public func int(_ name: String) -> Int? {
        guard hasField(name) else { return nil }
        var value: Int32 = 0
        guard vips_image_get_int(pointer, name, &value) == 0 else {
            vips_error_clear()
            return nil
        }
        return Int(value)
    }

    /// A field as text: strings as they are, other types as libvips prints them
    /// (EXIF fields read like `2019:12:20 17:08:32 (2019:12:20 17:08:32, ASCII, 20 components, 20 bytes)`).
    public func string(_ name: String) -> String? {
        guard hasField(name) else { return nil }
        var text: UnsafeMutablePointer<CChar>?
        guard vips_image_get_as_string(pointer, name, &text) == 0, let text else {
            vips_error_clear()
            return nil
        }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// A binary field (`icc-profile-data`, `exif-data`…) as bytes.
    public func blob(_ name: String) -> Data? {
        guard hasField(name) else { return nil }
        var data: UnsafeRawPointer?
        var length = 0
        guard vips_image_get_blob(pointer, name, &data, &length) == 0, let data else {
            vips_error_clear()
            return nil
        }
        return Data(bytes: data, count: length)
    }

    /// A copy of the image with an integer field set (`orientation`, say); the pixels are shared.
    public func settingField(_ name: String, int value: Int) throws(VipsError) -> Image {
        let copy = try Operation.image("copy", ["in": .image(self)])
        vips_image_set_int(copy.pointer, name, Int32(value))
        return copy
    }

    /// A copy of the image with a string field set; the pixels are shared.
    public func settingField(_ name: String, string value: String) throws(VipsError) -> Image {
        let copy = try Operation.image("copy", ["in": .image(self)])
        vips_image_set_string(copy.pointer, name, value)
        return copy
    }

    /// A copy of the image without the fields for which `remove` is true; the pixels are shared.
    public func removingFields(where remove: (String) -> Bool) throws(VipsError) -> Image {
        let copy = try Operation.image("copy", ["in": .image(self)])
        for name in copy.fieldNames where remove(name) { _ = vips_image_remove(copy.pointer, name) }
        return copy
    }

    // MARK: Loading and saving

    /// Opens a file with the loader libvips picks by content. Only the header is read
    /// until pixels are asked for.
    /// - Parameters:
    ///   - path: the file.
    ///   - options: loader options such as `"fail_on": .string("truncated")`; default none.
    public static func load(_ path: String, options: [String: Argument] = [:]) throws(VipsError) -> Image {
        let loader = try Vips.loaderNickname(forFile: path)
        var arguments = options
        arguments["filename"] = .string(path)
        return try Operation.image(loader, arguments)
    }

    /// Makes an image from 8-bit interleaved pixels (`width * height * bands` bytes).
    public static func fromPixels(_ bytes: [UInt8], width: Int, height: Int, bands: Int) throws(VipsError) -> Image {
        let made = bytes.withUnsafeBytes { buffer in
            Result { () throws(VipsError) -> Image in try fromPixels(buffer, width: width, height: height, bands: bands) }
        }
        return try made.get()
    }

    /// The same from bytes another library holds: copied once, into an image in memory.
    public static func fromPixels(_ buffer: UnsafeRawBufferPointer, width: Int, height: Int, bands: Int) throws(VipsError) -> Image {
        guard buffer.count >= width * height * bands,
            let made = vips_image_new_from_memory_copy(buffer.baseAddress, buffer.count, Int32(width), Int32(height), Int32(bands),
                VIPS_FORMAT_UCHAR)
        else { throw VipsError.fromBuffer(context: "new_from_memory") }
        return Image(owning: made)
    }

    /// Writes the image with the saver libvips picks from the file name's extension.
    /// - Parameter options: saver options such as `"Q": .int(85)`; default none.
    public func save(to path: String, options: [String: Argument] = [:]) throws(VipsError) {
        guard let saver = vips_foreign_find_save(path) else { throw VipsError.fromBuffer(context: path) }
        var arguments = options
        arguments["in"] = .image(self)
        arguments["filename"] = .string(path)
        try Operation.call(String(cString: saver), arguments, outputs: [])
    }

    /// Computes the pixels once into memory, so that several pipelines can read them without
    /// decoding the source again.
    public func copyToMemory() throws(VipsError) -> Image {
        guard let copy = vips_image_copy_memory(pointer) else { throw VipsError.fromBuffer(context: "copy_memory") }
        return Image(owning: copy)
    }

    /// Computes the pixels and returns them as 8-bit interleaved bytes (casting if needed). An
    /// image already in memory (``copyToMemory()``) is read where it lies, with no pipeline.
    public func pixels() throws(VipsError) -> [UInt8] {
        let eight = format == .uchar ? self : try Operation.image("cast", ["in": .image(self), "format": .format(.uchar)])
        let memory = try eight.copyToMemory()
        guard let data = memory.pointer.pointee.data else { throw VipsError("copy_memory gave no pixels") }
        return withExtendedLifetime(memory) { Array(UnsafeBufferPointer(start: data, count: memory.width * memory.height * memory.bands)) }
    }
}
