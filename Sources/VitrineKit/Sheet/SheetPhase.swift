import Foundation
import VipsKit

/// The contact sheet as a whole-gallery phase: every item's cell is made by the workers
/// (``SheetCellSpec``, shrink-on-load), then each page is composed here from the cells, in
/// gallery order (with albums, album by album: ``sets(of:)``), with the items' numbers,
/// selection badges and captions as the manifest has them, and files that could not be used
/// as placeholder cells after them. Each page is
/// written through a temporary file and a rename, and listed in the manifest's `sheets`.
public struct SheetPhase: GalleryPhase {
    public var settings: SheetSettings
    /// The folder the sheets are written into; their manifest paths are relative to it.
    public var folder: String
    /// The file name asked for, below `folder`: numbered per page when there are several
    /// (``SheetPaging/fileName(_:page:pageCount:)``).
    public var fileName: String

    public init(settings: SheetSettings, folder: String, fileName: String) {
        self.settings = settings
        self.folder = folder
        self.fileName = fileName
    }

    public var name: String { "sheet" }

    public var itemOutputs: [AnyOutput] { [AnyOutput(settings.cellOutput)] }

    /// A page that could not be made.
    struct SheetFailure: Error {
        var path: String
        var message: String
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

    /// Draws the pages of `manifest`'s sheets into ``folder`` and lists them in its `sheets`.
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
        let made = Self.withLibvipsSetForPages(drawingAny: !drawing.isEmpty) {
            drawPages(drawing, of: plans, in: manifest, context: context)
        }
        var drawn = Drawn()
        for (number, result) in made.enumerated() {
            switch (kept[number], result) {
            case (let record?, _):
                drawn.records.append(record)
                drawn.kept += 1
            case (nil, .success(let sheet)?):
                drawn.records.append(SheetPageRecord(fingerprint: plans[number].fingerprint, sheet: sheet))
                drawn.drawn += 1
            case (nil, .failure(let failure)?):
                manifest.errors.append(ItemError(path: failure.path, message: failure.message, reason: .write))
                manifest.errors.sort(by: ItemError.precedes)
            case (nil, nil): break
            }
        }
        manifest.sheets = drawn.records.isEmpty ? nil : drawn.records.map(\.sheet)
        return drawn
    }

    /// Runs `draw` with libvips set for drawing pages in this process, and puts it back after.
    private static func withLibvipsSetForPages(drawingAny: Bool, _ draw: () -> [Result<ContactSheet, SheetFailure>?])
        -> [Result<ContactSheet, SheetFailure>?] {
        // Every operation of a page is used once: libvips' cache would keep them, and with them
        // the cells they read (measured: every cell of a 2,000-item gallery alive at the end).
        // (libvips is started first: its cache does not exist before.) liborc writes its code
        // files in XDG_RUNTIME_DIR, else HOME: this process gets a private folder, as the
        // workers do, kept until the pages are drawn.
        let scratch = ScratchFolder()
        let restore = drawingAny ? scratch.useInThisProcess() : {}
        defer {
            restore()
            scratch.remove()
        }
        let started = drawingAny && (try? Vips.initialize()) != nil
        let cacheMax = started ? Vips.operationCacheMax : 0
        if started { Vips.setOperationCacheMax(0) }
        defer { if started { Vips.setOperationCacheMax(cacheMax) } }
        // ORC (libvips 8.14's SIMD, here for the badges' blur) compiles and frees its code from
        // the threads that build and drop operations, and two lanes doing so at once corrupt
        // its code memory (measured: a crash within a few hundred pages, never with it off).
        // The workers keep it: each builds its operations from one thread. Off for one lane
        // too: its code rounds otherwise, and a page drawn alone (the one page whose caption
        // changed) must be the same bytes as when every page is drawn.
        let vectorised = started && Vips.vectorEnabled
        if vectorised { Vips.vectorEnabled = false }
        defer { if vectorised { Vips.vectorEnabled = true } }
        return draw()
    }

