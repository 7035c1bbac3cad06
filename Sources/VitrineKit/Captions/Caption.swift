import Foundation

/// An item's caption, in one of the three styles a gallery can show (seed 000: plain text,
/// attributed text, a custom view).
public struct Caption: Codable, Equatable, Sendable {
    public enum Style: String, Codable, CaseIterable, Sendable {
        /// `text` only.
        case plain
        /// `markup` (the safe HTML subset of ``Markup``) and `text`, its words without markup.
        case markup
        /// `custom`: a JSON object from a captions file, passed through untouched.
        case custom
    }

    public var style: Style
    /// The caption as plain text (plain and markup styles).
    public var text: String?
    /// Sanitised markup (markup style).
    public var markup: String?
    /// The object given (custom style).
    public var custom: RawJSON?
    /// Where it came from: `file`, `sidecar`, `xmp`, `iptc`, `exif` or `filename`.
    public var source: String

    public init(style: Style, text: String? = nil, markup: String? = nil, custom: RawJSON? = nil, source: String) {
        self.style = style
        self.text = text
        self.markup = markup
        self.custom = custom
        self.source = source
    }
}

/// Where a photo was taken: a place name (sigal's `Location:`), GPS coordinates in decimal
/// degrees (north and east positive), or both.
public struct Location: Codable, Equatable, Sendable {
    public var name: String?
    public var latitude: Double?
    public var longitude: Double?
    /// Metres above sea level.
    public var altitude: Double?

    public init(name: String? = nil, latitude: Double? = nil, longitude: Double? = nil, altitude: Double? = nil) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }

    var hasCoordinates: Bool { latitude != nil && longitude != nil }

    /// The first's name, else the second's; the first's coordinates, else the second's.
    static func joining(_ first: Location?, _ second: Location?) -> Location? {
        let name = first?.name ?? second?.name
        let placed = [first, second].lazy.compactMap { $0 }.first(where: \.hasCoordinates)
        guard name != nil || placed != nil else { return nil }
        return Location(name: name, latitude: placed?.latitude, longitude: placed?.longitude, altitude: placed?.altitude)
    }

    /// GPS coordinates as the manifest holds them, or nil when they are not on Earth: 7
    /// decimals (about a centimetre, and no binary noise), altitude to a decimetre.
    static func gps(latitude: Double, longitude: Double, altitude: Double?) -> Location? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        return Location(latitude: (latitude * 1e7).rounded() / 1e7, longitude: (longitude * 1e7).rounded() / 1e7,
            altitude: altitude.flatMap { $0.isFinite ? ($0 * 10).rounded() / 10 : nil })
    }
}

/// The places captions come from, in the default order of precedence.
public enum CaptionSource: String, CaseIterable, Codable, Sendable {
    /// `--captions FILE`.
    case file
    /// `name.md` / `name.txt` next to the media.
    case sidecar
    /// Embedded XMP: dc:description, dc:title, dc:subject, xmp:Rating.
    case xmp
    /// Embedded IPTC IIM: Caption-Abstract, Object Name (or Headline), Keywords.
    case iptc
    /// EXIF: ImageDescription, UserComment, Rating, GPS.
    case exif

    /// The sources that live inside the media file.
    public var isEmbedded: Bool { self == .xmp || self == .iptc || self == .exif }
}

/// What one source says about one item. Each field of the manifest takes its value from the
/// first source, in `--captions-from` order, that has one.
public struct ItemText: Codable, Equatable, Sendable {
    public var caption: Caption?
    public var title: String?
    public var keywords: [String]?
    public var location: Location?
    /// 0–5 stars; -1 means rejected (XMP).
    public var rating: Int?
    /// A date the source gives (`Date:` in a sidecar), as `YYYY-MM-DDTHH:MM:SS`.
    public var date: String?
    /// A sidecar's `Order:` value, for `--order sidecar`.
    public var order: String?
    /// An `index.md`'s `Thumbnail:`: the file that stands for its folder.
    public var thumbnail: String?
    /// Things a person should know (bad encoding, a cut caption, removed markup).
    public var warnings: [String]?

    public init() {}

    /// nil when no source said anything, nor warned.
    var nilIfEmpty: ItemText? { isEmpty && warnings == nil ? nil : self }

    var isEmpty: Bool {
        caption == nil && title == nil && keywords == nil && location == nil && rating == nil && date == nil && order == nil
    }

    /// These fields, each completed from `other` where this has none. A place's name and its
    /// coordinates (latitude, longitude and altitude together) count as two fields.
    func filling(from other: ItemText) -> ItemText {
        var merged = self
        merged.caption = caption ?? other.caption
        merged.title = title ?? other.title
        merged.keywords = keywords ?? other.keywords
        merged.rating = rating ?? other.rating
        merged.date = date ?? other.date
        merged.order = order ?? other.order
        merged.thumbnail = thumbnail ?? other.thumbnail
        merged.location = Location.joining(location, other.location)
        let warnings = (self.warnings ?? []) + (other.warnings ?? [])
        merged.warnings = warnings.isEmpty ? nil : warnings
        return merged
    }

    mutating func warn(_ messages: [String], prefix: String = "") {
        guard !messages.isEmpty else { return }
        warnings = (warnings ?? []) + messages.map { prefix + $0 }
    }
}

extension Caption {
    /// A caption of `style` from `raw` text as a person wrote it (markup is sanitised,
    /// Markdown rendered), or nil when nothing is left once cleaned.
    static func make(_ raw: String, style: Style, source: CaptionSource, into text: inout ItemText) -> Caption? {
        let cleaned = CaptionText.clean(raw)
        text.warn(cleaned.warnings, prefix: "caption: ")
        guard !cleaned.text.isEmpty else { return nil }
        switch style {
        case .plain:
            return Caption(style: .plain, text: cleaned.text, source: source.rawValue)
        case .markup:
            return markup(Markup.sanitize(cleaned.text), source: source, into: &text)
        case .custom:
            return RawJSON(cleaned.text).map { Caption(style: .custom, custom: $0, source: source.rawValue) }
        }
    }

    /// A markup caption from Markdown.
    static func markdown(_ raw: String, source: CaptionSource, into text: inout ItemText) -> Caption? {
        let cleaned = CaptionText.clean(raw)
        text.warn(cleaned.warnings, prefix: "caption: ")
        guard !cleaned.text.isEmpty else { return nil }
        return markup(Markup.fromMarkdown(cleaned.text), source: source, into: &text)
    }

    private static func markup(_ sanitized: Markup.Sanitized, source: CaptionSource, into text: inout ItemText) -> Caption? {
        text.warn(sanitized.warnings, prefix: "caption markup: ")
        let words = CaptionText.clean(sanitized.text).text
        guard !words.isEmpty || !sanitized.html.isEmpty else { return nil }
        return Caption(style: .markup, text: words, markup: sanitized.html, source: source.rawValue)
    }
}
