import CSQLite
import Foundation
import Testing

@testable import CiteFeedStore

/// `Database` on its own: savepoints inside a transaction, the statements it keeps prepared,
/// and a transaction begun after another connection changed the schema.
@Suite struct DatabaseTests {
    struct Failure: Error {}

    func scratch() throws -> (Database, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("database-\(UUID().uuidString).sqlite").path
        let db = try Database(path: path)
        try db.execute("PRAGMA journal_mode = WAL; CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)")
        return (db, path)
    }

    func names(_ db: Database) throws -> [String] {
        try db.query("SELECT name FROM t ORDER BY id") { $0.text(0) }
    }

    func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// A transaction inside another is a savepoint: its failure undoes its own changes only,
    /// the outer one commits the rest; an outer failure undoes everything, released savepoints
    /// too, and the next transaction starts afresh.
    @Test func innerTransactionsAreSavepoints() throws {
        let (db, path) = try scratch()
        defer { remove(path) }
        try db.transaction {
            try db.run("INSERT INTO t (name) VALUES ('outer')")
            #expect(throws: Failure.self) {
                try db.transaction {
                    try db.run("INSERT INTO t (name) VALUES ('inner, undone')")
                    throw Failure()
                }
            }
            try db.transaction { try db.run("INSERT INTO t (name) VALUES ('inner, kept')") }
            // A statement that fails inside a savepoint leaves the outer transaction usable.
            #expect(throws: SQLiteError.self) { try db.transaction { try db.run("INSERT INTO t (name) VALUES ('outer')") } }
        }
        #expect(try names(db) == ["outer", "inner, kept"])
        #expect(throws: Failure.self) {
            try db.transaction {
                try db.transaction { try db.run("INSERT INTO t (name) VALUES ('released, then undone')") }
                throw Failure()
            }
        }
        #expect(try names(db) == ["outer", "inner, kept"])
        // Not left inside a transaction: another connection can write at once.
        let other = try Database(path: path, busyTimeout: 0)
        try other.run("INSERT INTO t (name) VALUES ('other')")
        #expect(try names(db) == ["outer", "inner, kept", "other"])
    }

    /// The statements of `run`, `query` and `scalar` are kept prepared: the same SQL reuses
    /// one, a statement used inside its own reading gets another, one that failed is reset
    /// and serves again, and no more than 128 are kept.
    @Test func statementsAreKeptPreparedAndReused() throws {
        let (db, path) = try scratch()
        defer { remove(path) }
        let insert = "INSERT INTO t (name) VALUES (?)"
        for i in 0..<100 { try db.run(insert, .text("n\(i)")) }
        #expect(db.cachedStatements == 1)
        #expect(throws: SQLiteError.self) { try db.run(insert, .text("n1")) }  // UNIQUE
        try db.run(insert, .text("after the failure"))
        #expect(try db.scalar("SELECT count(*) FROM t") == 101)
        // The same SQL read inside its own reading: a second statement, right answers for both.
        let lookup = "SELECT name FROM t WHERE id <= ? ORDER BY id"
        let pairs = try db.query(lookup, [.int(3)]) { row in
            (row.text(0), (try? db.query(lookup, [.int(2)]) { $0.text(0) }) ?? [])
        }
        #expect(pairs.map(\.0) == ["n0", "n1", "n2"])
        #expect(pairs.allSatisfy { $0.1 == ["n0", "n1"] })
        #expect(try db.query(lookup, [.int(1)]) { $0.text(0) } == ["n0"])
        for i in 0..<200 { _ = try db.scalar("SELECT \(i)") }
        #expect(db.cachedStatements == 128)
        #expect(try db.scalar("SELECT 7") == 7)
    }

    /// SQLite keeps no memory statistics (their mutex was taken around every allocation): the
    /// memory it reports in use stays 0 while a connection works.
    @Test func sqliteKeepsNoMemoryStatistics() throws {
        let (db, path) = try scratch()
        defer { remove(path) }
        for i in 0..<50 { try db.run("INSERT INTO t (name) VALUES (?)", .text(String(repeating: "x", count: 1000) + "\(i)")) }
        var current: Int64 = -1, highest: Int64 = -1
        #expect(sqlite3_status64(SQLITE_STATUS_MEMORY_USED, &current, &highest, 0) == SQLITE_OK)
        #expect(current == 0 && highest == 0)
    }

    /// A transaction begun after another connection rebuilt the table (dropped it and made it
    /// again, as a bulk load does with its triggers and indexes) runs the statements it had
    /// prepared against the new schema.
    @Test func aTransactionAfterAnotherConnectionsSchemaChangeRuns() throws {
        let (db, path) = try scratch()
        defer { remove(path) }
        let insert = "INSERT INTO t (name) VALUES (?)"
        try db.transaction { try db.run(insert, .text("before")) }
        let other = try Database(path: path)
        try other.transaction {
            try other.execute(
                """
                CREATE TABLE t2 (id INTEGER PRIMARY KEY, name TEXT UNIQUE, extra TEXT);
                INSERT INTO t2 (id, name) SELECT id, name FROM t;
                DROP TABLE t;
                ALTER TABLE t2 RENAME TO t;
                CREATE TRIGGER t_extra AFTER INSERT ON t BEGIN UPDATE t SET extra = 'seen' WHERE id = new.id; END;
                """)
        }
        try db.transaction { try db.run(insert, .text("after")) }
        #expect(try names(db) == ["before", "after"])
        #expect(try db.query("SELECT extra FROM t WHERE name = 'after'") { $0.text(0) } == ["seen"])
    }
}
