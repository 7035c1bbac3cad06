import Foundation

/// What an ``InputFile`` stands for when it is not simply the file at its path.
public enum InputOrigin: Sendable, Equatable {
    /// A remote image: the URL as given. Downloaded into the cache before it is read.
    case remote(url: String)
    /// A custom item, read from its SVG when it has one. Boxed: every file of a walk carries an
    /// origin, and a declaration inline would make each one hundreds of bytes larger.
    indirect case custom(CustomItem)

    public var url: String? {
        if case .remote(let url) = self { return url }
        return nil
    }

    public var customItem: CustomItem? {
        if case .custom(let item) = self { return item }
        return nil
    }
}

extension InputFile {
    /// What messages and errors call the file: a remote image's URL, a custom item's SVG or
    /// the entry that declared it, else its path.
    public var name: String {
        switch origin {
        case .remote(let url)?: RemoteURL.published(url)
        case .custom(let item)?: item.name
        case nil: path
        }
    }

    /// Whether it is meant to be media, and so holds its id even when it cannot be read: named
    /// like media, or asked for by URL or declaration.
    var isMeantAsMedia: Bool { origin != nil || MediaFormat.looksLikeMedia(path) }

    /// Whether its header is read by a worker: everything but a custom item without an SVG.
    var isProbed: Bool { origin?.customItem.map { $0.svg != nil } ?? true }
}

extension InputWalker {
    /// A URL among the inputs: an `http`/`https` one is found as it is (the same URL twice is
    /// one item); any other scheme is refused by name, never opened.
    static func addURL(_ text: String, inputIndex: Int, into result: inout Result, seen: inout [String: String]) {
        let scheme = RemoteURL.scheme(of: text) ?? ""
        guard RemoteURL.schemes.contains(scheme) else {
            result.errors.append(ItemError(path: RemoteURL.published(text), message: "a \(scheme): URL: only http and https URLs are read",
                reason: .unsupported))
            return
        }
        guard let url = RemoteURL.parse(text) else {
            result.errors.append(ItemError(path: RemoteURL.published(text), message: "not a valid URL", reason: .unreadable))
            return
        }
        let key = "url:" + url.absoluteString
        if let first = seen[key] {
            result.duplicates.append((RemoteURL.published(text), RemoteURL.published(first)))
            return
        }
        seen[key] = text
        result.files.append(InputFile(path: text, relativePath: ItemIdentifier.relativePath(forURL: url), inputIndex: inputIndex,
            bytes: 0, modified: 0, origin: .remote(url: text)))
    }
}
