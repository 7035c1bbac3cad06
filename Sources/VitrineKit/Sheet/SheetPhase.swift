import Foundation
import VipsKit

/// The contact sheet as a whole-gallery phase: every item's cell is made by the workers
/// (``SheetCellSpec``, shrink-on-load), then each page is planned here, in gallery order (with
/// albums, album by album: ``sets(of:)``), with the items' numbers, selection badges and
/// captions as the manifest has them, and files that could not be used as placeholder cells
/// after them, and drawn from the cells by the context's page drawer (``SheetPageJob``: on the
/// workers in a command). Each page is written through a temporary file and a rename, and
/// listed in the manifest's `sheets`.
public struct SheetPhase: GalleryPhase {
    public var settings: SheetSettings
    /// The folder the sheets are written into; their manifest paths are relative to it.
    public var folder: String
    /// The file name asked for, below `folder`: numbered per page when there are several
    /// (``SheetPaging/fileName(_:page:pageCount:)``).
    public var fileName: String
    /// Whether the cells outlive the run (`build` keeps them to redraw one page alone): then
    /// they are deflated; a run that throws them away stores them, and spares the CPU. Not a
    /// setting of the sheet: its pages are the same either way. Default kept.
    public var keepsCells = true

    public init(settings: SheetSettings, folder: String, fileName: String) {
        self.settings = settings
        self.folder = folder
        self.fileName = fileName
    }

    public var name: String { "sheet" }

    public var itemOutputs: [AnyOutput] {
        var cells = settings.cellOutput
        cells.deflated = keepsCells
        return [AnyOutput(cells)]
    }

    /// What one cell shows: an item (by its place in the manifest) or a file that failed.
    enum Entry {
        case item(Int)
        case failure(ItemError)
    }

    public func run(on manifest: inout Manifest, context: GalleryPhaseContext) {
        _ = draw(on: &manifest, context: context)
    }

    /// What ``draw(on:context:keeping:)`` did: a record of every page in the manifest's
    /// `sheets`, and how many were drawn and kept.
    struct Drawn {
        var records: [SheetPageRecord] = []
        var drawn = 0
        var kept = 0
    }

    /// Draws the pages of `manifest`'s sheets into ``folder`` (with the context's page drawer,
    /// the workers in a command) and lists them in its `sheets`.
    /// - Parameter keeping: pages an earlier run drew, by path: one whose fingerprint is the
    ///   page's now, and whose file is there, is kept as it is. Default none.
    func draw(on manifest: inout Manifest, context: GalleryPhaseContext, keeping: [String: SheetPageRecord] = [:]) -> Drawn {
        let plans = pagePlans(of: manifest)
        guard !plans.isEmpty else { return Drawn() }
        let kept = plans.map { plan in
            keeping[plan.name].flatMap { $0.fingerprint == plan.fingerprint && FileStat.isFile(Path.join(folder, plan.name)) ? $0 : nil }
        }
        let drawing = plans.indices.filter { kept[$0] == nil }
        context.listener?.receive(.started(phase: .sheet, total: drawing.count))
        let answers = drawPages(drawing.map { job(for: plans[$0], in: manifest, context: context) }, context: context)
        var made = [SheetPageAnswer.Outcome?](repeating: nil, count: plans.count)
        for (index, answer) in zip(drawing, answers) { made[index] = answer }
        var drawn = Drawn()
        for (number, plan) in plans.enumerated() {
            switch (kept[number], made[number]) {
            case (let record?, _):
                drawn.records.append(record)
                drawn.kept += 1
            case (nil, .written(let width, let height)?):
                let ids = plan.cells.compactMap { cell -> String? in
                    if case .item(let index) = cell.entry { return manifest.items[index].id }
                    return nil
                }
                let sheet = ContactSheet(path: plan.name, page: plan.number, width: width, height: height, items: ids, album: plan.album)
                drawn.records.append(SheetPageRecord(fingerprint: plan.fingerprint, sheet: sheet))
                drawn.drawn += 1
            case (nil, .failed(let failure)?):
                manifest.errors.append(ItemError(path: Path.join(folder, plan.name), failure))
                manifest.errors.sort(by: ItemError.precedes)
            case (nil, nil): break
            }
        }
        manifest.sheets = drawn.records.isEmpty ? nil : drawn.records.map(\.sheet)
        return drawn
    }

