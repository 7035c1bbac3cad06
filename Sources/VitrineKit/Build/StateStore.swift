import Foundation

/// What an incremental build knows of the last one: per source, its identity and what its
/// probe said; per output, the settings that shaped it and what was made. One SQLite file per
/// part of a build (`SITE/.vitrine/state.sqlite`, `state-2-of-3.sqlite`): parts on several
/// machines never share one (SQLite's locking is unsafe on network file systems).
///
/// The store is written only after an output is in place, so a build killed at any moment
/// leaves a store that describes less than what is on disk, never more: the next build makes
/// again what it does not know of.
final class StateStore: @unchecked Sendable {
    /// The longest path SQLite opens a database at on Unix, as an absolute path (its buffer of
    /// 512 bytes holds it and the `-journal` it adds; measured: 504 opens, 505 does not).
    static let longestPath = 504

    /// The length of `path` as an absolute path (as SQLite makes it, from the current folder),
    /// when it is longer than ``longestPath``; nil when SQLite can open it.
    static func tooLong(_ path: String) -> Int? {
        let absolute = path.hasPrefix("/") ? path : Path.join(FileManager.default.currentDirectoryPath, path)
        return absolute.utf8.count > longestPath ? absolute.utf8.count : nil
    }

    /// What is stored of a source.
    struct Source: Equatable {
        /// ``SourceKey``: the path, or its bytes in base64 when they are not UTF-8.
        var key: String
        var bytes: Int
        var modifiedNanoseconds: Int64
        var identity: FileIdentity
        /// The status-change time (ctime); nil when not known yet: a row brought up from version 4,
        /// which did not keep it (see ``matches(_:)``).
        var changedNanoseconds: Int64?
        /// The probe options the answer was given for (their JSON).
        var probeKey: String
        /// The probe's answer (JSON of ``ProbeOutcome``).
        var probe: Data
        /// Hex SHA-256 of the content, when known.
        var sha256: String?

        /// Whether `file` is this source unchanged: same size, modification time, inode and ctime
        /// (an edit in place that keeps the size and puts the modification time back still moves
        /// the ctime). An unknown ctime is not compared: a store brought up from version 4 keeps
        /// every answer and output, as version 4 would have, and the next build records the ctime.
        func matches(_ file: InputFile) -> Bool {
            bytes == file.bytes && modifiedNanoseconds == file.modifiedNanoseconds && identity == file.identity
                && (changedNanoseconds == nil || changedNanoseconds == file.changedNanoseconds)
        }
    }

    /// What is stored of an output.
    struct Output: Equatable {
        /// The source it was made from (``Source/key``).
        var source: String
        /// Whether it was set aside because its source's content changed (see ``keepFresh(_:)``).
        var isStale = false
        /// ``OutputKind/kindName`` and ``OutputKind/identifier``.
        var kind: String
        var identifier: String
        /// The ``RenderingVersion/current`` it was made with.
        var renderingVersion: String
        /// The paths it owns and the box it was asked for.
        var target: OutputTarget
        /// JSON of its ``AnyProduct`` (what the manifest records of it).
        var product: Data

        /// What tells one row from another (the table's primary key).
        struct Key: Hashable {
            var source: String
            var isStale: Bool
            var kind: String
            var identifier: String
            var renderingVersion: String
        }

        var key: Key { Key(source: source, isStale: isStale, kind: kind, identifier: identifier, renderingVersion: renderingVersion) }
    }

    private let database: SQLiteDatabase
    /// The store's file, for messages.
    let path: String
    /// One connection, used from the scan's and the workers' threads in turn.
    private let lock = NSRecursiveLock()
    /// The version of the tables. A store of version 3 (an output's target as one text), 4
    /// (no source's ctime), 5 (no output's other input) or 6 (no search numbers) is brought up to
    /// date in place; one of another version is started afresh.
    static let schemaVersion = 7

