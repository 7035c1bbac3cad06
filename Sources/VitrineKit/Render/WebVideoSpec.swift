import Foundation

/// A video's web rendition (`build`): `media/<id>.mp4` or `.webm`, made so that every browser
/// plays it. Streams browsers decode are remuxed, never re-encoded; the rest is transcoded
/// (``WebVideoPlan``). The source's metadata (the camera, the place, the time) is left out
/// unless ``keepMetadata``.
public struct WebVideoSpec: OutputKind {
    public static let kindName = "web-video"

    /// The codec a transcode makes: default H.264 (every browser, every device).
    public var codec: VideoCodec = .h264
    /// The codec's CRF; nil for ``VideoCodec/defaultQuality``.
    public var quality: Int?
    /// The longest side a rendition may have, in pixels: larger sources are transcoded down,
    /// never up. Default 1920.
    public var size: Int = WebVideoSpec.defaultSize
    public var transcode: TranscodeMode = .auto
    /// Keep the source's metadata: default off (a site is published).
    public var keepMetadata = false
    /// The folder below the output folder the renditions go in: default `media`.
    public var folder = "media"

    public static let defaultSize = 1920

    /// When a video is transcoded.
    public enum TranscodeMode: String, Codable, Hashable, Sendable, CaseIterable {
        /// When browsers cannot play it as it is, it is HDR, or it is larger than ``size``.
        case auto
        /// Always, to ``codec``.
        case always
        /// Never: the streams are copied into the source's container, as they are.
        case never
    }

    public init(codec: VideoCodec = .h264, quality: Int? = nil, size: Int = WebVideoSpec.defaultSize,
                transcode: TranscodeMode = .auto, keepMetadata: Bool = false) {
        self.codec = codec
        self.quality = quality
        self.size = size
        self.transcode = transcode
        self.keepMetadata = keepMetadata
    }

    var crf: Int { quality ?? codec.defaultQuality }

    /// `h264-crf23-1920-auto-hable-no-metadata`: what a transcode makes and how HDR is mapped.
    public var identifier: String {
        [codec.rawValue, "crf\(crf)", String(size), transcode.rawValue, "hable", keepMetadata ? "metadata" : "no-metadata"]
            .joined(separator: "-")
    }

    public struct Made: Codable, Equatable, Sendable {
        public var video: WebVideo
    }

    /// Videos only.
    public func target(for item: PlanningItem) -> OutputTarget? {
        guard item.kind == .video else { return nil }
        let plan = self.plan(for: item.video, width: item.width, height: item.height)
        let name = item.id + "." + (plan.container?.rawValue ?? Path.plainExtension(of: item.sourceName ?? "") ?? "video")
        return OutputTarget(paths: [Path.join(folder, name)], sourceScale: nil)
    }

    func plan(for video: VideoFacts?, width: Int, height: Int) -> WebVideoPlan {
        WebVideoPlan(video ?? VideoFacts(codec: "unknown"), width: width, height: height, spec: self)
    }

    /// A transcode's extra seconds: ten per second of the clip (a minute when its duration is
    /// unknown), beyond a file's `--timeout`.
    public func extraSeconds(for target: OutputTarget, item: PlanningItem) -> Double? {
        guard item.kind == .video else { return nil }
        return extraSeconds(for: item.video, width: item.width, height: item.height)
    }

    /// The time rule above, for any clip: none when it is copied.
    func extraSeconds(for video: VideoFacts?, width: Int, height: Int) -> Double? {
        guard plan(for: video, width: width, height: height).method != .copy else { return nil }
        return max(60, (video?.duration ?? 6) * 10)
    }

    public func make(_ target: OutputTarget, from picture: ItemPicture, staging: Staging) throws -> Made {
        let source = picture.source
        var input = WebVideoInput(path: source.path, facts: source.video?.facts, width: source.width, height: source.height)
        if let timeout = source.video?.timeout { input.timeout = timeout }
        return Made(video: try make(target.paths[0], of: input, staging: staging))
    }

