/// Everything a worker needs to make one item's outputs: the source, read once, and the
/// outputs planned for it.
public struct ItemJob: Codable, Hashable, Sendable {
    public var source: ItemSource
    /// Where the outputs' paths are rooted (the command's output folder).
    public var outputFolder: String
    public var outputs: [PlannedOutput]
    /// The item's other planned outputs, kept from an earlier build: not made, but the item is
    /// decoded as if they were (the same shared scale, the same larger filled box to cut from),
    /// so that what is made again is what a build making everything makes. Default none.
    public var companions: [PlannedOutput] = []
    /// Seconds its outputs may take beyond a file's time limit (a video's transcode, see
    /// ``OutputKind/extraSeconds(for:item:)``); default none.
    public var extraSeconds: Double?

    public init(source: ItemSource, outputFolder: String, outputs: [PlannedOutput], companions: [PlannedOutput] = []) {
        self.source = source
        self.outputFolder = outputFolder
        self.outputs = outputs
        self.companions = companions
    }
}

/// One output of one item: its kind and settings, and where it goes.
public struct PlannedOutput: Codable, Hashable, Sendable {
    public var output: AnyOutput
    public var target: OutputTarget

    public init(output: AnyOutput, target: OutputTarget) {
        self.output = output
        self.target = target
    }
}

/// What the scan learnt of a source that its decode needs.
public struct ItemSource: Codable, Hashable, Sendable {
    public var path: String
    public var kind: ItemKind
    /// Upright size (orientation applied), from the scan.
    public var width: Int
    public var height: Int
    /// Whether the pixels need a colour transform to become sRGB (an embedded profile, CMYK…);
    /// untagged RGB is sRGB already. Default yes.
    public var convertColour: Bool = true
    /// The rendering intent of that transform when the profile lacks libvips' default, from the
    /// scan (``ImageHeader/intent``): default nil (relative colorimetric).
    public var intent: RenderingIntent?
    /// Keep going when the decoder reports damage (and say so): default off.
    public var allowDamaged: Bool = false
    /// Videos: their duration, its label, and where the poster frame is taken.
    public var video: VideoSource?
    /// Photos that move: their clip (``MotionSpec``); default none.
    public var motion: WebVideoInput?
    /// The file as the scan read it: when set, outputs of a file found otherwise once they are
    /// made are not put in place (``ItemProducer``). Default none (not compared).
    public var stamp: SourceStamp?
    /// Camera RAW files: which picture to make (``RawPicture``); default none.
    public var raw: RawDecode?
    /// A RAW+JPEG pair's RAW file, as the worker opens it (``OriginalCopySpec``); default none.
    public var pairedRawPath: String?

    public init(path: String, kind: ItemKind, width: Int, height: Int, convertColour: Bool = true,
                allowDamaged: Bool = false, video: VideoSource? = nil) {
        self.path = path
        self.kind = kind
        self.width = width
        self.height = height
        self.convertColour = convertColour
        self.allowDamaged = allowDamaged
        self.video = video
    }
}

/// How a video's pictures are made: from one poster frame.
public struct VideoSource: Codable, Hashable, Sendable {
    public var duration: Double?
    /// `m:ss` / `h:mm:ss`, what a duration badge shows.
    public var durationLabel: String?
    /// Default ``PosterTime/default``.
    public var posterAt: PosterTime = .default
    /// Seconds ffmpeg may take in all (see ``TimeLimit``).
    public var timeout: Double = TimeLimit.tools(within: TimeLimit.perFile)
    /// Its streams (codecs, HDR), for the web rendition and tone mapping; default none.
    public var facts: VideoFacts?

    public init(duration: Double?, durationLabel: String? = nil, posterAt: PosterTime = .default,
                timeout: Double = TimeLimit.tools(within: TimeLimit.perFile), facts: VideoFacts? = nil) {
        self.facts = facts
        self.duration = duration
        self.durationLabel = durationLabel
        self.posterAt = posterAt
        self.timeout = timeout
    }
}

/// What a worker made of one item.
public enum ItemOutcome: Codable, Equatable, Sendable {
    /// Every output, in the job's order; `damaged` when the decoder reported damage and the
    /// source allowed it.
    case made([AnyProduct], damaged: Bool)
    case failed(ItemFailure)
}

/// Time limits, defined once.
public enum TimeLimit {
    /// Seconds one file's work may take before its worker is killed: 30.
    public static let perFile: Double = 30

    /// What a helper program (ffprobe, ffmpeg) may take of a file's time limit: 90 % of it, so
    /// that the worker can still answer for the file before the pool gives up on it.
    public static func tools(within fileLimit: Double) -> Double { fileLimit * 0.9 }
}
