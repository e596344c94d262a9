import CSQLite
import CiteFeedModel
import CiteFeedSupport

/// Inserts many rows with multi-row `INSERT … VALUES (…), (…), …` statements, `batch` rows per
/// run. SQLite's cost per statement run (setting up, finishing, the AUTOINCREMENT counter) is
/// then paid once per batch instead of once per row: a bulk import's inserts take about half
/// the instructions. A row is given value by value (`put`) and ended with `endRow`; rows wait
/// until `flush` (or a full batch), their text copied into one reused buffer that the statement
/// reads in place (no `SQLValue`s, no allocation per value, no copy by SQLite before the row's
/// record is made). The statement's constraint errors surface at `endRow` or `flush`.
final class BatchInsert {
    private enum Cell {
        case int(Int64)
        /// Bytes `start..<start + count` of `text`.
        case text(start: Int, count: Int)
        case null
    }

    private let database: Database
    private let prefix: String
    private let columns: Int
    private let batch: Int
    private var full: Statement?
    private var cells: [Cell] = []
    private var text: [UInt8] = []

    /// `prefix` is `INSERT … INTO table (c1, c2, …)`; every row has `columns` values.
    init(_ database: Database, _ prefix: String, columns: Int, batch: Int = 64) {
        self.database = database
        self.prefix = prefix
        self.columns = columns
        self.batch = batch
        cells.reserveCapacity(columns * batch)
    }

    /// No row waits (the last `endRow` filled a batch, or nothing was added since `flush`).
    var isEmpty: Bool { cells.isEmpty }

    func put(_ value: Int64) { cells.append(.int(value)) }

    func put(_ value: Bool) { cells.append(.int(value ? 1 : 0)) }

    func put(_ value: Timestamp?) { cells.append(value.map { .int($0.seconds) } ?? .null) }

    func put(_ value: String?) {
        guard var value else { return cells.append(.null) }
        let start = text.count
        value.withUTF8 { text.append(contentsOf: $0) }
        cells.append(.text(start: start, count: text.count - start))
    }

    /// Ends a row of `columns` values; inserts the batch when it is full.
    func endRow() throws(SQLiteError) {
        precondition(cells.count % columns == 0, "a row of \(cells.count % columns) values for \(columns) columns")
        if cells.count == columns * batch { try flush() }
    }

    /// Inserts the rows that wait.
    func flush() throws(SQLiteError) {
        precondition(cells.count % columns == 0, "an unfinished row")
        let rows = cells.count / columns
        guard rows > 0 else { return }
        let statement: Statement
        if rows == batch {
            if full == nil { full = try database.prepare(sql(rows: batch)) }
            statement = full!
        } else {
            statement = try database.prepare(sql(rows: rows))
        }
        statement.reset()
        try text.withUnsafeBufferPointer { (bytes) throws(SQLiteError) in
            for (i, cell) in cells.enumerated() {
                let index = Int32(i + 1)
                switch cell {
                case .int(let n): try statement.bind(index, n)
                case .text(let start, let count):
                    // Static: the buffer outlives the step below, which is all SQLite reads it for.
                    try statement.bindStatic(index, UnsafeBufferPointer(rebasing: bytes[start..<start + count]))
                case .null: try statement.bind(index, nil as String?)
                }
            }
            while try statement.step() {}
        }
        // Nothing refers to the buffer once the statement is reset (its bindings are cleared).
        statement.reset()
        sqlite3_clear_bindings(statement.stmt)
        cells.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
    }

    private func sql(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        return prefix + " VALUES " + Array(repeating: row, count: rows).joined(separator: ", ")
    }
}
