import Foundation

/// Reading a manifest that vitrine (or someone) wrote, with one-line errors.
public enum ManifestFile {
    public struct ReadError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// Reads `path`, or standard input for `-`.
    public static func read(_ path: String) throws(ReadError) -> Manifest {
        try decode(try bytes(of: path))
    }

    /// The bytes of `path`, or of standard input for `-`, undecoded.
    public static func bytes(of path: String) throws(ReadError) -> Data {
        if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw ReadError(description: FileManager.default.fileExists(atPath: path) ? "cannot read it" : "no such file")
        }
        return contents
    }

    /// The most a manifest read from a site may hold.
    public static let maximumSiteBytes = 1 << 32

    /// The bytes of a manifest found in the site (its last `manifest.json`, a part in `parts/`),
    /// as every file found there is read: a regular file below the site (``ConfinedRead``).
    public static func bytes(of path: String, inSite site: String) -> Result<Data, ConfinedRead.Failure> {
        guard let root = ReadRoot(.site, folder: site) else { return .failure(.missing) }
        return ConfinedRead.read(path, below: root, limit: maximumSiteBytes)
    }

    public static func decode(_ data: Data) throws(ReadError) -> Manifest {
        try decode(try document(data))
    }

    /// `data` parsed, or "not JSON".
    public static func document(_ data: Data) throws(ReadError) -> JSONDocument {
        do { return try JSONDocument(data) } catch { throw ReadError(description: "not JSON") }
    }

    /// Whether a parsed document is meant as a manifest at all: an object whose `schema` is
    /// `vitrine-manifest/…`. JSON that is not an object (`null`, `"str"`, `[]`, `42`) is not
    /// a manifest, whatever the command.
    public static func identify(_ document: JSONDocument) throws(ReadError) {
        let root = document.root
        guard root.kind == .object else {
            throw ReadError(description: "not a vitrine manifest (the top level is \(root.kind), not an object)")
        }
        guard let schema = root["schema"] else { throw ReadError(description: "not a vitrine manifest: 'schema' missing") }
        guard let name = schema.string, name.hasPrefix("vitrine-manifest/") else {
            throw ReadError(description: "not a vitrine manifest (schema \(schema.string.map { "'\($0)'" } ?? schema.text))")
        }
    }

    /// The manifest a parsed document holds, or why it is not one (``identify(_:)``, then
    /// where decoding stopped).
    public static func decode(_ document: JSONDocument) throws(ReadError) -> Manifest {
        try identify(document)
        do {
            return try JSONDocumentDecoder().decode(Manifest.self, from: document)
        } catch let DecodingError.keyNotFound(key, context) {
            throw ReadError(description: "not a vitrine manifest: '\(key.stringValue)' missing\(at(context))")
        } catch let DecodingError.typeMismatch(_, context) {
            throw ReadError(description: "not a vitrine manifest: wrong type\(at(context))")
        } catch let DecodingError.valueNotFound(_, context) {
            throw ReadError(description: "not a vitrine manifest: null value\(at(context))")
        } catch {
            throw ReadError(description: "not a vitrine manifest")
        }
    }

    /// ` at /items/3/width`, a JSON pointer to where decoding stopped.
    private static func at(_ context: DecodingError.Context) -> String {
        context.codingPath.isEmpty ? "" : " at \(JSONPointer(codingPath: context.codingPath))"
    }
}
