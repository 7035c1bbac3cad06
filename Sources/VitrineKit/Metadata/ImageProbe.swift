import Foundation
import VipsKit

/// Options for reading what a file is.
public struct ProbeOptions: Codable, Hashable, Sendable {
    /// Refuse images whose header claims more pixels than this, before decoding: default 200 million.
    public var maxPixels: Int = 200_000_000
    /// Refuse images libvips must decode whole (interlaced PNG, GIF, HEIF/AVIF) when that would
    /// take more bytes than this, before decoding (``DecodeMemory``): default 1 GiB, per worker.
    public var maxMemory: Int = 1 << 30
    /// Add the SHA-256 of the file's bytes: default off.
    public var hash: Bool = false
    /// Decode every pixel (at reduced scale where the format allows) to catch truncated and
    /// damaged files that have a readable header: default off (header only).
    public var verify: Bool = false
    /// Keep files the decoder reports as damaged (marked `damaged`) instead of failing them: default off.
    public var allowDamaged: Bool = false
    /// Seconds a helper program (ffprobe) may take on one file: default
    /// ``TimeLimit/tools(within:)`` of ``TimeLimit/perFile``.
    public var toolTimeout: Double = TimeLimit.tools(within: TimeLimit.perFile)
    /// Read captions, titles, keywords, GPS and rating from EXIF, IPTC and XMP: default off.
    public var embeddedText: Bool = false
    /// The XMP language alternative wanted: default nil (`x-default`, then the first).
    public var language: String?

    public init(maxPixels: Int = 200_000_000, hash: Bool = false, verify: Bool = false, allowDamaged: Bool = false,
                embeddedText: Bool = false) {
        self.embeddedText = embeddedText
        self.maxPixels = maxPixels
        self.hash = hash
        self.verify = verify
        self.allowDamaged = allowDamaged
    }

    /// Absent keys take their defaults, so older and newer peers understand each other.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = ProbeOptions()
        maxPixels = try container.decodeIfPresent(Int.self, forKey: .maxPixels) ?? defaults.maxPixels
        maxMemory = try container.decodeIfPresent(Int.self, forKey: .maxMemory) ?? defaults.maxMemory
        hash = try container.decodeIfPresent(Bool.self, forKey: .hash) ?? defaults.hash
        verify = try container.decodeIfPresent(Bool.self, forKey: .verify) ?? defaults.verify
        allowDamaged = try container.decodeIfPresent(Bool.self, forKey: .allowDamaged) ?? defaults.allowDamaged
        toolTimeout = try container.decodeIfPresent(Double.self, forKey: .toolTimeout) ?? defaults.toolTimeout
        embeddedText = try container.decodeIfPresent(Bool.self, forKey: .embeddedText) ?? defaults.embeddedText
        language = try container.decodeIfPresent(String.self, forKey: .language)
    }
}

/// What a probe learnt of a file.
public enum ProbeOutcome: Codable, Equatable, Sendable {
    /// A picture, with what its header says.
    case image(ImageHeader)
    /// A video, with what ffprobe says.
    case video(VideoHeader)
    /// Not media and not named like media: ignored quietly (listed with `--verbose`).
    case ignored(reason: String)
    /// Meant to be media (by content or by name) but unusable; `setting`: the limit that
    /// refused it (``ItemFailure/setting``).
    case failed(message: String, reason: ErrorReason, setting: Setting? = nil)
}

/// What a header-only read gives.
public struct ImageHeader: Codable, Equatable, Sendable {
    public var format: String
    /// Upright size: EXIF orientation applied.
    public var width: Int
    public var height: Int
    public var orientation: Int?
    public var takenAt: String?
    public var pages: Int?
    public var hasAlpha: Bool
    /// Whether the pixels need a colour transform to become sRGB: an embedded ICC profile other
    /// than sRGB (``ColourProfile/isSRGB(_:)``), or CMYK or Lab numbers. Without either, the
    /// pixels are taken as sRGB already.
    public var needsColourTransform: Bool?
    /// The rendering intent that transform must use when the embedded profile lacks tables for
    /// relative colorimetric, libvips' default (``ColourProfile/intent(forICC:)``); else nil.
    public var intent: RenderingIntent?
    public var sha256: String?
    /// The decoder reported damage but `allowDamaged` kept the file.
    public var damaged: Bool?
    /// Decoder warnings met on the way, one line.
    public var warnings: [String]?
    /// Captions and the like found in EXIF, IPTC and XMP (when asked for).
    public var text: EmbeddedText?
    /// The camera, lens and exposure its EXIF names (always read: libvips has the fields).
    public var camera: Camera?
    public var exposure: Exposure?
    /// Apple's Live Photo identifier (``LivePhoto``): the clip it belongs with.
    public var contentIdentifier: String?
    /// The clip a Motion Photo carries in its own file (``MotionPhoto``), read by ffprobe.
    public var motion: MotionClip?
    /// A camera RAW file: its format and preview (``RawProbe``).
    public var raw: RawHeader?
}

