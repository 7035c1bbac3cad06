import Foundation

/// A copy of a photo's original in the site, for a page's download link (`build --originals
/// copy`): `originals/<id>.<ext>`, its metadata removed by exiv2 (``MetadataRemoval``), or as
/// it is when ``keepMetadata``. Never a link into the sources: a site is published on its own.
///
/// A photo whose format exiv2 cannot write (HEIC, AVIF, GIF…) gets no copy unless
/// ``keepMetadata``: a copy that still says where it was taken is not what was asked for.
///
/// A RAW+JPEG pair's RAW file is copied beside its photo's copy, `originals/<id>.<raw ext>`
/// (the item's `raw.original`), only with ``keepMetadata``: a RAW's maker notes hold what its
/// sensor data is read with, so its metadata is never removed.
public struct OriginalCopySpec: OutputKind {
    public static let kindName = "original-copy"

    /// Keep the original's metadata: default off (a site is published).
    public var keepMetadata = false
    /// The folder below the output folder the copies go in: default `originals`.
    public var folder = "originals"

    public init(keepMetadata: Bool = false) { self.keepMetadata = keepMetadata }

    public var identifier: String { keepMetadata ? "copy" : "copy-no-metadata" }

    public struct Made: Codable, Equatable, Sendable {
        public var bytes: Int
        /// The pair's RAW file's copy's (``ItemRaw/original``); absent when there is none.
        public var rawBytes: Int?
    }

    /// Photos only; without ``keepMetadata``, only those whose metadata exiv2 can remove. A
    /// pair's RAW file is the second path, and the target names its size and hash: a RAW
    /// replaced beside an unchanged photo is copied again.
    public func target(for item: PlanningItem) -> OutputTarget? {
        guard item.kind == .image, keepMetadata || MetadataRemoval.writableFormats.contains(item.format ?? "") else { return nil }
        var target = OutputTarget(paths: [Path.join(folder, item.id + "." + extensionName(of: item))], sourceScale: nil)
        if keepMetadata, let raw = item.pairedRaw {
            target.paths.append(Path.join(folder, item.id + "." + (Path.plainExtension(of: raw.path) ?? "raw")))
            target.input = ["pair", String(raw.bytes), raw.sha256 ?? "-"].joined(separator: ":")
        }
        return target
    }

    /// The source's own extension, lower-cased, when it is a plain ASCII word (`jpg`, `png`),
    /// else the decoder's name of its format.
    func extensionName(of item: PlanningItem) -> String {
        Path.plainExtension(of: item.sourceName ?? "") ?? item.format ?? "image"
    }

    public func make(_ target: OutputTarget, from picture: ItemPicture, staging: Staging) throws -> Made {
        let scratch = try staging.scratchFolder()
        let copy = Path.join(scratch, Path.name(of: target.paths[0]))
        do { try FileCopy.copy(regularFile: InputPath(picture.source.path), to: copy) } catch {
            throw ItemFailure.write("cannot copy the original: \(error.description)")
        }
        if !keepMetadata {
            do { try MetadataRemoval.remove(from: copy) } catch {
                throw ItemFailure.write("cannot remove the metadata of the original's copy: \(error.description)")
            }
        }
        var made = Made(bytes: try Self.size(of: copy))
        try staging.stageMove(copy, to: target.paths[0])
        if target.paths.count > 1 {
            guard let raw = picture.source.pairedRawPath else { throw ItemFailure.write("the photo's RAW file is not known to the worker") }
            let rawCopy = Path.join(scratch, Path.name(of: target.paths[1]))
            do { try FileCopy.copy(regularFile: InputPath(raw), to: rawCopy) } catch {
                throw ItemFailure.write("cannot copy the RAW file: \(error.description)")
            }
            made.rawBytes = try Self.size(of: rawCopy)
            try staging.stageMove(rawCopy, to: target.paths[1])
        }
        return made
    }

    /// The size of a copy just made, which the manifest records: a copy whose size cannot be
    /// read is a failure, never 0 bytes.
    private static func size(of copy: String) throws(ItemFailure) -> Int {
        var info = stat()
        guard stat(copy, &info) == 0 else { throw ItemFailure.write("cannot read the size of \(copy): \(String(cString: strerror(errno)))") }
        return Int(info.st_size)
    }

    public func fold(_ made: Made, target: OutputTarget, into item: inout Item) {
        item.original = MediaCopy(path: target.paths[0], bytes: made.bytes)
        if target.paths.count > 1, let bytes = made.rawBytes { item.raw?.original = MediaCopy(path: target.paths[1], bytes: bytes) }
    }
}

/// Whether a site holds copies of the photos' originals: `build --originals`.
public enum OriginalsMode: String, CaseIterable, Sendable {
    /// A copy of each photo (``OriginalCopySpec``), its metadata removed unless kept.
    case copy
    /// No copies (default).
    case none

    public static let `default` = OriginalsMode.none
}

/// A copy of a photo's original in the site, for a download link (`original`).
public struct MediaCopy: Codable, Equatable, Sendable {
    /// Below the site, `/`-separated: `originals/beach/dsc-0042.jpg`.
    public var path: String
    public var bytes: Int
}
