import CVips
import Foundation

/// A value passed to a libvips operation by name. The operation's own introspection
/// decides how it is stored: a `.string` given for an enum or flags argument is read
/// as its nickname (`"centre"`, `"attention"`), so callers never see GLib types.
public enum Argument: Sendable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case image(Image)
    case doubles([Double])
    case ints([Int])
    case images([Image])
    /// Bytes, for `…load_buffer` operations.
    case blob(Data)
}

extension Argument {
    /// Stores the value in `gvalue`, which the caller has initialised to `type`.
    func store(in gvalue: inout GValue, type: GType, name: String) throws(VipsError) {
        let fundamental = cvips_type_fundamental(type)
        switch (self, fundamental) {
        case (.bool(let flag), cvips_type_boolean()):
            g_value_set_boolean(&gvalue, flag ? 1 : 0)
        case (.int(let number), cvips_type_int()):
            g_value_set_int(&gvalue, Int32(clamping: number))
        case (.int(let number), cvips_type_uint64()):
            g_value_set_uint64(&gvalue, guint64(max(0, number)))
        case (.int(let number), cvips_type_double()):
            g_value_set_double(&gvalue, Double(number))
        case (.double(let number), cvips_type_double()):
            g_value_set_double(&gvalue, number)
        case (.string(let text), cvips_type_string()):
            g_value_set_string(&gvalue, text)
        case (.string(let nick), cvips_type_enum()):
            let value = vips_enum_from_nick("vitrine", type, nick)
            guard value >= 0 else { throw VipsError.fromBuffer(context: name) }
            g_value_set_enum(&gvalue, value)
        case (.int(let number), cvips_type_enum()):
            g_value_set_enum(&gvalue, Int32(number))
        case (.string(let nick), cvips_type_flags()):
            let value = vips_flags_from_nick("vitrine", type, nick)
            guard value >= 0 else { throw VipsError.fromBuffer(context: name) }
            g_value_set_flags(&gvalue, guint(value))
        case (.image(let image), _) where type == cvips_type_image():
            g_value_set_object(&gvalue, image.pointer)
        case (.doubles(let numbers), _) where type == cvips_type_array_double():
            numbers.withUnsafeBufferPointer { vips_value_set_array_double(&gvalue, $0.baseAddress, Int32($0.count)) }
        case (.double(let number), _) where type == cvips_type_array_double():
            var single = number
            vips_value_set_array_double(&gvalue, &single, 1)
        case (.ints(let numbers), _) where type == cvips_type_array_int():
            let narrow = numbers.map { Int32(clamping: $0) }
            narrow.withUnsafeBufferPointer { vips_value_set_array_int(&gvalue, $0.baseAddress, Int32($0.count)) }
        case (.images(let images), _) where type == cvips_type_array_image():
            vips_value_set_array_image(&gvalue, Int32(images.count))
            if let slots = vips_value_get_array_image(&gvalue, nil) {
                for (index, image) in images.enumerated() {
                    g_object_ref(image.pointer)
                    slots[index] = image.pointer
                }
            }
        case (.blob(let data), _) where type == cvips_type_blob():
            let blob = data.withUnsafeBytes { vips_blob_copy($0.baseAddress, $0.count) }
            g_value_set_boxed(&gvalue, blob)
            // The GValue holds its own reference now.
            if let blob { vips_area_unref(UnsafeMutableRawPointer(blob).assumingMemoryBound(to: VipsArea.self)) }
        default:
            let typeName = String(cString: g_type_name(type))
            throw VipsError("argument '\(name)' of type \(typeName) cannot take \(self.kindName)")
        }
    }

    private var kindName: String {
        switch self {
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .image: "an image"
        case .doubles: "an array of numbers"
        case .ints: "an array of integers"
        case .images: "an array of images"
        case .blob: "bytes"
        }
    }
}

/// An output read back from a built operation.
public enum Output: Sendable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case image(Image)
    case doubles([Double])
    case blob(Data)

    public var image: Image? { if case .image(let image) = self { image } else { nil } }
    public var double: Double? {
        switch self {
        case .double(let value): value
        case .int(let value): Double(value)
        default: nil
        }
    }
    public var int: Int? {
        switch self {
        case .int(let value): value
        case .double(let value): Int(value)
        default: nil
        }
    }
    public var doubles: [Double]? { if case .doubles(let values) = self { values } else { nil } }
    public var blob: Data? { if case .blob(let data) = self { data } else { nil } }

    /// Reads a GValue holding `type`; objects are referenced, so the result owns them.
    static func read(_ gvalue: inout GValue, type: GType) -> Output? {
        let fundamental = cvips_type_fundamental(type)
        if type == cvips_type_image() {
            guard let object = g_value_get_object(&gvalue) else { return nil }
            g_object_ref(object)
            return .image(Image(owning: cvips_image(object)))
        }
        if type == cvips_type_blob() {
            guard let boxed = g_value_get_boxed(&gvalue) else { return .blob(Data()) }
            var length = 0
            let area = boxed.assumingMemoryBound(to: VipsBlob.self)
            guard let bytes = vips_blob_get(area, &length) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: length))
        }
        if type == cvips_type_array_double() {
            var count: Int32 = 0
            guard let values = vips_value_get_array_double(&gvalue, &count) else { return .doubles([]) }
            return .doubles(Array(UnsafeBufferPointer(start: values, count: Int(count))))
        }
        switch fundamental {
        case cvips_type_boolean(): return .bool(g_value_get_boolean(&gvalue) != 0)
        case cvips_type_int(): return .int(Int(g_value_get_int(&gvalue)))
        case cvips_type_uint64(): return .int(Int(clamping: g_value_get_uint64(&gvalue)))
        case cvips_type_double(): return .double(g_value_get_double(&gvalue))
        case cvips_type_enum(): return .int(Int(g_value_get_enum(&gvalue)))
        case cvips_type_string():
            guard let text = g_value_get_string(&gvalue) else { return nil }
            return .string(String(cString: text))
        default: return nil
        }
    }
}
