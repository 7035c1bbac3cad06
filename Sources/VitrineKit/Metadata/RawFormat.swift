import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Camera RAW files, known by their structure: asked before libvips' TIFF guess (DNG, NEF and
/// CR2 are TIFFs to it, read as the small preview or as damage) and before the video
/// signatures (CR3 is an ISO media file, as MP4 is).
public enum RawFormat: String, Codable, Sendable, CaseIterable {
    case dng, cr2, cr3, crw, nef, arw, raf, rw2, orf, pef, srw, x3f, mrw
    /// Another maker's TIFF-based layout (its sensor data marked as colour-filter samples).
    case raw

    /// The name a person knows it by: `DNG`, `Canon CR3`.
    public var spoken: String {
        switch self {
        case .dng: return "DNG"
        case .cr2: return "Canon CR2"
        case .cr3: return "Canon CR3"
        case .crw: return "Canon CRW"
        case .nef: return "Nikon NEF"
        case .arw: return "Sony ARW"
        case .raf: return "Fujifilm RAF"
        case .rw2: return "Panasonic RW2"
        case .orf: return "Olympus ORF"
        case .pef: return "Pentax PEF"
        case .srw: return "Samsung SRW"
        case .x3f: return "Sigma X3F"
        case .mrw: return "Minolta MRW"
        case .raw: return "camera RAW"
        }
    }

    /// How much of a file is read to tell: a camera's image directories lie near its start.
    static let headBytes = 1 << 20

    /// The RAW format of the file at `path` by its first bytes (and, for a TIFF, its image
    /// directories); nil when it is not one.
    public static func of(path: String) -> RawFormat? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: headBytes)
        let read = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, headBytes, 0) }
        guard read > 0 else { return nil }
        return of(head: Array(head.prefix(read)))
    }

    /// The RAW format of a file that starts with `head`.
    static func of(head: [UInt8]) -> RawFormat? {
        guard head.count >= 12 else { return nil }
        let ascii = { (range: Range<Int>) in String(decoding: head[range], as: UTF8.self) }
        if ascii(4..<8) == "ftyp" { return ascii(8..<12) == "crx " ? .cr3 : nil }
        if head.starts(with: Array("FUJIFILMCCD-RAW".utf8)) { return .raf }
        if head.starts(with: Array("FOVb".utf8)) { return .x3f }
        if head.starts(with: [0, 0x4D, 0x52, 0x4D]) { return .mrw }  // "\0MRM"
        if head.starts(with: [0x49, 0x49, 0x1A, 0, 0, 0]), ascii(6..<12) == "HEAPCC" { return .crw }
        if head.starts(with: [0x49, 0x49, 0x55, 0]) { return .rw2 }  // "IIU\0": Panasonic's TIFF
        if ["IIRO", "IIRS", "MMOR"].contains(ascii(0..<4)) { return .orf }
        guard let tiff = TIFFReader(head) else { return nil }
        if ascii(8..<10) == "CR" && head[10] == 2 { return .cr2 }
        return rawLayout(of: tiff)
    }

    /// Directories looked at, at most: a TIFF with more is not a camera's.
    static let maximumDirectories = 16

    /// The compression schemes only cameras write: Nikon's, Sony's, Pentax's, Samsung's.
    static let cameraCompressions: Set<Int> = [34713, 32767, 65535, 32769, 32770]

    /// The RAW format a TIFF is by its directories: DNG by its version tag, another maker's by
    /// sensor data stored as colour-filter (CFA) or linear-raw samples, or in a compression only
    /// cameras write. Nil for a picture.
    static func rawLayout(of tiff: TIFFReader) -> RawFormat? {
        var pending = [tiff.firstIFD]
        var visited = Set<Int>()
        var rawData = false
        var make = ""
        while let offset = pending.popLast(), offset > 0, visited.count < maximumDirectories, visited.insert(offset).inserted {
            if tiff.entry(0xC612, inIFDAt: offset) != nil { return .dng }  // DNGVersion
            if let entry = tiff.entry(0x0106, inIFDAt: offset), [32803, 34892].contains(entry.value) { rawData = true }
            if let entry = tiff.entry(0x0103, inIFDAt: offset), cameraCompressions.contains(entry.value) { rawData = true }
            if make.isEmpty, let entry = tiff.entry(0x010F, inIFDAt: offset) {
                make = String(decoding: tiff.bytes(of: entry).prefix { $0 != 0 }, as: UTF8.self).uppercased()
            }
            // SubIFDs, and the Exif IFD, where some makers put the sensor data.
            if let entry = tiff.entry(0x014A, inIFDAt: offset) {
                let offsets = entry.count == 1 ? [entry.value] : stride(from: 0, to: min(entry.count, 8) * 4, by: 4).compactMap {
                    tiff.number(at: entry.valueOffset + $0, size: 4)
                }
                pending += offsets
            }
            if let entry = tiff.entry(0x8769, inIFDAt: offset) { pending.append(entry.value) }
            if let count = tiff.number(at: offset, size: 2), let next = tiff.number(at: offset + 2 + count * 12, size: 4) {
                pending.insert(next, at: 0)
            }
        }
        guard rawData else { return nil }
        if make.hasPrefix("NIKON") { return .nef }
        if make.hasPrefix("SONY") { return .arw }
        if make.hasPrefix("PENTAX") || make.hasPrefix("RICOH") { return .pef }
        if make.hasPrefix("SAMSUNG") { return .srw }
        if make.hasPrefix("CANON") { return .cr2 }
        return .raw
    }
}
