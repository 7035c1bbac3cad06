import Foundation

/// Text files people keep beside their media, in sigal's format:
///
/// - `name.md`: optional `Key: value` header lines (`Title:`, `Date:`, `Location:`, `Order:`,
///   `Keywords:`, `Rating:`), a blank line, then a Markdown description (a markup caption);
/// - `name.txt`: the caption as plain text;
/// - a folder's `index.md`: the folder's (or gallery's) title and description.
///
/// `name` is the media file's name without its extension (`IMG_1.jpg` → `IMG_1.md`); the full
/// name (`IMG_1.jpg.md`) is looked for first. `.md` wins over `.txt`.
public enum Sidecar {
    /// Sidecars larger than this are ignored, with a warning: a caption is not a book.
    public static let maximumFileBytes = 4 << 20

    /// A Markdown file split into its header and its body.
    public struct Document: Equatable, Sendable {
        /// Header keys, lower-cased, in file order; the first of a repeated key wins.
        public var meta: [(key: String, value: String)]
        public var body: String

        public func value(_ key: String) -> String? { meta.first { $0.key == key }?.value }

        public static func == (a: Document, b: Document) -> Bool {
            a.body == b.body && a.meta.map(\.key) == b.meta.map(\.key) && a.meta.map(\.value) == b.meta.map(\.value)
        }
    }

    /// What the sidecar of `mediaPath` says, or nil when it has none.
    /// - Parameters:
    ///   - root: the source folder the media was found under, which a link to a sidecar may not
    ///     lead out of; default nil, the media's own folder.
    ///   - exists: whether a file is there, when the caller knows (its folder was walked);
    ///     default nil, which asks the file system.
    static func text(forMedia mediaPath: String, below root: ReadRoot? = nil, exists: ((String) -> Bool)? = nil) -> ItemText? {
        // Named as the walk names files: `name` alone, or `folder/name`.
        let folder = mediaPath.contains("/") ? Path.parent(of: mediaPath) : ""
        guard let root = root ?? ReadRoot(.source, folder: folder.isEmpty ? "." : folder) else { return nil }
        let name = Path.name(of: mediaPath)
        let stem = Path.stem(of: name)
        for candidate in [name + ".md", stem + ".md", name + ".txt", stem + ".txt"] {
            let path = Path.join(folder, candidate)
            if let exists, !exists(path) { continue }
            guard let read = readFile(path, below: root) else { continue }
            var text = ItemText()
            text.warn(read.warnings, prefix: "\(candidate): ")
            if candidate.hasSuffix(".txt") {
                text.caption = Caption.make(read.text, style: .plain, source: .sidecar, into: &text)
            } else {
                apply(parse(read.text), to: &text)
            }
            return text
        }
        return nil
    }

    /// A folder's `index.md`: title, description, order.
    /// - Parameter root: the source folder it is in, which a link may not lead out of; default
    ///   nil, `folder` itself.
    static func folderText(_ folder: String, below root: ReadRoot? = nil) -> ItemText? {
        guard let root = root ?? ReadRoot(.source, folder: folder.isEmpty ? "." : folder),
            let read = readFile(folder.isEmpty ? "index.md" : folder + "/index.md", below: root)
        else { return nil }
        var text = ItemText()
        text.warn(read.warnings, prefix: "index.md: ")
        apply(parse(read.text), to: &text)
        return text
    }

