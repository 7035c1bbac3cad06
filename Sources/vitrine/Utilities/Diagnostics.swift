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
