import Foundation
import VipsKit

/// What libvips' header read already gives of a file's captions, and when exiv2 must open
/// the file for the rest.
extension EmbeddedTextReader {
    /// Captions and the like inside the file. exiv2 costs several times a header-only scan
    /// (its EXIF decoding reads every maker note, large in some cameras' photos). So it opens
    /// the whole file only for what libvips cannot give:
    /// IPTC, Windows' XP tags and Rating, a UserComment in UCS-2. Otherwise XMP is parsed
    /// alone, from the packet libvips read, and only when it names a property vitrine reads;
    /// ImageDescription, UserComment and GPS come from libvips' own EXIF fields.
    static func read(header image: Image, path: String, language: String?) -> EmbeddedText? {
        // Each field is read and unpacked once (the closure runs for several of every file).
        var cache: [String: String?] = [:]
        let value = { (field: String) -> String? in
            if let known = cache[field] { return known }
            let text = ExifValue.strictText(image.string(field))
            cache[field] = text
            return text
        }
        let cutShort = ["exif-ifd0-ImageDescription", "exif-ifd2-UserComment"].contains { image.hasField($0) && value($0) == nil }
        let needsExiv2 = image.hasField("iptc-data") || cutShort
            || ["exif-ifd0-XPTitle", "exif-ifd0-XPComment", "exif-ifd0-XPKeywords", "exif-ifd0-XPSubject", "exif-ifd0-Rating"]
                .contains(where: image.hasField)
            || value("exif-ifd2-UserComment") == undecodedUnicodeComment
        if needsExiv2 { return read(path: path, language: language) }
        var text = EmbeddedText(exif: exifText(fromLibvips: value))
        if let packet = image.blob("xmp-data"), xmpMayHaveText(packet) {
            text.xmp = read(xmpPacket: packet, language: language)
        }
        return text.isEmpty ? nil : text
    }

    /// EXIF captions and GPS from libvips' own fields (libexif read them with the header):
    /// ImageDescription, else UserComment, as ``read(path:language:)`` takes them, camera
    /// boilerplate told by the file's own Make and Model. `value`
    /// gives a field's value part (``ExifValue/text(_:)``), or nil.
    static func exifText(fromLibvips value: (String) -> String?) -> ItemText? {
        var exif = ItemText()
        let camera = CameraName(make: value("exif-ifd0-Make"), model: value("exif-ifd0-Model"))
        exif.caption = [value("exif-ifd0-ImageDescription"), value("exif-ifd2-UserComment")]
            .lazy.compactMap { $0 }.compactMap { written($0, camera: camera) }.compactMap { Caption.make($0, style: .plain, source: .exif, into: &exif) }.first
        exif.location = location(fromLibvips: value)
        return exif.nilIfEmpty
    }

    /// What libexif (so libvips) says for a UserComment in UCS-2, which only exiv2 decodes.
    static let undecodedUnicodeComment = "Unsupported UNICODE string"

    /// GPS coordinates from libvips' own EXIF fields (read by libexif with the header): each
    /// is the rationals libvips prints first, `15/1 50/1 80303/10000`. `value` gives a field's
    /// value part (``ExifValue/text(_:)``), or nil.
    static func location(fromLibvips value: (String) -> String?) -> Location? {
        func degrees(_ field: String) -> Double? {
            guard let text = value(field) else { return nil }
            let parts = text.split(separator: " ").prefix(3).map { part -> Double? in
                let fraction = part.split(separator: "/")
                guard fraction.count == 2, let top = Double(fraction[0]), let bottom = Double(fraction[1]), bottom != 0 else { return nil }
                return top / bottom
            }
            guard parts.count == 3, parts.allSatisfy({ $0 != nil }) else { return nil }
            return parts[0]! + parts[1]! / 60 + parts[2]! / 3600
        }
        guard var latitude = degrees("exif-ifd3-GPSLatitude"), var longitude = degrees("exif-ifd3-GPSLongitude") else { return nil }
        if value("exif-ifd3-GPSLatitudeRef")?.uppercased().hasPrefix("S") == true { latitude = -latitude }
        if value("exif-ifd3-GPSLongitudeRef")?.uppercased().hasPrefix("W") == true { longitude = -longitude }
        var altitude: Double?
        if let text = value("exif-ifd3-GPSAltitude"), let fraction = text.split(separator: " ").first?.split(separator: "/"),
            fraction.count == 2, let top = Double(fraction[0]), let bottom = Double(fraction[1]), bottom != 0 {
            // libexif prints reference 1 (below sea level) as "Sea level reference", 0 as "Sea level".
            let reference = value("exif-ifd3-GPSAltitudeRef")?.lowercased() ?? ""
            let below = reference.contains("reference") || reference.contains("below") || reference == "1"
            altitude = (below ? -1 : 1) * top / bottom
        }
        return Location.gps(latitude: latitude, longitude: longitude, altitude: altitude)
    }

    /// Whether an XMP packet names any property vitrine reads (`dc:title=`, `<photoshop:City>`):
    /// most cameras' and editors' XMP holds only settings, and parsing it is exiv2's slowest
    /// step. Names are matched with their registered prefixes, which the XMP Toolkit, exiv2 and
    /// ExifTool all write (`MicrosoftPhoto:Rating` is not `xmp:Rating`), and must end where the
    /// property does (`exif:ISOSpeedRatings`); `xmp:Rating` 0 means unrated, nothing to read.
    public static func xmpMayHaveText(_ packet: Data) -> Bool {
        packet.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            let bytes = raw.bindMemory(to: UInt8.self)
            let ends: Set<UInt8> = [UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "/"),
                UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r")]
            let unrated = ["=\"0\"", "='0'", ">0<"].map { Array($0.utf8) }
            for name in ["dc:description", "dc:title", "dc:subject", "xmp:Rating", "Iptc4xmpCore:Location", "photoshop:City",
                "photoshop:State", "photoshop:Country"] {
                let needle = Array(name.utf8)
                var start = 0
                while let before = find(needle, in: bytes, from: start) {
                    let after = before + needle.count
                    start = after
                    // A whole name (not `xdc:title`, not `dc:titles`), and not a closing tag.
                    guard after < bytes.count, ends.contains(bytes[after]),
                        before == 0 || !(bytes[before - 1].isASCIILetterOrDigit || bytes[before - 1] == UInt8(ascii: "/"))
                    else { continue }
                    if name == "xmp:Rating", unrated.contains(where: { bytes[after...].starts(with: $0) }) { continue }
                    return true
                }
            }
            return false
        }
    }

    /// Where `needle` next stands in `bytes` at or after `start`: a plain loop, as the standard
    /// library's generic `firstRange(of:)` made the whole probe slower.
    private static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = start
        while index <= bytes.count - needle.count {
            if bytes[index] == first, needle.indices.allSatisfy({ bytes[index + $0] == needle[$0] }) { return index }
            index += 1
        }
        return nil
    }
}

extension UInt8 {
    fileprivate var isASCIILetterOrDigit: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
