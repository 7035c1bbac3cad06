extension ManifestValidator {
    /// Contact sheets: paths inside the gallery, pages 1…n in order, ids of items that exist;
    /// a video's sheet: a path inside, one time per frame, increasing.
    static func sheetProblems(in manifest: Manifest, ids: [String: Int]) -> [Problem] {
        var problems: [Problem] = []
        for (number, sheet) in (manifest.sheets ?? []).enumerated() {
            let at = "/sheets/\(number)"
            if !isInside(sheet.path) {
                problems.append(.init(pointer: at + "/path", message: "'\(sheet.path)' is not a relative path inside the gallery"))
            }
            if sheet.page != number + 1 {
                problems.append(.init(pointer: at + "/page", message: "is \(sheet.page), should be \(number + 1)"))
            }
            for (place, id) in sheet.items.enumerated() where ids[id] == nil {
                problems.append(.init(pointer: at + "/items/\(place)", message: "'\(id)' is not an item's id"))
            }
        }
        for (index, item) in manifest.items.enumerated() {
            guard let sheet = item.sheet else { continue }
            let at = "/items/\(index)/sheet"
            if !isInside(sheet.path) {
                problems.append(.init(pointer: at + "/path", message: "'\(sheet.path)' is not a relative path inside the gallery"))
            }
            if sheet.times.count != sheet.frames {
                problems.append(.init(pointer: at + "/times", message: "holds \(sheet.times.count) times for \(sheet.frames) frames"))
            }
            if zip(sheet.times, sheet.times.dropFirst()).contains(where: { $0 >= $1 }) {
                problems.append(.init(pointer: at + "/times", message: "are not increasing"))
            }
        }
        return problems
    }
}