/// A Motion Photo's clip: where it is in the photo's file and what ffprobe says of it.
public struct MotionClip: Codable, Equatable, Sendable {
    public var clip: EmbeddedClip
    public var video: VideoHeader
}

/// Reads a file's header with libvips: format by content, upright size, orientation, date.
/// Runs inside a worker process, one file at a time.
public enum ImageProbe {
    /// What a probe answers besides its options, kept with each answer in a build's state.
    /// Bump it when the same file gets another answer. 2: text not named like a picture is
    /// passed over (a note holding `<svg>` was a broken picture). 3: camera and exposure. 4: videos'
    /// coding (profile, pixel format, audio codec) and HDR transfer. 5: Live Photo identifiers and
    /// Motion Photos' clips. 6: an XMP sidecar is read only through links inside its source (an
    /// older answer may hold text read through a link out of it: `/proc/self/environ`). 7: camera
    /// RAW files are read by LibRaw (they were damaged TIFFs, videos or nothing). 8: a video's width
    /// is its display width (non-square pixels applied). 9: a refusal over a limit names its
    /// setting (`--max-pixels`) beside its message, no longer in it.
    public static let version = 9

    /// - Parameter root: the source folder the file was found under, which a link to its XMP
    ///   sidecar may not lead out of; default nil, the file's own folder.
    public static func probe(path: String, options: ProbeOptions, root: ReadRoot? = nil) -> ProbeOutcome {
        let (outcome, warnings) = Warnings.collecting { probeCollectingWarnings(path: path, options: options, root: root) }
        guard case .image(var header) = outcome else { return outcome }
        let damage = warnings.filter { !isMetadataWarning($0) }
        if !damage.isEmpty {
            let message = "damaged: " + damage.joined(separator: "; ")
            guard options.allowDamaged else { return .failed(message: message, reason: .damaged) }
            header.damaged = true
        }
        let said = (warnings.isEmpty ? [] : [warnings.joined(separator: "; ")]) + (header.warnings ?? [])
        header.warnings = said.isEmpty ? nil : said
        if let intent = header.intent {
            header.warnings = (header.warnings ?? [])
                + ["colours convert to sRGB with the \(intent.rawValue) intent: the ICC profile has no relative colorimetric tables"]
        }
        return .image(header)
    }

