import CiteFeedStore
import CiteFeedSupport

/// The library's errors in the command line's words and exit statuses.
extension StoreError: CiteFeedError {
    package var exitStatus: ExitStatus {
        switch self {
        case .noSuchCitation, .noSuchTag, .noSuchDeleted: return .notFound
        case .tagExists: return .dataError
        case .notCitefeedLibrary, .damaged, .tooNew: return .dataError
        case .busy: return .busy
        case .io, .libraryFile, .file: return .ioError
        case .notArchived: return .usage
        case .noIDLeft: return .dataError
        case .answeredSince, .answeredElsewhere, .sqlite, .unexpected: return .failure
        }
    }

    package var message: String {
        switch self {
        case .noSuchDeleted(let n):
            return "No deleted citation numbered \(n) (they are kept \(Library.trashDays) days); 'citefeed restore --deleted' lists them."
        case .noSuchCitation(let id):
            return "No citation with id \(id); 'citefeed list' shows the ids (and 'citefeed list --archived' the archived ones)."
        case .noSuchTag(let name):
            return "No tag named \(quoted(name)); 'citefeed tag list' shows the tags."
        case .tagExists(let name):
            return "A tag named \(quoted(name)) already exists (tag names ignore case)."
        case let .notCitefeedLibrary(path, otherProgram):
            let reason = otherProgram ? "an SQLite database of another program" : "not an SQLite database"
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
            return
                "The library has no citation id left to give (a citation has the id 9223372036854775807); export it, and import the export into a new library."
        case .answeredSince:
            return "the card was answered again since (from the bar, or another study), so that answer stays"
        case .answeredElsewhere:
            return
                "that answer was given on another machine (or before this library was copied or restored), and sync takes back only a machine's own answers, so it stays"
        case let .sqlite(error, path):
            return "SQLite error in \(path): \(error.message) (code \(error.extendedCode))."
        case let .libraryFile(path, failure):
            return "Cannot read or write the library \(path): \(failure.reason(about: path))."
        case .file(let failure):
            return failure.message.prefix(1).uppercased() + failure.message.dropFirst() + "."
        case .unexpected(let type):
            return "An unexpected error (\(type)) stopped the change; the library was left as it was."
        }
    }
}
