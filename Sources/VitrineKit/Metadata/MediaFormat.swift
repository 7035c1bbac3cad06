import Foundation

/// Which decoders count as photo media, and which file name endings people use for them.
///
/// libvips can open more than photos (PDF, CSV, matrix files…); a gallery only wants
/// pictures, so loaders are allowed by name. Extensions never decide what a file is —
/// content does — but they tell a file *meant* to be a picture (an error when unreadable)
/// from one that never was (ignored quietly).
public enum MediaFormat {
    /// libvips loader nicknames (without the `load…` suffix) that vitrine accepts.
    public static let imageLoaders: Set<String> = [
        "jpeg", "png", "webp", "gif", "tiff", "heif", "jxl", "jp2k", "svg", "ppm", "rad",
        "openexr", "magick",
    ]

    /// Loaders of text formats, whose signatures are words any text may start with or hold
    /// (`<svg` in a note, `#?RADIANCE`, `P3`): a file is taken for one only when its name ends
    /// like a picture's.
    public static let textLoaders: Set<String> = ["svg", "rad", "ppm"]

    /// Loaders never asked what a file is: OpenSlide (whole-slide microscope scans) sniffs every
    /// file before the photo loaders, opening each as a SQLite database among other things.
    public static let skippedLoaders = ["openslideload"]

    /// Endings of image files, lower-case without the dot.
    public static let imageExtensions = Set<String>([
        "jpg", "jpeg", "jpe", "jfif", "png", "webp", "gif", "tif", "tiff", "heic", "heif", "avif", "jxl",
        "jp2", "j2k", "jpx", "svg", "svgz", "bmp", "ppm", "pgm", "pbm", "pnm", "hdr", "exr", "ico",
    ]).union(rawExtensions)

    /// Endings of camera RAW files (``RawFormat``, read by LibRaw), lower-case without the dot:
    /// which RAW files pair with a JPEG (``RawPairs``).
    public static let rawExtensions: Set<String> = [
        "dng", "cr2", "nef", "arw", "orf", "rw2", "cr3", "crw", "raf", "pef", "srw", "x3f", "mrw", "nrw", "rwl", "3fr", "erf", "mef",
        "mos", "iiq", "kdc", "dcr", "raw",
    ]

    /// Endings of sound files: containers that often hold no picture at all. A file named so
    /// with no video stream is ignored, not an error (a photo folder may hold music).
    public static let audioExtensions: Set<String> = [
        "m4a", "mp3", "ogg", "oga", "opus", "mka", "flac", "wav", "aac", "wma", "aiff", "aif",
    ]

    /// Endings of video files: a file named so is an error when it cannot be read.
    public static let videoExtensions: Set<String> = [
        "mp4", "m4v", "mov", "webm", "mkv", "ogv", "avi", "mts", "m2ts", "3gp", "wmv", "mpg", "mpeg", "m1v", "m2v",
        "flv", "ts", "vob", "asf",
    ]

    /// `jpeg` for `jpegload`, `jpegload_source` or `VipsForeignLoadJpegFile`'s nickname.
    public static func formatName(forLoader nickname: String) -> String {
        guard let range = nickname.range(of: "load") else { return nickname }
        return String(nickname[..<range.lowerBound])
    }

    /// Whether `head`, a file's first bytes, is text: no control characters but white space
    /// and escape (UTF-8 and Latin-1 letters are text). A binary signature at the start of a
    /// text (`GIF89a` in a note) does not make it a picture; real pictures have NUL or control
    /// bytes among their first few (sizes, lengths, palettes).
    public static func isText(_ head: some Collection<UInt8>) -> Bool {
        !head.isEmpty && head.allSatisfy { $0 >= 0x20 && $0 != 0x7F || (0x09...0x0D).contains($0) || $0 == 0x1B }
    }

    /// How much of a file ``isText(_:)`` looks at.
    public static let textHeadBytes = 512

    /// Whether the file name's ending says it is meant to be a picture or a video.
    public static func looksLikeMedia(_ path: String) -> Bool {
        let ending = Path.fileExtension(of: path).lowercased()
        return imageExtensions.contains(ending) || videoExtensions.contains(ending)
    }
}
