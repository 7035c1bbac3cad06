import Foundation
import VipsKit

/// Contact sheets are composed again only when something they show changed: the settings, or
/// for any item its place, id, caption, duration, selection or picture. A fingerprint of
/// all of it is kept in the state with the sheets made from it.
struct SheetReuse: Codable {
    var fingerprint: String
    var sheets: [ContactSheet]

    static let noteKey = "sheets"

    /// The fingerprint of what `settings` would draw of `manifest` (whose items are in order).
    static func fingerprint(of manifest: Manifest, settings: SheetSettings) -> String {
        var text = (try? String(decoding: JSONEncoder.compact.encode(settings), as: UTF8.self)) ?? ""
        text += RenderingVersion.current + "\n" + (manifest.title ?? "") + "\n"
        for item in manifest.items {
            let caption = item.caption.flatMap { $0.markup ?? $0.text } ?? ""
            text += [item.id, caption, item.durationLabel ?? "", item.selection.map(String.init) ?? "",
                item.source.map { $0.sha256 ?? $0.path } ?? item.title ?? "", String(item.width), String(item.height)].joined(separator: "\u{1}") + "\n"
        }
        for error in manifest.errors { text += error.path + "\u{1}" + error.message + "\n" }
        return Checksum.sha256(of: Data(text.utf8))
    }
}
