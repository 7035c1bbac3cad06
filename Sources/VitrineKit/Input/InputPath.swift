import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A path as the file system has it: bytes. On Linux a file name is any bytes but `/` and NUL,
/// not always UTF-8 (`caf\xe9.jpg` from an old Latin-1 camera card). vitrine walks and opens
/// files with their bytes, and shows and records them with ``display``.
public struct InputPath: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The bytes, without a final NUL.
    public let bytes: [UInt8]
    /// The bytes read as UTF-8, with U+FFFD (�) in place of what is not UTF-8: what people
    /// see, and the manifest's `source.path`.
    public let display: String
    /// Whether ``display`` is the bytes exactly (they are UTF-8).
    public let isUTF8: Bool

    public init(_ string: String) {
        bytes = Array(string.utf8)
        display = string
        isUTF8 = true
    }

    public init(stringLiteral value: String) { self.init(value) }

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        if let text = String(validating: bytes, as: UTF8.self) {
            display = text
            isUTF8 = true
        } else {
            display = String(decoding: bytes, as: UTF8.self)
            isUTF8 = false
        }
    }

    public var description: String { display }

    /// `self/name` (one slash between them).
    public func appending(_ name: [UInt8]) -> InputPath {
        if bytes.isEmpty { return InputPath(bytes: name) }
        return InputPath(bytes: bytes.last == UInt8(ascii: "/") ? bytes + name : bytes + [UInt8(ascii: "/")] + name)
    }

    /// Runs `body` with the path as a C string, for system calls.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// stat(2) of the path (following links); nil with `errno` set when it fails.
    public func status() -> stat? {
        var info = stat()
        return withCString { stat($0, &info) } == 0 ? info : nil
    }

    /// The names in the folder at this path, as bytes, without `.` and `..`, each with whether
    /// it is a symbolic link (as the entry says; by lstat(2) where the file system does not).
    func folderEntries() throws(SystemCallError) -> [(name: [UInt8], isLink: Bool)] {
        guard let folder = withCString({ opendir($0) }) else { throw SystemCallError(code: errno) }
        defer { closedir(folder) }
        var entries: [(name: [UInt8], isLink: Bool)] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            let type = entry.pointee.d_type
            var isLink = type == UInt8(DT_LNK)
            if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                isLink = appending(name).withCString { lstat($0, &info) } == 0 && info.st_mode & S_IFMT == S_IFLNK
            }
            entries.append((name, isLink))
        }
        return entries
    }

    /// The command line's arguments as given, bytes and all: `CommandLine.arguments` repairs
    /// bytes that are not UTF-8, which would name another file. Each of `arguments` (as parsed)
    /// that holds a U+FFFD is matched to the raw argument it was read from.
    public static func commandLine(_ arguments: [String]) -> [InputPath] {
        var raw: [[UInt8]] = []
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            raw.append(Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                count: strlen(pointer))))
        }
        return arguments.map { argument in
            guard argument.unicodeScalars.contains("\u{FFFD}"),
                let bytes = raw.first(where: { String(validating: $0, as: UTF8.self) == nil && String(decoding: $0, as: UTF8.self) == argument })
            else { return InputPath(argument) }
            return InputPath(bytes: bytes)
        }
    }

    /// The paths listed on standard input, one per line (`\n` or `\r\n`), as bytes.
    public static func standardInputLines() -> [InputPath] {
        split(FileHandle.standardInput.readDataToEndOfFile(), separator: 0x0A).map { line in
            InputPath(bytes: line.last == 0x0D ? Array(line.dropLast()) : line)
        }
    }

    /// NUL-separated paths on standard input (`find -print0`), for names that hold newlines.
    public static func standardInputNulSeparated() -> [InputPath] {
        split(FileHandle.standardInput.readDataToEndOfFile(), separator: 0).map { InputPath(bytes: $0) }
    }

    private static func split(_ data: Data, separator: UInt8) -> [[UInt8]] {
        var parts = data.split(separator: separator, omittingEmptySubsequences: false).map { Array($0) }
        if parts.last?.isEmpty == true { parts.removeLast() }
        return parts
    }
}

/// A system call's failure: its `errno`.
struct SystemCallError: Error {
    var code: Int32
}