    private static func probeCollectingWarnings(path: String, options: ProbeOptions, root: ReadRoot?) -> ProbeOutcome {
        let ending = Path.fileExtension(of: path).lowercased()
        let meantAsImage = MediaFormat.imageExtensions.contains(ending)
        let meantAsVideo = MediaFormat.videoExtensions.contains(ending)
        guard FileManager.default.isReadableFile(atPath: path) else {
            return .failed(message: "permission denied", reason: .permission)
        }
        // RAW files first: CR3 shares MP4's container, DNG, NEF and CR2 look like TIFFs to libvips.
        if let format = RawFormat.of(path: path) { return RawProbe.probe(path: path, format: format, options: options, root: root) }
        // Video containers next: libvips' ImageMagick loader would claim some of them.
        if VideoProbe.looksLikeVideo(path) { return probeVideo(path: path, options: options, root: root) }
        let loader: String
        do {
            loader = try Vips.loaderNickname(forFile: path, skipping: MediaFormat.skippedLoaders)
        } catch {
            if meantAsVideo { return probeVideo(path: path, options: options, root: root) }
            if !meantAsImage { return .ignored(reason: "not a recognised image format") }
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
            if size == 0 { return .failed(message: "empty file", reason: .unreadable) }
            return .failed(message: "not a recognised image format", reason: .unreadable)
        }
        let format = MediaFormat.formatName(forLoader: loader)
        // ImageMagick's sniffing is loose (it takes an MP4 for a TGA): trust it only for image names.
        let accepted = MediaFormat.imageLoaders.contains(format) && (format != "magick" || meantAsImage)
        guard accepted else {
            // ImageMagick claims raw MPEG video: let ffprobe have a video-named file.
            if meantAsVideo { return probeVideo(path: path, options: options, root: root) }
            if !meantAsImage { return .ignored(reason: "\(format.uppercased()) content, not a picture") }
            return .failed(message: "content is \(format.uppercased()), not a picture (name ends in .\(ending))",
                reason: .unsupported)
        }
        // Not named like media: text is passed over quietly, whatever words it starts with.
        if !meantAsImage, !meantAsVideo, MediaFormat.textLoaders.contains(format) || startsWithText(path) {
            return .ignored(reason: "text, not named like a picture (\(format.uppercased()) signature)")
        }
        do {
            let image = try Operation.image(loader, ["filename": .string(path)])
            let pixels = image.width * image.height
            if pixels > options.maxPixels { return overPixelLimit(width: image.width, height: image.height, limit: options.maxPixels) }
            if let bytes = DecodeMemory.wholeDecodeBytes(of: image, format: format), bytes > options.maxMemory {
                return .failed(message: "\(image.width)×\(image.height) \(DecodeMemory.describe(image, format: format)) must be decoded whole: "
                    + "\(ByteSize(bytes: bytes).spoken), over the limit of \(ByteSize(bytes: options.maxMemory).spoken) per worker",
                    reason: .tooLarge, setting: .maxMemory)
            }
            if options.verify {
                do {
                    try verifyPixels(path: path, loader: loader, format: format, header: image, allowDamaged: options.allowDamaged)
                } catch {
                    // The header read, the pixels did not: damage, in the decoder's words where it has any.
                    let said = Warnings.peek().filter { !isMetadataWarning($0) }
                    let detail = error.message.hasSuffix(" failed") && !said.isEmpty ? said.joined(separator: "; ") : error.message
                    return .failed(message: "damaged: " + detail, reason: .damaged)
                }
            }
            var header = header(of: image, format: format)
            // Only Apple's cameras write the identifier: other photos' EXIF is not walked.
            if LivePhoto.mayCarryIdentifier(cameraMake: header.camera?.make) {
                header.contentIdentifier = image.blob("exif-data").flatMap(LivePhoto.contentIdentifier(exif:))
            }
            if let packet = image.blob("xmp-data") { header.motion = motionClip(path: path, xmp: packet, options: options, warnings: &header) }
            if options.hash { header.sha256 = try Checksum.sha256(ofFile: path) }
            if options.embeddedText {
                header.text = EmbeddedTextReader.withSidecarXMP(
                    EmbeddedTextReader.read(header: image, path: path, language: options.language),
                    mediaPath: path, language: options.language, below: root)
            }
            return .image(header)
        } catch {
            let message = error.message(about: path)
            // Decoders with their own size limits (libheif's 16384×16384) refuse at the header.
            if message.contains("Security limit exceeded") || message.contains("exceeds the maximum image size") {
                return .failed(message: "refused as too large by the decoder: \(message)", reason: .tooLarge)
            }
            return .failed(message: message, reason: .unreadable)
        }
    }

    /// The clip a Motion Photo's XMP announces, when its bytes are where it says and ffprobe
    /// reads them; a clip announced but unusable is a note, and the photo a still.
    static func motionClip(path: String, xmp: Data, options: ProbeOptions, warnings header: inout ImageHeader) -> MotionClip? {
        guard MotionPhoto.mayAnnounceClip(xmp) else { return nil }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard let clip = MotionPhoto.embeddedClip(xmp: xmp, fileSize: size) else { return nil }
        guard MotionPhoto.startsISOMedia(path, at: clip) else {
            header.warnings = (header.warnings ?? []) + ["its XMP announces a motion clip, but no MP4 is where it says: shown as a still"]
            return nil
        }
        switch VideoProbe.probe(path: path, clip: clip, timeout: options.toolTimeout, allowDamaged: options.allowDamaged) {
        case .video(let video): return MotionClip(clip: clip, video: video)
        case .failed(let message, _):
            header.warnings = (header.warnings ?? []) + ["its motion clip is unusable (\(message)): shown as a still"]
            return nil
        }
    }

    /// Whether the file's first bytes are text (``MediaFormat/isText(_:)``).
    static func startsWithText(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return MediaFormat.isText((try? handle.read(upToCount: MediaFormat.textHeadBytes)) ?? Data())
    }

