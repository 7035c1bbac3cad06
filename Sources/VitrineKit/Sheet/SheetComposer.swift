import Foundation
import VipsKit

/// One cell of a page as the composer draws it.
public struct SheetCell {
    public enum Content {
        /// A picture no larger than the cell (an item's cell, a video's frame), centred in it.
        case picture(Image)
        /// A file that could not be used: a grey cell with the reason and the file's name.
        case placeholder(name: String, reason: String)
        /// A custom item without an SVG: a neutral card with its title.
        case card(title: String)
    }

    public var content: Content
    /// Bottom-left: the item's place in the gallery (1-based).
    public var number: Int?
    /// Top-left: its place in the ordered selection.
    public var selection: Int?
    /// Below the cell, cut to its width and the caption lines with `…`.
    public var caption: StyledText?
    /// Bottom-right, as a duration badge: a frame's time.
    public var label: String?

    public init(content: Content, number: Int? = nil, selection: Int? = nil, caption: StyledText? = nil, label: String? = nil) {
        self.content = content
        self.number = number
        self.selection = selection
        self.caption = caption
        self.label = label
    }
}

/// What goes on one page besides its cells.
public struct SheetPage {
    public var layout: SheetLayout
    public var cells: [SheetCell]
    /// The header's first line (bold), and lines of details under it.
    public var title: StyledText?
    public var details: [String] = []
    /// The footer's left and right text.
    public var footerLeft: String?
    public var footerRight: String?
}

/// Draws a page: every cell with its badges and caption in a slot of its own, the slots laid
/// out by libvips' `arrayjoin`, the header and footer bands joined above and below. Only the
/// slots (as small as the sheet shows them) are held in memory; the page itself is computed
/// strip by strip as it is encoded.
public enum SheetComposer {
    public static func compose(_ page: SheetPage, settings: SheetSettings) throws(VipsError) -> Image {
        try compose(page, settings: settings, numbers: NumberBadges())
    }

