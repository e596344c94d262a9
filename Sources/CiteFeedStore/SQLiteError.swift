import CSQLite
import CiteFeedModel
import CiteFeedSupport

/// A failure SQLite reported, as it reported it: the extended result code (and so the primary
/// one), SQLite's message, and the SQL that was running. `Database` and `Statement` throw it;
/// the `Library` maps it to the sentences users read (`StoreError.init(_:path:)`), so the
/// wording lives in one place and the codes are kept for whoever needs them.
package struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_BUSY_SNAPSHOT`, …).
    package var extendedCode: Int32
    package var message: String
    /// The statement that failed, when there was one.
    package var sql: String?
    /// When the failure was the writers' lock beside the database (`Database.writeLock`), not
    /// SQLite's: what failed on that file.
    package var lockFile: IOFailure?

    package init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, …): the extended code's
    /// low byte.
    package var code: Int32 { extendedCode & 0xFF }

    package var description: String {
        "SQLite error \(extendedCode) (\(String(cString: sqlite3_errstr(extendedCode)))): \(message)" + (sql.map { " in: \($0)" } ?? "")
    }
}
