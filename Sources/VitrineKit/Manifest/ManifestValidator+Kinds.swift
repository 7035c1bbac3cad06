import Foundation

extension ManifestValidator {
    /// What an item's kind asks of it: a picture or a video has a `format` and a `source` and
    /// no `view`; a custom item has no `format`; a `source.url` is an `http`/`https` URL.
    static func kindProblems(of item: Item, at pointer: String) -> [Problem] {
        var problems: [Problem] = []
        if item.kind == .custom {
            if item.format != nil { problems.append(.init(pointer: pointer + "/format", message: "a custom item has no format")) }
        } else {
            if item.format == nil { problems.append(.init(pointer: pointer + "/format", message: "missing: every \(item.kind.rawValue) has one")) }
            if item.source == nil { problems.append(.init(pointer: pointer + "/source", message: "missing: every \(item.kind.rawValue) has one")) }
            if item.view != nil { problems.append(.init(pointer: pointer + "/view", message: "only custom items have one")) }
        }
        if let url = item.source?.url, RemoteURL.parse(url) == nil {
            problems.append(.init(pointer: pointer + "/source/url", message: "'\(url)' is not an http or https URL"))
        }
        if let view = item.view, !view.text.hasPrefix("{") {
            problems.append(.init(pointer: pointer + "/view", message: "is not a JSON object"))
        }
        return problems
    }
}
