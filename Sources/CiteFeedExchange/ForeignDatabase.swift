import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// Another program's SQLite database (a Kobo's, Apple Books', Zotero's), read without ever
/// touching it: the file and its `-wal` and `-journal` are copied into a private folder and the
/// copy is opened, so nothing is created beside the original (no `-wal` or `-shm`), it is never
/// checkpointed or rolled back, a device's database can be mid-write and Zotero can hold it
/// locked. The copy is removed when `reading` returns.
enum ForeignDatabase {
    /// SQLite's file header.
    static let header = Array("SQLite format 3\u{0}".utf8)

    static func looksLike(_ bytes: some Collection<UInt8>) -> Bool { bytes.starts(with: header) }

    /// Runs `body` on a copy of the database at `path` (the file called `name` in messages).
    static func reading<T>(_ path: String, name: String, _ body: (Database) throws -> T) throws -> T {
        try reading(name: name, body) { copy throws(ImportError) in
            for suffix in ["", "-wal", "-journal"] where suffix.isEmpty || Posix.fileExists(path + suffix) {
                do throws(IOFailure) { try Posix.copyFile(path + suffix, to: copy + suffix) } catch {
                    throw ImportError.notCopied(name, error)
                }
            }
        }
    }

    /// Runs `body` on the database that `write` writes (one unpacked from a zip: an Anki
    /// package's collection) into a private file first, as a copy is. `write` is given the
    /// file's descriptor and returns why it stopped, if it did (then that is thrown).
    static func reading<T>(name: String, writing write: (Int32) throws -> Void, _ body: (Database) throws -> T) throws -> T {
        var failure: (any Error)?
        do {
            return try reading(name: name, body) { copy throws(ImportError) in
                let fd = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
                guard fd >= 0 else { throw ImportError.notCopied(name, .system(.create, copy)) }
                defer { close(fd) }
                do { try write(fd) } catch {
                    failure = error
                    throw ImportError.empty(name)
                }
            }
        } catch {
            throw failure ?? error
        }
    }

    private static func reading<T>(name: String, _ body: (Database) throws -> T, fill: (String) throws(ImportError) -> Void) throws -> T {
        let temporary = temporaryFolder()
        var template = Array((temporary + "/citefeed-import-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw ImportError.notCopied(name, .system(.makeFolderIn, temporary)) }
        let folder = String(cString: made)
        let copy = folder + "/copy.sqlite"
        // Until the copy's names are gone, a signal that ends the command removes them first.
        let guarded = CopyGuard(folder: folder, copy: copy)
        func removeCopy() {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(copy + suffix) }
            rmdir(folder)
            guarded.release()
        }
        defer { removeCopy() }
        try fill(copy)
        let database: Database
        do throws(SQLiteError) {
            database = try Database(path: copy, busyTimeout: 0)
            database.limitLength(ForeignDatabase.valueLimit)
            // Not a database at all, or damaged: the first read says so. It also rolls back a
            // hot journal and opens the WAL and its index, so that every file is open from now.
            _ = try database.scalar("SELECT count(*) FROM sqlite_master")
        } catch {
            throw ImportError.malformed(name, reason(error))
        }
        // The copy's names go at once: a command stopped by a signal (which runs no `defer`)
        // leaves no copy of someone's reading behind; the open files are read all the same.
        removeCopy()
        return try body(database)
    }

    /// The names of the tables a database has.
    static func tables(_ database: Database, name: String) throws(ImportError) -> Set<String> {
        do throws(SQLiteError) {
            return Set(try database.query("SELECT name FROM sqlite_master WHERE type = 'table'") { $0.text(0) })
        } catch { throw .malformed(name, reason(error)) }
    }

    /// The columns of `table`.
    static func columns(_ database: Database, _ table: String) -> Set<String> {
        Set((try? database.query("SELECT name FROM pragma_table_info(?)", [.text(table)]) { $0.text(0) }) ?? [])
    }

    /// The largest value read from another program's database (4 MiB; a citation is at most
    /// 80,000 bytes): a row holding a larger one fails alone, and nothing holds it.
    static let valueLimit: Int32 = 4 << 20

    /// A query's failure as the import's error: a schema citefeed does not know, or `reason`.
    static func failure(_ error: SQLiteError, name: String) -> ImportError {
        if error.message.hasPrefix("no such column") || error.message.hasPrefix("no such table") {
            return .malformed(
                name, "its schema is not one citefeed knows (\(error.message)); it may be from a newer version of the program that wrote it"
            )
        }
        return .malformed(name, reason(error))
    }

    /// SQLite's failure in words for "… is not valid: REASON".
    static func reason(_ error: SQLiteError) -> String {
        switch error.code {
        case 18: "a value in it is larger than \(Posix.describe(bytes: Int(valueLimit))), which no reader writes"  // SQLITE_TOOBIG
        case 26: "it is not an SQLite database, or it is encrypted"  // SQLITE_NOTADB
        case 11: "it is a damaged SQLite database (\(error.message))"  // SQLITE_CORRUPT
        default: "reading it as an SQLite database failed (\(error.message))"
        }
    }

    /// Where the copy goes: `$TMPDIR`, else /tmp.
    private static func temporaryFolder() -> String {
        if let dir = getenv("TMPDIR").map({ String(cString: $0) }), !dir.isEmpty, Posix.isDirectory(dir) { return dir }
        return "/tmp"
    }
}

/// Reading a foreign database's columns by name: a schema from a newer program version (a
/// column gone or renamed) is said in words, not as SQLite's "no such column".
extension Database {
    func rows<T>(_ sql: String, _ bindings: [SQLValue] = [], name: String, _ read: (Statement) -> T) throws(ImportError) -> [T] {
        do throws(SQLiteError) { return try query(sql, bindings, read) } catch { throw ForeignDatabase.failure(error, name: name) }
    }

