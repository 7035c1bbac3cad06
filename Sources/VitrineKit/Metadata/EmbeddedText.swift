import CGexiv2
import Foundation

/// Captions, titles, keywords, places and ratings stored inside a media file, read with
/// exiv2 (through gexiv2) in the worker process, one ``ItemText`` per standard.
public struct EmbeddedText: Codable, Equatable, Sendable {
    public var xmp: ItemText?
    public var iptc: ItemText?
    public var exif: ItemText?

    public init(xmp: ItemText? = nil, iptc: ItemText? = nil, exif: ItemText? = nil) {
        self.xmp = xmp
        self.iptc = iptc
        self.exif = exif
    }

    public subscript(source: CaptionSource) -> ItemText? {
        switch source {
        case .xmp: xmp
        case .iptc: iptc
        case .exif: exif
        case .file, .sidecar: nil
        }
    }

    var isEmpty: Bool { xmp == nil && iptc == nil && exif == nil }
}

/// Reads ``EmbeddedText`` with exiv2.
public enum EmbeddedTextReader {
    /// The file's embedded text, or nil when exiv2 cannot read the file (a format it does not
    /// know is not an error: the picture simply has no embedded captions for vitrine).
    /// - Parameter language: the XMP language alternative wanted (`fr`, `de-CH`); default
    ///   nil, which takes `x-default`, then the first one.
    public static func read(path: String, language: String? = nil) -> EmbeddedText? {
        open({ gexiv2_metadata_open_path($0, path, &$1) }) { metadata in
            let tags = Tags(metadata: metadata)
            var result = EmbeddedText(xmp: xmpText(tags, language))
            result.iptc = iptcText(tags)
            result.exif = exifText(tags, metadata)
            return result.isEmpty ? nil : result
        }
    }

    /// The text of an XMP packet alone (as libvips reads it from the file): for a file whose
    /// other metadata holds nothing to read, this spares exiv2's EXIF decoding, which is most
    /// of its cost (it reads every maker note).
    public static func read(xmpPacket packet: Data, language: String? = nil) -> ItemText? {
        packet.withUnsafeBytes { bytes in
            open({ gexiv2_metadata_open_buf($0, bytes.bindMemory(to: UInt8.self).baseAddress, glong(bytes.count), &$1) }) {
                xmpText(Tags(metadata: $0), language)
            }
        }
    }

    private static func open<T>(_ opening: (UnsafeMutablePointer<GExiv2Metadata>, inout UnsafeMutablePointer<GError>?) -> gboolean,
                                _ body: (UnsafeMutablePointer<GExiv2Metadata>) -> T?) -> T? {
        initialize
        guard let metadata = gexiv2_metadata_new() else { return nil }
        defer { g_object_unref(metadata) }
        var error: UnsafeMutablePointer<GError>?
        guard opening(metadata, &error) != 0 else {
            g_clear_error(&error)
            return nil
        }
        return body(metadata)
    }

    private static func xmpText(_ tags: Tags, _ language: String?) -> ItemText? {
        var xmp = ItemText()
        xmp.caption = tags.languageAlternative("Xmp.dc.description", language, into: &xmp)
            .flatMap { Caption.make($0, style: .plain, source: .xmp, into: &xmp) }
        xmp.title = tags.languageAlternative("Xmp.dc.title", language, into: &xmp).flatMap(singleLine)
        xmp.keywords = nonEmpty(Keywords.clean(tags.multiple("Xmp.dc.subject", into: &xmp)))
        xmp.rating = tags.string("Xmp.xmp.Rating", into: &xmp).flatMap(rating)
        xmp.location = place(["Xmp.iptc.Location", "Xmp.photoshop.City", "Xmp.photoshop.State", "Xmp.photoshop.Country"]
            .compactMap { tags.string($0, into: &xmp) })
        return xmp.nilIfEmpty
    }

    private static func iptcText(_ tags: Tags) -> ItemText? {
        var iptc = ItemText()
        iptc.caption = tags.string("Iptc.Application2.Caption", into: &iptc)
            .flatMap { Caption.make($0, style: .plain, source: .iptc, into: &iptc) }
        iptc.title = (tags.string("Iptc.Application2.ObjectName", into: &iptc) ?? tags.string("Iptc.Application2.Headline", into: &iptc))
            .flatMap(singleLine)
        iptc.keywords = nonEmpty(Keywords.clean(tags.multiple("Iptc.Application2.Keywords", into: &iptc)))
        iptc.location = place(["Iptc.Application2.SubLocation", "Iptc.Application2.City", "Iptc.Application2.ProvinceState",
            "Iptc.Application2.CountryName"].compactMap { tags.string($0, into: &iptc) })
        return iptc.nilIfEmpty
    }

