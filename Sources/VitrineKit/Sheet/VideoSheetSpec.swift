import Foundation
import VipsKit

/// A video's contact sheet as an output kind (what vcsi and mtn make): `frames` frames taken
/// at evenly spaced times of the video stream (``VideoFrames/times(count:duration:)``), each
/// labelled with its time, in a grid of ⌈√frames⌉ columns unless the settings say otherwise,
/// under a header with the file's name, duration, size in pixels, codec and size in bytes.
/// One file per video, `<id>-sheet.<ext>` or the name asked for; photos get none. The item gains `sheet`.
public struct VideoSheetSpec: OutputKind {
    public static let kindName = "video-sheet"

    public var frames: Int
    /// The grid, the box each frame is fitted into (default ``defaultCell``), the gap, the
    /// margin, the background and the encoding; its captions, numbers and footer are not used.
    public var settings: SheetSettings

    /// The file name asked for (`-o clip-sheet.jpg`, ``SheetDestination``), or nil for
    /// `<id>-sheet.<ext>`: default nil.
    public var fileName: String?
    /// The videos among the gallery's items, known once it is scanned (``settled(for:)``): a
    /// lone video's sheet keeps the name asked for, several are told apart by their ids.
    public var videoCount = 0

    /// The box a frame is fitted into when none is asked for: frames keep their shape.
    public static let defaultCell = Box(width: 320, height: 320)

    /// - Parameter columns: default ⌈√frames⌉.
    public init(frames: Int, settings: SheetSettings, columns: Int? = nil, fileName: String? = nil) {
        self.frames = frames
        self.fileName = fileName
        self.settings = settings
        self.settings.columns = columns ?? Self.defaultColumns(frames: frames)
    }

    public static func defaultColumns(frames: Int) -> Int { max(1, Int(Double(frames).squareRoot().rounded(.up))) }

    public var identifier: String {
        let box = settings.cell
        let parts = ["\(frames)f", "\(settings.columns)c", box.description, "gap\(settings.gap)", "margin\(settings.margin)",
            "header" + (settings.header ? "" : "-none"), "bg-" + settings.background.map { String(Int($0)) }.joined(separator: "."),
            settings.encoding.identifier]
        return parts.joined(separator: "-")
    }

    public func path(forID id: String) -> String {
        guard let fileName else { return id + "-sheet." + settings.encoding.format.fileExtension }
        return SheetDestination.videoFileName(fileName, id: id, videoCount: videoCount)
    }

    public func settled(for items: [Item]) -> VideoSheetSpec {
        var settled = self
        settled.videoCount = items.lazy.filter { $0.kind == .video }.count
        return settled
    }

    public func target(for item: PlanningItem) -> OutputTarget? {
        // No pixels of the item's decode: the frames come from ffmpeg, here.
        item.kind == .video ? OutputTarget(paths: [path(forID: item.id)], sourceScale: nil) : nil
    }

    public func make(_ target: OutputTarget, from picture: ItemPicture, staging: Staging) throws -> VideoSheet {
        let source = picture.source
        let timeout = source.video?.timeout ?? TimeLimit.tools(within: TimeLimit.perFile)
        let deadline = WorkerProcess.now() + timeout
        let stream = try VideoFrames.probe(path: source.path, timeout: timeout)
        let duration = stream.duration ?? source.video?.duration ?? 0
        let planned = VideoFrames.times(count: frames, duration: duration)
        let passed = VideoFrames.prefersOnePass(duration: duration, frames: frames)
            ? try VideoFrames.onePass(path: source.path, times: planned, box: settings.cell, hdr: source.video?.facts?.hdr,
                deadline: deadline) : nil
        var cells: [SheetCell] = [], times: [Double] = []
        for (index, time) in planned.enumerated() {
            let limit = index + 1 < planned.count ? planned[index + 1] : duration
            let floor = times.last.map { $0 + 0.001 } ?? 0
            var frame = passed?[index], taken = time
            let black = try frame.map(VideoFrames.isBlack) ?? false
            if frame == nil || black {
                (frame, taken) = try VideoFrames.frame(path: source.path, at: time, limit: limit, floor: floor, box: settings.cell,
                    hdr: source.video?.facts?.hdr,
                    deadline: deadline, skipFirst: frame != nil)
            }
            cells.append(SheetCell(content: .picture(frame!), label: VideoFrames.label(taken, spacing: duration / Double(frames))))
            times.append((taken * 1000).rounded() / 1000)
        }
        // Every frame has the video's shape: the first one's size is the cell.
        var layoutSettings = settings
        if case .picture(let first)? = cells.first?.content { layoutSettings.cell = Box(width: first.width, height: first.height) }
        layoutSettings.captionLines = 0
        let layout = SheetLayout(settings: layoutSettings, cells: cells.count, hasHeader: settings.header, hasFooter: false, detailLines: 1)
        var page = SheetPage(layout: layout, cells: cells, title: StyledText(plain: Path.name(of: source.path)))
        page.details = [details(stream: stream, duration: duration, source: source)]
        let image = try SheetComposer.compose(page, settings: layoutSettings)
        let data: Data
        do { data = try ImageEncoder.encode(image, with: settings.encoding) } catch {
            throw ItemFailure.write("cannot encode the sheet: " + error.message)
        }
        staging.stage(data, at: target.paths[0])
        return VideoSheet(path: target.paths[0], width: image.width, height: image.height, frames: times.count, times: times)
    }

    public func fold(_ made: VideoSheet, target: OutputTarget, into item: inout Item) { item.sheet = made }

    /// `0:42 · 1920×1080 · h264 · 12.3 MB`.
    func details(stream: Stream, duration: Double, source: ItemSource) -> String {
        var parts = [DurationLabel.text(for: duration) ?? "0:00", "\(source.width)×\(source.height)"]
        if let codec = stream.codec { parts.append(codec) }
        if let bytes = stream.bytes { parts.append(Self.size(bytes)) }
        return parts.joined(separator: " · ")
    }

    typealias Stream = VideoFrames.Stream

    /// `2.8 MB`, `940 kB`: decimal units, as file managers show them.
    static func size(_ bytes: Int) -> String {
        let units = ["bytes", "kB", "MB", "GB", "TB"]
        var value = Double(bytes), unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(bytes) bytes" : (value < 10 ? String(format: "%.1f", value) : String(Int(value.rounded()))) + " " + units[unit]
    }
}
