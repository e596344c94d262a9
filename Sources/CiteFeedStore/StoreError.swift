import CiteFeedModel
import CiteFeedSupport
import CSQLite

/// Problems with the library database or the things asked of it.
public enum StoreError: CiteFeedError, Equatable {
    case noSuchCitation(Int64)
    case noSuchTag(String)
    case tagExists(String)
    case notCitefeedLibrary(path: String, reason: String)
    case tooNew(path: String, version: Int32)
    case busy(path: String)
    case damaged(path: String, reason: String)
    case io(path: String, reason: String)
    case notArchived([Int64])
    /// Every id up to 2^63 − 1 was given (only an older citefeed could import such an id).
    case noIDLeft
    /// Any other failure SQLite reported, kept whole.
    case sqlite(SQLiteError, path: String)
    case other(String)

    /// What SQLite reported, in the words of the library's errors: a lock, a damaged or
    /// foreign file, a failure to read or write, or SQLite's own message with its code.
    public init(_ error: SQLiteError, path: String) {
        switch error.code {
        case SQLITE_BUSY, SQLITE_LOCKED: self = .busy(path: path)
        case SQLITE_NOTADB: self = .notCitefeedLibrary(path: path, reason: "not an SQLite database")
        case SQLITE_CORRUPT: self = .damaged(path: path, reason: error.message)
        case SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_PERM: self = .io(path: path, reason: error.message)
        default: self = .sqlite(error, path: path)
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .noSuchCitation, .noSuchTag: return .notFound
        case .tagExists: return .dataError
        case .notCitefeedLibrary, .damaged, .tooNew: return .dataError
        case .busy: return .busy
        case .io: return .ioError
        case .notArchived: return .usage
        case .noIDLeft: return .dataError
        case .sqlite, .other: return .failure
        }
    }

    public var message: String {
        switch self {
        case .noSuchCitation(let id):
            return "No citation with id \(id); 'citefeed list' shows the ids (and 'citefeed list --archived' the archived ones)."
        case .noSuchTag(let name):
            return "No tag named \(quoted(name)); 'citefeed tag list' shows the tags."
        case .tagExists(let name):
            return "A tag named \(quoted(name)) already exists (tag names ignore case)."
        case let .notCitefeedLibrary(path, reason):
            return "\(path) is not a citefeed library (\(reason)); it was left untouched. Move it away or use --home DIR."
        case let .tooNew(path, version):
            return "\(path) was written by a newer citefeed (schema version \(version)); upgrade citefeed to use it. It was left untouched."
        case .busy(let path):
            return "The library \(path) is locked by another citefeed process; try again in a moment."
        case let .damaged(path, reason):
            return "The library \(path) is damaged (\(reason)); it was left untouched. Restore it from a backup or an export."
        case let .io(path, reason):
            return "Cannot read or write the library \(path): \(reason)."
        case .notArchived(let ids):
            let list = ids.map(String.init).joined(separator: " ")
            let which = ids.count == 1 ? "Citation \(list) is" : "Citations \(list) are"
            return "\(which) not archived; archive first with 'citefeed archive \(list)', or delete at once with --force."
        case .noIDLeft:
            return "The library has no citation id left to give (a citation has the id 9223372036854775807); export it, and import the export into a new library."
        case let .sqlite(error, path):
            return "SQLite error in \(path): \(error.message) (code \(error.extendedCode))."
        case .other(let message):
            return message
        }
    }
}
