import CSQLite
import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// SQLite's errors keep their codes and SQL below the `Library`, and become the library's
/// sentences at its boundary.
@Suite struct SQLiteErrorTests {
    func scratch() throws -> (Database, String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sqlite-error-\(UUID().uuidString).sqlite").path
        let db = try Database(path: path)
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE)")
        return (db, path)
    }

    @Test func aConstraintKeepsItsExtendedCodeAndSQL() throws {
        let (db, path) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try db.run("INSERT INTO t (name) VALUES (?)", .text("a"))
        let sql = "INSERT INTO t (name) VALUES (?)"
        let error = try #require(throws: SQLiteError.self) { try db.run(sql, .text("a")) }
        #expect(error.code == SQLITE_CONSTRAINT)
        #expect(error.extendedCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
        #expect(error.sql == sql)
        #expect(error.message == "UNIQUE constraint failed: t.name")
        let mapped = StoreError(error, path: path)
        #expect(mapped == .sqlite(error, path: path))
        #expect(mapped.message == "SQLite error in \(path): UNIQUE constraint failed: t.name (code 2067).")
        #expect(mapped.exitStatus == .failure)
    }

    @Test func aStatementThatDoesNotPrepareNamesItsSQL() throws {
        let (db, path) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = try #require(throws: SQLiteError.self) { try db.prepare("SELECT missing FROM t") }
        #expect(error.code == SQLITE_ERROR && error.sql == "SELECT missing FROM t")
        #expect(error.message == "no such column: missing")
    }

    @Test func bindingChecksTheNumberOfValues() throws {
        let (db, path) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let statement = try db.prepare("INSERT INTO t (id, name) VALUES (?, ?)")
        let tooFew = try #require(throws: SQLiteError.self) { try statement.bind([.int(1)]) }
        #expect(tooFew.extendedCode == SQLITE_RANGE && tooFew.message == "1 values for 2 parameters")
        #expect(tooFew.sql == "INSERT INTO t (id, name) VALUES (?, ?)")
        #expect(throws: SQLiteError.self) { try statement.bind([.int(1), .text("x"), .null]) }
        try statement.bind([.int(1), .text("x")])
        #expect(try statement.step() == false)
        #expect(try db.scalar("SELECT count(*) FROM t") == 1)
    }

    /// A COMMIT that fails (a deferred foreign key) leaves the connection able to open the next
    /// transaction as a transaction, not as a savepoint of one that no longer exists.
    @Test func aFailedCommitLeavesTheNextTransactionWhole() throws {
        let (db, path) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try db.execute(
            """
            PRAGMA foreign_keys = ON;
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);
            """)
        let failed = try #require(throws: SQLiteError.self) {
            try db.transaction { try db.execute("INSERT INTO child VALUES (42)") }
        }
        #expect(failed.code == SQLITE_CONSTRAINT && failed.sql == "COMMIT")
        // Nested, as a command makes a change and its consequences.
        try db.transaction {
            try db.execute("INSERT INTO parent VALUES (1)")
            try db.transaction { try db.execute("INSERT INTO child VALUES (1)") }
        }
        #expect(try db.scalar("SELECT count(*) FROM child") == 1)
        #expect(sqlite3_get_autocommit(db.handle) != 0)
    }

    /// The primary codes people can act on get their own sentences; extended codes count by
    /// their primary code.
    @Test(arguments: [
        (SQLITE_BUSY, StoreError.busy(path: "/lib")), (517, .busy(path: "/lib")),  // SQLITE_BUSY_SNAPSHOT
        (SQLITE_LOCKED, .busy(path: "/lib")), (SQLITE_NOTADB, .notCitefeedLibrary(path: "/lib", otherProgram: false)),
        (SQLITE_CORRUPT, .damaged(path: "/lib", reason: "m")), (266, .io(path: "/lib", reason: "m")),  // SQLITE_IOERR_READ
        (SQLITE_FULL, .io(path: "/lib", reason: "m")), (SQLITE_READONLY, .io(path: "/lib", reason: "m")),
    ])
    func codesBecomeTheLibrarysErrors(code: Int32, expected: StoreError) {
        #expect(StoreError(SQLiteError(extendedCode: code, message: "m", sql: "SELECT 1"), path: "/lib") == expected)
    }

    /// The writers' lock beside the library failing is a failure of that file, as data.
    @Test func aFailedWritersLockIsTheLibrarysFile() {
        var error = SQLiteError(extendedCode: SQLITE_CANTOPEN, message: "unable to open database file")
        error.lockFile = IOFailure(.lock, "/lib.lock", .system(EACCES))
        #expect(StoreError(error, path: "/lib") == .libraryFile(path: "/lib", IOFailure(.lock, "/lib.lock", .system(EACCES))))
    }

    /// At the boundary: a file that is not a database is refused by the `Library` in its words.
    @Test func theLibraryMapsWhatSQLiteSays() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-db-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let garbage = Data(repeating: 0x41, count: 4096)
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.notCitefeedLibrary(path: path, otherProgram: false)) { try Library(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }
}
