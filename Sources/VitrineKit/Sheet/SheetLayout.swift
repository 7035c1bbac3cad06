/// Where everything goes on one page of a contact sheet, in pixels. The size is:
///
///     width  = 2·margin + columns·cellWidth + (columns − 1)·gap
///     height = 2·margin + header + rows·(cellHeight + caption) + (rows − 1)·gap + footer
///
/// with `rows = ⌈cells / columns⌉`, `caption` = 0 without caption lines, else
/// ``captionTop`` + lines · ``captionLineHeight``; `header` = ``titleBand`` with a title (plus
/// ``detailsLineHeight`` a line of details, as a video's sheet has), else 0; `footer` =
/// ``footerBand`` unless it is hidden. Cells fill rows left to right, top to bottom.
public struct SheetLayout: Equatable, Sendable {
    /// Caption text size in pixels, its line height, and the space between a cell and its caption.
    public static let captionFontSize = 13
    public static let captionLineHeight = 17
    public static let captionTop = 4
    /// The header: the title in bold at ``titleFontSize``, in a band of ``titleBand`` pixels;
    /// each line of details below it (a video's duration, size, codec) adds ``detailsLineHeight``.
    public static let titleFontSize = 18
    public static let titleBand = 40
    public static let detailsLineHeight = 18
    /// The footer: one line at ``footerFontSize`` in a band of ``footerBand`` pixels.
    public static let footerFontSize = 12
    public static let footerBand = 28

    public let columns: Int
    public let rows: Int
    public let cellWidth: Int
    public let cellHeight: Int
    public let gap: Int
    public let margin: Int
    /// The band below each cell that holds its caption (0 without captions).
    public let captionBand: Int
    public let headerHeight: Int
    public let footerHeight: Int

    /// - Parameters:
    ///   - cells: how many cells the page holds (at least one row is laid out).
    ///   - detailLines: lines of details under the title (a video's sheet has one).
    public init(settings: SheetSettings, cells: Int, hasHeader: Bool, hasFooter: Bool, detailLines: Int = 0) {
        columns = max(1, settings.columns)
        rows = max(1, (cells + columns - 1) / columns)
        cellWidth = settings.cell.width ?? SheetSettings.defaultCell.width!
        cellHeight = settings.cell.height ?? SheetSettings.defaultCell.height!
        gap = settings.gap
        margin = settings.margin
        captionBand = settings.captionLines > 0 ? Self.captionTop + settings.captionLines * Self.captionLineHeight : 0
        headerHeight = hasHeader ? Self.titleBand + detailLines * Self.detailsLineHeight : 0
        footerHeight = hasFooter ? Self.footerBand : 0
    }

    public var width: Int { 2 * margin + columns * cellWidth + (columns - 1) * gap }
    public var height: Int { 2 * margin + headerHeight + rows * (cellHeight + captionBand) + (rows - 1) * gap + footerHeight }

    /// A cell with its caption band: what is repeated across the grid.
    public var slotHeight: Int { cellHeight + captionBand }

    /// The top-left corner of the cell at `index` (0-based, on this page).
    public func cellOrigin(_ index: Int) -> (x: Int, y: Int) {
        let row = index / columns, column = index % columns
        return (margin + column * (cellWidth + gap), gridTop + row * (slotHeight + gap))
    }

    /// Where the grid starts, below the header.
    public var gridTop: Int { margin + headerHeight }

    /// Where the footer band starts.
    public var footerTop: Int { height - margin - footerHeight }
}

/// Pages of a contact sheet and their file names.
public enum SheetPaging {
    /// The cells of `count` items split into pages of `perPage`: ranges of indices.
    public static func pages(count: Int, perPage: Int) -> [Range<Int>] {
        guard count > 0, perPage > 0 else { return [] }
        return stride(from: 0, to: count, by: perPage).map { $0..<min($0 + perPage, count) }
    }

    /// The file name of page `page` (1-based) of `pageCount`, from the name asked for: one
    /// page keeps it; several make `sheet.jpg` into `sheet-001.jpg`, `sheet-002.jpg`… (more
    /// digits past 999 pages). A name holding a printf-style number (`%03d`, `%d`) is used as
    /// given, with every page, one page included; `%%` is a literal `%`.
    public static func fileName(_ name: String, page: Int, pageCount: Int) -> String {
        if let numbered = substitutingPattern(in: name, with: page) { return numbered }
        guard pageCount > 1 else { return name }
        let digits = max(3, String(pageCount).count)
        let number = String(repeating: "0", count: max(0, digits - String(page).count)) + String(page)
        // The extension of the file's name only: a dot in a folder's name is not one.
        let ending = Path.fileExtension(of: name)
        return Path.removingExtension(name) + "-" + number + (ending.isEmpty ? "" : "." + ending)
    }

    /// Whether `name` holds a page-number pattern (`%d`, `%03d`).
    public static func hasPattern(_ name: String) -> Bool { substitutingPattern(in: name, with: 1) != nil }

    /// `name` with its first `%d` / `%0Nd` replaced by `number` and `%%` by `%`; nil when there is none.
    static func substitutingPattern(in name: String, with number: Int) -> String? {
        var out = "", found = false
        var characters = Substring(name)
        while let character = characters.first {
            characters = characters.dropFirst()
            guard character == "%" else {
                out.append(character)
                continue
            }
            if characters.first == "%" {
                out.append("%")
                characters = characters.dropFirst()
                continue
            }
            let width = characters.prefix(while: { $0.isASCII && $0.isNumber })
            guard !found, characters.dropFirst(width.count).first == "d" else {
                out.append("%")
                continue
            }
            let digits = String(number)
            let padding = width.first == "0" ? max(0, (Int(width) ?? 0) - digits.count) : 0
            let spaces = width.first != "0" ? max(0, (Int(width) ?? 0) - digits.count) : 0
            out += String(repeating: " ", count: spaces) + String(repeating: "0", count: padding) + digits
            characters = characters.dropFirst(width.count + 1)
            found = true
        }
        return found ? out : nil
    }
}