    /// The rows whose keys `order` selects (in its order), each read by itself with `one`
    /// (the key bound to its `?`) and handed to `body` with its number (from 1), so no more
    /// than one row is held at a time; a row with a value larger than
    /// `ForeignDatabase.valueLimit` (a crafted generated column) is handed over as `nil`, and
    /// fails alone.
    func eachRow<T>(order: String, one: String, name: String, _ read: (Statement) -> T, _ body: (Int, T?) throws(ImportError) -> Void)
        throws(ImportError)
    {
        for (i, key) in try rows(order, name: name, { $0.int(0) }).enumerated() {
            let row: T?
            do throws(SQLiteError) {
                guard let first = try query(one, [.int(key)], read).first else { continue }
                row = first
            } catch {
                guard error.code == 18 else { throw ForeignDatabase.failure(error, name: name) }  // SQLITE_TOOBIG
                row = nil
            }
            try body(i + 1, row)
        }
    }
}

extension ForeignDatabase {
    /// A record for a row with a value over `valueLimit`: refused, holding nothing of it.
    static func tooLarge(_ number: Int) -> ImportRecord {
        var record = ImportRecord(location: .record(number), text: nil)
        record.problem = "a value of this highlight is larger than \(Posix.describe(bytes: Int(valueLimit))), which no reader writes"
        return record
    }

    /// A record for a row whose text, note, book or author is over a citation's limits in
    /// bytes, refused as soon as it is read (without keeping the text); `nil` when within them.
    static func overLimits(_ number: Int, text: String, note: String?, source: [String?], author: String?) -> ImportRecord? {
        let limit = CitationInput.maxText * CitationInput.bytesPerCharacter
        let sourceBytes = source.reduce(0) { $0 + ($1?.utf8.count ?? 0) }
        guard
            text.utf8.count > limit || (note?.utf8.count ?? 0) > limit
                || sourceBytes > CitationInput.maxSource * CitationInput.bytesPerCharacter
                || (author?.utf8.count ?? 0) > CitationInput.maxAuthor * CitationInput.bytesPerCharacter
        else { return nil }
        var record = ImportRecord(location: .record(number), text: nil)
        record.problem = "the highlight, its note, book or author is longer than a citation's may be"
        return record
    }
}

extension Importers {
    /// Whether the file at `path` begins as an SQLite database does.
    package static func isDatabase(_ path: String) -> Bool {
        Posix.readPrefix(path, ForeignDatabase.header.count).map(ForeignDatabase.looksLike) ?? false
    }
}

/// The names of a database's private copy, removed by a signal that ends the command while they
/// exist (SIGINT, SIGTERM, SIGHUP: a copy of someone's reading, hundreds of megabytes from a
/// device, would stay in the temporary folder). The handler only unlinks, then ends the process
/// as the signal would have: async-signal-safe calls on names written beforehand in fixed memory.
private final class CopyGuard {
    private static let signals = [SIGINT, SIGTERM, SIGHUP]
    private var previous: [sigaction] = []
    private var released = false

    init(folder: String, copy: String) {
        let names = [copy, copy + "-wal", copy + "-shm", copy + "-journal", folder]
        for (i, name) in names.enumerated() {
            let bytes = Array(name.utf8.prefix(copyNameSize - 1)) + [0]
            bytes.withUnsafeBufferPointer { source in
                (copyNames + i * copyNameSize).withMemoryRebound(to: UInt8.self, capacity: copyNameSize) {
                    $0.update(from: source.baseAddress!, count: source.count)
                }
            }
        }
        for number in CopyGuard.signals {
            var action = sigaction(), old = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                for i in 0..<4 { unlink(copyNames + i * copyNameSize) }
                rmdir(copyNames + 4 * copyNameSize)
                _ = signal(number, SIG_DFL)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, &old)
            previous.append(old)
        }
    }

    /// The handlers as they were.
    func release() {
        guard !released else { return }
        released = true
        for (number, old) in zip(CopyGuard.signals, previous) {
            var old = old
            sigaction(number, &old, nil)
        }
    }
}

private let copyNameSize = 4096
/// Five names (the copy, its -wal, -shm and -journal, its folder), written before the handler
/// is installed; one import copies one database at a time.
nonisolated(unsafe) private let copyNames: UnsafeMutablePointer<CChar> = {
    let names = UnsafeMutablePointer<CChar>.allocate(capacity: 5 * copyNameSize)
    names.initialize(repeating: 0, count: 5 * copyNameSize)
    return names
}()