    /// Draws the pages numbered `drawing` and writes them, saying each to the listener as it is
    /// done; the result of each of `plans`, nil for a page not drawn.
    private func drawPages(_ drawing: [Int], of plans: [SheetPagePlan], in shown: Manifest, context: GalleryPhaseContext)
        -> [Result<ContactSheet, SheetFailure>?] {
        // Pages are composed a page per core at a time (a gallery of 100,000 items has
        // thousands), from what the manifest says now; failures are recorded after, in order.
        let lanes = max(1, min(ProcessInfo.processInfo.activeProcessorCount, drawing.count))
        let made = Locked([Result<ContactSheet, SheetFailure>?](repeating: nil, count: plans.count))
        let heard = Locked(())  // one event at a time, whichever page is done first
        let numbers = NumberBadges()  // the digits are rendered once for every page
        DispatchQueue.concurrentPerform(iterations: drawing.isEmpty ? 0 : lanes) { lane in
            for number in stride(from: lane, to: drawing.count, by: lanes).map({ drawing[$0] }) {
                // Stopped: the pages left are not drawn (nor listed).
                if context.isCancelled() { break }
                let path = Path.join(folder, plans[number].name)
                let result = drawPage(plans[number], to: path, in: shown, numbers: numbers, context: context)
                made.withLock { $0[number] = result }
                heard.withLock { _ in
                    if case .failure(let failure) = result {
                        context.listener?.receive(.error(path: path, message: failure.message, reason: .write))
                        context.listener?.receive(.item(phase: .sheet, path: path, status: .failed))
                    } else {
                        context.listener?.receive(.item(phase: .sheet, path: path, status: .ok))
                    }
                }
            }
        }
        return made.current
    }

    /// Composes one page from its cells and writes it to `path`.
    private func drawPage(_ plan: SheetPagePlan, to path: String, in shown: Manifest, numbers: NumberBadges,
        context: GalleryPhaseContext) -> Result<ContactSheet, SheetFailure> {
        let layout = SheetLayout(settings: settings, cells: plan.cells.count, hasHeader: plan.title != nil,
            hasFooter: settings.footer)
        let cells = plan.cells.map { cell(for: $0.entry, number: $0.number, in: shown, context: context) }
        var page = SheetPage(layout: layout, cells: cells, title: plan.title.map { StyledText(plain: $0) })
        (page.footerLeft, page.footerRight) = (plan.footer[0], plan.footer[1])
        do {
            let image = try SheetComposer.compose(page, settings: settings, numbers: numbers)
            let data = try ImageEncoder.encode(image, with: settings.encoding)
            try AtomicFile.write(data, to: path)
            let ids = plan.cells.compactMap { cell -> String? in
                if case .item(let index) = cell.entry { return shown.items[index].id }
                return nil
            }
            return .success(ContactSheet(path: plan.name, page: plan.number, width: image.width, height: image.height, items: ids,
                album: plan.album))
        } catch let error as VipsError {
            return .failure(SheetFailure(path: path, message: "cannot make the sheet: " + error.message))
        } catch {
            return .failure(SheetFailure(path: path, message: "\(error)"))
        }
    }

    /// The cell of an entry: the item's picture (the workers' cell) with its number (its place
    /// in the album, or the gallery without albums), selection and caption, or a placeholder
    /// for a file that failed (or a cell that cannot be read back).
    func cell(for entry: Entry, number: Int, in manifest: Manifest, context: GalleryPhaseContext) -> SheetCell {
        switch entry {
        case .failure(let error):
            return SheetCell(content: .placeholder(name: Path.name(of: error.path), reason: Self.label(error.reason)))
        case .item(let index):
            let item = manifest.items[index]
            let cellPath = Path.join(context.outputFolder, settings.cellOutput.path(forID: item.id))
            let badge = settings.numbers ? number : nil
            let caption = Self.caption(of: item)
            // A custom item without an SVG has no picture: a card with its title stands for it.
            if item.kind == .custom, item.source == nil {
                return SheetCell(content: .card(title: item.title ?? item.id), number: badge, selection: item.selection, caption: caption)
            }
            do {
                // Read as a file found in the site is (``ConfinedRead``: a FIFO put in its place
                // would block), then decoded into memory: a cell is small, and the page reads it
                // out of order.
                let bytes = try Self.cellBytes(cellPath, in: context)
                let picture = try Operation.image("pngload_buffer", ["buffer": .blob(bytes)]).copyToMemory()
                return SheetCell(content: .picture(picture), number: badge, selection: item.selection, caption: caption)
            } catch {
                return SheetCell(content: .placeholder(name: Path.name(of: item.name), reason: Self.label(.unreadable)),
                    number: badge, caption: caption)
            }
        }
    }

    /// A cell made is a small PNG: no more of a file in its place is read.
    static let maximumCellBytes = 64 << 20

    /// The bytes of the cell at `path`, a regular file below the output folder; one that is not
    /// (a FIFO, a link out) is said, and drawn as a placeholder.
    static func cellBytes(_ path: String, in context: GalleryPhaseContext) throws(ConfinedRead.Failure) -> Data {
        guard let root = ReadRoot(.site, folder: context.outputFolder) else { throw .missing }
        switch ConfinedRead.read(path, below: root, limit: maximumCellBytes) {
        case .success(let bytes): return bytes
        case .failure(let failure):
            if failure != .missing { context.listener?.receive(.warning(path: path, message: failure.warning)) }
            throw failure
        }
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
