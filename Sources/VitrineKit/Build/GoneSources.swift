import Foundation

/// The sources the state knows that this build did not find, by content: read from the
/// state once, when the first item that is not unchanged asks (a rebuild with nothing new
/// never does; a first build finds none). A gallery of copies of a few pictures must not
/// look through every copy for each item.
final class GoneSources: @unchecked Sendable {
    private let state: StateStore?
    private let present: Set<String>
    private let lock = NSLock()
    private var bySHA: [String: [String]]?

    init(state: StateStore?, present: Set<String>) {
        self.state = state
        self.present = present
    }

    /// The key the last build knew `item`'s content under: its own when the file is unchanged
    /// (answered from the state, or read again and found the same content: `reused`), that of a
    /// source gone since with the same SHA-256 when it was moved or renamed; none when it is new
    /// or changed. Among sources gone with the same content (copies of one picture), the one
    /// whose path ends most like this one's: a folder moved or named otherwise keeps its files'
    /// names. Throws when the state cannot be read.
    func previousSource(of item: Item, key: String, reused: Set<String>) throws -> String? {
        if reused.contains(key) { return key }
        guard let sha = item.source?.sha256 else { return nil }
        // Ties go to the first key in byte order, so that every run chooses alike.
        return try keys(sha256: sha).max { (Self.commonSuffix($0, key), $1) < (Self.commonSuffix($1, key), $0) }
    }

    func keys(sha256: String) throws -> [String] {
        lock.lock()
        defer { lock.unlock() }
        if bySHA == nil {
            var found: [String: [String]] = [:]
            try state?.eachSource { key, sha in
                if let sha, !present.contains(key) { found[sha, default: []].append(key) }
            }
            bySHA = found
        }
        return bySHA?[sha256] ?? []
    }

    /// How many bytes two paths share at their ends.
    static func commonSuffix(_ left: String, _ right: String) -> Int {
        zip(left.utf8.reversed(), right.utf8.reversed()).prefix { $0 == $1 }.count
    }
}
