import ArgumentKit
import Foundation
import VitrineKit

extension ParsedCommand {
    /// The `--output` a command needs; nil after the usage error that names it as the command's
    /// help does (`missing option '--output DIR'`).
    func requiredOutput(_ key: Option<String?>) -> String? {
        guard let output = self[key], !output.isEmpty else {
            Diagnostics.usageError("missing option '\(key.flagName) \(key.spec.placeholder ?? "PATH")'", commandPath: path)
            return nil
        }
        return output
    }
}

extension ManifestFile {
    /// The manifest in `file` (- for stdin); nil after the one-line error naming the file.
    static func readReportingFailure(_ file: String) -> Manifest? {
        do { return try read(file) } catch {
            Diagnostics.fileError(path: file, message: error.description)
            return nil
        }
    }
}

extension Conversion where Target == Box {
    /// A box as `--size` takes it: `256x256`, `256` (width only) or `x256` (height only).
    static var box: Conversion { Conversion(.size) { Dimensions(parsing: $0).map { Box(width: $0.width, height: $0.height) } } }
}

extension Conversion where Target == PosterTime {
    /// `2.5` (seconds) or `10%` (of the duration).
    static var posterTime: Conversion { .custom(name: "seconds like 2.5 or a percentage like 10%", convert: PosterTime.init(parsing:)) }
}

extension Conversion where Target == [Double] {
    /// A colour: `#ffffff`, `255,255,255` or a name.
    static var colour: Conversion { .custom(name: "a colour like #ffffff, 255,255,255 or white", convert: Colour.parse) }
}
