import CiteFeedModel
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// Why `sync` could not run, in the command line's words.
extension SyncError: CiteFeedError {
    package var exitStatus: ExitStatus {
        switch self {
        case .notAFolder: return .notFound
        case .folder: return .ioError
        case .unsafeFolder: return .usage
        case .massDeletion: return .dataError
        }
    }

    package var message: String {
        switch self {
        case .notAFolder(let path) where Posix.fileExists(path):
            return "\(path) is not a folder: give the folder your sync engine shares (Syncthing, Nextcloud, a git repository)."
        case .notAFolder(let path):
            return "No folder \(path): give the folder your sync engine shares (Syncthing, Nextcloud, a git repository), made first."
        case let .folder(path, failure):
            return "Cannot sync with \(path): \(failure.message). This machine's changes wait for the next sync."
        case let .unsafeFolder(path, reason):
            let what =
                switch reason {
                case .isLibraryDirectory: "it is the library's directory"
                case .holdsLibraryDirectory(let directory): "it holds the library's directory, \(directory)"
                case .inOutputDirectory(let output): "it is in the output directory, \(output), which is published"
                }
            return "Cannot sync with \(path): \(what). Give a folder of its own that your sync engine shares, such as ~/Sync/citefeed."
        case let .massDeletion(deleted, recent, total, by):
            let who = by.map { "\($0.count) by \(SyncCommand.who($0.machine, name: $0.name))" }.joined(separator: ", ")
            let what =
                recent == deleted
                ? "delete \(deleted) of this library's \(total) citations (\(who))"
                : "delete \(deleted) more citations (\(who)): \(recent) of the \(total) this library had would be gone in \(Library.trashDays) days ('citefeed restore --deleted' lists those gone already)"
            return
                "Other machines' changes would \(what); nothing was applied. If that is what you did there, run 'citefeed sync --accept-deletions'; if not, look at that machine and the folder before syncing again."
        }
    }
}

extension SyncProblem {
    /// Why another machine's changes wait, as `sync status` says it.
    var words: String {
        switch self {
        case .unreadable(let failure): failure.message
        case .newerFormat(let version): "its log is of format \(version), newer than this citefeed's (\(SyncLine.format))"
        case let .clockAhead(file, line, time):
            "its \(file) line \(line) is clocked \(time), more than a day ahead of this machine's clock; it and its later changes wait until then"
        case .legacy(let text): text
        }
    }
}
