import Foundation

/// Brings a state store of an older vitrine up to date in place, so that its outputs are kept:
/// an upgrade does not make a whole site again.
enum StateMigration {
    /// Version 3 kept an output's target as one text (`scale|width|height`, then a path a line),
    /// its rendering version after an `@` in the identifier, and an output set aside under the
    /// source `stale:KEY`. Each becomes a column of its own, in one transaction; a row that
    /// cannot be read is left out (its output is made again).
    static func upgradeFromVersion3(_ database: SQLiteDatabase) throws(SQLiteDatabase.Failure) {
        do {
            try database.transaction {
                try database.execute("ALTER TABLE outputs RENAME TO outputs_3; \(version4OutputsTable)")
                let insert = try database.prepare("INSERT OR REPLACE INTO outputs (\(version4OutputColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                try database.prepare("SELECT source, kind, identifier, target, product FROM outputs_3").run { row in
                    guard let source = row.text(0), let kind = row.text(1), let identifier = row.text(2), let target = row.text(3),
                        let product = row.blob(4), let output = version3Output(source: source, kind: kind, identifier: identifier,
                            target: target, product: product)
                    else { return }
                    // Version 4's columns: the current ones but the last (an output's other input).
                    try insert.run(Array(StateStore.values(of: output).prefix(10)))
                }
                try database.execute("DROP TABLE outputs_3; PRAGMA user_version = 4")
            }
        } catch let failure as SQLiteDatabase.Failure {
            throw failure
        } catch {
            throw SQLiteDatabase.Failure(path: database.path, message: "\(error)")
        }
    }

    /// The outputs' table as version 4 made it, which the steps after version 3 bring up to date.
    static let version4OutputsTable = """
        CREATE TABLE outputs (source TEXT NOT NULL, stale INTEGER NOT NULL, kind TEXT NOT NULL, identifier TEXT NOT NULL,
            rendering_version TEXT NOT NULL, scale REAL, width INTEGER, height INTEGER, paths TEXT NOT NULL, product BLOB NOT NULL,
            PRIMARY KEY (source, stale, kind, identifier, rendering_version))
        """
    static let version4OutputColumns = "source, stale, kind, identifier, rendering_version, scale, width, height, paths, product"

    /// Version 5 kept no output's other input (``OutputTarget/input``: a Live Photo's clip), so
    /// such an output was made again by every build. The column is added empty: those outputs are
    /// made once more, every other is kept.
    static func upgradeFromVersion5(_ database: SQLiteDatabase) throws(SQLiteDatabase.Failure) {
        try inOneTransaction(database, "ALTER TABLE outputs ADD COLUMN input TEXT; PRAGMA user_version = 6")
    }

    /// Version 6 kept no search numbers (``SearchNumbers``). The tables are added empty: the next
    /// build numbers every item in gallery order, as a first build does, and keeps the numbers from then on.
    static func upgradeFromVersion6(_ database: SQLiteDatabase, to version: Int) throws(SQLiteDatabase.Failure) {
        try inOneTransaction(database, """
            DROP TABLE IF EXISTS search_numbers; DROP TABLE IF EXISTS search_next; \(StateStore.searchNumbersTables);
            PRAGMA user_version = \(version)
            """)
    }

    /// Version 4 kept no source's ctime. The column is added empty (NULL: not known yet), so
    /// that every source and output is kept: a source is then compared as version 4 compared it,
    /// and its ctime recorded by the next build (``StateStore/Source/matches(_:)``).
    static func upgradeFromVersion4(_ database: SQLiteDatabase) throws(SQLiteDatabase.Failure) {
        try inOneTransaction(database, "ALTER TABLE sources ADD COLUMN ctime_ns INTEGER; PRAGMA user_version = 5")
    }

    /// Runs `statements` in one transaction: a step is made whole or not at all.
    private static func inOneTransaction(_ database: SQLiteDatabase, _ statements: String) throws(SQLiteDatabase.Failure) {
        do {
            try database.transaction { try database.execute(statements) }
        } catch let failure as SQLiteDatabase.Failure {
            throw failure
        } catch {
            throw SQLiteDatabase.Failure(path: database.path, message: "\(error)")
        }
    }

    static func version3Output(source: String, kind: String, identifier: String, target: String, product: Data) -> StateStore.Output? {
        let stalePrefix = "stale:"
        let isStale = source.hasPrefix(stalePrefix)
        guard let at = identifier.lastIndex(of: "@"), let target = version3Target(target) else { return nil }
        return StateStore.Output(source: isStale ? String(source.dropFirst(stalePrefix.count)) : source, isStale: isStale,
            kind: kind, identifier: String(identifier[..<at]), renderingVersion: String(identifier[identifier.index(after: at)...]),
            target: target, product: product)
    }

    private static func version3Target(_ text: String) -> OutputTarget? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = lines.first?.split(separator: "|", omittingEmptySubsequences: false) ?? []
        guard first.count == 3 else { return nil }
        return OutputTarget(paths: lines.dropFirst().map(String.init), sourceScale: first[0] == "-" ? nil : Double(first[0]),
            width: first[1] == "-" ? nil : Int(first[1]), height: first[2] == "-" ? nil : Int(first[2]))
    }
}
