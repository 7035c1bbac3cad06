import Foundation
import VipsKit

/// A contact-sheet cell as an output kind: the item's picture shrunk on load into the cell's
/// box (never enlarged), a video's with its duration badge, written as a PNG below the output
/// folder for the sheet phase (``SheetPhase``) to compose. The manifest records nothing of it.
///
/// Only the picture is made here: numbers, captions and selection badges are drawn by the
/// phase, from the manifest, so that a cell serves every sheet of the same cell size.
public struct SheetCellSpec: OutputKind {
    public static let kindName = "sheet-cell"

    public var width: Int
    public var height: Int
    /// `.fill` crops to the box around the centre; `.fit` keeps the whole picture inside it.
    public var mode: RenditionSpec.FitMode

    /// The folder below the output folder that cells are written into: default `cells`. It
    /// does not shape the cells: it is not in ``identifier``.
    public var folder: String
    /// Whether the PNG is deflated (cells a run keeps) or stored (cells thrown away with the
    /// run, read once): the same pixels, so it is not in ``identifier``. Default deflated.
    public var deflated = true

    public init(width: Int, height: Int, mode: RenditionSpec.FitMode, folder: String = "cells") {
        self.width = width
        self.height = height
        self.mode = mode
        self.folder = folder
    }

    /// What a cell is, as the phase needs it.
    public struct Made: Codable, Equatable, Sendable {
        public var width: Int
        public var height: Int
    }

    public var identifier: String { "\(width)x\(height)-\(mode.rawValue)" }

    private enum CodingKeys: String, CodingKey { case width, height, mode, folder, deflated }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        width = try container.decode(Int.self, forKey: .width)
        height = try container.decode(Int.self, forKey: .height)
        mode = try container.decode(RenditionSpec.FitMode.self, forKey: .mode)
        folder = try container.decode(String.self, forKey: .folder)
        // Absent in what vitrine wrote before it could store cells: they were deflated.
        deflated = try container.decodeIfPresent(Bool.self, forKey: .deflated) ?? true
    }

    /// Deflated cells are written as before stored ones could be: the same settings, byte for byte.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(mode, forKey: .mode)
        try container.encode(folder, forKey: .folder)
        if !deflated { try container.encode(deflated, forKey: .deflated) }
    }

    /// `cells/<id>-<identifier>.png`: ids hold only `a-z 0-9 - /`, so it stays inside.
    public func path(forID id: String) -> String { Path.join(folder, id + "-" + identifier + ".png") }

    public func target(for item: PlanningItem) -> OutputTarget? {
        guard item.width > 0, item.height > 0 else { return nil }
        let ratios = [Double(width) / Double(item.width), Double(height) / Double(item.height)]
        let scale = min(1, mode == .fill ? ratios.max()! : ratios.min()!)
        return OutputTarget(paths: [path(forID: item.id)], sourceScale: scale, width: width, height: height)
    }

    public func make(_ target: OutputTarget, from picture: ItemPicture, staging: Staging) throws -> Made {
        var image = try picture.thumbnail(width: width, height: height, crop: mode == .fill ? "centre" : nil)
        if let label = picture.source.video?.durationLabel { image = try DurationBadge.draw(label, on: image) }
        // Decode now: a damaged source fails here, and only the encoder can fail below.
        let decoded: Image
        do { decoded = try image.copyToMemory() } catch { throw DecodeFailure(error: error) }
        var flat = decoded
        if flat.hasAlpha {
            flat = try Operation.image("flatten", ["in": .image(flat), "background": .doubles([255, 255, 255])])
        }
        let data: Data
        do { data = try Self.png(flat, compression: deflated ? 1 : 0) } catch { throw ItemFailure.write("cannot encode a sheet cell: " + error.message) }
        staging.stage(data, at: target.paths[0])
        return Made(width: flat.width, height: flat.height)
    }

    public func filledBox(for target: OutputTarget) -> FilledBox? {
        mode == .fill ? FilledBox(crop: "centre", width: width, height: height) : nil
    }

    /// At most the fastest deflate: the cell only crosses to the phase, which reads it once.
    static func png(_ image: Image, compression: Int) throws(VipsError) -> Data {
        guard let bytes = try Operation.call("pngsave_buffer", ["in": .image(image), "compression": .int(compression), "strip": .bool(true)],
            outputs: ["buffer"])["buffer"]?.blob
        else { throw VipsError("pngsave_buffer gave no data") }
        return bytes
    }

    /// Cells are the phase's, not the gallery's: nothing goes into the manifest.
    public func fold(_ made: Made, target: OutputTarget, into item: inout Item) {}
}