    /// - Parameter numbers: the cells' number badges, shared by the pages of a phase.
    static func compose(_ page: SheetPage, settings: SheetSettings, numbers: NumberBadges) throws(VipsError) -> Image {
        let layout = page.layout
        let background = settings.background
        // Each slot is computed as soon as it is drawn: the page then joins small pictures in
        // memory, instead of running a pipeline of every cell's dozen operations (and their
        // buffers) while it is encoded, which holds far more memory.
        let slots = try page.cells.map { cell throws(VipsError) in try slot(cell, layout: layout, settings: settings, numbers: numbers).copyToMemory() }
        let gridWidth = layout.columns * layout.cellWidth + (layout.columns - 1) * layout.gap
        let gridHeight = layout.rows * layout.slotHeight + (layout.rows - 1) * layout.gap
        var grid = try canvas(width: gridWidth, height: gridHeight, colour: background)
        if !slots.isEmpty {
            let joined = try Operation.image("arrayjoin", ["in": .images(slots), "across": .int(layout.columns),
                "hspacing": .int(layout.cellWidth + layout.gap), "vspacing": .int(layout.slotHeight + layout.gap),
                "background": .doubles(background)])
            // arrayjoin leaves a gap after the last column and row too.
            grid = try Operation.image("extract_area", ["input": .image(joined), "left": .int(0), "top": .int(0),
                "width": .int(min(gridWidth, joined.width)), "height": .int(min(gridHeight, joined.height))])
            if grid.width < gridWidth || grid.height < gridHeight { grid = try placed(grid, x: 0, y: 0, in: gridWidth, gridHeight, colour: background) }
        }
        let ink = SheetText.ink(on: background), soft = SheetText.secondaryInk(on: background)
        var top = try canvas(width: layout.width, height: layout.margin + layout.headerHeight, colour: background)
        if layout.headerHeight > 0, let title = page.title {
            let textWidth = layout.width - 2 * layout.margin
            let titleFont = SheetText.font(SheetLayout.titleFontSize, bold: true)
            let line = SheetText.fit(title, width: textWidth, maxLines: 1, font: titleFont)
            top = try SheetText.draw(line, font: titleFont, colour: ink, on: top, x: layout.margin, y: layout.margin + 2,
                width: textWidth, lineHeight: SheetLayout.titleFontSize + 8)
            let detailsFont = SheetText.font(SheetLayout.captionFontSize)
            let details = page.details.flatMap { SheetText.fit(StyledText(plain: $0), width: textWidth, maxLines: 1, font: detailsFont) }
            top = try SheetText.draw(details, font: detailsFont, colour: soft, on: top, x: layout.margin,
                y: layout.margin + SheetLayout.titleFontSize + 10, width: textWidth, lineHeight: SheetLayout.detailsLineHeight)
        }
        var bottom = try canvas(width: layout.width, height: layout.margin + layout.footerHeight, colour: background)
        if layout.footerHeight > 0 {
            let font = SheetText.font(SheetLayout.footerFontSize)
            let half = (layout.width - 2 * layout.margin) / 2
            for (text, alignment, x) in [(page.footerLeft, SheetText.Alignment.left, layout.margin),
                                         (page.footerRight, .right, layout.margin + half)] {
                guard let text else { continue }
                let line = SheetText.fit(StyledText(plain: text), width: half, maxLines: 1, font: font)
                bottom = try SheetText.draw(line, font: font, colour: soft, on: bottom, x: x, y: SheetLayout.footerBand - 18,
                    width: half, lineHeight: SheetLayout.footerFontSize + 6, alignment: alignment)
            }
        }
        var page = try placed(grid, x: layout.margin, y: 0, in: layout.width, gridHeight, colour: background)
        if layout.margin + layout.headerHeight > 0 {
            page = try Operation.image("join", ["in1": .image(top), "in2": .image(page), "direction": .string("vertical")])
        }
        if layout.margin + layout.footerHeight > 0 {
            page = try Operation.image("join", ["in1": .image(page), "in2": .image(bottom), "direction": .string("vertical")])
        }
        return page
    }

    /// One cell and its caption band, `cellWidth` × `slotHeight`: the picture centred on a
    /// canvas of the sheet's colour, its number blended in there, then its caption.
    static func slot(_ cell: SheetCell, layout: SheetLayout, settings: SheetSettings, numbers: NumberBadges) throws(VipsError) -> Image {
        let background = settings.background
        var picture: Image
        switch cell.content {
        case .picture(let image):
            picture = try sRGB(image, background: background)
            if let label = cell.label { picture = try DurationBadge.draw(label, on: picture) }
            if let selection = cell.selection { picture = try SelectionBadge.draw(selection, on: picture) }
        case .placeholder(let name, let reason):
            picture = try placeholder(name: name, reason: reason, layout: layout, background: background)
        case .card(let title):
            picture = try card(title: title, layout: layout, background: background)
            if let selection = cell.selection { picture = try SelectionBadge.draw(selection, on: picture) }
        }
        var canvas = SheetCanvas(width: layout.cellWidth, height: layout.slotHeight, colour: background)
        let frame = SheetCanvas.Rect(x: (layout.cellWidth - picture.width) / 2, y: (layout.cellHeight - picture.height) / 2,
            width: picture.width, height: picture.height)
        try canvas.place(picture, x: frame.x, y: frame.y)
        if let number = cell.number { try numbers.draw(number, on: &canvas, picture: frame) }
        var slot = try canvas.image()
        if let caption = cell.caption, settings.captionLines > 0 {
            let font = SheetText.font(SheetLayout.captionFontSize)
            let lines = SheetText.fit(caption, width: layout.cellWidth, maxLines: settings.captionLines, font: font)
            slot = try SheetText.draw(lines, font: font, colour: SheetText.ink(on: background), on: slot, x: 0,
                y: layout.cellHeight + SheetLayout.captionTop, width: layout.cellWidth, lineHeight: SheetLayout.captionLineHeight,
                alignment: .centre)
        }
        return slot
    }

