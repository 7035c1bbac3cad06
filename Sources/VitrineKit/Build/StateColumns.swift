import Foundation

/// An output's paths as the state's `paths` column keeps them: a JSON array of strings, which
/// SQLite's own JSON functions read too. Read for every output a rebuild plans, so the usual
/// array (paths with nothing to escape) is read without building a document.
extension OutputTarget {
    var pathsColumn: String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, path) in paths.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONStringCoding.write(path, into: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The paths of a `paths` column; nil when it is not an array of strings.
    static func paths(column: String) -> [String]? {
        var column = column
        if let paths = column.withUTF8(unescapedPaths) { return paths }
        guard let document = try? JSONDocument(column), document.root.kind == .array else { return nil }
        var paths: [String] = []
        for element in document.root.elements {
            guard let path = element.string else { return nil }
            paths.append(path)
        }
        return paths
    }

    /// `["a","b"]` with no escape in it (nor, then, a quote inside a string); nil for anything else.
    private static func unescapedPaths(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        let quote = UInt8(ascii: "\"")
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]"),
            !bytes.contains(UInt8(ascii: "\\"))
        else { return nil }
        var paths: [String] = []
        var index = 1
        while index < bytes.count - 1 {
            if !paths.isEmpty {
                guard bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
            }
            guard index < bytes.count - 1, bytes[index] == quote,
                let end = bytes[(index + 1)...].firstIndex(of: quote), end < bytes.count - 1
            else { return nil }
            paths.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self))
            index = end + 1
        }
        return paths
    }
}
