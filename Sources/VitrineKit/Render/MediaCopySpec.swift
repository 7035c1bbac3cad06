import Foundation

/// A copy of a video's source in the site, for a page to play (`build`): `media/<id>.<ext>`,
/// remuxed by ffmpeg without the container's metadata (the camera, the place, the time), or
/// copied as it is when ``keepMetadata``. The streams are copied, never re-encoded.
public struct MediaCopySpec: OutputKind {
    public static let kindName = "media-copy"

    /// Keep the source's metadata: default off (a site is published).
    public var keepMetadata = false
    /// The folder below the output folder the copies go in: default `media`.
    public var folder = "media"

    public init(keepMetadata: Bool = false) { self.keepMetadata = keepMetadata }

    public var identifier: String { keepMetadata ? "copy" : "copy-no-metadata" }

    public struct Made: Codable, Equatable, Sendable {
        public var bytes: Int
    }

    /// Videos only.
    public func target(for item: PlanningItem) -> OutputTarget? {
        guard item.kind == .video else { return nil }
        return OutputTarget(paths: [Path.join(folder, item.id + "." + extensionName(of: item))], sourceScale: nil)
    }

    /// The source's own extension when it is a plain ASCII word (`mp4`, `mov`, `webm`), else `video`.
    func extensionName(of item: PlanningItem) -> String {
        Path.plainExtension(of: item.sourceName ?? "") ?? "video"
    }

    public func make(_ target: OutputTarget, from picture: ItemPicture, staging: Staging) throws -> Made {
        let scratch = try staging.scratchFolder()
        let copy = Path.join(scratch, Path.name(of: target.paths[0]))
        if keepMetadata {
            do { try FileCopy.copy(regularFile: InputPath(picture.source.path), to: copy) } catch {
                throw ItemFailure.write("cannot copy the video: \(error.description)")
            }
        } else {
            let result = try Subprocess.run("ffmpeg", ["-v", "error", "-nostdin", "-y", "-i", VideoProbe.ffmpegInput(picture.source.path),
                "-map", "0", "-c", "copy", "-map_metadata", "-1", "-map_chapters", "-1", copy],
                timeout: picture.source.video?.timeout ?? TimeLimit.tools(within: TimeLimit.perFile))
            if result.timedOut { throw ItemFailure.timeout("ffmpeg did not copy the video in time") }
            guard result.status == 0 else {
                let said = VideoProbe.firstLine(of: result.errors, path: picture.source.path) ?? "exit status \(result.status ?? -1)"
                throw ItemFailure.write("ffmpeg cannot copy the video without its metadata: " + said)
            }
        }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: copy)[.size] as? Int) ?? 0
        try staging.stageMove(copy, to: target.paths[0])
        return Made(bytes: bytes)
    }

    public func fold(_ made: Made, target: OutputTarget, into item: inout Item) {
        item.media = MediaCopy(path: target.paths[0], bytes: made.bytes)
    }
}

/// A copy of an item's source in the site: a video's, for a page to play (`media`), or a
/// photo's original, for a download link (`original`).
public struct MediaCopy: Codable, Equatable, Sendable {
    /// Below the site, `/`-separated: `media/clip.mp4`, `originals/beach/dsc-0042.jpg`.
    public var path: String
    public var bytes: Int
}
