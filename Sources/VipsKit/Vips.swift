import CVips
import Foundation

/// Process-wide libvips state: start-up, shutdown, tuning and the error buffer.
///
/// libvips keeps global state (its operation cache, thread pool and error buffer),
/// so these are static. Call ``initialize(programName:)`` once before any other call
/// and ``shutdown()`` once before the process exits.
public enum Vips {
    /// Starts libvips. Safe to call more than once: later calls do nothing. Operations start
    /// it themselves on first use; call it first to choose the program name.
    /// - Parameter programName: shown in libvips' own messages; default `"vitrine"`.
    public static func initialize(programName: String = "vitrine") throws(VipsError) {
        if initialized.withLock({ $0 }) { return }
        guard vips_init(programName) == 0 else { throw VipsError.fromBuffer(context: "vips_init") }
        initialized.withLock { $0 = true }
        Warnings.installHandler()
    }

    /// Flushes caches and threads and, with leak checking on, reports leaked objects on stderr.
    public static func shutdown() {
        guard initialized.withLock({ $0 }) else { return }
        vips_shutdown()
    }

    /// Turns libvips' leak report (printed by ``shutdown()``) on or off. Default: off,
    /// or on when the environment has `VIPS_LEAK`.
    public static func setLeakChecking(_ enabled: Bool) { vips_leak_set(enabled ? 1 : 0) }

    /// Threads libvips uses inside one pipeline. Default: the number of cores.
    public static func setConcurrency(_ threads: Int) { vips_concurrency_set(Int32(threads)) }

    /// How many operations libvips' cache keeps. Default 100 (libvips' own default).
    public static func setOperationCacheMax(_ count: Int) { vips_cache_set_max(Int32(count)) }

    /// Whether libvips runs its vectorised (SIMD) code paths: ORC before libvips 8.15, Highway
    /// after. Default: on, or off when the environment has `VIPS_NOVECTOR`.
    public static var vectorEnabled: Bool {
        get { vips_vector_isenabled() != 0 }
        set { vips_vector_set_enabled(newValue ? 1 : 0) }
    }

    /// How many operations libvips' cache keeps now.
    public static var operationCacheMax: Int { Int(vips_cache_get_max()) }

    /// Blocks or allows loaders libvips marks as unsafe for untrusted input (default: allowed).
    public static func blockUntrustedOperations(_ block: Bool) { vips_block_untrusted_set(block ? 1 : 0) }

    /// The libvips version, like `8.14.1`.
    public static var version: String { String(cString: vips_version_string()) }

    /// Whether an operation of that name (`jpegsave`, `heifload`…) exists in this libvips.
    public static func hasOperation(_ name: String) -> Bool {
        vips_type_find("VipsOperation", name) != 0
    }

    /// The nickname of the loader (`jpegload`, `heifload`, `pdfload`…) that recognises the file's
    /// content, asking the file loaders in libvips' priority order, as `vips_foreign_find_load`
    /// does, but never those whose nickname starts with one of `skipping`. (libvips 8.14 still
    /// sniffs with blocked loaders; OpenSlide, for one, opens every file as a SQLite database.)
    public static func loaderNickname(forFile path: String, skipping: [String] = []) throws(VipsError) -> String {
        try initialize()
        final class Search {
            let path: String
            let skipping: [String]
            var found: String?
            init(path: String, skipping: [String]) { self.path = path; self.skipping = skipping }
        }
        let search = Search(path: path, skipping: skipping)
        let context = Unmanaged.passUnretained(search).toOpaque()
        _ = vips_foreign_map("VipsForeignLoad", { klass, context, _ in
            guard let klass, let context, cvips_class_is_abstract(klass) == 0,
                let cName = cvips_class_nickname(klass)
            else { return nil }
            let search = Unmanaged<Search>.fromOpaque(context).takeUnretainedValue()
            let nickname = String(cString: cName)
            // File loaders only (not `…load_source`, `…load_buffer`), and not the skipped ones.
            guard nickname.hasSuffix("load"), !search.skipping.contains(where: { nickname.hasPrefix($0) }) else { return nil }
            guard cvips_loader_is_a(klass, search.path) == 1 else { return nil }
            search.found = nickname
            return klass
        }, context, nil)
        vips_error_clear()
        guard let found = search.found else {
            throw VipsError("VipsForeignLoad: \"\(path)\" is not a known file format")
        }
        return found
    }

    private static let initialized = Locked(false)
}

/// A failure reported by libvips, carrying its own message.
public struct VipsError: Error, CustomStringConvertible, Sendable, Equatable {
    /// libvips' message, folded to one line.
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }

    /// Takes (and clears) libvips' error buffer.
    static func fromBuffer(context: String) -> VipsError {
        var text = ""
        if let buffer = vips_error_buffer_copy() {
            text = String(cString: buffer)
            g_free(buffer)
        }
        vips_error_clear()
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        var unique: [String] = []
        for line in lines where !unique.contains(line) { unique.append(line) }
        return VipsError(unique.isEmpty ? "\(context) failed" : unique.joined(separator: "; "))
    }
}

/// A value shared between threads, behind a lock: the little global state libvips' callbacks
/// need, and the counters and result lists of vitrine's worker pool.
public final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    public init(_ value: Value) { self.value = value }

    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    public var current: Value { withLock { $0 } }
}
