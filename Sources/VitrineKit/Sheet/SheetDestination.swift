import Foundation

/// What `sheet -o` names, one rule for contact sheets and video sheets: a folder when it is an
/// existing folder or ends in `/` (the sheets get names of vitrine's own in it), else a file
/// name in its parent folder, numbered per page (``SheetPaging/fileName(_:page:pageCount:)``)
/// or per video (``SheetDestination/videoFileName(_:id:videoCount:)``) when there are several.
public struct SheetDestination: Equatable, Sendable {
    /// Where the sheets are written; their manifest paths are relative to it.
    public var folder: String
    /// The file name asked for, below ``folder``; nil when `-o` named a folder.
    public var fileName: String?

    /// The name of a contact sheet written into a folder, before its extension.
    public static let defaultSheetName = "sheet"

    public init(folder: String, fileName: String?) {
        self.folder = folder
        self.fileName = fileName
    }

    /// `-o output` read by the rule above.
    public init(output: String) {
        var info = stat()
        if output.hasSuffix("/") || (stat(output, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR) {
            self.init(folder: output, fileName: nil)
        } else {
            self.init(folder: Path.parent(of: output), fileName: Path.name(of: output))
        }
    }

    /// The contact sheet's file name: the one asked for, else `sheet.<ext>`.
    public func sheetName(format: ImageFormat) -> String { fileName ?? Self.defaultSheetName + "." + format.fileExtension }

    /// The extension of the file name asked for, lowercased; empty for a folder.
    public var fileExtension: String { fileName.map { Path.fileExtension(of: $0).lowercased() } ?? "" }

    /// The file name of the sheet of video `id` among `videoCount`, from the name asked for: a
    /// name holding `%s` has it replaced by the id (`%%` is a literal `%`); a lone video keeps
    /// the name as it is; several make `clip.jpg` into `clip-<id>.jpg`.
    public static func videoFileName(_ name: String, id: String, videoCount: Int) -> String {
        if let named = substitutingID(in: name, with: id) { return named }
        guard videoCount > 1 else { return name }
        let ending = Path.fileExtension(of: name)
        return Path.removingExtension(name) + "-" + id + (ending.isEmpty ? "" : "." + ending)
    }

    /// `name` with its first `%s` replaced by `id` and `%%` by `%`; nil when there is no `%s`.
    static func substitutingID(in name: String, with id: String) -> String? {
        var out = "", found = false
        var characters = Substring(name)
        while let character = characters.first {
            characters = characters.dropFirst()
            guard character == "%", let next = characters.first, next == "%" || (next == "s" && !found) else {
                out.append(character)
                continue
            }
            characters = characters.dropFirst()
            if next == "%" {
                out.append("%")
            } else {
                out += id
                found = true
            }
        }
        return found ? out : nil
    }
}