    /// - Parameter readOnly: read what is there and write nothing, not even to bring an older
    ///   store up to date (a dry run: a store of version 3 or 4 is brought up to date in a copy
    ///   in memory): default no.
    init(path: String, readOnly: Bool = false) throws(SQLiteDatabase.Failure) {
        var database = try SQLiteDatabase(path: path, readOnly: readOnly)
        self.path = path
        var version = 0
        // A store that cannot be read now (another process holding it too long) is an error,
        // never a reason to start afresh.
        do { try database.prepare("PRAGMA user_version").run { version = Int($0.integer(0)) } } catch {
            throw (error as? SQLiteDatabase.Failure) ?? SQLiteDatabase.Failure(path: path, message: "\(error)")
        }
        if (3..<Self.schemaVersion).contains(version) {
            if readOnly { database = try database.copyInMemory() }
            if version == 3 { try StateMigration.upgradeFromVersion3(database) }
            if version <= 4 { try StateMigration.upgradeFromVersion4(database) }
            if version <= 5 { try StateMigration.upgradeFromVersion5(database) }
            try StateMigration.upgradeFromVersion6(database, to: Self.schemaVersion)
        } else if !readOnly && version != Self.schemaVersion {
            try database.execute("""
                DROP TABLE IF EXISTS sources; DROP TABLE IF EXISTS outputs; DROP TABLE IF EXISTS notes;
                DROP TABLE IF EXISTS search_numbers; DROP TABLE IF EXISTS search_next;
                CREATE TABLE sources (key TEXT PRIMARY KEY, bytes INTEGER NOT NULL, mtime_ns INTEGER NOT NULL,
                    device INTEGER NOT NULL, inode INTEGER NOT NULL, probe_key TEXT NOT NULL, probe BLOB NOT NULL, sha256 TEXT,
                    ctime_ns INTEGER);
                \(Self.outputsTable);
                CREATE TABLE notes (key TEXT PRIMARY KEY, value BLOB NOT NULL);
                \(Self.searchNumbersTables);
                PRAGMA user_version = \(Self.schemaVersion);
                """)
        }
        self.database = database
    }

    /// The outputs' table: each setting and each part of the target in a column of its own
    /// (NULL for none), the paths as a JSON array of strings (``OutputTarget/pathsColumn``).
    static let outputsTable = """
        CREATE TABLE outputs (source TEXT NOT NULL, stale INTEGER NOT NULL, kind TEXT NOT NULL, identifier TEXT NOT NULL,
            rendering_version TEXT NOT NULL, scale REAL, width INTEGER, height INTEGER, paths TEXT NOT NULL, product BLOB NOT NULL,
            input TEXT, PRIMARY KEY (source, stale, kind, identifier, rendering_version))
        """
    /// Each item's search number (``SearchNumbers``), and the next number never used: one row.
    static let searchNumbersTables = """
        CREATE TABLE search_numbers (id TEXT PRIMARY KEY, number INTEGER NOT NULL);
        CREATE TABLE search_next (next INTEGER NOT NULL)
        """
    static let outputColumns = "source, stale, kind, identifier, rendering_version, scale, width, height, paths, product, input"
    /// One `?` for each of ``outputColumns``.
    static let outputPlaceholders = "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?"

    /// The values of ``outputColumns`` for `output`, in order.
    static func values(of output: Output) -> [SQLiteDatabase.Statement.Value] {
        [
            .text(output.source), .integer(output.isStale ? 1 : 0), .text(output.kind), .text(output.identifier),
            .text(output.renderingVersion), output.target.sourceScale.map { .real($0) } ?? .null,
            output.target.width.map { .integer(Int64($0)) } ?? .null, output.target.height.map { .integer(Int64($0)) } ?? .null,
            .text(output.target.pathsColumn), .blob(output.product), output.target.input.map { .text($0) } ?? .null,
        ]
    }

    /// The output in `row`, whose columns from `first` on are ``outputColumns`` without the
    /// product; nil when its paths are not a list of paths.
    private static func output(_ row: SQLiteDatabase.Row, from first: Int32, product: Data) -> Output? {
        guard let source = row.text(first), let kind = row.text(first + 2), let identifier = row.text(first + 3),
            let version = row.text(first + 4), let paths = row.text(first + 8).flatMap(OutputTarget.paths(column:))
        else { return nil }
        var target = OutputTarget(paths: paths, sourceScale: row.isNull(first + 5) ? nil : row.real(first + 5),
            width: row.isNull(first + 6) ? nil : Int(row.integer(first + 6)), height: row.isNull(first + 7) ? nil : Int(row.integer(first + 7)))
        target.input = row.text(first + 10)
        return Output(source: source, isStale: row.integer(first + 1) != 0, kind: kind, identifier: identifier,
            renderingVersion: version, target: target, product: product)
    }

