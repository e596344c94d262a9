import CiteFeedSupport

/// A failed read or write, in words: `cannot read PATH: REASON`, the reason the system's
/// (`strerror`) or one of citefeed's rules.
extension IOFailure {
    /// The reason alone (`Permission denied`, `it is a directory`), for a sentence that names
    /// the file its own way.
    var reason: String {
        switch cause {
        case .system(let code): Posix.errorText(code)
        case .isDirectory: "it is a directory"
        case .notRegularFile: "it is not a regular file"
        case .link: "it is not a regular file (a link)"
        case .notFileDeviceOrPipe: "it is not a regular file, a device or a named pipe"
        case .tooLarge(let limit): "it is larger than \(Posix.describe(bytes: limit))"
        case .linkToNothing: "it is a symbolic link to nothing"
        case .noFileName: "no file name was given"
        case .namesDirectory: "it names a directory, not a file"
        case .noSuchDirectory(let directory): "its directory \(directory) does not exist"
        case .notADirectory(let path): "\(path) is not a directory"
        case .directoryNotWritable(let directory, let code): "its directory \(directory) cannot be written (\(Posix.errorText(code)))"
        case .ownFile: "it is one of citefeed's own files, which hold the library and its settings"
        case .pipeWithoutReader: "it is a named pipe no program reads"
        case .otherUser(let uid): "it belongs to another user (uid \(uid))"
        }
    }

    /// The whole sentence: what failed on which file, and why.
    var message: String {
        guard let action, let path else { return reason }
        switch action {
        case .read: return "cannot read \(path): \(reason)"
        case .write: return "cannot write \(path): \(reason)"
        case .create: return "cannot create \(path): \(reason)"
        case .remove: return "cannot remove \(path): \(reason)"
        case .createDirectory: return "cannot create directory \(path): \(reason)"
        case .createFileIn: return "cannot create a file in \(path): \(reason)"
        case .makeFolderIn: return "cannot make a folder in \(path): \(reason)"
        case .openLock: return "cannot open the lock \(path): \(reason)"
        case .lock: return "cannot lock \(path): \(reason)"
        case .useMachineDirectory:
            // What to do is part of it: sync makes the directory again.
            switch cause {
            case .link:
                return
                    "this machine's directory \(path) is a link, and citefeed writes only into a directory of its own; remove the link (sync makes the directory again)"
            case .notADirectory: return "this machine's directory \(path) is not a directory; remove it (sync makes the directory again)"
            case .otherUser(let uid):
                return "this machine's directory \(path) belongs to another user (uid \(uid)); remove it (sync makes it again)"
            default: return "cannot use this machine's directory \(path): \(reason)"
            }
        }
    }

    /// The reason alone when the failure is about `path` (for a sentence that names the path
    /// itself), else the whole sentence.
    func reason(about path: String) -> String {
        self.path == path && action != .useMachineDirectory ? reason : message
    }
}
