import Foundation
import VipsKit

/// Where in a video its poster frame is taken.
public enum PosterTime: Codable, Hashable, Sendable, CustomStringConvertible {
    case seconds(Double)
    case percent(Double)

    /// 10 % of the duration: past a fade-in, early enough to show what the clip is about.
    public static let `default` = PosterTime.percent(10)

    /// `10%` or `12.5`, as ``init(parsing:)`` reads it.
    public var description: String {
        switch self {
        case .seconds(let value): value.formatted(maxFractionDigits: 3)
        case .percent(let value): value.formatted(maxFractionDigits: 3) + "%"
        }
    }

    /// `12.5` (seconds) or `10%`.
    public init?(parsing text: String) {
        if text.hasSuffix("%"), let value = Double(text.dropLast()), (0...100).contains(value) {
            self = .percent(value)
        } else if let value = Double(text), value >= 0, value.isFinite {
            self = .seconds(value)
        } else {
            return nil
        }
    }

    func seconds(of duration: Double?) -> Double {
        switch self {
        case .seconds(let value): value
        case .percent(let value): (duration ?? 0) * value / 100
        }
    }
}

/// A video's representative frame, decoded by ffmpeg (upright: ffmpeg applies the stream's
/// rotation) and handed to libvips as PNG.
public enum PosterFrame {
    /// Mean pixel value (0–255) under which a frame counts as black (a fade-in, a lens cap).
    static let blackLevel = 12.0

    /// The frame at `at`, else the first frame when the clip is shorter than that; a black frame
    /// is passed over for a later one (25 %, 50 %, 75 % of the clip) when there is one.
    /// - Parameter hdr: the clip's HDR transfer, tone-mapped to SDR; default none (SDR).
    /// - Parameter squarePixels: the filter that makes non-square pixels square
    ///   (``VideoCoding/squarePixelsFilter``), so the frame has the shape a player shows; default none.
    public static func extract(path: String, duration: Double?, at: PosterTime, timeout: Double, hdr: HDRTransfer? = nil,
                               squarePixels: String? = nil) throws -> Image {
        let filters = [hdr?.toneMapFilter, squarePixels].compactMap { $0 }
        let filter = filters.isEmpty ? nil : filters.joined(separator: ",")
        let start = at.seconds(of: duration)
        var points = [start]
        if let duration, duration > 0 {
            if start >= duration { points = [0] }
            points += [0.25, 0.5, 0.75].map { duration * $0 }.filter { $0 > points[0] }
        }
        let deadline = WorkerProcess.now() + timeout
        var first: Image?
        for point in points {
            let remaining = deadline - WorkerProcess.now()
            guard remaining > 0 else { break }
            guard let frame = try frame(path: path, at: point, timeout: remaining, filter: filter) else { continue }
            if first == nil { first = frame }
            let mean = try Operation.call("avg", ["in": .image(frame)])["out"]?.double ?? 0
            if mean > blackLevel { return frame }
        }
        if let first { return first }
        // Past the end (a duration the container got wrong): the very first frame.
        if let frame = try frame(path: path, at: 0, timeout: max(1, deadline - WorkerProcess.now()), filter: filter) { return frame }
        throw ItemFailure.unreadable("ffmpeg gave no frame")
    }

    /// The frame at `seconds`, nil past the last frame.
    /// - Parameter filter: an ffmpeg video filter applied to it (after the stream's rotation), to
    ///   shrink it before it crosses the pipe; default none.
    static func frame(path: String, at seconds: Double, timeout: Double, filter: String? = nil) throws -> Image? {
        let result = try Subprocess.run("ffmpeg", [
            "-v", "error", "-nostdin", "-ss", String(format: "%.3f", seconds), "-i", VideoProbe.ffmpegInput(path),
        ] + (filter.map { ["-vf", $0] } ?? []) + [
            // Fastest deflate: the PNG only crosses a pipe, and ffmpeg's default level spends
            // many times longer on a frame for a file only a little smaller.
            "-frames:v", "1", "-an", "-sn", "-f", "image2pipe", "-c:v", "png", "-compression_level", "1", "-",
        ], timeout: timeout)
        if result.timedOut { throw ItemFailure.timeout("ffmpeg did not finish in time") }
        guard result.status == 0, !result.output.isEmpty else {
            if result.output.isEmpty && result.status == 0 { return nil }  // seek past the last frame
            let said = VideoProbe.firstLine(of: result.errors, path: path) ?? "exit status \(result.status ?? -1)"
            throw ItemFailure.unreadable("ffmpeg cannot decode a frame: " + said)
        }
        do {
            return try Operation.image("pngload_buffer", ["buffer": .blob(result.output)]).copyToMemory()
        } catch {
            throw DecodeFailure(error: error)
        }
    }
}
