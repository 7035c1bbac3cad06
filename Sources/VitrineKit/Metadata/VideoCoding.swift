/// How a video's streams are coded, beyond the codec's name: what decides whether a browser
/// plays it as it is (``WebVideoPlan``) and what its RFC 6381 `codecs` string says.
public struct VideoCoding: Codable, Hashable, Sendable {
    /// The video stream's profile as ffprobe names it (`High`, `Main`, `Main 10`, `Profile 0`).
    public var profile: String?
    /// ffprobe's level (H.264: 40 for 4.0); absent when it knows none (VP9 reports -99).
    public var level: Int?
    /// The decoded pixel format (`yuv420p`, `yuv420p10le`, `yuv422p10le`).
    public var pixelFormat: String?
    /// The first audio stream's codec (`aac`, `opus`, `pcm_s16le`) and profile (`LC`, `HE-AAC`).
    public var audioCodec: String?
    public var audioProfile: String?
    /// The video's sample (pixel) aspect ratio as ffprobe gives it (`128:117`), only when its
    /// pixels are not square: the item's width is then the stored width times it.
    public var sampleAspectRatio: String?

    public init(profile: String? = nil, level: Int? = nil, pixelFormat: String? = nil, audioCodec: String? = nil,
                audioProfile: String? = nil, sampleAspectRatio: String? = nil) {
        self.sampleAspectRatio = sampleAspectRatio
        self.profile = profile
        self.level = level
        self.pixelFormat = pixelFormat
        self.audioCodec = audioCodec
        self.audioProfile = audioProfile
    }

    /// The ffmpeg filter that makes the pixels square (as a player shows them), for a video whose
    /// are not; nil for square pixels.
    var squarePixelsFilter: String? { sampleAspectRatio == nil ? nil : "scale=iw*sar:ih,setsar=1" }

    /// A sample aspect ratio `N:D` as a number; nil for none, `0:1` (unknown) or `1:1`.
    static func sampleAspect(_ text: String?) -> Double? {
        guard let parts = text?.split(separator: ":"), parts.count == 2, let numerator = Double(parts[0]),
            let denominator = Double(parts[1]), numerator > 0, denominator > 0, numerator != denominator
        else { return nil }
        return numerator / denominator
    }

    /// 8-bit 4:2:0, the one pixel format every browser decodes.
    var isEightBit420: Bool { ["yuv420p", "yuvj420p"].contains(pixelFormat ?? "") }
}

/// A high-dynamic-range transfer function: what the manifest's `hdr` says, and what the
/// tone mapping to SDR starts from.
public enum HDRTransfer: String, Codable, Hashable, Sendable {
    /// SMPTE ST 2084 (HDR10, Dolby Vision's base layer).
    case pq
    /// ARIB STD-B67 hybrid log-gamma (phones, broadcast).
    case hlg

    /// From ffprobe's `color_transfer`; nil for SDR ones.
    init?(colorTransfer: String?) {
        switch colorTransfer {
        case "smpte2084": self = .pq
        case "arib-std-b67": self = .hlg
        default: return nil
        }
    }

    /// zscale's name of the transfer.
    var zscaleName: String {
        switch self {
        case .pq: "smpte2084"
        case .hlg: "arib-std-b67"
        }
    }

    /// The ffmpeg filters that make a BT.709 SDR picture of a BT.2020 one in this transfer:
    /// to linear light (100 nits as SDR white), to BT.709 primaries, Hable's curve (it keeps
    /// highlights' detail where Reinhard flattens them) without desaturation, then BT.709's
    /// transfer in 8-bit 4:2:0. The poster, the sheet's frames and the web rendition all use it.
    var toneMapFilter: String {
        "zscale=tin=\(zscaleName):pin=bt2020:min=bt2020nc:t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,"
            + "tonemap=tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=tv,format=yuv420p"
    }
}

/// What the plan and a worker know of a video's streams.
public struct VideoFacts: Codable, Hashable, Sendable {
    public var codec: String
    public var coding: VideoCoding?
    public var hdr: HDRTransfer?
    public var duration: Double?
    public var hasAudio: Bool

    public init(codec: String, coding: VideoCoding? = nil, hdr: HDRTransfer? = nil, duration: Double? = nil, hasAudio: Bool = false) {
        self.codec = codec
        self.coding = coding
        self.hdr = hdr
        self.duration = duration
        self.hasAudio = hasAudio
    }
}

extension Item {
    /// A video's stream facts as the scan recorded them; nil for pictures.
    var videoFacts: VideoFacts? {
        guard kind == .video else { return nil }
        return VideoFacts(codec: codec ?? "unknown", coding: coding, hdr: hdr, duration: duration, hasAudio: hasAudio ?? false)
    }
}
