/// A file the user names for citefeed to write (`picture --out`, `export --out`), as it is on
/// disk: a regular file (or none yet) is replaced whole, atomically; a device or a named pipe
/// (`/dev/null`, `/dev/stdout`, a FIFO a program reads) is written to as it is, never replaced;
/// a symbolic link is followed to what it names. Anything else (a directory, a socket, a link
/// to nothing) is refused before anything is made, and so is a path that is one of `protected`
/// (the library's and the settings' files).
package struct UserOutput: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// A regular file, with its permissions when it exists.
        case file(mode: mode_t?)
        /// A character device or a FIFO.
        case stream
    }

    /// The path written: the one given with links resolved.
    package let path: String
    package let kind: Kind

    /// Resolves `given` (absolute) and checks it can be written, touching nothing. An error has
    /// no action or path (the caller names the file): only its cause (`.isDirectory`).
    /// `protected`: absolute paths that must never be written (they need not exist).
    package static func resolve(_ given: String, protected: [String] = []) throws(IOFailure) -> UserOutput {
        guard !given.isEmpty, !given.hasSuffix("/") else {
            throw IOFailure(given.isEmpty ? .noFileName : .namesDirectory)
        }
        var st = stat()
        let output: UserOutput
        if stat(given, &st) == 0 {
            let path = Posix.resolvedPath(given) ?? given
            switch st.st_mode & S_IFMT {
            case S_IFREG: output = UserOutput(path: path, kind: .file(mode: st.st_mode & 0o7777))
            case S_IFCHR, S_IFIFO: output = UserOutput(path: path, kind: .stream)
            case S_IFDIR: throw IOFailure(.isDirectory)
            default: throw IOFailure(.notFileDeviceOrPipe)
            }
        } else if errno == ENOENT {
            var link = stat()
            if lstat(given, &link) == 0 { throw IOFailure(.linkToNothing) }
            let parent = Posix.parentDirectory(given)
            guard let directory = Posix.resolvedPath(parent) else { throw IOFailure(.noSuchDirectory(parent)) }
            guard Posix.isDirectory(directory) else { throw IOFailure(.notADirectory(parent)) }
            output = UserOutput(path: (directory == "/" ? "" : directory) + "/" + Posix.lastComponent(given), kind: .file(mode: nil))
        } else {
            throw IOFailure(.system(errno))
        }
        if case .file = output.kind {
            let directory = Posix.parentDirectory(output.path)
            if access(directory, W_OK) != 0 {
                throw IOFailure(.directoryNotWritable(directory, errno: errno))
            }
        }
        let mine = protected.map { Self.canonical($0) }
        if mine.contains(output.path) {
            throw IOFailure(.ownFile)
        }
        return output
    }

    /// `path` with its directory's links resolved (the file itself need not exist).
    static func canonical(_ path: String) -> String {
        if let resolved = Posix.resolvedPath(path) { return resolved }
        guard let directory = Posix.resolvedPath(Posix.parentDirectory(path)) else { return path }
        return (directory == "/" ? "" : directory) + "/" + Posix.lastComponent(path)
    }

    /// Writes `bytes`: a file replaced atomically (a new one with `newMode`), a stream written
    /// to. A stream's write error (a full device, a pipe whose reader left) is an error.
    package func write(_ bytes: [UInt8], newMode: mode_t) throws(IOFailure) {
        switch kind {
        case .file(let mode): try AtomicWriter.write(bytes, to: path, mode: mode ?? newMode)
        case .stream:
            // Without blocking first: a FIFO with no reader is refused, not waited for.
            let fd = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
            if fd < 0 {
                throw IOFailure(errno == ENXIO ? .pipeWithoutReader : .system(errno))
            }
            defer { close(fd) }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            let previous = signal(SIGPIPE, SIG_IGN)
            defer { signal(SIGPIPE, previous) }
            guard Posix.writeAll(fd: fd, bytes) else { throw IOFailure(.system(errno)) }
        }
    }
}
