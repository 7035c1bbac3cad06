import Foundation

/// Contact-sheet pages are drawn again one by one, only when what a page shows changed: its
/// own cells (each item's picture, place, id, caption, duration, selection), their order, its
/// header and footer, or the sheet settings (``SheetPagePlan``). The state keeps each page's
/// fingerprint with what the manifest lists of it.
struct SheetReuse: Codable {
    var pages: [SheetPageRecord]

    static let noteKey = "sheet-pages"

    /// The pages the last build drew.
    /// Those of an earlier vitrine, which kept one fingerprint for all (`sheets`), come back
    /// with none, to be drawn again or removed.
    static func kept(in state: StateStore) -> [SheetPageRecord] {
        if let note = state.note(noteKey) { return (try? JSONDecoder().decode(SheetReuse.self, from: note))?.pages ?? [] }
        struct Earlier: Decodable { var sheets: [ContactSheet] }
        let earlier = state.note("sheets").flatMap { try? JSONDecoder().decode(Earlier.self, from: $0) }
        return earlier?.sheets.map { SheetPageRecord(fingerprint: "", sheet: $0) } ?? []
    }

    /// What a build with `phase` would do with the sheet pages of `manifest`, drawing nothing:
    /// how many pages it draws, keeps and removes, and a line for each (`--dry-run`).
    static func plan(_ manifest: Manifest, phase: SheetPhase, kept: [SheetPageRecord],
                     force: Bool) -> (make: Int, keep: Int, remove: Int, actions: [String]) {
        let byPath = Dictionary(kept.map { ($0.sheet.path, $0) }, uniquingKeysWith: { first, _ in first })
        let plans = phase.pagePlans(of: manifest)
        var result = (make: 0, keep: 0, remove: 0, actions: [String]())
        for plan in plans {
            let keeps = !force && byPath[plan.name]?.fingerprint == plan.fingerprint && FileStat.isFile(Path.join(phase.folder, plan.name))
            if keeps { result.keep += 1 } else { result.make += 1 }
            result.actions.append((keeps ? "keep sheet " : "make sheet ") + plan.name)
        }
        let planned = Set(plans.map(\.name))
        for record in kept where !planned.contains(record.sheet.path) {
            result.remove += 1
            result.actions.append("remove " + record.sheet.path)
        }
        return result
    }
}
