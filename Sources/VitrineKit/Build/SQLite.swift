import CSQLite
import Foundation

/// A small, safe layer over SQLite for the build's state store: one connection, statements
/// prepared with bound parameters (never text pasted into SQL), errors thrown with SQLite's
/// own words.
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    let path: String
    private var statements: [String: Statement] = [:]

    /// What failed, in SQLite's words, and the database it failed on.
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var message: String
        var description: String { "\(path): \(message)" }
    }

    /// Opens (creating) the database at `path` in write-ahead-log mode.
    /// - Parameter readOnly: open an existing file for reading only (a dry run): default no.
    init(path: String, readOnly: Bool = false) throws(Failure) {
        self.path = path
        var opened: OpaquePointer?
        let mode = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let status = sqlite3_open_v2(path, &opened, mode | SQLITE_OPEN_NOMUTEX, nil)
        handle = opened
        guard status == SQLITE_OK else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(opened)
            handle = nil
            throw Failure(path: path, message: message)
        }
        // Another process holding the file (a lock we do not expect) makes us wait a moment
        // rather than fail at once.
        sqlite3_busy_timeout(handle, 5000)
        guard !readOnly else { return }
        try execute("PRAGMA journal_mode = WAL")
        try execute("PRAGMA synchronous = NORMAL")
    }

    /// A copy of the whole database in memory, to change without writing the file (a dry run
    /// reading a store of an older version); messages still name `path`.
    func copyInMemory() throws(Failure) -> SQLiteDatabase {
        let copy = try SQLiteDatabase(path: ":memory:", named: path)
        guard let backup = sqlite3_backup_init(copy.handle, "main", handle, "main") else {
            throw Failure(path: path, message: copy.lastError)
        }
        let status = sqlite3_backup_step(backup, -1)
        sqlite3_backup_finish(backup)
        guard status == SQLITE_DONE else { throw Failure(path: path, message: lastError) }
        return copy
    }

    private init(path: String, named name: String) throws(Failure) {
        self.path = name
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
            sqlite3_close(handle)
            handle = nil
            throw Failure(path: name, message: "cannot be copied into memory")
        }
    }

    deinit {
        statements = [:]  // finalized before the connection closes
        sqlite3_close(handle)
    }

    /// Runs statements that return no rows.
    func execute(_ sql: String) throws(Failure) {
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &error) == SQLITE_OK else {
            let message = sqlite3_errcode(handle) == SQLITE_FULL ? lastError : error.map { String(cString: $0) } ?? lastError
            sqlite3_free(error)
            throw Failure(path: path, message: message)
        }
    }

    /// Runs `body` in one transaction, committed when it returns and rolled back when it throws.
    func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// A statement with `?` parameters, prepared once and run many times: the same SQL text
    /// gives the same prepared statement.
    func prepare(_ sql: String) throws(Failure) -> Statement {
        if let prepared = statements[sql] { return prepared }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(path: path, message: "\(lastError) in \(sql)")
        }
        let prepared = Statement(statement, database: self)
        statements[sql] = prepared
        return prepared
    }

    /// SQLite's words for the last failure; a full disk in the system's words, as every other
    /// write on it is told ("database or disk is full" says less).
    var lastError: String {
        sqlite3_errcode(handle) == SQLITE_FULL ? String(cString: strerror(ENOSPC)) : String(cString: sqlite3_errmsg(handle))
    }

    /// The row id of the last row inserted on this connection.
    var lastInsertedRow: Int64 { sqlite3_last_insert_rowid(handle) }

    /// A prepared statement: bind values, then step through rows.
    final class Statement {
        private let statement: OpaquePointer
        // Unowned: the database holds its statements.
        private unowned let database: SQLiteDatabase

        init(_ statement: OpaquePointer, database: SQLiteDatabase) {
            self.statement = statement
            self.database = database
        }

        deinit { sqlite3_finalize(statement) }

        enum Value {
            case integer(Int64)
            case real(Double)
            case text(String)
            case blob(Data)
            case null
        }

        /// Runs the statement with `values` bound to its parameters, calling `row` for each
        /// result row.
        func run(_ values: [Value] = [], row: ((Row) throws -> Void)? = nil) throws {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
            for (offset, value) in values.enumerated() {
                let index = Int32(offset + 1)
                switch value {
                case .integer(let number): sqlite3_bind_int64(statement, index, number)
                case .real(let number): sqlite3_bind_double(statement, index, number)
                case .text(let text): sqlite3_bind_text(statement, index, text, -1, transient)
                case .blob(let data):
                    _ = data.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), transient) }
                case .null: sqlite3_bind_null(statement, index)
                }
            }
            while true {
                let status = sqlite3_step(statement)
                if status == SQLITE_DONE { return }
                guard status == SQLITE_ROW else { throw Failure(path: database.path, message: database.lastError) }
                try row?(Row(statement: statement))
            }
        }
    }

    /// One result row's columns, by index.
    struct Row {
        fileprivate let statement: OpaquePointer

        func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
        func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
        func real(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
        func text(_ column: Int32) -> String? {
            sqlite3_column_text(statement, column).map { String(cString: $0) }
        }
        func blob(_ column: Int32) -> Data? {
            guard let bytes = sqlite3_column_blob(statement, column) else { return isNull(column) ? nil : Data() }
            return Data(bytes: bytes, count: Int(sqlite3_column_bytes(statement, column)))
        }
    }
}

/// SQLite copies bound text and blobs at once (SQLITE_TRANSIENT, a macro Swift cannot import).
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
