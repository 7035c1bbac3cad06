/// Path arithmetic on `/`-separated strings, as POSIX `dirname` and `basename` define it.
///
/// vitrine's own, because swift-corelibs-foundation's `NSString` path methods trap on some
/// inputs (`deletingLastPathComponent` on a one-character string: `-o t` crashed vitrine), and
/// `System.FilePath` is not in every toolchain. Pure string work: nothing is looked up on disk.
public enum Path {
    /// Whether `path` lies below `folder` (both absolute and normalised, as realpath(3) gives
    /// them), or is `folder` itself when `orSame`.
    public static func isBelow(_ path: String, _ folder: String, orSame: Bool) -> Bool {
        if path == folder { return orSame }
        return path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The folder part, as `dirname(1)`: `a/b` → `a`, `a` → `.`, `/a` → `/`, `a//b/` → `a`,
    /// `/` → `/`, `` → `.`.
    public static func parent(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }  // trailing slashes
        guard let lastSlash = bytes.lastIndex(of: slash) else { return "." }
        var end = lastSlash
        while end > 0, bytes[end - 1] == slash { end -= 1 }  // the slashes before the name
        return end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The last component, as `basename(1)`: `a/b` → `b`, `a/` → `a`, `/` → `/`, `` → ``.
    public static func name(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        guard bytes != [slash] else { return "/" }
        guard let lastSlash = bytes.lastIndex(of: slash) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes[(lastSlash + 1)...], as: UTF8.self)
    }

    /// `folder/name`, without doubling a slash; `name` alone when `folder` is empty, and
    /// `name` itself when it is absolute.
    public static func join(_ folder: String, _ name: String) -> String {
        if folder.isEmpty || name.hasPrefix("/") { return name }
        if name.isEmpty { return folder }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The file name's extension without its dot (`photo.JPG` → `JPG`); empty when the name has
    /// none, or only a leading dot (`.nomedia`).
    public static func fileExtension(of path: String) -> String {
        let file = name(of: path)
        guard let dot = file.utf8.lastIndex(of: UInt8(ascii: ".")), dot != file.utf8.startIndex else { return "" }
        return String(file[file.utf8.index(after: dot)...])
    }

    /// The extension lower-cased when it is a plain ASCII word (`JPG` → `jpg`, `mp4`), fit to
    /// name a copy with; nil when there is none or it holds anything else.
    public static func plainExtension(of path: String) -> String? {
        let ending = fileExtension(of: path).lowercased()
        return !ending.isEmpty && ending.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) ? ending : nil
    }

    /// The file name without its extension (`a/photo.jpg` → `photo`).
    public static func stem(of path: String) -> String {
        let file = name(of: path)
        let ending = fileExtension(of: file)
        return ending.isEmpty ? file : String(file.utf8.dropLast(ending.utf8.count + 1)) ?? file
    }

    /// `path` without its extension, folders kept (`a/photo.jpg` → `a/photo`).
    public static func removingExtension(_ path: String) -> String {
        let ending = fileExtension(of: path)
        guard !ending.isEmpty else { return path }
        return String(path.utf8.dropLast(ending.utf8.count + 1)) ?? path
    }

    /// `path` with `.` components, repeated slashes and `..` (against the component before it)
    /// removed, on the text alone: `/a/./b/../c` → `/a/c`, `a/../../b` → `../b`.
    public static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        let absolute = path.hasPrefix("/")
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", absolute {
                continue  // nothing is above the root
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    private static let slash = UInt8(ascii: "/")
}
