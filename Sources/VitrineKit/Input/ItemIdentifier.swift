import Foundation

/// Item ids: stable, unique and URL-safe, made from the path below the input folder.
///
/// `Beach/DSC_0042.JPG` becomes `beach/dsc-0042`: the extension is dropped, letters are
/// folded to lower-case ASCII (`hélicoïde` → `helicoide`), every other run of characters
/// becomes one `-`, and folders stay as `/`. A name with nothing left becomes `item`. A part
/// longer than ``maximumComponentLength`` is cut and ends in `-` and 8 hex digits of a hash of
/// the whole part, so that every output named after an id fits in a file name.
public enum ItemIdentifier {
    /// The longest part of an id, between slashes: 180 characters leaves room for the longest
    /// output suffix (`-2048x2048@2x.webp`, `_files`) within the 255 bytes of a file name.
    public static let maximumComponentLength = 180

    /// The slug of a relative path, before collisions are resolved.
    public static func slug(forRelativePath path: String) -> String {
        var components = path.split(separator: "/").map(String.init).filter { $0 != "." && $0 != ".." }
        guard let last = components.popLast() else { return "item" }
        let parts = components.map { slug(component: $0) } + [slug(component: stem(of: last))]
        return parts.joined(separator: "/")
    }

    /// Unique ids for relative paths, in the same order. Collisions (`a.jpg` and `a.png`)
    /// get `-2`, `-3`… by natural order of the paths, so the same tree always gets the same ids.
    ///
    /// `kept` (same order, or empty) holds the id each path had in the site's last manifest, if
    /// any: a path keeps it while it is one its slug could get (the slug, or the slug and a suffix
    /// of 2 or more), so that removing a file never renames its look-alikes. The other paths get
    /// their slug when no path holds it, else the next suffix that none holds.
    public static func uniqueIDs(forRelativePaths paths: [String], kept: [String?] = []) -> [String] {
        let keys = paths.map(NaturalOrder.Key.init)
        let order = paths.indices.sorted { keys[$0] < keys[$1] }
        var ids = [String](repeating: "", count: paths.count)
        let wanted = paths.map(slug(forRelativePath:))
        var taken = Set<String>()
        // Ids kept from the last build come first: a file keeps its id for as long as it is there.
        var open: [Int] = []
        for index in order {
            if index < kept.count, let id = kept[index], isID(id, ofSlug: wanted[index]), taken.insert(id).inserted {
                ids[index] = id
            } else {
                open.append(index)
            }
        }
        // Then every path whose slug is free keeps it exactly, wherever it sorts.
        var losers: [Int] = []
        for index in open {
            if taken.insert(wanted[index]).inserted { ids[index] = wanted[index] } else { losers.append(index) }
        }
        for index in losers {
            var counter = 2
            while !taken.insert("\(wanted[index])-\(counter)").inserted { counter += 1 }
            ids[index] = "\(wanted[index])-\(counter)"
        }
        return ids
    }

    /// Whether `id` is one that a path of slug `slug` gets: the slug, or it and `-N` (N ≥ 2).
    /// An id from an edited manifest, or from another version's rule, is not kept.
    static func isID(_ id: String, ofSlug slug: String) -> Bool {
        if id == slug { return true }
        guard id.hasPrefix(slug + "-") else { return false }
        let suffix = id.utf8.dropFirst(slug.utf8.count + 1)
        guard let first = suffix.first, first != UInt8(ascii: "0"), suffix.count <= 18,
            suffix.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return false }
        return suffix.count > 1 || first != UInt8(ascii: "1")
    }

    /// What a remote image's id is made from, as a file's path below its input: the URL's host
    /// (without port) and its path, percent-decoded, `index` when the path names no file. The
    /// query string is left out (it may hold secrets): `https://Example.com/a/Beach%20Day.jpg?t=1`
    /// gives `example.com/a/Beach Day.jpg`, whose slug is `example-com/a/beach-day`.
    public static func relativePath(forURL url: URL) -> String {
        var parts = [RemoteURL.host(of: url)] + RemoteURL.pathComponents(of: url)
        let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        if parts.count == 1 || path.hasSuffix("/") { parts.append("index") }
        return parts.joined(separator: "/")
    }

    static func stem(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    static func slug(component: String) -> String {
        var out = ""
        var pendingDash = false
        for scalar in component.decomposedStringWithCompatibilityMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            let lowered = scalar.properties.lowercaseMapping
            for character in lowered.unicodeScalars {
                if ("a"..."z").contains(character) || ("0"..."9").contains(character) {
                    if pendingDash && !out.isEmpty { out.append("-") }
                    pendingDash = false
                    out.unicodeScalars.append(character)
                } else {
                    pendingDash = true
                }
            }
        }
        if out.isEmpty { return "item" }
        guard out.utf8.count > maximumComponentLength else { return out }
        // FNV-1a, the same on every machine (Swift's Hasher is seeded per process).
        var hash: UInt32 = 0x811C_9DC5
        for byte in out.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        var cut = String(out.prefix(maximumComponentLength - 9))
        while cut.hasSuffix("-") { cut.removeLast() }
        return cut + "-" + String(format: "%08x", hash)
    }
}