    /// Draws `pages` with the context's drawer, saying each to the listener as it is done; what
    /// came of each, nil for a page not drawn (the run stopped).
    private func drawPages(_ pages: [SheetPageJob], context: GalleryPhaseContext) -> [SheetPageAnswer.Outcome?] {
        let made = Locked([SheetPageAnswer.Outcome?](repeating: nil, count: pages.count))
        context.pages.drawPages(pages, isCancelled: context.isCancelled) { index, answer in
            let path = pages[index].path
            made.withLock { $0[index] = answer.outcome }
            for warning in answer.warnings { context.listener?.receive(.warning(path: warning.path, message: warning.message)) }
            if case .failed(let failure) = answer.outcome {
                context.listener?.receive(ItemError(path: path, failure).event)
                context.listener?.receive(.item(phase: .sheet, path: path, status: .failed))
            } else {
                context.listener?.receive(.item(phase: .sheet, path: path, status: .ok))
            }
        }
        return made.current
    }

    /// Everything a worker needs to draw the page of `plan`: each cell's file (the workers'
    /// cell of the item), number (its place in the album, or the gallery without albums),
    /// selection and caption, or a placeholder for a file that failed.
    func job(for plan: SheetPagePlan, in manifest: Manifest, context: GalleryPhaseContext) -> SheetPageJob {
        let cells = plan.cells.map { cell -> SheetPageJob.Cell in
            switch cell.entry {
            case .failure(let error):
                return SheetPageJob.Cell(content: .placeholder(name: Path.name(of: error.path), reason: Self.label(error.reason)))
            case .item(let index):
                let item = manifest.items[index]
                // A custom item without an SVG has no picture: a card with its title stands for it.
                let cellPath = Path.join(context.outputFolder, settings.cellOutput.path(forID: item.id))
                let content: SheetPageJob.Content = item.kind == .custom && item.source == nil ? .card(title: item.title ?? item.id)
                    : .picture(path: cellPath, name: Path.name(of: item.name))
                return SheetPageJob.Cell(content: content, number: settings.numbers ? cell.number : nil, selection: item.selection,
                    caption: Self.caption(of: item))
            }
        }
        return SheetPageJob(settings: settings, cells: cells, title: plan.title, footer: plan.footer, path: Path.join(folder, plan.name),
            outputFolder: context.outputFolder)
    }

    /// The bytes of the cell at `path`, a regular file below the output folder; one that is not
    /// (a FIFO, a link out) is said, and drawn as a placeholder.
    static func cellBytes(_ path: String, in context: GalleryPhaseContext) throws(ConfinedRead.Failure) -> Data {
        try SheetPageJob.cellBytes(path, below: context.outputFolder) { context.listener?.receive(.warning(path: path, message: $0)) }
    }

    /// What a placeholder cell says of a failure: `unreadable`, `damaged`, `too large`…
    static func label(_ reason: ErrorReason) -> String { reason.rawValue.replacingOccurrences(of: "-", with: " ") }

    /// The caption as a sheet shows it: plain text as it is, markup with its styling (links
    /// underlined); a custom caption, which has no text, by the item's title.
    static func caption(of item: Item) -> StyledText? {
        guard let caption = item.caption else { return nil }
        switch caption.style {
        case .plain: return caption.text.map { StyledText(plain: $0) }
        case .markup: return caption.markup.map { StyledText(pango: Markup.pango($0)) } ?? caption.text.map { StyledText(plain: $0) }
        case .custom: return item.title.map { StyledText(plain: $0) }
        }
    }
}
