import CiteFeedService

/// Why `sync` could not run, in the command line's words.
extension SyncError: CiteFeedError {
    package var exitStatus: ExitStatus {
        switch self {
        case .notAFolder: return .notFound
        case .folder: return .ioError
        }
    }

    package var message: String {
        switch self {
        case .notAFolder(let path):
            return "No folder \(path): give the folder your sync engine shares (Syncthing, Nextcloud, a git repository), made first."
        case let .folder(path, reason):
            return "Cannot sync with \(path): \(reason). This machine's changes wait for the next sync."
        }
    }
}
