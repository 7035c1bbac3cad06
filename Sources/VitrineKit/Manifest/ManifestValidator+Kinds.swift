import Foundation

extension ManifestChecks {
    /// What an item's kind asks of it that the schema cannot say: a picture or a video has a
    /// `format` and a `source`; a `source.url` is an `http`/`https` URL. (The schema already
    /// forbids `view` on them and `format` on a custom item; saying it twice would be noise.)
    mutating func checkKind(of item: ItemFields, at pointer: String) {
        guard let kind = item[.kind]?.string else { return }
        if kind != ItemKind.custom.rawValue {
            if item[.format] == nil { add(item.node, pointer + "/format", "missing: every \(kind) has one") }
            if item[.source] == nil { add(item.node, pointer + "/source", "missing: every \(kind) has one") }
        }
        if let node = item[.source]?["url"], let url = node.string, RemoteURL.parse(url) == nil {
            add(node, pointer + "/source/url", "'\(url)' is not an http or https URL")
        }
    }
}
