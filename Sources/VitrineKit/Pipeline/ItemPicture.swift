import VipsKit

/// An item's one decode, shared by all the outputs made of it: upright (EXIF orientation
/// applied) and in sRGB (converted from any embedded profile the scan found is not sRGB;
/// sRGB assumed without one).
///
/// When one output alone reads pixels, it reads the file itself through libvips' `thumbnail`,
/// which shrinks on load at exactly the scale it needs. When several do, the file is decoded
/// once, at the largest scale any of them needs, kept in memory, and each is cut from that,
/// which costs less than a decode per output (bench/README.md). A video's pictures all come
/// from its poster frame.
public final class ItemPicture {
    public let source: ItemSource
    /// The scale of the shared decode, when several outputs read pixels (or the item is a video).
    private let sharedScale: Double?
    private var base: Image?
    /// A whole picture an output made on its way (a fit rendition before encoding), which an
    /// output that can work from any whole picture (a placeholder) may use instead of a decode.
    private var offered: Image?
    /// Filled (cropped) pictures made so far, in memory, by crop: a smaller box of the same
    /// shape and crop is cut from one of these rather than from the decode (see ``thumbnail``).
    private var filled: [(crop: String, box: FilledBox?, image: Image)] = []
    /// The filled boxes of the item's plan that a build making all of them cuts from the decode
    /// (the others are cut from one of these), in the order they are made.
    private let directFills: [FilledBox]

    /// - Parameters:
    ///   - readerScales: the share of the source each pixel-reading output of the item's plan
    ///     needs (those made now and those kept).
    ///   - fills: the filled boxes of the item's plan, in the order outputs are made (see
    ///     ``ItemProducer``), kept ones included: a box made again alone is cut from the same
    ///     larger box as when every output is made. Default none: cut from what was made.
    public init(source: ItemSource, readerScales: [Double], fills: [FilledBox] = []) {
        self.source = source
        if source.kind == .video {
            sharedScale = 1
        } else if source.raw != nil {
            // One preview or developed picture for every output, at the largest scale they read.
            sharedScale = readerScales.max() ?? 1
        } else {
            sharedScale = readerScales.count > 1 ? readerScales.max() : nil
        }
        var direct: [FilledBox] = []
        for box in fills where !direct.contains(where: { $0.feeds(crop: box.crop, width: box.width, height: box.height) }) {
            direct.append(box)
        }
        directFills = direct
    }

    /// libvips' `fail_on` for this source: fail on truncation unless damage is allowed (without
    /// it libvips fills a truncated JPEG with grey and calls it a success).
    var failOn: Argument { .string(source.allowDamaged ? "none" : "truncated") }

    /// The picture resized into a box as libvips' `thumbnail` does it: `width`/`height` nil for
    /// unbounded, `upscale` to enlarge, `crop` to fill the box (nil: fit inside it).
    public func thumbnail(width: Int?, height: Int?, upscale: Bool = false, crop: String? = nil) throws -> Image {
        guard let crop else { return try resized(width: width, height: height, upscale: upscale, crop: nil) }
        if let width, let height, let larger = try filledPicture(crop: crop, atLeastTwice: width, by: height) {
            return try decoding {
                try Operation.image("thumbnail_image", ["in": .image(larger), "width": .int(width), "height": .int(height),
                    "size": .string("down")])
            }
        }
        let image = try decoding { try resized(width: width, height: height, upscale: upscale, crop: crop).copyToMemory() }
        let box = width.flatMap { width in height.map { FilledBox(crop: crop, width: width, height: $0, upscale: upscale) } }
        filled.append((crop, box, image))
        return image
    }

    /// A filled picture already made with `crop`, of the box's shape and at least twice its
    /// size: the box cut from it shows the same part of the picture (an @2x thumbnail's 1×
    /// shows what the @2x shows), and resizing the crop by two or more costs a fraction of
    /// resizing the decode and finding the crop again. Outputs are made largest first
    /// (``ItemProducer``), so the @2x is there when its 1× is made.
    /// With the plan's boxes known, the one a build making every output cuts this box from,
    /// made now when it is not yet (kept from an earlier build, so not made again).
    private func filledPicture(crop: String, atLeastTwice width: Int, by height: Int) throws -> Image? {
        guard !directFills.isEmpty else {
            return filled.first { made in
                made.crop == crop && made.image.width >= 2 * width && made.image.width * height == made.image.height * width
            }?.image
        }
        guard let box = directFills.first(where: { $0.feeds(crop: crop, width: width, height: height) }) else { return nil }
        if let made = filled.first(where: { $0.box == box }) { return made.image }
        let image = try decoding {
            try resized(width: box.width, height: box.height, upscale: box.upscale, crop: box.crop).copyToMemory()
        }
        filled.append((box.crop, box, image))
        return image
    }

