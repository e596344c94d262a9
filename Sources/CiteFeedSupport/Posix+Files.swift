import CPlatform

extension Posix {
    /// What `stat` says of a file: its kind, size, modification time (nanoseconds since
    /// 1970) and permission bits.
    package struct FileStatus: Equatable, Sendable {
        package var isRegular: Bool
        package var isDirectory: Bool
        package var size: Int64
        package var modified: Int64
        package var permissions: UInt32
    }

    /// `stat(2)` of `path` (following links); `nil` when it cannot be read.
    package static func status(_ path: String) -> FileStatus? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        let kind = st.st_mode & S_IFMT
        return FileStatus(
            isRegular: kind == S_IFREG, isDirectory: kind == S_IFDIR, size: Int64(st.st_size),
            modified: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec), permissions: UInt32(st.st_mode & 0o7777))
    }

    /// Whether this process may write in `path` (`access(2)`, `W_OK`).
    package static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

    /// Whether `path` is a symbolic link (not followed).
    package static func isLink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// Removes a file; whether it was removed (or was already gone).
    @discardableResult
    package static func removeFile(_ path: String) -> Bool { unlink(path) == 0 || errno == ENOENT }

    /// Flushes the file system holding `path` to the disk once (`syncfs(2)`): many files
    /// written without a sync each, made durable together. Skipped where `Durability` says so.
    package static func syncFileSystem(_ path: String) {
        guard Durability.syncs else { return }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
        guard fd >= 0 else { return }
        _ = citefeed_syncfs(fd)
        close(fd)
    }
}
