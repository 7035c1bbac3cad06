import CVips
import Foundation

/// libvips reports soft problems ("read gave 2 warnings", "error in tile 0 x 168") through
/// GLib warnings that would otherwise go straight to stderr. They are collected here so
/// that the caller decides what a person sees, and which file a warning belongs to.
public enum Warnings {
    /// Runs `body` and returns its result with the libvips warnings raised meanwhile
    /// (by any thread). Meant for one file's work at a time, as a vitrine worker does.
    ///
    /// libvips reports some decoder warnings only when the loader is freed, so the operation
    /// cache is trimmed before the warnings are read.
    public static func collecting<T>(_ body: () throws -> T) rethrows -> (T, [String]) {
        store.withLock { $0.removeAll() }
        let result = try body()
        // Trim, not drop: vips_cache_drop_all() tears the cache down for good (for shutdown).
        let keep = vips_cache_get_max()
        vips_cache_set_max(0)
        vips_cache_set_max(keep)
        let warnings = store.withLock { list -> [String] in
            defer { list.removeAll() }
            return list
        }
        return (result, warnings)
    }

    /// The warnings collected so far by the enclosing ``collecting(_:)``.
    public static func peek() -> [String] { store.withLock { $0 } }

    static func installHandler() {
        let levels = GLogLevelFlags(rawValue: G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_MESSAGE.rawValue
            | G_LOG_LEVEL_CRITICAL.rawValue)
        for domain in ["VIPS", "GLib-GObject", "GLib"] {
            g_log_set_handler(domain, levels, { _, _, message, _ in
                guard let message else { return }
                let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
                Warnings.store.withLock { list in
                    if list.count < 50, !list.contains(text) { list.append(text) }
                }
            }, nil)
        }
    }

    static let store = Locked<[String]>([])
}
