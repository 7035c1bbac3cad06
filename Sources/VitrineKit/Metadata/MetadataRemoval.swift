import CGexiv2
import Foundation

/// Removes the metadata of a copy with exiv2 (gexiv2): EXIF, XMP, IPTC and the comment go;
/// the EXIF orientation stays (without it a turned photo shows on its side), and so does the
/// colour profile, which is not metadata but how the pixels are meant. Pixels are untouched:
/// exiv2 rewrites the file's metadata segments, never its image data.
public enum MetadataRemoval {
    /// The decoders (libvips' names, as `format` says) of the formats exiv2 0.27 writes; a
    /// file of another format (HEIC and AVIF, which 0.27 cannot write; GIF, JPEG XL, SVG…)
    /// cannot have its metadata removed so.
    public static let writableFormats: Set<String> = ["jpeg", "png", "webp", "tiff", "jp2k"]

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Removes the metadata of the file at `path`, in place: only ever a copy, never a source.
    public static func remove(from path: String) throws(Failure) {
        initialize
        guard let metadata = gexiv2_metadata_new() else { throw Failure(description: "exiv2 could not start") }
        defer { g_object_unref(metadata) }
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        guard gexiv2_metadata_open_path(metadata, path, &error) != 0 else { throw Failure(description: message(error)) }
        let orientation = gexiv2_metadata_try_get_tag_long(metadata, orientationTag, &error)
        g_clear_error(&error)
        gexiv2_metadata_clear_exif(metadata)
        gexiv2_metadata_clear_xmp(metadata)
        gexiv2_metadata_clear_iptc(metadata)
        gexiv2_metadata_clear_comment(metadata)
        if (2...8).contains(orientation) {
            // As text, so that exiv2 gives the tag its own type (SHORT), as cameras write it.
            guard gexiv2_metadata_try_set_tag_string(metadata, orientationTag, String(orientation), &error) != 0 else {
                throw Failure(description: message(error))
            }
        }
        guard gexiv2_metadata_save_file(metadata, path, &error) != 0 else { throw Failure(description: message(error)) }
    }

    private static let orientationTag = "Exif.Image.Orientation"

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "exiv2 failed"
    }

    /// exiv2 once per process, quiet (``EmbeddedTextReader`` starts it the same way).
    private static let initialize: Void = {
        _ = gexiv2_initialize()
        gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE)
    }()
}