    private func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// A NULL `ctime_ns` is a ctime not known yet (``Source/changedNanoseconds``).
    private static let sourceColumns = "key, bytes, mtime_ns, device, inode, probe_key, probe, sha256, ctime_ns"

    private static func source(_ row: SQLiteDatabase.Row) -> Source? {
        guard let key = row.text(0), let probeKey = row.text(5), let probe = row.blob(6) else { return nil }
        return Source(key: key, bytes: Int(row.integer(1)), modifiedNanoseconds: row.integer(2),
            identity: FileIdentity(device: UInt64(bitPattern: row.integer(3)), inode: UInt64(bitPattern: row.integer(4))),
            changedNanoseconds: row.isNull(8) ? nil : row.integer(8), probeKey: probeKey, probe: probe, sha256: row.text(7))
    }

    /// The source kept under `key`.
    func source(_ key: String) throws -> Source? {
        try locked {
            var found: Source?
            try database.prepare("SELECT \(Self.sourceColumns) FROM sources WHERE key = ?").run([.text(key)]) { found = Self.source($0) }
            return found
        }
    }

    /// Every source's key and content hash, one at a time.
    func eachSource(_ body: (_ key: String, _ sha256: String?) throws -> Void) throws {
        try locked {
            try withoutActuallyEscaping(body) { body in
                try database.prepare("SELECT key, sha256 FROM sources").run { row in if let key = row.text(0) { try body(key, row.text(1)) } }
            }
        }
    }

    /// Every source outputs were made from (the last build's items), once, with its content
    /// hash when the store still knows it.
    func eachOutputSource(_ body: (_ key: String, _ sha256: String?) throws -> Void) throws {
        try locked {
            try withoutActuallyEscaping(body) { body in
                let query = "SELECT DISTINCT outputs.source, sources.sha256 FROM outputs LEFT JOIN sources ON sources.key = outputs.source"
                try database.prepare(query).run { row in if let key = row.text(0) { try body(key, row.text(1)) } }
            }
        }
    }

    /// The outputs made from the source `key` (not set aside), each with its row in the store.
    func outputs(of key: String) throws -> [(row: Int64, output: Output)] {
        try locked {
            var found: [(Int64, Output)] = []
            try database.prepare("SELECT rowid, \(Self.outputColumns) FROM outputs WHERE source = ? AND stale = 0").run([.text(key)]) { row in
                guard let product = row.blob(10), let output = Self.output(row, from: 1, product: product) else { return }
                found.append((row.integer(0), output))
            }
            return found
        }
    }

    /// Every output, one at a time, with its row, with its product only when asked.
    func eachOutput(products: Bool = false, _ body: (Int64, Output) throws -> Void) throws {
        try locked {
            try withoutActuallyEscaping(body) { body in
                try database.prepare("SELECT rowid, \(Self.outputColumns) FROM outputs").run { row in
                    guard let output = Self.output(row, from: 1, product: products ? row.blob(10) ?? Data() : Data()) else { return }
                    try body(row.integer(0), output)
                }
            }
        }
    }

    /// How many outputs it records.
    func outputCount() throws -> Int {
        try locked {
            var count = 0
            try database.prepare("SELECT count(*) FROM outputs").run { count = Int($0.integer(0)) }
            return count
        }
    }

    /// Keeps `source`, read afresh. When its content is not what was kept under its key, the
    /// outputs made from that content are set aside (marked stale) in the same step, so
    /// that no build takes them for the new content, even one that starts after this one is
    /// killed; the build that sets them aside removes them with what nothing plans any more.
    func keepFresh(_ source: Source) throws {
        try locked {
            var kept: String??
            try database.prepare("SELECT sha256 FROM sources WHERE key = ?").run([.text(source.key)]) { kept = .some($0.text(0)) }
            if let kept, kept == nil || kept != source.sha256 {
                try database.prepare("UPDATE OR REPLACE outputs SET stale = 1 WHERE source = ? AND stale = 0").run([.text(source.key)])
            }
            try keep(source)
        }
    }

