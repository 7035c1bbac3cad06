import Foundation
import VipsKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One contact-sheet page as a worker draws it: everything the page shows (its cells' files,
/// numbers, badges and captions, its header and footer, the sheet's settings) and the file it
/// is written to. The main process plans pages and sends these; it never holds a page's pixels.
public struct SheetPageJob: Codable, Hashable, Sendable {
    /// What one cell shows.
    public enum Content: Codable, Hashable, Sendable {
        /// The cell a worker made (a PNG below ``SheetPageJob/outputFolder``); when it cannot be
        /// read, a placeholder with `name`, the item's file name.
        case picture(path: String, name: String)
        /// A file that could not be used: a grey cell with the reason and the file's name.
        case placeholder(name: String, reason: String)
        /// A custom item without an SVG: a neutral card with its title.
        case card(title: String)
    }

    public struct Cell: Codable, Hashable, Sendable {
        public var content: Content
        /// Bottom-left: the item's place in its set, 1-based.
        public var number: Int?
        /// Top-left: its place in the ordered selection.
        public var selection: Int?
        public var caption: StyledText?
    }

    public var settings: SheetSettings
    public var cells: [Cell]
    /// The header's text, when there is a header.
    public var title: String?
    /// The footer's left and right text.
    public var footer: [String]
    /// The page's file, written through a temporary file and a rename.
    public var path: String
    /// The folder the cells were made below: none is read through a link out of it.
    public var outputFolder: String

    /// Seconds a page may take beyond the pool's time limit, a cell: a page reads and composes
    /// every cell, and the limit is meant for one file.
    static let extraSecondsPerCell = 0.1

    var extraSeconds: Double { Double(cells.count) * Self.extraSecondsPerCell }
}

/// What came of drawing one page.
public struct SheetPageAnswer: Codable, Equatable, Sendable {
    public enum Outcome: Codable, Equatable, Sendable {
        /// The page is in place, this size.
        case written(width: Int, height: Int)
        case failed(ItemFailure)
    }

    /// A cell's file that was passed over (a FIFO, a link out of the folder): drawn as a placeholder.
    public struct CellWarning: Codable, Equatable, Sendable {
        public var path: String
        public var message: String
    }

    public var outcome: Outcome
    public var warnings: [CellWarning] = []
    /// The process that drew it: 0 when no process did (a worker that crashed on it).
    public var process: Int32 = 0

    public init(outcome: Outcome, warnings: [CellWarning] = [], process: Int32 = 0) {
        self.outcome = outcome
        self.warnings = warnings
        self.process = process
    }
}

extension SheetPageJob {
    /// A cell made is a small PNG: no more of a file in its place is read.
    static let maximumCellBytes = 64 << 20

    /// Number badges for every page a worker draws (the digits rendered once a size).
    private static let workerNumbers = NumberBadges()

    /// Draws the page in a worker process.
    func drawnInWorker() -> SheetPageAnswer {
        // libvips' vector code rounds otherwise than its C code in the badges' blur: the page is
        // drawn as in process (``InProcessPageDrawer``), where it must be off.
        let vectorised = Vips.vectorEnabled
        if vectorised { Vips.vectorEnabled = false }
        defer { if vectorised { Vips.vectorEnabled = true } }
        return draw(numbers: Self.workerNumbers)
    }

    /// Composes the page from its cells and writes it to ``path``.
    /// - Parameter numbers: the cells' number badges, shared by the pages this process draws.
    func draw(numbers: NumberBadges) -> SheetPageAnswer {
        var warnings: [SheetPageAnswer.CellWarning] = []
        let layout = SheetLayout(settings: settings, cells: cells.count, hasHeader: title != nil, hasFooter: settings.footer)
        let shown = cells.map { sheetCell($0, warnings: &warnings) }
        var page = SheetPage(layout: layout, cells: shown, title: title.map { StyledText(plain: $0) })
        (page.footerLeft, page.footerRight) = (footer.first, footer.dropFirst().first)
        let outcome: SheetPageAnswer.Outcome
        do {
            let image = try SheetComposer.compose(page, settings: settings, numbers: numbers)
            let data = try ImageEncoder.encode(image, with: settings.encoding)
            try AtomicFile.write(data, to: path)
            outcome = .written(width: image.width, height: image.height)
        } catch let error as VipsError {
            outcome = .failed(.write("cannot make the sheet: " + error.message))
        } catch {
            outcome = .failed(.write("\(error)"))
        }
        return SheetPageAnswer(outcome: outcome, warnings: warnings, process: getpid())
    }

    /// The cell as the composer draws it: a cell that cannot be read back is a placeholder.
    private func sheetCell(_ cell: Cell, warnings: inout [SheetPageAnswer.CellWarning]) -> SheetCell {
        switch cell.content {
        case .placeholder(let name, let reason):
            return SheetCell(content: .placeholder(name: name, reason: reason), number: cell.number, selection: cell.selection,
                caption: cell.caption)
        case .card(let title):
            return SheetCell(content: .card(title: title), number: cell.number, selection: cell.selection, caption: cell.caption)
        case .picture(let path, let name):
            do {
                // Read as a file found in the site is (``ConfinedRead``: a FIFO put in its place
                // would block), then decoded into memory: a cell is small, and the page reads it
                // out of order.
                let bytes = try Self.cellBytes(path, below: outputFolder) { warnings.append(.init(path: path, message: $0)) }
                let picture = try Operation.image("pngload_buffer", ["buffer": .blob(bytes)]).copyToMemory()
                return SheetCell(content: .picture(picture), number: cell.number, selection: cell.selection, caption: cell.caption)
            } catch {
                return SheetCell(content: .placeholder(name: name, reason: SheetPhase.label(.unreadable)), number: cell.number,
                    caption: cell.caption)
            }
        }
    }

    /// The bytes of the cell at `path`, a regular file below `folder`; one that is not (a FIFO,
    /// a link out) is told to `warn`, and drawn as a placeholder.
    static func cellBytes(_ path: String, below folder: String, warn: (String) -> Void) throws(ConfinedRead.Failure) -> Data {
        guard let root = ReadRoot(.site, folder: folder) else { throw .missing }
        switch ConfinedRead.read(path, below: root, limit: maximumCellBytes) {
        case .success(let bytes): return bytes
        case .failure(let failure):
            if failure != .missing { warn(failure.warning) }
            throw failure
        }
    }
}