    /// The grey stand-in for a file that could not be used: the reason in bold, its name below.
    static func placeholder(name: String, reason: String, layout: SheetLayout, background: [Double]) throws(VipsError) -> Image {
        let ink = SheetText.ink(on: background)
        let fill = zip(background, ink).map { $0 * 0.85 + $1 * 0.15 }
        var cell = try canvas(width: layout.cellWidth, height: layout.cellHeight, colour: fill)
        let width = layout.cellWidth - 12, middle = layout.cellHeight / 2
        let bold = SheetText.font(SheetLayout.captionFontSize + 2, bold: true)
        cell = try SheetText.draw([StyledText(plain: reason)], font: bold, colour: ink, on: cell, x: 6, y: middle - 22,
            width: width, lineHeight: 20, alignment: .centre)
        let font = SheetText.font(SheetLayout.captionFontSize)
        let lines = SheetText.fit(StyledText(plain: name), width: width, maxLines: 2, font: font)
        return try SheetText.draw(lines, font: font, colour: ink, on: cell, x: 6, y: middle + 2, width: width,
            lineHeight: SheetLayout.captionLineHeight, alignment: .centre)
    }

    /// A custom item's card: a faint tint of the text colour over the sheet's, the title in bold
    /// in the middle (up to three lines, cut with `…`).
    static func card(title: String, layout: SheetLayout, background: [Double]) throws(VipsError) -> Image {
        let ink = SheetText.ink(on: background)
        let fill = zip(background, ink).map { $0 * 0.93 + $1 * 0.07 }
        let cell = try canvas(width: layout.cellWidth, height: layout.cellHeight, colour: fill)
        let bold = SheetText.font(SheetLayout.captionFontSize + 2, bold: true)
        let lines = SheetText.fit(StyledText(plain: title), width: layout.cellWidth - 16, maxLines: 3, font: bold)
        let lineHeight = 20
        return try SheetText.draw(lines, font: bold, colour: ink, on: cell, x: 8, y: (layout.cellHeight - lines.count * lineHeight) / 2,
            width: layout.cellWidth - 16, lineHeight: lineHeight, alignment: .centre)
    }

    /// A picture as 8-bit sRGB without alpha (flattened onto the sheet's colour).
    static func sRGB(_ image: Image, background: [Double]) throws(VipsError) -> Image {
        var out = image
        if out.interpretation != .srgb || out.format != .uchar {
            out = try Operation.image("colourspace", ["in": .image(out), "space": .interpretation(.srgb)])
        }
        if out.hasAlpha { out = try Operation.image("flatten", ["in": .image(out), "background": .doubles(background)]) }
        return try SheetText.flattened(out, bands: 3)
    }

    /// `image` at (`x`, `y`) on a `width` × `height` canvas of `colour`.
    static func placed(_ image: Image, x: Int, y: Int, in width: Int, _ height: Int, colour: [Double]) throws(VipsError) -> Image {
        try Operation.image("embed", ["in": .image(image), "x": .int(x), "y": .int(y), "width": .int(width), "height": .int(height),
            "extend": .string("background"), "background": .doubles(colour)])
    }

    /// A plain sRGB canvas of one colour.
    static func canvas(width: Int, height: Int, colour: [Double]) throws(VipsError) -> Image {
        let black = try Operation.image("black", ["width": .int(max(1, width)), "height": .int(max(1, height)), "bands": .int(3)])
        let flat = try Operation.image("linear", ["in": .image(black), "a": .doubles([1, 1, 1]), "b": .doubles(colour)])
        let cast = try Operation.image("cast", ["in": .image(flat), "format": .format(.uchar)])
        return try Operation.image("copy", ["in": .image(cast), "interpretation": .interpretation(.srgb)])
    }
}