    /// Keeps `source` (replacing what was kept under its key).
    func keep(_ source: Source) throws {
        try locked {
            try database.prepare("INSERT OR REPLACE INTO sources (\(Self.sourceColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)").run([
                .text(source.key), .integer(Int64(source.bytes)), .integer(source.modifiedNanoseconds),
                .integer(Int64(bitPattern: source.identity.device)), .integer(Int64(bitPattern: source.identity.inode)),
                .text(source.probeKey), .blob(source.probe), source.sha256.map { .text($0) } ?? .null,
                source.changedNanoseconds.map { .integer($0) } ?? .null,
            ])
        }
    }

    /// Records the ctime of the source `key` when it has none (a row brought up from version 4),
    /// changing nothing else.
    func learnChangeTime(of key: String, nanoseconds: Int64) throws {
        try locked {
            try database.prepare("UPDATE sources SET ctime_ns = ? WHERE key = ? AND ctime_ns IS NULL")
                .run([.integer(nanoseconds), .text(key)])
        }
    }

    func forgetSource(_ key: String) throws {
        try locked {
            try database.prepare("DELETE FROM sources WHERE key = ?").run([.text(key)])
            try database.prepare("DELETE FROM outputs WHERE source = ? AND stale = 0").run([.text(key)])
        }
    }

    /// Keeps `output` (replacing the one of the same key); its row.
    @discardableResult
    func keep(_ output: Output) throws -> Int64 {
        try locked {
            try database.prepare("INSERT OR REPLACE INTO outputs (\(Self.outputColumns)) VALUES (\(Self.outputPlaceholders))")
                .run(Self.values(of: output))
            return database.lastInsertedRow
        }
    }

    func forget(_ output: Output) throws {
        try locked {
            try database.prepare("""
                DELETE FROM outputs WHERE source = ? AND stale = ? AND kind = ? AND identifier = ? AND rendering_version = ?
                """).run([
                .text(output.source), .integer(output.isStale ? 1 : 0), .text(output.kind), .text(output.identifier),
                .text(output.renderingVersion),
            ])
        }
    }

    /// A note the build keeps about itself (what its whole-gallery outputs were made of).
    func note(_ key: String) -> Data? {
        locked {
            var value: Data?
            try? database.prepare("SELECT value FROM notes WHERE key = ?").run([.text(key)]) { value = $0.blob(0) }
            return value
        }
    }

    func setNote(_ key: String, _ value: Data) throws {
        try locked { try database.prepare("INSERT OR REPLACE INTO notes VALUES (?, ?)").run([.text(key), .blob(value)]) }
    }

    func forgetNote(_ key: String) throws {
        try locked { try database.prepare("DELETE FROM notes WHERE key = ?").run([.text(key)]) }
    }

    /// The items' search numbers the last build gave.
    func searchNumbers() throws -> SearchNumbers {
        try locked {
            var byID: [String: Int] = [:]
            var next = 0
            try database.prepare("SELECT id, number FROM search_numbers").run { row in
                if let id = row.text(0) { byID[id] = Int(row.integer(1)) }
            }
            try database.prepare("SELECT next FROM search_next").run { next = max(next, Int($0.integer(0))) }
            return SearchNumbers(byID: byID, next: next)
        }
    }

    /// Records `change` of the search numbers, whose next number never used is `next`, in one transaction.
    func keepSearchNumbers(_ change: SearchNumbers.Change, next: Int) throws {
        try batch {
            let forget = try database.prepare("DELETE FROM search_numbers WHERE id = ?")
            for id in change.gone { try forget.run([.text(id)]) }
            let insert = try database.prepare("INSERT OR REPLACE INTO search_numbers (id, number) VALUES (?, ?)")
            for (id, number) in change.added { try insert.run([.text(id), .integer(Int64(number))]) }
            try database.execute("DELETE FROM search_next; INSERT INTO search_next VALUES (\(next))")
        }
    }

    /// Runs `body` in one transaction: many writes at once, all or none.
    func batch<Result>(_ body: () throws -> Result) throws -> Result { try locked { try database.transaction(body) } }
}