    private static func exifText(_ tags: Tags, _ metadata: UnsafeMutablePointer<GExiv2Metadata>) -> ItemText? {
        var exif = ItemText()
        var makeWarnings = ItemText()  // the camera's name is not shown: its warnings neither
        let camera = CameraName(make: tags.string("Exif.Image.Make", into: &makeWarnings), model: tags.string("Exif.Image.Model", into: &makeWarnings))
        let description = tags.string("Exif.Image.ImageDescription", into: &exif).flatMap { written($0, camera: camera) }
        let comment = tags.string("Exif.Photo.UserComment", into: &exif).map(withoutCharset).flatMap { written($0, camera: camera) }
        exif.caption = [description, comment, tags.interpreted("Exif.Image.XPComment", into: &exif)]
            .lazy.compactMap { $0 }.compactMap { Caption.make($0, style: .plain, source: .exif, into: &exif) }.first
        exif.title = tags.interpreted("Exif.Image.XPTitle", into: &exif).flatMap(singleLine)
        exif.keywords = tags.interpreted("Exif.Image.XPKeywords", into: &exif).map(Keywords.split).flatMap(nonEmpty)
        exif.rating = tags.string("Exif.Image.Rating", into: &exif).flatMap(rating)
        var latitude = 0.0, longitude = 0.0, altitude = 0.0
        var error: UnsafeMutablePointer<GError>?
        if gexiv2_metadata_try_get_gps_latitude(metadata, &latitude, &error) != 0,
            gexiv2_metadata_try_get_gps_longitude(metadata, &longitude, &error) != 0 {
            let hasAltitude = gexiv2_metadata_try_get_gps_altitude(metadata, &altitude, &error) != 0
            exif.location = Location.gps(latitude: latitude, longitude: longitude, altitude: hasAltitude ? altitude : nil)
        }
        g_clear_error(&error)
        return exif.nilIfEmpty
    }

    /// `embedded` with the XMP of a sidecar beside the media (`IMG_1.jpg.xmp`, as darktable
    /// writes, or `IMG_1.xmp`, as Lightroom does) put first: an editor's sidecar holds its
    /// latest words, so each of its fields wins over the same field inside the file.
    /// - Parameter root: the source folder the media was found under, which a link to the
    ///   sidecar may not lead out of (``ConfinedRead``); default nil, the media's own folder.
    public static func withSidecarXMP(_ embedded: EmbeddedText?, mediaPath: String, language: String?,
                                      below root: ReadRoot? = nil) -> EmbeddedText? {
        let stem = Path.removingExtension(mediaPath)
        let candidates = [mediaPath + ".xmp", stem + ".xmp", mediaPath + ".XMP", stem + ".XMP"]
        guard let root = root ?? ReadRoot(.source, folder: Path.parent(of: mediaPath)) else { return embedded }
        for candidate in candidates {
            var fromSidecar = ItemText()
            switch ConfinedRead.read(candidate, below: root, limit: Sidecar.maximumFileBytes) {
            case .failure(.missing): continue
            case .failure(let failure):
                // Not read, and no other candidate stands in for it; said with the media's path.
                fromSidecar.warn([failure.warning], prefix: Path.name(of: candidate) + ": ")
            case .success(let packet):
                guard let read = read(xmpPacket: packet, language: language) else { return embedded }
                fromSidecar = read
            }
            var result = embedded ?? EmbeddedText()
            result.xmp = result.xmp.map { fromSidecar.filling(from: $0) } ?? fromSidecar
            return result
        }
        return embedded
    }

    /// exiv2 once per process; its own warnings about odd maker notes stay quiet.
    private static let initialize: Void = {
        _ = gexiv2_initialize()
        gexiv2_log_set_level(GEXIV2_LOG_LEVEL_MUTE)
    }()

    /// Tag values as text, decoded: UTF-8, or Latin-1 with a warning (old IPTC has no charset).
    private struct Tags {
        let metadata: UnsafeMutablePointer<GExiv2Metadata>

