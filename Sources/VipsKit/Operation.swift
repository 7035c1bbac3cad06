import CVips

/// Calls a libvips operation by its name, as pyvips and the C++ binding do: no C variadics,
/// no wrapper per operation. Arguments are matched to the operation's introspected
/// properties; the operation goes through libvips' operation cache.
public enum Operation {
    /// Runs `name` (`"thumbnail"`, `"jpegload"`, `"avg"`…) with `arguments` and returns the
    /// requested `outputs` (default: `["out"]`). Throws libvips' own message on failure.
    @discardableResult
    public static func call(
        _ name: String,
        _ arguments: [String: Argument] = [:],
        outputs: [String] = ["out"]
    ) throws(VipsError) -> [String: Output] {
        // Calling libvips before vips_init crashes it: start it on first use.
        try Vips.initialize()
        // The buffer is process-wide: start clean so a message always belongs to this call.
        vips_error_clear()
        guard var operation = vips_operation_new(name) else {
            throw VipsError.fromBuffer(context: name)
        }
        let object = cvips_object(operation)
        do {
            // Sorted so the same call sets properties in the same order (cache keys, errors).
            for (key, argument) in arguments.sorted(by: { $0.key < $1.key }) {
                try set(argument, named: key, on: object, operationName: name)
            }
        } catch {
            g_object_unref(operation)
            throw error
        }
        var built: UnsafeMutablePointer<VipsOperation>? = operation
        guard vips_cache_operation_buildp(&built) == 0, let result = built else {
            let error = VipsError.fromBuffer(context: name)
            vips_object_unref_outputs(object)
            g_object_unref(operation)
            throw error
        }
        operation = result
        defer {
            vips_object_unref_outputs(cvips_object(operation))
            g_object_unref(operation)
        }
        var values: [String: Output] = [:]
        for output in outputs {
            if let value = read(output, from: cvips_object(operation)) { values[output] = value }
        }
        return values
    }

    /// Runs an operation whose single interesting output is the image `out`.
    public static func image(_ name: String, _ arguments: [String: Argument] = [:]) throws(VipsError) -> Image {
        guard let image = try call(name, arguments)["out"]?.image else {
            throw VipsError("\(name) gave no image")
        }
        return image
    }

    private static func set(
        _ argument: Argument, named key: String, on object: UnsafeMutablePointer<VipsObject>?, operationName: String
    ) throws(VipsError) {
        guard let type = argumentType(key, of: object) else {
            throw VipsError("\(operationName) has no argument '\(key)'")
        }
        var gvalue = GValue()
        g_value_init(&gvalue, type)
        defer { g_value_unset(&gvalue) }
        try argument.store(in: &gvalue, type: type, name: key)
        object?.withMemoryRebound(to: GObject.self, capacity: 1) { g_object_set_property($0, key, &gvalue) }
    }

    private static func read(_ key: String, from object: UnsafeMutablePointer<VipsObject>?) -> Output? {
        guard let type = argumentType(key, of: object) else { return nil }
        var gvalue = GValue()
        g_value_init(&gvalue, type)
        defer { g_value_unset(&gvalue) }
        object?.withMemoryRebound(to: GObject.self, capacity: 1) { g_object_get_property($0, key, &gvalue) }
        return Output.read(&gvalue, type: type)
    }

    /// The GType of an operation's argument, from its introspected property spec.
    private static func argumentType(_ key: String, of object: UnsafeMutablePointer<VipsObject>?) -> GType? {
        var pspec: UnsafeMutablePointer<GParamSpec>?
        var argumentClass: UnsafeMutablePointer<VipsArgumentClass>?
        var argumentInstance: UnsafeMutablePointer<VipsArgumentInstance>?
        guard vips_object_get_argument(object, key, &pspec, &argumentClass, &argumentInstance) == 0, let pspec else {
            vips_error_clear()
            return nil
        }
        return cvips_param_value_type(pspec)
    }
}
