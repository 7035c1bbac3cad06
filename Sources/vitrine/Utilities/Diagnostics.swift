import Foundation
import VitrineKit

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

    /// A line as it is (an NDJSON event), on stderr.
    static func raw(_ text: String) { write(text + "\n") }

    /// Text on stderr as it is. A message that cannot be written (stderr closed, a full disk, a
    /// pipe whose reader is gone) is dropped: telling people must never stop the work itself.
    static func write(_ text: String) { Descriptor.write(text, to: 2) }

    /// One line on stderr. Control characters (a file name may hold a CR or an escape sequence
    /// that would move the cursor, recolour or rewrite the terminal) are shown escaped, as
    /// `ls -b` shows them: `\r`, `\n`, `\t`, `\x1b`.
    private static func line(_ text: String) { raw(escapingControls(text)) }

    static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x00..<0x20, 0x7F, 0x80..<0xA0: out += String(format: "\\x%02x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Data on stdout.
enum Output {
    static func write(_ text: String) { write(Data(text.utf8)) }

    /// Writes everything or ends the process: a closed pipe (`| head`) ends it as SIGPIPE
    /// would; any other failure (a full disk) is an error, exit 3.
    static func write(_ data: Data) {
        guard let failure = Descriptor.write(data, to: 1) else { return }
        if failure == EPIPE {
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
        }
        Diagnostics.error("cannot write to standard output: \(String(cString: strerror(failure)))")
        exit(ExitStatus.fatal)
    }
}