    /// Makes the web rendition of `input` at `path` (below the site), staged.
    func make(_ path: String, of input: WebVideoInput, staging: Staging) throws -> WebVideo {
        let plan = self.plan(for: input.facts, width: input.width, height: input.height)
        let scratch = try staging.scratchFolder()
        let made = Path.join(scratch, Path.name(of: path))
        if plan.method == .copy && keepMetadata && input.clip == nil {
            do { try FileCopy.copy(regularFile: InputPath(input.path), to: made) } catch {
                throw ItemFailure.write("cannot copy the video: \(error.description)")
            }
        } else {
            let arguments = ["-v", "error", "-nostdin", "-y", "-i", VideoProbe.ffmpegInput(input.path, clip: input.clip)]
                + plan.ffmpegArguments(spec: self) + FFmpegProgress.arguments + [made]
            let report = TaskProgress.report
            var progress = report.flatMap { _ in FFmpegProgress(duration: input.facts?.duration) }
            let result = try Subprocess.run("ffmpeg", arguments, timeout: input.timeout) { bytes in
                progress?.read(bytes) { report?($0) }
            }
            if result.timedOut { throw ItemFailure.timeout("ffmpeg did not make the web video in time") }
            guard result.status == 0 else {
                let said = VideoProbe.firstLine(of: result.errors, path: input.path) ?? "exit status \(result.status ?? -1)"
                throw ItemFailure.write("ffmpeg cannot make the web video (\(plan.method.rawValue)): " + said)
            }
        }
        let video = try WebVideoProbe.describe(made, path: path, method: plan.method, timeout: input.timeout)
        try staging.stageMove(made, to: path)
        return video
    }

    public func fold(_ made: Made, target: OutputTarget, into item: inout Item) {
        item.media = [made.video]
    }
}

/// What a web rendition is made from: a video file, or the bytes of one a photo carries (a
/// moving photo's clip, handed to the worker in ``ItemSource/motion``).
public struct WebVideoInput: Codable, Hashable, Sendable {
    /// The video's file: a video item's, a Live Photo's clip, or a Motion Photo's own.
    public var path: String
    /// A Motion Photo's clip in the file at ``path``; nil for the whole file.
    public var clip: EmbeddedClip?
    public var facts: VideoFacts?
    /// Display size.
    public var width: Int
    public var height: Int
    /// Seconds ffmpeg may take (see ``TimeLimit``).
    public var timeout: Double

    init(path: String, clip: EmbeddedClip? = nil, facts: VideoFacts?, width: Int, height: Int,
         timeout: Double = TimeLimit.tools(within: TimeLimit.perFile)) {
        self.path = path
        self.clip = clip
        self.facts = facts
        self.width = width
        self.height = height
        self.timeout = timeout
    }

    /// A moving photo's clip: its own file (a Live Photo's), or the bytes in the photo's.
    init(motion: Motion, photoPath: String) {
        self.init(path: motion.source?.path ?? photoPath, clip: motion.embeddedClip, facts: motion.facts, width: motion.width,
            height: motion.height)
    }
}

/// A codec web renditions are transcoded to, and its encoder's settings.
public enum VideoCodec: String, Codable, Hashable, Sendable, CaseIterable {
    case h264, vp9, av1

    /// The CRF a transcode uses unless `--video-quality` says otherwise.
    public var defaultQuality: Int {
        switch self {
        case .h264: 23
        case .vp9: 32
        case .av1: 35
        }
    }

    /// The CRFs the encoder takes: x264 0–51, libvpx 0–63, SVT-AV1 1–63.
    public var qualityRange: ClosedRange<Int> {
        switch self {
        case .h264: 0...51
        case .vp9: 0...63
        case .av1: 1...63
        }
    }

    var container: WebContainer { self == .vp9 ? .webm : .mp4 }

    /// The encoder and its speed: x264's default preset, libvpx's `good` deadline at
    /// `cpu-used 4` with row threading, SVT-AV1's preset 8; constant quality throughout.
    func encoderArguments(crf: Int) -> [String] {
        switch self {
        case .h264: ["-c:v", "libx264", "-preset", "medium", "-crf", String(crf), "-profile:v", "high"]
        case .vp9: ["-c:v", "libvpx-vp9", "-crf", String(crf), "-b:v", "0", "-deadline", "good", "-cpu-used", "4", "-row-mt", "1"]
        case .av1: ["-c:v", "libsvtav1", "-preset", "8", "-crf", String(crf)]
        }
    }
}

/// The containers web renditions come in.
public enum WebContainer: String, Codable, Hashable, Sendable {
    case mp4, webm

    var mime: String { "video/" + rawValue }

    /// The audio codec a transcoded sound track gets in it.
    var audioArguments: [String] {
        switch self {
        case .mp4: ["-c:a", "aac", "-b:a", "128k"]
        case .webm: ["-c:a", "libopus", "-b:a", "96k"]
        }
    }
}

