import CiteFeedModel
import CiteFeedSupport

/// The citation library: an SQLite database (WAL, foreign keys, FTS5) holding citations, tags,
/// and the library's own facts (its seed and uuid). All changes run in transactions.
package final class Library {
    /// The connection; internal, so that SQLite's errors reach nothing above the Store unmapped.
    let db: Database
    /// The eligible entries last read, by library generation and filter: `rotate --all` reads
    /// them once for all the rotations that filter alike (5 rotations at 100k citations decoded
    /// the same half megabyte five times).
    var entriesMemo: (generation: Int64, filter: String, entries: [RotationEntry])?
    /// Whether a bulk load's large page cache is set for longer than one load (`withLargeCache`).
    var holdsLargeCache = false
    package var path: String { db.path }

    /// Opens the library at `path`, creating it (mode 0600) and migrating it as needed.
    /// A file that is not a citefeed library is refused and left untouched.
    package init(path: String) throws(StoreError) {
        do {
            try Posix.makeDirectories(Posix.parentDirectory(path), mode: 0o700)
        } catch { throw .libraryFile(path: path, error) }
        if !Posix.fileExists(path) {
            // Created here rather than by SQLite so that it is 0600 from the start; the -wal and
            // -shm files inherit that mode.
            let fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
            if fd < 0 { throw .libraryFile(path: path, .system(.create, path)) }
            close(fd)
        }
        do {
            db = try Database(path: path)
        } catch {
            throw StoreError(error, path: path)
        }
        try prepareSchema()
        // FULL: each commit is synced to the WAL, so a change a command reported is kept through
        // a power cut, although the WAL is copied into the database only now and then
        // (`Database.deinit`): one fsync per change (an `add` 0.7 ms longer than NORMAL),
        // against two or three for copying it at every close.
        try mapped { try db.execute("PRAGMA foreign_keys = ON; PRAGMA synchronous = \(Library.synchronous(syncing: Durability.syncs))") }
    }

    /// SQLite's `synchronous` mode: FULL, or OFF where nothing is synced (`Durability`: never
    /// but in the test harness's own process).
    static func synchronous(syncing: Bool) -> String { syncing ? "FULL" : "OFF" }

    private func prepareSchema() throws(StoreError) {
        try mapped {
            var appID = try db.scalar("PRAGMA application_id") ?? 0
            var version = Int32(try db.scalar("PRAGMA user_version") ?? 0)
            if appID == Schema.applicationID && version == Schema.latestVersion { return }
            if appID == 0 {
                // A new library is made in the writers' turn: changing the journal mode does not
                // wait for SQLite's busy timeout, so two processes opening a new library at
                // once failed with "locked" (one of eight writers, now and then).
                try db.holdingWriteLock {
                    guard try db.scalar("PRAGMA application_id") ?? 0 == 0 else { return }
                    let objects = try db.scalar("SELECT count(*) FROM sqlite_master") ?? 0
                    guard objects == 0 else {
                        throw StoreError.notCitefeedLibrary(path: path, otherProgram: true)
                    }
                    try db.execute("PRAGMA journal_mode = WAL")
                }
            } else if appID != Schema.applicationID {
                throw StoreError.notCitefeedLibrary(path: path, otherProgram: true)
            }
            if version > Schema.latestVersion { throw StoreError.tooNew(path: path, version: version) }
            // Migrations may rebuild a table (drop the old one, rename the new): with foreign keys
            // enforced, dropping `citations` would delete every tagging and pick with it. They are
            // off by default and only turned on below; this says so where it matters.
            try db.execute("PRAGMA foreign_keys = OFF")
            do {
                try db.transaction {
                    // Another process may have created or migrated it while this one waited for the lock.
                    appID = try db.scalar("PRAGMA application_id") ?? 0
                    version = Int32(try db.scalar("PRAGMA user_version") ?? 0)
                    if appID == 0 { version = 0 }
                    for migration in Schema.migrations.dropFirst(Int(version)) {
                        try db.execute(migration)
                    }
                    if appID == 0 {
                        try db.execute("PRAGMA application_id = \(Schema.applicationID)")
                        try setMeta("uuid", UUIDString.random())
                        try setMeta("seed", String(Int64.random(in: 0...Int64(Int32.max))))
                    }
                    try db.execute("PRAGMA user_version = \(Schema.latestVersion)")
                }
            } catch {
                // `mapped` (around this method) turns SQLite's errors into the library's.
                throw error
            }
        }
    }

    // MARK: Facts of the library

    func meta(_ key: String) throws(StoreError) -> String? {
        try mapped {
            try db.query("SELECT value FROM meta WHERE key = ?", [.text(key)]) { $0.text(0) }.first
        }
    }

    func setMeta(_ key: String, _ value: String) throws(StoreError) {
        try mapped {
            try db.run(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", .text(key),
                .text(value))
        }
    }

    /// The rotation seed chosen when the library was created.
    package func seed() throws(StoreError) -> Int64 {
        Int64(try meta("seed") ?? "") ?? 0
    }

    /// The library's own uuid (a namespace for feed item ids).
    package func uuid() throws(StoreError) -> String {
        try meta("uuid") ?? ""
    }

    /// Whether a citation was ever added (ids are never reused, so SQLite remembers the highest).
    package func everHeldCitation() throws(StoreError) -> Bool {
        try mapped {
            (try db.scalar("SELECT count(*) FROM sqlite_sequence WHERE name = 'citations'") ?? 0) > 0
        }
    }

    /// Citations by state.
    package func counts() throws(StoreError) -> (active: Int, favourites: Int, archived: Int, tags: Int) {
        try mapped {
            let stmt = try db.prepare(
                """
                SELECT count(*) FILTER (WHERE archived_at IS NULL),
                       count(*) FILTER (WHERE archived_at IS NULL AND favourite = 1),
                       count(*) FILTER (WHERE archived_at IS NOT NULL),
                       (SELECT count(*) FROM tags)
                FROM citations
                """)
            _ = try stmt.step()
            return (Int(stmt.int(0)), Int(stmt.int(1)), Int(stmt.int(2)), Int(stmt.int(3)))
        }
    }

    /// `PRAGMA integrity_check`: "ok" or the problems found.
    package func integrityCheck() throws(StoreError) -> String {
        try mapped {
            try db.query("PRAGMA integrity_check") { $0.text(0) }.joined(separator: "; ")
        }
    }

    /// Runs `body` in a write transaction, mapping errors to `StoreError` where they are not
    /// already citefeed errors.
    package func write<T>(_ body: () throws -> T) throws -> T {
        try mappingSQLite {
            try db.transaction(body)
        }
    }

    // MARK: The boundary

    /// Runs `body`, turning what SQLite reports (`SQLiteError`) into the `StoreError` that names
    /// this library: every method of the library that touches SQLite runs in one of these two,
    /// so nothing above the Store sees SQLite's codes as its words.
    func mapped<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw StoreError(error, path: path)
        } catch let error as StoreError {
            throw error
        } catch let error as IOFailure {
            throw .file(error)
        } catch {
            throw .unexpected(String(describing: type(of: error)))
        }
    }

    /// `mapped` for methods whose `body` may throw other errors too (a caller's closure, a
    /// check of the model): those pass unchanged.
    func mappingSQLite<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw StoreError(error, path: path)
        }
    }
}
