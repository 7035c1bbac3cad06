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

    /// A line as it is (an NDJSON event), on stderr.
    static func raw(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }

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
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(1, raw.baseAddress! + offset, raw.count - offset)
                if written >= 0 {
                    offset += written
                    continue
                }
                if errno == EINTR { continue }
                if errno == EPIPE {
                    signal(SIGPIPE, SIG_DFL)
                    raise(SIGPIPE)
                }
                Diagnostics.error("cannot write to standard output: \(String(cString: strerror(errno)))")
                exit(ExitStatus.fatal)
            }
        }
    }
}