/// What is done to one video to make its web rendition, decided by its codecs, not its
/// container: H.264 in MKV or MOV is remuxed, not re-encoded.
public struct WebVideoPlan: Equatable, Sendable {
    public enum Method: String, Codable, Hashable, Sendable {
        /// `--video-transcode never`: the streams as they are, in the source's container.
        case copy
        /// Every stream copied into MP4 or WebM.
        case remux
        /// The picture copied, the sound transcoded (PCM, for instance).
        case remuxAudio = "remux-audio"
        /// Re-encoded: the picture (rotation baked in, HDR tone-mapped, scaled down) and the sound.
        case transcode
    }

    public var method: Method
    /// Nil for ``Method/copy`` (the source's own).
    public var container: WebContainer?
    /// HDR tone mapping, for a transcode.
    public var hdr: HDRTransfer?
    /// The longest side it is scaled down to, for a transcode.
    public var size: Int

    init(_ video: VideoFacts, width: Int, height: Int, spec: WebVideoSpec) {
        size = spec.size
        hdr = video.hdr
        let coding = video.coding ?? VideoCoding()
        let pictureOK = Self.playsEverywhere(codec: video.codec, coding: coding)
        let audio = video.hasAudio ? coding.audioCodec : nil
        let remuxContainer: WebContainer = video.codec == "vp9" && (audio == nil || audio == "opus") ? .webm : .mp4
        let soundOK = audio == nil || ["aac", "mp3", "opus"].contains(audio!) && (remuxContainer == .mp4 || audio == "opus")
        switch spec.transcode {
        case .never:
            method = .copy
            container = nil
        case .always:
            method = .transcode
            container = spec.codec.container
        case .auto:
            if !pictureOK || video.hdr != nil || max(width, height) > spec.size {
                method = .transcode
                container = spec.codec.container
            } else {
                method = soundOK ? .remux : .remuxAudio
                container = remuxContainer
            }
        }
    }

    /// H.264 up to High, or VP9/AV1 (profile 0), in 8-bit 4:2:0: what every current browser
    /// decodes in software.
    static func playsEverywhere(codec: String, coding: VideoCoding) -> Bool {
        guard coding.isEightBit420 else { return false }
        switch codec {
        case "h264": return ["Baseline", "Constrained Baseline", "Main", "High"].contains(coding.profile ?? "")
        case "vp9": return coding.profile == nil || coding.profile == "Profile 0"
        case "av1": return coding.profile == nil || coding.profile == "Main"
        default: return false
        }
    }

    /// ffmpeg's arguments between the input and the output file.
    func ffmpegArguments(spec: WebVideoSpec) -> [String] {
        let metadata = spec.keepMetadata ? [] : ["-map_metadata", "-1", "-map_chapters", "-1"]
        let faststart = container == .mp4 ? ["-movflags", "+faststart"] : []
        switch method {
        case .copy:
            return ["-map", "0", "-c", "copy"] + metadata
        case .remux:
            return ["-map", "0:v:0", "-map", "0:a:0?", "-c", "copy"] + metadata + faststart
        case .remuxAudio:
            return ["-map", "0:v:0", "-map", "0:a:0?", "-c:v", "copy"] + (container ?? .mp4).audioArguments + metadata + faststart
        case .transcode:
            // ffmpeg turns the picture upright before these filters (and then writes no
            // rotation), so the box is the upright picture's.
            let scale = "scale=w='min(\(size),iw)':h='min(\(size),ih)':force_original_aspect_ratio=decrease:force_divisible_by=2"
            let filters = [hdr?.toneMapFilter, scale, "format=yuv420p"].compactMap { $0 }.joined(separator: ",")
            return ["-map", "0:v:0", "-map", "0:a:0?", "-vf", filters] + spec.codec.encoderArguments(crf: spec.crf)
                + ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]
                + (container ?? .mp4).audioArguments + metadata + faststart
        }
    }
}

/// A web rendition as the manifest lists it (`items[].media`).
public struct WebVideo: Codable, Equatable, Sendable {
    /// Below the site, `/`-separated: `media/clip.mp4`.
    public var path: String
    /// `video/mp4`, `video/webm` (a copy: its container's, `video/quicktime`…).
    public var mime: String
    /// RFC 6381: `avc1.640028, mp4a.40.2`; absent when not known (a copy in an odd container).
    public var codecs: String?
    /// Display size (its rotation applied).
    public var width: Int
    public var height: Int
    public var bytes: Int
    /// How it was made: `remux`, `remux-audio`, `transcode`, `copy`.
    public var method: WebVideoPlan.Method

    /// `video/mp4; codecs="avc1.640028, mp4a.40.2"`: what a `<source type>` says.
    public var type: String { codecs.map { mime + "; codecs=\"" + $0 + "\"" } ?? mime }
}
