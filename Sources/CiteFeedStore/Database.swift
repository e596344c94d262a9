import CSQLite
import CiteFeedModel
import CiteFeedSupport

/// A thin wrapper over one SQLite connection: prepared statements, typed binding and reading,
/// and transactions. Every failure is an `SQLiteError` with SQLite's codes and the SQL; the
/// `Library` turns it into a `StoreError` for people.
package final class Database {
    let handle: OpaquePointer
    package let path: String

    /// Opens (creating if needed) the database at `path`, waiting up to `busyTimeout` ms for locks
    /// (the writers' patience, `FileLock.patience`, by default).
    package init(path: String, busyTimeout: Int32? = nil) throws(SQLiteError) {
        self.path = path
        _ = Database.configured
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let error = SQLiteError(
                extendedCode: db.map(sqlite3_extended_errcode) ?? rc,
                message: db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory")
            sqlite3_close(db)
            throw error
        }
        handle = db
        sqlite3_busy_timeout(db, busyTimeout ?? Int32(FileLock.patience))
        sqlite3_extended_result_codes(db, 1)
        // The WAL and -shm files stay between processes (emptied, not deleted, when the WAL is
        // copied into the database): the next process opens them instead of creating them.
        var persist: Int32 = 1
        sqlite3_file_control(db, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
        sqlite3_exec(db, "PRAGMA journal_size_limit = 4194304", nil, nil, nil)
        citefeed_checkpoint_on_close(db, 0)
        sqlite3_create_function_v2(db, "citefeed_fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, Database.fold, nil, nil, nil)
    }

    /// The largest text or blob this connection makes or reads (`SQLITE_LIMIT_LENGTH`): past
    /// it a statement fails with `SQLITE_TOOBIG` instead of holding the value (another
    /// program's database, whose generated column could be hundreds of megabytes).
    package func limitLength(_ bytes: Int32) {
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, bytes)
    }

    /// `citefeed_fold(x)`: `x` in lower case by Unicode's rules (SQLite's own `lower` only
    /// knows ASCII), so a rotation's `authors` and `sources` match "ÉMILE" as "émile".
    private static let fold: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, _, values in
        guard let value = values?[0], sqlite3_value_type(value) != SQLITE_NULL, let text = sqlite3_value_text(value) else {
            return sqlite3_result_null(context)
        }
        let folded = String(cString: text).lowercased()
        sqlite3_result_text(context, folded, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
    }

    /// Past this size, closing copies the WAL into the database and empties it.
    static let walLimitAtClose = 256 * 1024

    /// SQLite's process-wide configuration, made once before the first connection opens
    /// (`sqlite3_config` is refused once SQLite has started): no memory statistics, whose mutex
    /// every allocation took (two threads of one process, as the tests run, waited on it).
    private static let configured: Void = { _ = citefeed_no_memory_statistics() }()

    /// Closes the connection. Every process that opens the library first (a command, not the
    /// bar's `status`, which reads its saved pick) rebuilds SQLite's index of the WAL by
    /// reading all of it, and cannot start the WAL afresh; so a WAL left at the end of a
    /// command must stay small. By default SQLite copies it into the database at every close,
    /// at the price of two or three fsyncs (an `add` or `rotate` took 2-9 ms longer); here it
    /// does so only once the WAL has grown past 256 KiB (a few dozen commands' changes, read
    /// again in a fraction of a millisecond), and always after a large change such as an
    /// import. Commits are synced all the same (`Library` sets `synchronous = FULL`). A process
    /// that ends without closing leaves the WAL to grow without end.
    deinit {
        cache.removeAll()
        var info = stat()
        if stat(path + "-wal", &info) == 0 && Int(info.st_size) > Database.walLimitAtClose {
            // Without waiting: a TRUNCATE checkpoint blocks new writers while it waits for the
            // others, so eight processes adding at once queued behind each other's checkpoints
            // past the 5 s busy timeout. When another process is busy, the next close does it.
            sqlite3_busy_timeout(handle, 0)
            sqlite3_exec(handle, "PRAGMA wal_checkpoint(TRUNCATE)", nil, nil, nil)
        }
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements without results.
    package func execute(_ sql: String) throws(SQLiteError) {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        if rc != SQLITE_OK { throw error(sql: sql) }
    }

    package func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw error(sql: sql) }
        return Statement(stmt, database: self)
    }

    /// Statements of `run`, `query` and `scalar` kept prepared for their next use (a sync
    /// applies the same few statements to each of 100,000 lines): marked while in use, so a
    /// statement run inside another's reading gets one of its own.
    private var cache: [String: Statement] = [:]

    /// How many statements are kept prepared (for tests: at most 128).
    var cachedStatements: Int { cache.count }

    private func cached<T>(_ sql: String, _ body: (Statement) throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        let stmt: Statement
        if let kept = cache[sql], !kept.inUse {
            stmt = kept
        } else {
            stmt = try prepare(sql)
            if cache[sql] == nil && cache.count < 128 { cache[sql] = stmt }
        }
        stmt.inUse = true
        defer {
            stmt.reset()
            stmt.inUse = false
        }
        return try body(stmt)
    }

    /// Runs `sql` with `bindings`, returning nothing.
    package func run(_ sql: String, _ bindings: SQLValue...) throws(SQLiteError) { try run(sql, bindings) }

    /// `run` with the bindings as a list.
    package func run(_ sql: String, _ bindings: [SQLValue]) throws(SQLiteError) {
        try cached(sql) { stmt throws(SQLiteError) in
            try stmt.bind(bindings)
            while try stmt.step() {}
        }
    }

    /// All rows of `sql`, each read by `read`.
    package func query<T>(_ sql: String, _ bindings: [SQLValue] = [], _ read: (Statement) -> T) throws(SQLiteError) -> [T] {
        try cached(sql) { stmt throws(SQLiteError) in
            try stmt.bind(bindings)
            var rows: [T] = []
            while try stmt.step() { rows.append(read(stmt)) }
            return rows
        }
    }

    /// The first column of the first row, as an integer.
    package func scalar(_ sql: String, _ bindings: SQLValue...) throws(SQLiteError) -> Int64? {
        try scalar(sql, bindings)
    }

    /// `scalar` with the bindings as a list (built up by the caller).
    package func scalar(_ sql: String, _ bindings: [SQLValue]) throws(SQLiteError) -> Int64? {
        try cached(sql) { stmt throws(SQLiteError) in
            try stmt.bind(bindings)
            return try stmt.step() && !stmt.isNull(0) ? stmt.int(0) : nil
        }
    }

    package var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    package var changes: Int { Int(sqlite3_changes(handle)) }

    private var depth = 0

    /// The writers' turn: `PATH.lock` beside the database (`FileLock`), taken before a write
    /// transaction begins, so that writers wait in the kernel and are woken in turn, and give up
    /// only when one writer kept it for 5 s. SQLite's busy timeout stays for writers that do not
    /// take it (the sqlite3 shell, say).
    lazy var writeLock = FileLock.shared(path + ".lock")

    /// Waits for the writers' turn (`writeLock`); a turn that cannot be had fails as SQLite's
    /// own locks do (`SQLITE_BUSY`: one writer kept it for 5 s).
    private func acquireWriteLock() throws(SQLiteError) {
        do { try writeLock.acquire() } catch {
            switch error {
            case .stuck(let holder):
                // As SQLite says it (the holder is for a reader of the code, not for users:
                // `StoreError.busy` words every busy library alike).
                throw SQLiteError(
                    extendedCode: SQLITE_BUSY,
                    message: String(cString: sqlite3_errstr(SQLITE_BUSY)) + " (held by process \(holder.map(String.init) ?? "?"))")
            case .io(let failure):
                var error = SQLiteError(extendedCode: SQLITE_CANTOPEN, message: String(cString: sqlite3_errstr(SQLITE_CANTOPEN)))
                error.lockFile = failure
                throw error
            }
        }
    }

    /// Runs `body` in the writers' turn, outside a transaction (what SQLite cannot do in one,
    /// such as changing the journal mode).
    func holdingWriteLock<T>(_ body: () throws -> T) throws -> T {
        try acquireWriteLock()
        defer { writeLock.release() }
        return try body()
    }

    /// Runs `body` in a transaction; `immediate` takes the write lock at once (after the
    /// writers' turn, `writeLock`), so writers queue instead of failing on a lock upgrade.
    /// Inside another transaction it becomes a savepoint, so a command can make a change and its
    /// consequences in one.
    package func transaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
        let name = "s\(depth)"
        let outer = depth == 0
        if outer && immediate { try acquireWriteLock() }
        defer { if outer && immediate { writeLock.release() } }
        if outer { try begin(immediate: immediate) } else { try execute("SAVEPOINT \(name)") }
        depth += 1
        defer { depth -= 1 }
        do {
            let result = try body()
            try execute(outer ? "COMMIT" : "RELEASE \(name)")
            return result
        } catch {
            // After a failed COMMIT SQLite may have rolled back already; ROLLBACK then fails,
            // harmlessly.
            try? execute(outer ? "ROLLBACK" : "ROLLBACK TO \(name); RELEASE \(name)")
            throw error
        }
    }

    /// Begins a transaction and reads the schema in it first. A transaction that began just
    /// after another process committed a change of the schema (a bulk load drops triggers and
    /// makes them again; so does sync) failed its first INSERT with SQLITE_SCHEMA, "no such
    /// table: citations", as SQLite 3.40 compiled it again, and failed it again in the same
    /// transaction; a statement that reads `sqlite_master` first loads the new schema whole.
    /// Should that statement fail so, the transaction is begun again (nothing has happened in
    /// it yet), at most twice.
    private func begin(immediate: Bool) throws(SQLiteError) {
        var attempt = 0
        while true {
            try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
            do {
                _ = try scalar("SELECT 1 FROM sqlite_master LIMIT 1")
                return
            } catch  where error.code == SQLITE_SCHEMA && attempt < 2 {
                try? execute("ROLLBACK")
                attempt += 1
            } catch {
                try? execute("ROLLBACK")
                throw error
            }
        }
    }

    /// The connection's last error, while running `sql`.
    func error(sql: String?) -> SQLiteError {
        SQLiteError(extendedCode: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// The SQLite library version, e.g. `3.40.1`.
    package static var sqliteVersion: String { String(cString: sqlite3_libversion()) }
}
