import Foundation

/// `http` and `https` URLs as inputs: recognised among paths, checked, and named.
///
/// An input written `scheme://…` is a URL, never a path. Only `http` and `https` are fetched;
/// anything else (`file:`, `ftp:`, `data:`) is refused by name, never opened.
public enum RemoteURL {
    /// The schemes vitrine downloads from, and follows redirects to.
    public static let schemes: Set<String> = ["http", "https"]

    /// The URL `text` names when it is an `http` or `https` URL with a host; nil otherwise.
    public static func parse(_ text: String) -> URL? {
        guard let scheme = scheme(of: text), schemes.contains(scheme),
            !text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F }),
            let components = URLComponents(string: text), let host = components.host, !host.isEmpty,
            let url = components.url
        else { return nil }
        return url
    }

    /// `text` as it may be published (in the manifest, the page, messages): without user info
    /// (`user:password@`), and without the query and fragment, which often carry tokens, unless
    /// `keepQuery`. Worked on the text, so that a URL too broken to parse is cleaned all the same.
    public static func published(_ text: String, keepQuery: Bool = false) -> String {
        guard let separator = text.range(of: "://") else { return text }
        var rest = text[separator.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        if let at = rest[..<authorityEnd].lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if !keepQuery, let cut = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<cut] }
        return String(text[..<separator.upperBound] + rest)
    }

    /// The scheme, lower-cased, when `text` is written as a URL (`scheme://…`); nil for a path.
    public static func scheme(of text: String) -> String? {
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound]
        guard let first = scheme.unicodeScalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first),
            scheme.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }

    /// The last part of the URL's path, percent-decoded (`Beach Day.jpg`), for a file named
    /// after it; nil when the path has none.
    public static func fileName(of text: String) -> String? {
        guard let url = parse(text), let last = pathComponents(of: url).last else { return nil }
        return last
    }

    /// The path's parts, percent-decoded, without empty ones, `.` or `..`; `/` inside a part
    /// (written `%2F`) becomes `-`.
    static func pathComponents(of url: URL) -> [String] {
        let encoded = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        return encoded.split(separator: "/").map { part in
            (String(part).removingPercentEncoding ?? String(part)).replacingOccurrences(of: "/", with: "-")
        }.filter { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// The host, lower-cased, without the port or IPv6 brackets.
    static func host(of url: URL) -> String {
        let host = URLComponents(url: url, resolvingAgainstBaseURL: false)?.host ?? ""
        return host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
    }
}