    static func apply(_ document: Document, to text: inout ItemText) {
        text.caption = Caption.markdown(document.body, source: .sidecar, into: &text)
        if let title = document.value("title").map({ CaptionText.clean($0, singleLine: true).text }), !title.isEmpty { text.title = title }
        if let place = document.value("location").map({ CaptionText.clean($0, singleLine: true).text }), !place.isEmpty {
            text.location = Location(name: place)
        }
        if let keywords = document.value("keywords").map(Keywords.split), !keywords.isEmpty { text.keywords = keywords }
        if let rating = document.value("rating").flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), (-1...5).contains(rating), rating != 0 {
            text.rating = rating  // 0 is "unrated", as in XMP
        }
        if let date = document.value("date") {
            if let normalized = DateText.normalize(date) { text.date = normalized } else { text.warn(["Date: '\(date)' is not a date: ignored"]) }
        }
        if let thumbnail = document.value("thumbnail"), !thumbnail.isEmpty { text.thumbnail = thumbnail }
        if let order = document.value("order") { text.order = order.trimmingCharacters(in: .whitespaces) }
    }

    /// Splits sigal's header (Python-Markdown "meta" lines) from the Markdown body. The header
    /// is the run of `Key: value` lines at the very top (an opening `---` allowed), ended by a
    /// blank line, `---` or `...`; lines indented four spaces continue the previous value.
    public static func parse(_ text: String) -> Document {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        var meta: [(String, String)] = []
        if let first = lines.first, first.trimmingCharacters(in: .whitespaces) == "---" { lines = lines.dropFirst() }
        while let line = lines.first {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed == "---" || trimmed == "..." {
                if !meta.isEmpty || trimmed != "" { lines = lines.dropFirst() }
                break
            }
            if line.hasPrefix("    "), !meta.isEmpty {
                meta[meta.count - 1].1 += " " + trimmed
            } else if let (key, value) = metaLine(line) {
                meta.append((key, value))
            } else {
                break
            }
            lines = lines.dropFirst()
        }
        var unique: [(key: String, value: String)] = []
        for (key, value) in meta where !unique.contains(where: { $0.key == key }) { unique.append((key, value)) }
        return Document(meta: unique, body: lines.joined(separator: "\n"))
    }

    /// `Key: value` with a key of letters, digits, `_` and `-`, indented at most three spaces.
    private static func metaLine(_ line: Substring) -> (String, String)? {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3, let colon = line.firstIndex(of: ":") else { return nil }
        let key = line[line.index(line.startIndex, offsetBy: indent)..<colon]
        guard !key.isEmpty, key.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "_" || $0 == "-" }) else { return nil }
        return (key.lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }

    /// A small regular file's text below `root`, or nil when there is none; one that cannot be
    /// used (too large, a FIFO, a link out of the source: ``ConfinedRead``) is an empty text
    /// with the warning that says why, so that no other file stands in for it.
    static func readFile(_ path: String, below root: ReadRoot) -> CaptionText.Cleaned? {
        switch ConfinedRead.read(path, below: root, limit: maximumFileBytes) {
        case .success(let data): return CaptionText.decode(data)
        case .failure(.missing): return nil
        case .failure(let failure): return CaptionText.Cleaned(text: "", warnings: [failure.warning])
        }
    }
}

/// Keyword lists as people type them: `a, b; c` → `["a", "b", "c"]`, cleaned, duplicates dropped.
enum Keywords {
    static func split(_ text: String) -> [String] {
        clean(text.split(whereSeparator: { $0 == "," || $0 == ";" }).map(String.init))
    }

    static func clean(_ words: [String]) -> [String] {
        var seen = Set<String>()
        return words.map { CaptionText.clean($0, singleLine: true).text }.filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}

/// Dates people write (`2020-01-01T09:00:00`, `2020-01-01 09:00`, `2020:01:01 09:00:00`,
/// `2020-01-01`) in the manifest's `takenAt` form, `YYYY-MM-DDTHH:MM:SS`.
enum DateText {
    static func normalize(_ raw: String) -> String? {
        let digits = raw.trimmingCharacters(in: .whitespaces).split(whereSeparator: { "-:T ".contains($0) })
        guard (3...6).contains(digits.count), digits.allSatisfy({ $0.allSatisfy(\.isASCII) && Int($0) != nil }) else { return nil }
        let numbers = digits.map { Int($0)! } + Array(repeating: 0, count: 6 - digits.count)
        guard digits[0].count == 4, (1...12).contains(numbers[1]), (1...31).contains(numbers[2]),
            (0...23).contains(numbers[3]), (0...59).contains(numbers[4]), (0...60).contains(numbers[5])
        else { return nil }
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
    }
}
