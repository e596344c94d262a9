/// Inserts many rows with multi-row `INSERT … VALUES (…), (…), …` statements, `batch` rows per
/// run. SQLite's cost per statement run (setting up, finishing, the AUTOINCREMENT counter) is
/// then paid once per batch instead of once per row: a bulk import's inserts take about half
/// the instructions. Rows wait in memory until `flush` (or a full batch); the statement's
/// constraint errors surface there.
final class BatchInsert {
    private let database: Database
    private let prefix: String
    private let columns: Int
    private let batch: Int
    private var full: Statement?
    private var pending: [SQLValue] = []

    /// `prefix` is `INSERT … INTO table (c1, c2, …)`; every row has `columns` values.
    init(_ database: Database, _ prefix: String, columns: Int, batch: Int = 64) {
        self.database = database
        self.prefix = prefix
        self.columns = columns
        self.batch = batch
        pending.reserveCapacity(columns * batch)
    }

    /// No row waits (the last `add` filled a batch, or nothing was added since `flush`).
    var isEmpty: Bool { pending.isEmpty }

    func add(_ row: SQLValue...) throws(StoreError) {
        precondition(row.count == columns, "a row of \(row.count) values for \(columns) columns")
        pending.append(contentsOf: row)
        if pending.count == columns * batch { try flush() }
    }

    /// Inserts the rows that wait.
    func flush() throws(StoreError) {
        let rows = pending.count / columns
        guard rows > 0 else { return }
        let statement: Statement
        if rows == batch {
            if full == nil { full = try database.prepare(sql(rows: batch)) }
            statement = full!
        } else {
            statement = try database.prepare(sql(rows: rows))
        }
        try statement.bind(pending)
        while try statement.step() {}
        pending.removeAll(keepingCapacity: true)
    }

    private func sql(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        return prefix + " VALUES " + Array(repeating: row, count: rows).joined(separator: ", ")
    }
}
