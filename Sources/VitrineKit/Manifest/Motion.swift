import Foundation

/// A photo's moving part, shown while the photo is pressed or hovered: a Live Photo's clip
/// (its own file beside the photo) or the clip a Motion Photo carries in its own file.
public struct Motion: Codable, Equatable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        /// Apple's: `IMG_0042.HEIC` and `IMG_0042.MOV`, one content identifier.
        case livePhoto = "live-photo"
        /// Android's: a JPEG with an MP4 after its picture, announced in its XMP.
        case motionPhoto = "motion-photo"
    }

    public var kind: Kind
    /// A Live Photo's clip file; absent for a Motion Photo, whose clip is in the photo's own.
    public var source: Item.Source?
    /// A Motion Photo's clip: where its bytes are in the photo's file.
    public var offset: Int?
    public var length: Int?
    /// Seconds, 3 decimals.
    public var duration: Double?
    /// Display size (its rotation applied).
    public var width: Int
    public var height: Int
    public var codec: String
    public var coding: VideoCoding?
    public var hdr: HDRTransfer?
    public var hasAudio: Bool
    /// Its web renditions, as a video's `media` (`build`), the browser taking the first it can.
    public var media: [WebVideo]?

    /// A Live Photo's clip, from the item its file would have been.
    init(livePhotoClip video: Item) {
        kind = .livePhoto
        source = video.source
        duration = video.duration
        width = video.width
        height = video.height
        codec = video.codec ?? "unknown"
        coding = video.coding
        hdr = video.hdr
        hasAudio = video.hasAudio ?? false
    }

    /// A Motion Photo's clip, from what its probe found.
    init(motionPhotoClip found: MotionClip) {
        kind = .motionPhoto
        offset = found.clip.offset
        length = found.clip.length
        duration = found.video.duration
        width = found.video.width
        height = found.video.height
        codec = found.video.codec
        coding = found.video.coding
        hdr = found.video.hdr
        hasAudio = found.video.hasAudio
    }

    /// Its streams, as the web rendition's plan reads them.
    var facts: VideoFacts { VideoFacts(codec: codec, coding: coding, hdr: hdr, duration: duration, hasAudio: hasAudio) }

    /// A Motion Photo's byte range in the photo's file.
    var embeddedClip: EmbeddedClip? {
        guard let offset, let length else { return nil }
        return EmbeddedClip(offset: offset, length: length)
    }
}