    static func probeVideo(path: String, options: ProbeOptions, root: ReadRoot?) -> ProbeOutcome {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        if size == 0 { return .failed(message: "empty file", reason: .unreadable) }
        switch VideoProbe.probe(path: path, timeout: options.toolTimeout, allowDamaged: options.allowDamaged) {
        case .video(var header):
            guard header.width * header.height <= options.maxPixels else {
                return overPixelLimit(width: header.width, height: header.height, limit: options.maxPixels)
            }
            if options.hash {
                // Without its hash an item could not be found again when renamed, nor its export
                // checked: a file that cannot be read to its end is unreadable, not an item.
                do { header.sha256 = try Checksum.sha256(ofFile: path) } catch {
                    return .failed(message: "cannot be read to its end: \(error.message)", reason: .unreadable)
                }
            }
            if options.embeddedText {
                header.text = EmbeddedTextReader.withSidecarXMP(nil, mediaPath: path, language: options.language, below: root)
            }
            return .video(header)
        case .failed(let message, let reason):
            // Music is not a failed video: a file named as sound without pictures is ignored.
            let ending = Path.fileExtension(of: path).lowercased()
            if message.hasPrefix("no video stream"), MediaFormat.audioExtensions.contains(ending) {
                return .ignored(reason: "sound only, no pictures")
            }
            return .failed(message: message, reason: reason)
        }
    }

    /// Warnings about metadata (an odd EXIF unit, a bad ICC profile) say nothing about the
    /// pixels; every other decoder warning means the picture is damaged.
    static func isMetadataWarning(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return ["exif", "xmp", "iptc", "icc", "profile", "resolution unit"].contains { lowered.contains($0) }
    }

    static func header(of image: Image, format: String) -> ImageHeader {
        let applied = image.int("orientation") ?? 1
        let swapsSides = (5...8).contains(applied)
        let pageHeight = image.int("page-height") ?? image.height
        let pages = image.int("n-pages").flatMap { $0 > 1 ? $0 : nil }
        // One page of a multi-page image is what a viewer shows.
        let height = pages != nil && pageHeight > 0 && pageHeight < image.height ? pageHeight : image.height
        let profile = image.blob("icc-profile-data")
        let intent = profile.flatMap(ColourProfile.intent(forICC:))
        let exif = { (field: String) in ExifValue.strictText(image.string(field)) }
        return ImageHeader(
            format: format,
            width: swapsSides ? height : image.width,
            height: swapsSides ? image.width : height,
            orientation: ExifValue.leadingInteger(image.string("exif-ifd0-Orientation")) ?? image.int("orientation"),
            // DateTimeOriginal only: ifd0 DateTime is when the file was last changed, not taken.
            takenAt: ExifValue.dateTime(image.string("exif-ifd2-DateTimeOriginal")),
            pages: pages,
            hasAlpha: image.hasAlpha,
            needsColourTransform: image.hasField("icc-profile-data") && !(profile.map(ColourProfile.isSRGB) ?? false)
                || [.cmyk, .lab, .labq, .labs, .lch, .xyz, .yxy, .cmc, .hsv].contains(image.interpretation),
            intent: intent == .relative ? nil : intent,
            camera: CameraSettings.camera(exif), exposure: CameraSettings.exposure(exif))
    }

    /// Decodes all pixels with libvips asked to fail on truncation, instead of filling with grey.
    private static func verifyPixels(path: String, loader: String, format: String, header: Image, allowDamaged: Bool)
        throws(VipsError)
    {
        // With allowDamaged the decoder fills in what it cannot read, and its warnings mark the item.
        var options: [String: Argument] = ["filename": .string(path), "fail_on": .string(allowDamaged ? "none" : "truncated")]
        // DCT-domain shrink: every byte is still read, for a fraction of the work. Never below
        // one pixel: libvips aborts on a 161×1 JPEG shrunk by 8.
        let shortSide = min(header.width, header.height)
        if format == "jpeg", let shrink = [8, 4, 2].first(where: { shortSide >= $0 * 8 }) { options["shrink"] = .int(shrink) }
        let image = try Operation.image(loader, options)
        try Operation.call("avg", ["in": .image(image)])
    }

    /// A picture or video whose header claims more pixels than `limit` (``ProbeOptions/maxPixels``).
    static func overPixelLimit(width: Int, height: Int, limit: Int) -> ProbeOutcome {
        .failed(message: "\(width)×\(height) is \(spoken(pixels: width * height)), over the limit of \(spoken(pixels: limit))",
            reason: .tooLarge, setting: .maxPixels)
    }

    /// `144 megapixels`, `2.5 megapixels`; a count under a tenth of a megapixel in pixels.
    private static func spoken(pixels: Int) -> String {
        let value = Double(pixels) / 1_000_000
        if value < 0.1 { return "\(pixels) pixels" }
        return (value >= 10 ? String(Int(value.rounded())) : String(format: "%.1f", value)) + " megapixels"
    }
}

extension VipsError {
    /// libvips' message without its repetitions of the file's path: vitrine names the file already.
    func message(about path: String) -> String {
        message.replacingOccurrences(of: path + ": ", with: "").replacingOccurrences(of: "\"\(path)\" ", with: "")
    }
}
