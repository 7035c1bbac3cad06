import Foundation
import VipsKit

/// A rendition as an output kind: a box of the upright sRGB picture, encoded into one file
/// named `<id>-<box>[@2x].<ext>` below the output folder (ids keep their sub-folders).
extension RenditionSpec: OutputKind {
    public static let kindName = "rendition"

    /// What a rendition is made of, as the manifest records it.
    public struct Made: Codable, Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var bytes: Int
    }

    /// Nothing when this is a denser copy (@2x) of a box the source cannot fill: it would be
    /// the same picture, unless upscaling is on.
    public func target(for item: PlanningItem) -> OutputTarget? {
        if scale > 1 && !upscale && !sourceExceeds(width: item.width, height: item.height) { return nil }
        let box = pixelBox(sourceWidth: item.width, sourceHeight: item.height)
        return OutputTarget(paths: [path(forID: item.id)], sourceScale: sourceScale(box: box, width: item.width, height: item.height),
            width: box.width, height: box.height)
    }

    /// `<id>-<suffix>`, below the output folder. Ids hold only `a-z 0-9 - /` and no empty or
    /// dot segments, so the path never leaves the folder.
    public func path(forID id: String) -> String { Path.join(folder, id + "-" + fileSuffix) }

    public func make(_ target: OutputTarget, from picture: ItemPicture, staging: Staging) throws -> Made {
        var image = try picture.thumbnail(width: target.width, height: target.height, upscale: upscale,
            crop: effectiveMode == .fill ? crop.rawValue : nil)
        if badge == .duration, let label = picture.source.video?.durationLabel {
            image = try DurationBadge.draw(label, on: image)
        }
        // Decode now, so that a damaged source fails here and only the encoder can fail below;
        // the pixels before flattening keep their alpha for a placeholder.
        let decoded: Image
        do { decoded = try image.copyToMemory() } catch { throw DecodeFailure(error: error) }
        if effectiveMode == .fit { picture.offer(decoded) }
        var flat = decoded
        if !encoding.format.hasAlpha && flat.hasAlpha {
            flat = try Operation.image("flatten", ["in": .image(flat), "background": .doubles(encoding.background)]).copyToMemory()
        }
        let data: Data
        do { data = try ImageEncoder.encode(flat, with: encoding) } catch {
            // The source decoded: the encoder refused (WebP stops at 16383 px a side).
            throw ItemFailure.write("cannot encode: " + error.message)
        }
        staging.stage(data, at: target.paths[0])
        return Made(width: flat.width, height: flat.height, bytes: data.count)
    }

    public func filledBox(for target: OutputTarget) -> FilledBox? {
        guard effectiveMode == .fill, let width = target.width, let height = target.height else { return nil }
        return FilledBox(crop: crop.rawValue, width: width, height: height, upscale: upscale)
    }

    /// Adds the rendition to the item's list, which stays smallest first.
    public func fold(_ made: Made, target: OutputTarget, into item: inout Item) {
        let rendition = Rendition(role: role, path: target.paths[0], width: made.width, height: made.height,
            format: encoding.format, box: boxLabel, fit: effectiveMode, scale: scale, bytes: made.bytes)
        var list = item.renditions ?? []
        let key = { (r: Rendition) in (r.width * r.height, r.scale, r.path) }
        list.insert(rendition, at: list.firstIndex { key(rendition) < key($0) } ?? list.count)
        item.renditions = list
    }

    /// The box asked of libvips. A `.fill` box the source cannot cover without enlarging
    /// shrinks to the largest box of the same shape that it can: a 256×256 cell of a 200×150
    /// photo is 150×150, still square, never stretched.
    func pixelBox(sourceWidth: Int, sourceHeight: Int) -> Box {
        guard mode == .fill, !upscale, let width = pixelWidth, let height = pixelHeight, sourceWidth > 0, sourceHeight > 0
        else { return Box(width: pixelWidth, height: pixelHeight) }
        let factor = min(1, Double(sourceWidth) / Double(width), Double(sourceHeight) / Double(height))
        return Box(width: max(1, Int((Double(width) * factor).rounded(.down))), height: max(1, Int((Double(height) * factor).rounded(.down))))
    }

    /// Whether an upright source of this size is larger than the 1× box would make it, so
    /// that a denser rendition has more pixels to show.
    func sourceExceeds(width: Int, height: Int) -> Bool {
        let ratios = [self.width.map { Double($0) / Double(width) }, self.height.map { Double($0) / Double(height) }]
            .compactMap { $0 }
        guard let fitFactor = ratios.min(), let fillFactor = ratios.max() else { return true }
        let fills = mode == .fill && ratios.count == 2
        return (fills ? fillFactor : fitFactor) < 1
    }

    /// The share of the source `box` reads: a fitted box the smaller ratio, a filled one the
    /// larger; never above 1 unless upscaling.
    func sourceScale(box: Box, width: Int, height: Int) -> Double {
        let ratios = [box.width.map { Double($0) / Double(width) }, box.height.map { Double($0) / Double(height) }]
            .compactMap { $0 }
        let fills = mode == .fill && ratios.count == 2
        let scale = (fills ? ratios.max() : ratios.min()) ?? 1
        return upscale ? scale : min(scale, 1)
    }
}
