import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A clip stored inside a photo's own file after its picture (Android's Motion Photos): where
/// its bytes are.
public struct EmbeddedClip: Codable, Hashable, Sendable {
    /// Bytes from the file's start to the clip's first.
    public var offset: Int
    public var length: Int

    public init(offset: Int, length: Int) {
        self.offset = offset
        self.length = length
    }
}

/// Finds the MP4 a Motion Photo carries after its JPEG, from what its XMP announces: the
/// current format (`Camera:MotionPhoto` with a `Container:Directory` whose `MotionPhoto` item
/// gives its `Item:Length`, counted back from the file's end) or the older one
/// (`Camera:MicroVideo` with `MicroVideoOffset`, bytes from the end).
///
/// Names are matched by namespace URI, never by prefix: phones write the camera namespace as
/// `GCamera:` or `Camera:`, and a reader that goes by prefixes (exiv2's process-wide registry)
/// reads one of them under the other's names.
public enum MotionPhoto {
    static let camera = "http://ns.google.com/photos/1.0/camera/"
    static let container = "http://ns.google.com/photos/1.0/container/"
    static let item = "http://ns.google.com/photos/1.0/container/item/"

    /// Whether an XMP packet may announce a clip: a byte search that spares most photos the parse.
    static func mayAnnounceClip(_ packet: Data) -> Bool {
        packet.range(of: Data("MotionPhoto".utf8)) != nil || packet.range(of: Data("MicroVideo".utf8)) != nil
    }

    /// The clip an XMP packet announces in a file of `fileSize` bytes, or nil.
    public static func embeddedClip(xmp packet: Data, fileSize: Int) -> EmbeddedClip? {
        guard mayAnnounceClip(packet) else { return nil }
        let reading = AnnouncementReader()
        let parser = XMLParser(data: packet.prefix { $0 != 0 })
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = true
        parser.delegate = reading
        _ = parser.parse()
        let facts = reading.facts
        if facts.motionPhoto == 1, let index = facts.items.firstIndex(where: { $0.semantic == "MotionPhoto" }) {
            // Items follow the primary picture in order: the clip is what its item and those
            // after it take at the file's end.
            let tail = facts.items[index...].reduce(0) { $0 + ($1.length ?? 0) + ($1.padding ?? 0) }
            let length = facts.items[index].length ?? 0
            guard length > 0, tail <= fileSize else { return nil }
            return EmbeddedClip(offset: fileSize - tail, length: length)
        }
        if facts.microVideo == 1, let offset = facts.microVideoOffset, offset > 0, offset <= fileSize {
            return EmbeddedClip(offset: fileSize - offset, length: offset)
        }
        return nil
    }

    /// Whether the bytes at the clip's offset start an ISO media file (`ftyp`): the announcement
    /// is believed only then.
    static func startsISOMedia(_ path: String, at clip: EmbeddedClip) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: UInt64(clip.offset))) != nil, let head = try? handle.read(upToCount: 8), head.count == 8
        else { return false }
        return head.suffix(4) == Data("ftyp".utf8)
    }

    struct Facts {
        struct Item {
            var semantic: String?
            var length: Int?
            var padding: Int?
        }

        var motionPhoto: Int?
        var microVideo: Int?
        var microVideoOffset: Int?
        var items: [Item] = []
    }

    /// Collects the fields wherever RDF puts them: as attributes of a description or an item,
    /// or as elements with text.
    private final class AnnouncementReader: NSObject, XMLParserDelegate {
        var facts = Facts()
        private var text = ""
        private var inItem = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            text = ""
            if namespaceURI == MotionPhoto.container && name == "Item" {
                inItem = true
                facts.items.append(Facts.Item())
            }
            // Attributes come with their qualified names: match their prefixes' URIs as
            // declared on this element or its ancestors (kept by the parser's namespace map).
            for (qualified, value) in attributes {
                let parts = qualified.split(separator: ":", maxSplits: 1).map(String.init)
                let local = parts.count == 2 ? parts[1] : parts[0]
                let uri = parts.count == 2 ? namespaces[parts[0]] : nil
                take(local, uri: uri, value: value)
            }
        }

        private var namespaces: [String: String] = [:]

        func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String) {
            namespaces[prefix] = namespaceURI
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if namespaceURI == MotionPhoto.container && name == "Item" { inItem = false }
            take(name, uri: namespaceURI, value: text.trimmingCharacters(in: .whitespacesAndNewlines))
            text = ""
        }

        private func take(_ name: String, uri: String?, value: String) {
            guard !value.isEmpty else { return }
            switch (uri, name) {
            case (MotionPhoto.camera, "MotionPhoto"): facts.motionPhoto = Int(value)
            case (MotionPhoto.camera, "MicroVideo"): facts.microVideo = Int(value)
            case (MotionPhoto.camera, "MicroVideoOffset"): facts.microVideoOffset = Int(value)
            case (MotionPhoto.item, "Semantic") where !facts.items.isEmpty: facts.items[facts.items.count - 1].semantic = value
            case (MotionPhoto.item, "Length") where !facts.items.isEmpty: facts.items[facts.items.count - 1].length = Int(value)
            case (MotionPhoto.item, "Padding") where !facts.items.isEmpty: facts.items[facts.items.count - 1].padding = Int(value)
            default: break
            }
        }
    }
}
