import Foundation

/// The content identifier Apple writes into both halves of a Live Photo: the photo's in its
/// MakerNote (tag 0x11), the clip's in the QuickTime metadata key
/// `com.apple.quicktime.content.identifier`. Equal identifiers make the two one item.
///
/// exiv2 0.27 does not decode Apple's MakerNote, so the photo's is read here from the raw EXIF
/// block libvips hands over with the header: the TIFF structure to the Exif IFD, its MakerNote
/// (`Apple iOS`, then an IFD whose offsets count from the MakerNote's start), tag 0x11.
public enum LivePhoto {
    /// The QuickTime metadata key of the clip's identifier, as ffprobe lists it in the format's tags.
    public static let videoTag = "com.apple.quicktime.content.identifier"

    /// Whether a photo with this EXIF Make may carry an identifier: only Apple's cameras write one.
    static func mayCarryIdentifier(cameraMake make: String?) -> Bool {
        make?.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("apple") ?? false
    }

    /// A Live Photo's clip is short: paired by name alone only under this many seconds.
    public static let longestUnidentifiedClip = 4.0

    /// The identifier in an EXIF block (with or without libvips' `Exif\0\0` prefix); nil when
    /// there is none or the block is not what it claims.
    public static func contentIdentifier(exif: Data) -> String? {
        var bytes = [UInt8](exif)
        if bytes.starts(with: Array("Exif\0\0".utf8)) { bytes.removeFirst(6) }
        guard let tiff = TIFFReader(bytes), let exifIFD = tiff.entry(0x8769, inIFDAt: tiff.firstIFD)?.value,
            let makerNote = tiff.entry(0x927C, inIFDAt: exifIFD)
        else { return nil }
        let note = tiff.bytes(of: makerNote)
        let signature = Array("Apple iOS\0".utf8)
        guard note.starts(with: signature), note.count > 16,
            let apple = TIFFReader(Array(note), byteOrderAt: 12, firstIFD: 14),
            let identifier = apple.entry(0x11, inIFDAt: 14), identifier.type == 2
        else { return nil }
        let text = String(decoding: apple.bytes(of: identifier).prefix { $0 != 0 }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    /// The clip's identifier from its container's tags (ffprobe's `format.tags`).
    public static func contentIdentifier(videoTags tags: [String: String]?) -> String? {
        guard let value = tags?[videoTag]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }
}

/// Just enough of TIFF to follow IFD entries: bounds-checked throughout, so a damaged block
/// gives nil, never a trap.
struct TIFFReader {
    struct Entry {
        var type: Int
        var count: Int
        /// The value itself when it fits in four bytes, else its offset.
        var value: Int
        var valueOffset: Int
    }

    let data: [UInt8]
    let bigEndian: Bool
    private(set) var firstIFD: Int

    /// A TIFF block: its byte order mark, 42, and the first IFD's offset.
    init?(_ data: [UInt8]) {
        self.init(data, byteOrderAt: 0, firstIFD: 0)
        guard number(at: 2, size: 2) == 42, let first = number(at: 4, size: 4) else { return nil }
        firstIFD = first
    }

    /// A block with its byte order mark at `byteOrderAt` and an IFD at `firstIFD` (a MakerNote).
    init?(_ data: [UInt8], byteOrderAt mark: Int, firstIFD: Int) {
        guard data.count > mark + 1 else { return nil }
        switch (data[mark], data[mark + 1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        self.data = data
        self.firstIFD = firstIFD
    }

    func number(at offset: Int, size: Int) -> Int? {
        guard offset >= 0, offset + size <= data.count else { return nil }
        var value = 0
        for index in 0..<size {
            let byte = Int(data[bigEndian ? offset + index : offset + size - 1 - index])
            value = value << 8 | byte
        }
        return value
    }

    func entry(_ tag: Int, inIFDAt offset: Int) -> Entry? {
        guard let count = number(at: offset, size: 2) else { return nil }
        for index in 0..<count {
            let at = offset + 2 + index * 12
            guard let found = number(at: at, size: 2) else { return nil }
            guard found == tag, let type = number(at: at + 2, size: 2), let items = number(at: at + 4, size: 4) else { continue }
            let size = items * Self.typeSize(type)
            let value = size <= 4 ? number(at: at + 8, size: min(4, max(size, 1)))  : number(at: at + 8, size: 4)
            guard let value else { return nil }
            return Entry(type: type, count: items, value: value, valueOffset: size <= 4 ? at + 8 : value)
        }
        return nil
    }

    /// An entry's value bytes (empty when they run past the block).
    func bytes(of entry: Entry) -> ArraySlice<UInt8> {
        let size = entry.count * Self.typeSize(entry.type)
        guard entry.valueOffset >= 0, size >= 0, entry.valueOffset + size <= data.count else { return [] }
        return data[entry.valueOffset..<entry.valueOffset + size]
    }

    static func typeSize(_ type: Int) -> Int {
        switch type {
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12: 8
        default: 1
        }
    }
}
