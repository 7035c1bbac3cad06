import Foundation
import VipsKit

/// The pages of a contact sheet as planned before any is drawn: which cells each holds, its
/// file, and a fingerprint of everything it shows (its own cells in order, with each cell's
/// picture, number, selection and caption; its header and footer; the sheet settings). A page
/// is drawn again only when its fingerprint changed, so one caption edited redraws one page.
/// Nothing in a page's fingerprint is another page's: a later set of sheets (one per album)
/// can plan its pages the same way.
struct SheetPagePlan {
    var number: Int
    /// The file, below the phase's folder.
    var name: String
    /// The page's cells: a range of the phase's entries.
    var range: Range<Int>
    var fingerprint: String
}

/// What a build keeps of a page it drew: its fingerprint and what the manifest lists of it.
public struct SheetPageRecord: Codable, Equatable, Sendable {
    public var fingerprint: String
    public var sheet: ContactSheet
}

extension SheetPhase {
    /// The cells of a gallery's sheets: its items in order, then (unless skipped) its errors.
    func entries(of manifest: Manifest) -> [Entry] {
        manifest.items.indices.map(Entry.item) + (settings.skipBad ? [] : manifest.errors.map(Entry.failure))
    }

    /// Every page of `manifest`'s sheets, with its fingerprint.
    func pagePlans(of manifest: Manifest, entries: [Entry]) -> [SheetPagePlan] {
        let pages = SheetPaging.pages(count: entries.count, perPage: settings.cellsPerSheet)
        guard !pages.isEmpty else { return [] }
        let title = settings.title ?? manifest.title
        var common = (try? String(decoding: JSONEncoder.compact.encode(settings), as: UTF8.self)) ?? ""
        common += "\n" + RenderingVersion.current + "\n" + (settings.header ? title ?? "" : "") + "\n"
        return pages.enumerated().map { number, range in
            let name = SheetPaging.fileName(fileName, page: number + 1, pageCount: pages.count)
            var text = common + name + "\n" + footer(page: number, of: pages.count, range: range, entries: entries.count).joined(separator: "\n")
            for entry in entries[range] { text += "\n" + fingerprintLine(entry, in: manifest) }
            return SheetPagePlan(number: number + 1, name: name, range: range, fingerprint: Checksum.sha256(of: Data(text.utf8)))
        }
    }

    /// The footer's left and right text of page `number` (0-based).
    func footer(page number: Int, of count: Int, range: Range<Int>, entries: Int) -> [String] {
        let items = range.count == 1 ? "item \(range.lowerBound + 1)" : "items \(range.lowerBound + 1)–\(range.upperBound)"
        return ["sheet \(number + 1) of \(count)", "\(items) of \(entries)"]
    }

    /// What one cell shows, as text: its picture (the source's content and upright size, the
    /// cell's settings being the sheet's), number, selection, caption and badge.
    private func fingerprintLine(_ entry: Entry, in manifest: Manifest) -> String {
        switch entry {
        case .failure(let error):
            return ["failure", Path.name(of: error.path), Self.label(error.reason)].joined(separator: "\u{1}")
        case .item(let index):
            let item = manifest.items[index]
            let caption = item.caption.map { [$0.style.rawValue, $0.text ?? "", $0.markup ?? ""].joined(separator: "\u{2}") } ?? ""
            return [item.id, item.kind.rawValue, settings.numbers ? String(index + 1) : "", item.selection.map(String.init) ?? "",
                caption, item.title ?? "", item.durationLabel ?? "", item.source.map { $0.sha256 ?? $0.path } ?? "",
                String(item.width), String(item.height), item.name].joined(separator: "\u{1}")
        }
    }
}
