import CSQLite
import CiteFeedModel
import CiteFeedSupport

/// A prepared statement; finalized when released.
package final class Statement {
    let stmt: OpaquePointer
    unowned let database: Database
    /// Taken by one of `Database`'s cached runs.
    var inUse = false

    init(_ stmt: OpaquePointer, database: Database) {
        self.stmt = stmt
        self.database = database
    }

    deinit { sqlite3_finalize(stmt) }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// The statement's SQL, for errors.
    package var sql: String { sqlite3_sql(stmt).map { String(cString: $0) } ?? "" }

    /// The connection's last error, while running this statement.
    private func failure() -> SQLiteError { database.error(sql: sql) }

    /// Binds `values` to the statement's parameters, which must be exactly as many.
    package func bind(_ values: [SQLValue]) throws(SQLiteError) {
        let parameters = Int(sqlite3_bind_parameter_count(stmt))
        guard values.count == parameters else {
            throw SQLiteError(
                extendedCode: SQLITE_RANGE, message: "\(values.count) values for \(parameters) parameters", sql: sql)
        }
        sqlite3_reset(stmt)
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            let rc: Int32
            switch value {
            case .int(let n): rc = sqlite3_bind_int64(stmt, index, n)
            case .double(let d): rc = sqlite3_bind_double(stmt, index, d)
            case .text(var s): rc = s.withUTF8 { sqlite3_bind_text(stmt, index, $0.baseAddress, Int32($0.count), Statement.transient) }
            case .blob(let b):
                rc = b.withUnsafeBytes { sqlite3_bind_blob(stmt, index, $0.baseAddress, Int32($0.count), Statement.transient) }
            case .null: rc = sqlite3_bind_null(stmt, index)
            }
            if rc != SQLITE_OK { throw failure() }
        }
    }

    /// For statements run many times (a bulk import): `reset`, then bind each parameter
    /// (1-based) without building an array of values, then `step`.
    package func reset() { sqlite3_reset(stmt) }

    package func bind(_ index: Int32, _ value: Int64) throws(SQLiteError) {
        let rc = sqlite3_bind_int64(stmt, index, value)
        if rc != SQLITE_OK { throw failure() }
    }

    package func bind(_ index: Int32, _ value: String?) throws(SQLiteError) {
        guard var value else {
            let rc = sqlite3_bind_null(stmt, index)
            if rc != SQLITE_OK { throw failure() }
            return
        }
        let rc = value.withUTF8 { sqlite3_bind_text(stmt, index, $0.baseAddress, Int32($0.count), Statement.transient) }
        if rc != SQLITE_OK { throw failure() }
    }

    private static let emptyText: StaticString = ""

    /// Binds text that SQLite reads in place, without a copy: `bytes` must stay valid and
    /// unchanged until the statement is reset or the parameter bound again.
    func bindStatic(_ index: Int32, _ bytes: UnsafeBufferPointer<UInt8>) throws(SQLiteError) {
        // A null pointer would bind NULL; the empty text is text.
        let start = bytes.baseAddress.map(UnsafeRawPointer.init) ?? UnsafeRawPointer(Statement.emptyText.utf8Start)
        let rc = sqlite3_bind_text(stmt, index, start.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil)
        if rc != SQLITE_OK { throw failure() }
    }

    /// Advances to the next row; `false` when done.
    package func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        throw failure()
    }

    package func int(_ column: Int32) -> Int64 { sqlite3_column_int64(stmt, column) }
    package func double(_ column: Int32) -> Double { sqlite3_column_double(stmt, column) }
    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(stmt, column) == SQLITE_NULL }

    package func text(_ column: Int32) -> String {
        guard let p = sqlite3_column_text(stmt, column) else { return "" }
        return String(cString: p)
    }

    package func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    /// The bytes of a blob column, without copying them.
    package func withBlob<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        let count = Int(sqlite3_column_bytes(stmt, column))
        return body(UnsafeRawBufferPointer(start: sqlite3_column_blob(stmt, column), count: count))
    }

    /// The bytes of a text column, without making a String (for hashing many rows).
    package func withBytes<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let count = Int(sqlite3_column_bytes(stmt, column))
        guard let p = sqlite3_column_text(stmt, column) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return body(UnsafeBufferPointer(start: p, count: count))
    }
    package func optionalInt(_ column: Int32) -> Int64? { isNull(column) ? nil : int(column) }

    /// A column as it is, to bind again (copying a row).
    package func value(_ column: Int32) -> SQLValue {
        switch sqlite3_column_type(stmt, column) {
        case SQLITE_INTEGER: .int(int(column))
        case SQLITE_FLOAT: .double(double(column))
        case SQLITE_TEXT: .text(text(column))
        case SQLITE_BLOB: .blob(withBlob(column) { Array($0) })
        default: .null
        }
    }
}
