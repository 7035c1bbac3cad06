/// How a contact sheet looks: the grid, what each cell shows, the bars, paging, encoding.
///
/// A typed value the library owns, so that `sheet` and `build` fill in the same settings
/// (each with its own options) and share their checks (``validated()``) and defaults (each
/// defined here once).
public struct SheetSettings: Codable, Hashable, Sendable {
    /// Cells a row: default ``defaultColumns``; 1 is a vertical strip.
    public var columns: Int = SheetSettings.defaultColumns
    /// The box each picture is fitted into or fills: default ``defaultCell``.
    public var cell: Box = SheetSettings.defaultCell
    /// `.fill` (default): the cell filled, the rest cropped away; `.fit`: the whole picture inside it.
    public var mode: RenditionSpec.FitMode = .fill
    /// Pixels between cells, across and down: default ``defaultGap``.
    public var gap: Int = SheetSettings.defaultGap
    /// Pixels around everything: default ``defaultMargin``.
    public var margin: Int = SheetSettings.defaultMargin
    /// The sheet's colour, 0–255 RGB: default white. Text is dark on a light one, light on a dark one.
    public var background: [Double] = [255, 255, 255]
    /// Each item's number (1-based, its place in the gallery) bottom-left of its cell: default on.
    public var numbers = true
    /// Lines of caption below each cell, cut with `…`: default ``defaultCaptionLines``; 0 for none.
    public var captionLines: Int = SheetSettings.defaultCaptionLines
    /// The header bar's text, else the gallery's title; no header when neither is set.
    public var title: String?
    /// The header bar (the title): default shown when there is a title.
    public var header = true
    /// The footer bar (`sheet 2 of 5 · items 49–96 of 213`): default shown.
    public var footer = true
    /// Cells a page: default ``columns`` × ``defaultRows``.
    public var perSheet: Int?
    /// Leave files that could not be read out, instead of showing a placeholder cell: default off.
    public var skipBad = false
    /// JPEG (default), PNG or WebP, and the quality.
    public var encoding = Encoding()

    public static let defaultColumns = 6
    public static let defaultCell = Box(width: 240, height: 240)
    public static let defaultGap = 16
    public static let defaultMargin = 24
    public static let defaultCaptionLines = 2
    /// Rows a page when ``perSheet`` is not given.
    public static let defaultRows = 8
    /// The formats a sheet can be written in.
    public static let formats: [ImageFormat] = [.jpeg, .png, .webp]
    /// The largest sheet side libvips' encoders all take (WebP stops at 16383).
    public static let maximumSide = 16383

    /// The folder below the output folder the cells are made in: default `cells` (`build` keeps
    /// them in its state folder).
    public var cellFolder = "cells"

    public init() {}

    /// Cells a page.
    public var cellsPerSheet: Int { perSheet ?? columns * Self.defaultRows }

    /// A setting that cannot work, said as the setting (``Setting``) that set it.
    public enum Problem: SettingProblem, Equatable, Sendable {
        case columns(Int)
        case cell(Box)
        case negative(Setting, value: Int)
        case captionLines(Int)
        case perSheet(Int)
        case format(ImageFormat)
        case tooLarge(width: Int, height: Int)

        public var sentence: SettingText {
            switch self {
            case .columns(let value): "\(Setting.sheetColumns) must be at least 1 (got \(value))"
            case .cell(let box):
                "\(Setting.sheetCell) needs a width and a height of 16 to \(SheetSettings.maximumSide) pixels, like 240x240 (got \(box))"
            case .negative(let setting, let value): "\(setting) cannot be negative (got \(value))"
            case .captionLines(let value): "\(Setting.sheetCaptionLines) must be 0 to 10 (got \(value))"
            case .perSheet(let value): "\(Setting.sheetPerPage) must be at least 1 (got \(value))"
            case .format(let format): "a sheet cannot be written as \(format.rawValue): jpeg, png or webp"
            case .tooLarge(let width, let height):
                "a page would be \(width)x\(height) pixels, over \(SheetSettings.maximumSide) a side: "
                    + "use fewer \(Setting.sheetColumns) or a smaller \(Setting.sheetPerPage)"
            }
        }
    }

    /// These settings, or the first one that cannot work.
    public func validated() throws(Problem) -> SheetSettings {
        guard columns >= 1 else { throw .columns(columns) }
        guard let width = cell.width, let height = cell.height, width >= 16, height >= 16,
            width <= Self.maximumSide, height <= Self.maximumSide
        else { throw .cell(cell) }
        if gap < 0 { throw .negative(.sheetGap, value: gap) }
        if margin < 0 { throw .negative(.sheetMargin, value: margin) }
        guard (0...10).contains(captionLines) else { throw .captionLines(captionLines) }
        if let perSheet, perSheet < 1 { throw .perSheet(perSheet) }
        guard Self.formats.contains(encoding.format) else { throw .format(encoding.format) }
        let full = SheetLayout(settings: self, cells: cellsPerSheet, hasHeader: header, hasFooter: footer)
        guard full.width <= Self.maximumSide, full.height <= Self.maximumSide else {
            throw .tooLarge(width: full.width, height: full.height)
        }
        return self
    }

    /// The cell kind the workers make for these settings.
    public var cellOutput: SheetCellSpec {
        SheetCellSpec(width: cell.width ?? 1, height: cell.height ?? 1, mode: mode, folder: cellFolder)
    }
}
