import Foundation
import VipsKit

/// The pages of a contact sheet as planned before any is drawn: which cells each holds, its
/// file, and a fingerprint of everything it shows (its own cells in order, with each cell's
/// picture, number, selection and caption; its header and footer; the sheet settings). A page
/// is drawn again only when its fingerprint changed, so one caption edited redraws one page.
/// Nothing in a page's fingerprint is another page's, so with albums each album's pages are
/// planned alone and a change in one album redraws that album's pages only.
struct SheetPagePlan {
    /// 1-based, within its set (``SheetSet``).
    var number: Int
    /// The file, below the phase's folder.
    var name: String
    /// The album whose sheets it is one of; nil in a gallery without albums.
    var album: String?
    /// Its cells, each with the number it shows: its place in the set, 1-based.
    var cells: [(entry: SheetPhase.Entry, number: Int)]
    /// The header's text, when there is a header.
    var title: String?
    /// The footer's left and right text.
    var footer: [String]
    var fingerprint: String
}

/// The cells one series of pages shows, numbered and paged on their own: the whole gallery,
/// or (with albums) one album's own items.
struct SheetSet {
    var album: String?
    /// The file name of its pages, before page numbers, below the phase's folder.
    var fileName: String
    var entries: [SheetPhase.Entry]
    var title: String?
}

/// What a build keeps of a page it drew: its fingerprint and what the manifest lists of it.
public struct SheetPageRecord: Codable, Equatable, Sendable {
    public var fingerprint: String
    public var sheet: ContactSheet
}

extension SheetPhase {
    /// The series of pages of a gallery's sheets. Without albums, one: its items in order, then
    /// (unless skipped) its errors. With albums, one per album holding items of its own, in
    /// album order, its pages in a folder named by the album's id (the root's beside them;
    /// ids hold no dot, so a folder never takes a page's name); the errors, which belong to no
    /// album, follow the root album's items.
    func sets(of manifest: Manifest) -> [SheetSet] {
        let title = settings.title ?? manifest.title
        let failures = settings.skipBad ? [] : manifest.errors.map(Entry.failure)
        guard let albums = manifest.albums else {
            return [SheetSet(album: nil, fileName: fileName, entries: manifest.items.indices.map(Entry.item) + failures, title: title)]
        }
        let known = Set(albums.map(\.id))
        var own: [String: [Entry]] = [:]
        for (index, item) in manifest.items.enumerated() {
            let album = item.album.flatMap { known.contains($0) ? $0 : nil } ?? Album.rootID
            own[album, default: []].append(.item(index))
        }
        own[Album.rootID, default: []] += failures
        return albums.compactMap { album in
            guard let entries = own[album.id], !entries.isEmpty else { return nil }
            let isRoot = album.id == Album.rootID
            return SheetSet(album: album.id, fileName: isRoot ? fileName : Self.fileName(fileName, inAlbum: album.id), entries: entries,
                title: isRoot ? title : title.map { $0 + " — " + (album.title ?? album.path) })
        }
    }

    /// `name` (`sheets/sheet.jpg`) for the album `album`: `sheets/2019/rome/sheet.jpg`.
    static func fileName(_ name: String, inAlbum album: String) -> String {
        guard let slash = name.lastIndex(of: "/") else { return album + "/" + name }
        return name[..<slash] + "/" + album + name[slash...]
    }

    /// Every page of `manifest`'s sheets, set after set, with its fingerprint.
    func pagePlans(of manifest: Manifest) -> [SheetPagePlan] {
        var common = (try? String(decoding: JSONEncoder.compact.encode(settings), as: UTF8.self)) ?? ""
        common += "\n" + RenderingVersion.current + "\n"
        var plans: [SheetPagePlan] = []
        for set in sets(of: manifest) {
            let pages = SheetPaging.pages(count: set.entries.count, perPage: settings.cellsPerSheet)
            let title = settings.header ? set.title : nil
            // Only with albums, so that a gallery without them keeps its fingerprints.
            let album = set.album.map { "album " + $0 + "\n" } ?? ""
            for (number, range) in pages.enumerated() {
                let name = SheetPaging.fileName(set.fileName, page: number + 1, pageCount: pages.count)
                let footer = footer(page: number, of: pages.count, range: range, entries: set.entries.count)
                let cells = range.map { (entry: set.entries[$0], number: $0 + 1) }
                var text = common + album + (title ?? "") + "\n" + name + "\n" + footer.joined(separator: "\n")
                for cell in cells { text += "\n" + fingerprintLine(cell.entry, number: cell.number, in: manifest) }
                plans.append(SheetPagePlan(number: number + 1, name: name, album: set.album, cells: cells, title: title, footer: footer,
                    fingerprint: Checksum.sha256(of: Data(text.utf8))))
            }
        }
        return plans
    }

    /// The footer's left and right text of page `number` (0-based).
    func footer(page number: Int, of count: Int, range: Range<Int>, entries: Int) -> [String] {
        let items = range.count == 1 ? "item \(range.lowerBound + 1)" : "items \(range.lowerBound + 1)–\(range.upperBound)"
        return ["sheet \(number + 1) of \(count)", "\(items) of \(entries)"]
    }

    /// What one cell shows, as text: its picture (the source's content and upright size, the
    /// cell's settings being the sheet's), number, selection, caption and badge.
    private func fingerprintLine(_ entry: Entry, number: Int, in manifest: Manifest) -> String {
        switch entry {
        case .failure(let error):
            return ["failure", Path.name(of: error.path), Self.label(error.reason)].joined(separator: "\u{1}")
        case .item(let index):
            let item = manifest.items[index]
            let caption = item.caption.map { [$0.style.rawValue, $0.text ?? "", $0.markup ?? ""].joined(separator: "\u{2}") } ?? ""
            return [item.id, item.kind.rawValue, settings.numbers ? String(number) : "", item.selection.map(String.init) ?? "",
                caption, item.title ?? "", item.durationLabel ?? "", item.source.map { $0.sha256 ?? $0.path } ?? "",
                String(item.width), String(item.height), item.name].joined(separator: "\u{1}")
        }
    }
}
