import Foundation

/// Cleans text that comes from people's files (sidecars, captions files, EXIF/IPTC/XMP) before
/// it reaches the manifest: the same caption typed on a Mac or on Windows gives the same bytes.
public enum CaptionText {
    /// Longest caption kept, in UTF-8 bytes: longer ones are cut (with a warning) so that one
    /// stray file cannot blow up every manifest and page built from it.
    public static let maximumBytes = 65_536

    /// What cleaning a text gave, and what a person should be told about it.
    public struct Cleaned: Equatable, Sendable {
        public var text: String
        public var warnings: [String] = []
    }

    /// Unicode NFC, `\r\n` and `\r` to `\n`, tabs to spaces, other control characters
    /// (C0 but `\n`, DEL, C1) and byte-order marks removed, lines' trailing spaces and the
    /// whole text's surrounding blank space trimmed, then cut to ``maximumBytes`` on a
    /// character boundary.
    /// - Parameter singleLine: `true` for titles and keywords: line breaks become spaces.
    public static func clean(_ raw: String, singleLine: Bool = false) -> Cleaned {
        var scalars = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in raw.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar.value {
            case 0x0D: scalars.append(singleLine ? " " : "\n")
            case 0x0A: if !previousWasCR { scalars.append(singleLine ? " " : "\n") }
            case 0x09: scalars.append(" ")
            case 0x00...0x1F, 0x7F...0x9F, 0xFEFF: continue
            default: scalars.append(scalar)
            }
        }
        var text = String(scalars).precomposedStringWithCanonicalMapping
        text = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
            .joined(separator: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if singleLine {
            text = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        var cleaned = Cleaned(text: text)
        if text.utf8.count > maximumBytes {
            cleaned.text = cut(text, toBytes: maximumBytes)
            cleaned.warnings.append("text of \(byteCount(text.utf8.count)) cut to \(byteCount(maximumBytes))")
        }
        return cleaned
    }

    /// Text from bytes: UTF-8 (a leading BOM dropped); bytes that are not UTF-8 are read as
    /// Windows-1252 / Latin-1, the usual encoding of such old files, with a warning. Line ends
    /// become `\n` (Swift takes `\r\n` for one character, which no line split would cut).
    public static func decode(_ bytes: Data) -> Cleaned {
        var data = bytes
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data = data.dropFirst(3) }
        var cleaned: Cleaned
        if let text = String(validating: data, as: UTF8.self) {
            cleaned = Cleaned(text: text)
        } else {
            let latin = String(String.UnicodeScalarView(data.compactMap { Unicode.Scalar(windows1252($0)) }))
            cleaned = Cleaned(text: latin, warnings: ["not valid UTF-8: read as Latin-1 (Windows-1252)"])
        }
        if cleaned.text.contains("\r") {
            cleaned.text = cleaned.text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        return cleaned
    }

    /// `text` shortened to at most `limit` UTF-8 bytes without splitting a character.
    static func cut(_ text: String, toBytes limit: Int) -> String {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let size = text[index].utf8.count
            if used + size > limit { break }
            used += size
            end = text.index(after: index)
        }
        return String(text[..<end])
    }

    static func byteCount(_ bytes: Int) -> String {
        bytes >= 1_048_576 ? String(format: "%.1f MiB", Double(bytes) / 1_048_576)
            : bytes >= 1024 ? "\(bytes / 1024) KiB" : "\(bytes) bytes"
    }

    /// Windows-1252's printable 0x80–0x9F (curly quotes, €, dashes…); Latin-1 elsewhere.
    private static func windows1252(_ byte: UInt8) -> UInt32 {
        let high: [UInt32] = [0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030,
            0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
            0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178]
        return (0x80...0x9F).contains(byte) ? high[Int(byte) - 0x80] : UInt32(byte)
    }
}
