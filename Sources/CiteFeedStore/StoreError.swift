import CSQLite
import CiteFeedModel
import CiteFeedSupport

/// Problems with the library database or the things asked of it.
/// Data only; the front end words it (the CLI's `StoreError+Words.swift`).
package enum StoreError: Error, Equatable, Sendable {
    case noSuchCitation(Int64)
    /// No citation of that number in the trash of other machines' deletions (or it is older
    /// than `Library.trashDays`).
    case noSuchDeleted(Int64)
    case noSuchTag(String)
    case tagExists(String)
    /// A file that is not a citefeed library: not an SQLite database, or the database of
    /// another program (`otherProgram`).
    case notCitefeedLibrary(path: String, otherProgram: Bool)
    case tooNew(path: String, version: Int32)
    case busy(path: String)
    case damaged(path: String, reason: String)
    case io(path: String, reason: String)
    /// The library's file or its directory could not be made or opened.
    case libraryFile(path: String, IOFailure)
    /// A file beside the library (its directory, the staging of an import) that could not be
    /// made, read or written.
    case file(IOFailure)
    case notArchived([Int64])
    /// Every id up to 2^63 − 1 was given (only an older citefeed could import such an id).
    case noIDLeft
    /// The answer to take back is not its card's newest: the card was answered again since.
    case answeredSince(citationID: Int64)
    /// The answer to take back was given on another machine (or under this library's machine
    /// id before it was copied or restored): only a machine's own answers are undone everywhere.
    case answeredElsewhere(citationID: Int64)
    /// Any other failure SQLite reported, kept whole.
    case sqlite(SQLiteError, path: String)
    /// An error of a kind the Store does not expect from SQLite's calls: its type's name.
    case unexpected(String)

    /// What SQLite reported, in the words of the library's errors: a lock, a damaged or
    /// foreign file, a failure to read or write, or SQLite's own message with its code.
    package init(_ error: SQLiteError, path: String) {
        if let lock = error.lockFile {
            self = .libraryFile(path: path, lock)
            return
        }
        switch error.code {
        case SQLITE_BUSY, SQLITE_LOCKED: self = .busy(path: path)
        case SQLITE_NOTADB: self = .notCitefeedLibrary(path: path, otherProgram: false)
        case SQLITE_CORRUPT: self = .damaged(path: path, reason: error.message)
        case SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM: self = .io(path: path, reason: error.message)
        default: self = .sqlite(error, path: path)
        }
    }
}
