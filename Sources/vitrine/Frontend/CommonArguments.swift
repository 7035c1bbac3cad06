import ArgumentKit
import Foundation
import VitrineKit

extension ParsedCommand {
    /// The `--output` a command needs; nil after the usage error that names it as the command's
    /// help does (`missing option '--output DIR'`).
    func requiredOutput() -> String? {
        guard let output = value("output"), !output.isEmpty else {
            let placeholder = spec.option(long: "output")?.placeholder ?? "PATH"
            Diagnostics.usageError("missing option '--output \(placeholder)'", commandPath: path)
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