        func string(_ tag: String, into text: inout ItemText) -> String? {
            var error: UnsafeMutablePointer<GError>?
            defer { g_clear_error(&error) }
            return take(gexiv2_metadata_try_get_tag_string(metadata, tag, &error), tag, into: &text)
        }

        func interpreted(_ tag: String, into text: inout ItemText) -> String? {
            var error: UnsafeMutablePointer<GError>?
            defer { g_clear_error(&error) }
            return take(gexiv2_metadata_try_get_tag_interpreted_string(metadata, tag, &error), tag, into: &text)
        }

        func multiple(_ tag: String, into text: inout ItemText) -> [String] {
            var error: UnsafeMutablePointer<GError>?
            defer { g_clear_error(&error) }
            guard let values = gexiv2_metadata_try_get_tag_multiple(metadata, tag, &error) else { return [] }
            defer { g_strfreev(values) }
            var out: [String] = []
            var index = 0
            while let value = values[index] {
                out.append(decode(value, tag, into: &text))
                index += 1
            }
            return out
        }

        /// The alternative for `language` of an XMP LangAlt (`lang="fr-FR" Bonjour`).
        func languageAlternative(_ tag: String, _ language: String?, into text: inout ItemText) -> String? {
            let alternatives = multiple(tag, into: &text).map { value -> (language: String, text: String) in
                guard value.hasPrefix("lang=\""), let close = value.dropFirst(6).firstIndex(of: "\"") else { return ("", value) }
                let body = value[value.index(after: close)...]
                return (String(value[value.index(value.startIndex, offsetBy: 6)..<close]).lowercased(),
                    String(body.hasPrefix(" ") ? body.dropFirst() : body))
            }
            if let wanted = language?.lowercased(),
                let match = alternatives.first(where: { $0.language == wanted })
                    ?? alternatives.first(where: { $0.language.split(separator: "-").first.map(String.init) == wanted.split(separator: "-").first.map(String.init) }) {
                return match.text
            }
            return (alternatives.first { $0.language == "x-default" } ?? alternatives.first)?.text
        }

        private func take(_ value: UnsafeMutablePointer<gchar>?, _ tag: String, into text: inout ItemText) -> String? {
            guard let value else { return nil }
            defer { g_free(value) }
            return decode(value, tag, into: &text)
        }

        private func decode(_ value: UnsafePointer<gchar>, _ tag: String, into text: inout ItemText) -> String {
            let decoded = CaptionText.decode(Data(bytes: value, count: strlen(value)))
            text.warn(decoded.warnings, prefix: "\(tag): ")
            return decoded.text
        }
    }

    private static func singleLine(_ text: String) -> String? {
        let cleaned = CaptionText.clean(text, singleLine: true).text
        return cleaned.isEmpty ? nil : cleaned
    }

    /// `text` unless it is what a camera fills in by itself (``CameraBoilerplate``), or blank.
    static func written(_ text: String, camera: CameraName) -> String? {
        // Blank or control characters only (an unset UserComment): nothing written.
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { $0.value > 0x20 && $0.value != 0x7F }) else { return nil }
        let last = scalars.lastIndex(where: { $0.value > 0x20 && $0.value != 0x7F })!
        return CameraBoilerplate.matches(String(scalars[first...last]), camera: camera) ? nil : text
    }

    private static func nonEmpty(_ words: [String]) -> [String]? { words.isEmpty ? nil : words }

    /// `charset=Ascii Hello` (exiv2's UserComment) → `Hello`.
    private static func withoutCharset(_ text: String) -> String {
        guard text.hasPrefix("charset="), let space = text.firstIndex(of: " ") else { return text.hasPrefix("charset=") ? "" : text }
        return String(text[text.index(after: space)...])
    }

    /// `4`, `4.0` → 4; -1 (rejected) or 1 to 5. 0 is "unrated" (XMP, and Windows' EXIF Rating).
    private static func rating(_ text: String) -> Int? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        let stars = Int(value.rounded())
        return (-1...5).contains(stars) && stars != 0 ? stars : nil
    }

    private static func place(_ parts: [String]) -> Location? {
        let names = Keywords.clean(parts)
        return names.isEmpty ? nil : Location(name: names.joined(separator: ", "))
    }

}
