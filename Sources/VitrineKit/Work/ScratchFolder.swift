import Foundation
import VipsKit

/// The workers' private temporary folder, `$TMPDIR/vitrine-XXXXXX` (mode 0700), made when the
/// first worker starts and removed with everything in it by ``remove()`` at the end of a run.
///
/// Libraries in the workers write files of their own: liborc, libvips' code generator, makes
/// its `orcexec.*` files (unlinked at once, but created all the same) in XDG_RUNTIME_DIR, else
/// HOME; libvips puts temporary images in TMPDIR. Workers get both variables pointing here, so
/// a run writes nothing outside its output folder and this one. (Turning ORC off instead,
/// VIPS_NOVECTOR, made thumbnails 4–5 % slower.)
final class ScratchFolder: Sendable {
    private let path = Locked<String?>(nil)

    /// The variables a worker gets: XDG_RUNTIME_DIR and TMPDIR set to the folder, made now if
    /// need be; none when it cannot be made (the libraries then fall back to their defaults).
    func workerEnvironment() -> [String: String] {
        guard let folder = path.withLock({ current -> String? in
            if current == nil { current = Self.make() }
            return current
        }) else { return [:] }
        return ["XDG_RUNTIME_DIR": folder, "TMPDIR": folder]
    }

    /// Removes the folder and what is left in it; the next worker makes a new one. Call once the
    /// workers have ended.
    func remove() {
        guard let folder = path.withLock({ current -> String? in
            defer { current = nil }
            return current
        }) else { return }
        try? FileManager.default.removeItem(atPath: folder)
    }

    private static func make() -> String? {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast()) + Array("vitrine-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
    }
}
