import Foundation

/// What to read captions from, and in which order of precedence.
public struct CaptionOptions: Sendable {
    public enum Fallback: String, CaseIterable, Sendable {
        /// No caption when no source has one (default).
        case none
        /// The file's name without its extension.
        case filename
    }

    /// Sources in order of precedence: default file, sidecar, xmp, iptc, exif. Each field
    /// (caption, title, keywords, place, coordinates, rating) comes from the first that has it.
    public var sources: [CaptionSource] = CaptionSource.allCases
    /// `--captions FILE`: default none.
    public var file: CaptionsFile?
    /// The words of an `--items` file's entries, read before ``file``'s (set by the scan).
    var itemWords: CaptionsFile?
    /// When no source has a caption: default `.none`.
    public var fallback: Fallback = .none
    /// The XMP language alternative wanted (`fr`, `pt-BR`): default nil, `x-default` then the first.
    public var language: String?

    public init() {}

    /// Whether the workers must open each file with exiv2.
    var readsEmbedded: Bool { sources.contains(where: \.isEmbedded) }
}

/// Puts each item's text together from the sources, in the order of precedence asked for.
struct CaptionResolver {
    let options: CaptionOptions
    /// Captions-file entry for each file (by index in `files`), and the entries' order.
    private(set) var fileEntries: [Int: (position: Int, text: ItemText)] = [:]
    /// Problems met, as (path, message): a sidecar's encoding, a captions-file row for no item.
    private(set) var warnings: [(path: String, message: String)] = []

    init(options: CaptionOptions, files: [InputFile], ids: [String], otherParts: [InputFile] = []) {
        self.options = options
        let sources = [options.itemWords, options.file].compactMap { $0 }
        guard !sources.isEmpty, options.sources.contains(.file) else { return }
        var index: [String: Int] = [:]
        for (position, file) in files.enumerated() {
            let url = file.origin?.url.map { [$0] } ?? []
            for key in url + [file.relativePath, file.path, ids[position], Self.absolute(file.path)] where index[key] == nil {
                index[key] = position
            }
        }
        var claimedBy: [Int: String] = [:]
        var position = 0
        for captions in sources {
            match(captions, index: index, otherParts: otherParts, position: &position, claimedBy: &claimedBy, naming: sources.count > 1)
        }
    }

    /// Gives each entry of `captions` to the item it names (the first entry naming an item wins);
    /// `naming`: messages name the file of an earlier entry (there are several).
    private mutating func match(_ captions: CaptionsFile, index: [String: Int], otherParts: [InputFile], position: inout Int,
                                claimedBy: inout [Int: String], naming: Bool) {
        for warning in captions.warnings { warnings.append((captions.path, warning)) }
        var elsewhere = Set<String>()
        for file in otherParts { elsewhere.formUnion([file.relativePath, file.path, Self.absolute(file.path)] + (file.origin?.url.map { [$0] } ?? [])) }
        let base = Path.parent(of: Self.absolute(captions.path))
        for entry in captions.entries {
            defer { position += 1 }
            let written = entry.path.hasPrefix("./") ? String(entry.path.dropFirst(2)) : entry.path
            let keys = [written, Self.absolute(written, from: base), Self.absolute(written)]
            guard let item = keys.lazy.compactMap({ index[$0] }).first else {
                if keys.contains(where: elsewhere.contains) { continue }  // another part's
                warnings.append((captions.path, "\(entry.place): no item has the path '\(CaptionsFile.excerpt(entry.path))'"))
                continue
            }
            if let first = claimedBy[item] {
                warnings.append((captions.path, "\(entry.place): '\(CaptionsFile.excerpt(entry.path))' was already given at \(first): ignored"))
                continue
            }
            claimedBy[item] = naming ? "\(captions.path) \(entry.place)" : entry.place
            fileEntries[item] = (position, entry.text)
        }
    }

    /// The merged text of file number `index` (in the `files` given to `init`).
    /// - Parameters:
    ///   - root: the source folder it was found under, which a link to a sidecar may not lead
    ///     out of; default nil, the file's own folder.
    ///   - sidecarExists: whether a file beside it exists, when the caller's walk knows.
    mutating func text(forFile index: Int, _ file: InputFile, embedded: EmbeddedText?, root: ReadRoot? = nil,
                       sidecarExists: ((String) -> Bool)? = nil) -> ItemText {
        var merged = ItemText()
        for source in options.sources {
            let text: ItemText?
            switch source {
            case .file: text = fileEntries[index]?.text
            // A download's or a custom item's path is not where its sidecars would be.
            case .sidecar: text = file.origin == nil ? Sidecar.text(forMedia: file.path, below: root, exists: sidecarExists) : nil
            case .xmp, .iptc, .exif: text = embedded?[source]
            }
            guard let text else { continue }
            for warning in text.warnings ?? [] { warnings.append((file.path, warning)) }
            merged = merged.filling(from: text)
        }
        merged.warnings = nil  // reported above, with the file's path
        if merged.caption == nil, options.fallback == .filename {
            let stem = Path.stem(of: file.relativePath)
            let name = CaptionText.clean(stem, singleLine: true).text
            if !name.isEmpty { merged.caption = Caption(style: .plain, text: name, source: "filename") }
        }
        return merged
    }

    /// A folder's `index.md`, when sidecars are a source; `root`: the source folder it is in.
    mutating func folderText(_ folder: String, below root: ReadRoot?) -> ItemText? {
        guard options.sources.contains(.sidecar), let text = Sidecar.folderText(folder, below: root) else { return nil }
        for warning in text.warnings ?? [] { warnings.append((folder.isEmpty ? "." : folder, warning)) }
        return text
    }

    static func absolute(_ path: String, from base: String = FileManager.default.currentDirectoryPath) -> String {
        Path.normalized(Path.join(base, path))
    }
}