    /// `thumbnail_image` of the shared decode, or `thumbnail` of the file when there is none.
    /// When the box keeps the shared decode's size, `thumbnail_image` would only copy it (and
    /// crop it): the decode itself is used, cropped by `smartcrop` as `thumbnail_image` does.
    private func resized(width: Int?, height: Int?, upscale: Bool, crop: String?) throws -> Image {
        var arguments: [String: Argument] = [
            // A missing side is "unbounded", as vipsthumbnail does it.
            "width": .int(width ?? Self.unbounded),
            "height": .int(height ?? Self.unbounded),
            "size": .string(upscale ? "both" : "down"),
        ]
        if let crop { arguments["crop"] = .string(crop) }
        if let shared = try sharedBase() {
            if shared.isKeptByThumbnail(width: width ?? Self.unbounded, height: height ?? Self.unbounded, upscale: upscale,
                fills: crop != nil)
            {
                guard let crop, let width, let height, width < shared.width || height < shared.height else { return shared }
                return try decoding {
                    try Operation.image("smartcrop", ["input": .image(shared), "width": .int(min(width, shared.width)),
                        "height": .int(min(height, shared.height)), "interesting": .string(crop)])
                }
            }
            arguments["in"] = .image(shared)
            return try decoding { try Operation.image("thumbnail_image", arguments) }
        }
        return try decoding { try Operation.image("thumbnail", arguments.merging(fileArguments) { a, _ in a }) }
    }

    /// The side `thumbnail` takes for a box side that is not set, as vipsthumbnail does.
    static let unbounded = 10_000_000

    /// Keeps `image` (a whole, upright picture) for outputs that can use any (placeholders).
    public func offer(_ image: Image) {
        if offered == nil { offered = image }
    }

    /// A whole picture, at most `side` pixels a side or larger: the shared decode, else one an
    /// output offered, else a small decode of its own.
    public func wholePicture(atLeast side: Int) throws -> Image {
        if let shared = try sharedBase() { return shared }
        if let offered { return offered }
        return try decoding {
            try Operation.image("thumbnail", ["width": .int(side), "height": .int(side), "size": .string("down")]
                .merging(fileArguments) { a, _ in a })
        }
    }

    /// Reading the file itself: its name, the damage rule, and the colour transform when needed.
    private var fileArguments: [String: Argument] {
        var arguments: [String: Argument] = ["filename": .string(source.path), "fail_on": failOn]
        if source.convertColour { arguments["export_profile"] = .string("srgb") }
        if source.convertColour, let intent = source.intent { arguments["intent"] = .string(intent.rawValue) }
        return arguments
    }

    /// The shared decode, made on first use; nil when outputs read the file themselves.
    private func sharedBase() throws -> Image? {
        if let base { return base }
        guard let scale = sharedScale else { return nil }
        if let raw = source.raw {
            let box = scale < 1 ? (width: max(1, Int((Double(source.width) * scale).rounded(.up))),
                height: max(1, Int((Double(source.height) * scale).rounded(.up)))) : nil
            base = try RawPicture.image(path: source.path, decode: raw, box: box)
            return base
        }
        if let video = source.video {
            base = try PosterFrame.extract(path: source.path, duration: video.duration, at: video.posterAt, timeout: video.timeout,
                hdr: video.facts?.hdr, squarePixels: video.facts?.coding?.squarePixelsFilter)
            return base
        }
        base = try decoding {
            try Operation.image("thumbnail", [
                "width": .int(max(1, Int((Double(source.width) * scale).rounded(.up)))),
                "height": .int(max(1, Int((Double(source.height) * scale).rounded(.up)))),
                "size": .string(scale > 1 ? "both" : "down"),
            ].merging(fileArguments) { a, _ in a }).copyToMemory()
        }
        return base
    }

    /// libvips failures while decoding a source whose header read fine are damage.
    private func decoding(_ work: () throws -> Image) throws -> Image {
        do { return try work() } catch let error as VipsError { throw DecodeFailure(error: error) }
    }
}

extension Image {
    /// Whether libvips' `thumbnail_image` into a `width` × `height` box (`fills`: with a crop)
    /// gives back this picture's own pixels before any crop: the picture is already what
    /// `thumbnail` makes (upright, one page, 8-bit sRGB, or B_W below three bands), so its
    /// colour steps are copies, and the shrink it works out (as `vips_thumbnail_calculate_shrink`
    /// does) is 1 on both axes, so its resize is one too.
    func isKeptByThumbnail(width: Int, height: Int, upscale: Bool, fills: Bool) -> Bool {
        guard format == .uchar, interpretation == (bands < 3 ? .bw : .srgb), (int("orientation") ?? 1) == 1,
            (int("page-height") ?? self.height) == self.height
        else { return false }
        var horizontal = Double(self.width) / Double(width), vertical = Double(self.height) / Double(height)
        // Filling follows the axis that shrinks less; fitting, the one that shrinks more.
        if fills == (horizontal < vertical) { vertical = horizontal } else { horizontal = vertical }
        if !upscale { (horizontal, vertical) = (max(1, horizontal), max(1, vertical)) }
        return min(horizontal, Double(self.width)) == 1 && min(vertical, Double(self.height)) == 1
    }
}
