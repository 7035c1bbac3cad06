import Foundation

/// A moving photo's clip made web-playable (`build`): `media/<id>.motion.mp4`, from a Live
/// Photo's clip file or the MP4 a Motion Photo carries (extracted on the way), by the same
/// plan as videos' web renditions (``WebVideoSpec``): remuxed when browsers play its streams,
/// else transcoded.
public struct MotionSpec: OutputKind {
    public static let kindName = "motion"

    /// How clips are made web-playable: the videos' settings.
    public var web: WebVideoSpec

    public init(web: WebVideoSpec) { self.web = web }

    public var identifier: String { web.identifier }

    /// A web rendition, as a video's.
    public typealias Made = WebVideoSpec.Made

    /// Photos with a clip. The target names the clip's file size and length too: a Live
    /// Photo's clip replaced beside an unchanged photo is made again.
    public func target(for item: PlanningItem) -> OutputTarget? {
        guard item.kind == .image, let motion = item.motion else { return nil }
        let plan = web.plan(for: motion.facts, width: motion.width, height: motion.height)
        let ending = plan.container?.rawValue
            ?? (motion.source.flatMap { Path.plainExtension(of: $0.path) } ?? WebContainer.mp4.rawValue)
        var target = OutputTarget(paths: [Path.join(web.folder, item.id + ".motion." + ending)], sourceScale: nil)
        target.input = [String(motion.source?.bytes ?? motion.length ?? 0), motion.duration.map { String($0) } ?? "-"].joined(separator: ":")
        return target
    }

    public func extraSeconds(for target: OutputTarget, item: PlanningItem) -> Double? {
        guard let motion = item.motion else { return nil }
        return web.extraSeconds(for: motion.facts, width: motion.width, height: motion.height)
    }

    public func make(_ target: OutputTarget, from picture: ItemPicture, staging: Staging) throws -> Made {
        guard let motion = picture.source.motion else { throw ItemFailure.write("the photo's clip is not known to the worker") }
        return Made(video: try web.make(target.paths[0], of: motion, staging: staging))
    }

    public func fold(_ made: Made, target: OutputTarget, into item: inout Item) {
        item.motion?.media = [made.video]
    }
}
