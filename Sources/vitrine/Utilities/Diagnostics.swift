import Foundation

/// People's messages: one line each, on stderr, prefixed with the program name.
enum Diagnostics {
    static func error(_ message: String) { line("vitrine: error: \(message)") }
    static func warning(_ message: String) { line("vitrine: warning: \(message)") }
    static func note(_ message: String) { line("vitrine: \(message)") }

    /// A file-specific problem: `vitrine: error: photos/a.jpg: not a recognised image format`.
    static func fileError(path: String, message: String) { error("\(path): \(message)") }

    static func usageError(_ message: String, commandPath: [String]) {
        let command = commandPath.isEmpty ? "vitrine" : commandPath.joined(separator: " ")
        line("vitrine: error: \(message) (see '\(command) --help')")
    }

    private static func line(_ text: String) {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        FileHandle.standardError.write(Data((flat + "\n").utf8))
    }
}

/// Data on stdout.
enum Output {
    static func write(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    static func write(_ data: Data) { FileHandle.standardOutput.write(data) }
}
