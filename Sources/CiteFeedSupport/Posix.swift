import CPlatform

#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#endif

/// Small POSIX helpers that keep the binary free of Foundation's heavier modules.
package enum Posix {
    /// Asks the kernel to send `signal` to this process when its parent ends (Linux; nothing
    /// elsewhere): a follower started by a bar ends with the bar.
    package static func signalWhenParentEnds(_ signal: Int32) { _ = citefeed_parent_death_signal(signal) }

    /// The text of `errno` (for messages such as "Permission denied").
    package static func errorText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Milliseconds of a clock that never jumps (for how long something has taken).
    package static func monotonicMilliseconds() -> Int64 { milliseconds(of: CLOCK_MONOTONIC) }

    /// Milliseconds since 1970 of the wall clock (which may jump).
    package static func wallClockMilliseconds() -> Int64 { milliseconds(of: CLOCK_REALTIME) }

    private static func milliseconds(of clock: clockid_t) -> Int64 {
        var ts = timespec()
        clock_gettime(clock, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }

    /// Reads a whole file descriptor into memory; more than `limit` bytes is an error (a link
    /// to /dev/zero must not exhaust memory).
    package static func readAll(fd: Int32, limit: Int) throws(IOFailure) -> [UInt8] {
        // A regular file is read straight into an array of its size (a 50 MB import file is not
        // copied chunk by chunk into a growing array); anything else, or more, in chunks after it.
        var st = stat()
        let size = fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG ? Int(st.st_size) : 0
        if size > limit { throw IOFailure(.tooLarge(limit: limit)) }
        var failure: Int32 = 0
        var result = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while count < size {
                let n = read(fd, buffer.baseAddress! + count, size - count)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if n == 0 { return }
                count += n
            }
        }
        if failure != 0 { throw IOFailure(.system(failure)) }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw IOFailure(.system(errno))
            }
            if n == 0 { return result }
            if result.count + n > limit { throw IOFailure(.tooLarge(limit: limit)) }
            result.append(contentsOf: chunk[0..<n])
        }
    }

    /// Reads a whole file of at most `limit` bytes; `nil` when it does not exist. Only a regular
    /// file is read, unless `anyKind` (an import may come through a pipe, `<(…)`): a FIFO or
    /// a device planted in its place would block or never end. It is opened without blocking,
    /// so that opening a FIFO with no writer does not hang either.
    package static func readFile(_ path: String, limit: Int, anyKind: Bool = false) throws(IOFailure) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw IOFailure.system(.read, path)
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw IOFailure.system(.read, path) }
        let kind = st.st_mode & S_IFMT
        if kind == S_IFDIR { throw IOFailure(.read, path, .isDirectory) }
        if kind != S_IFREG {
            guard anyKind else { throw IOFailure(.read, path, .notRegularFile) }
            // A pipe opened without blocking reads as empty until a writer comes: open it again,
            // waiting for one as `cat` would.
            let blocking = open(path, O_RDONLY | O_CLOEXEC)
            if blocking < 0 { throw IOFailure.system(.read, path) }
            defer { close(blocking) }
            do { return try readAll(fd: blocking, limit: limit) } catch { throw error.about(.read, path) }
        }
        do { return try readAll(fd: fd, limit: limit) } catch { throw error.about(.read, path) }
    }

    /// A small file's text (UTF-8, invalid bytes replaced); `nil` when it is absent, cannot be
    /// read, is not a regular file or is over `limit` bytes.
    package static func readText(_ path: String, limit: Int) -> String? {
        (try? readFile(path, limit: limit)).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// `100 MiB`, or a number of bytes, for messages about limits.
    package static func describe(bytes: Int) -> String {
        if bytes % (1024 * 1024) == 0 { return "\(bytes / (1024 * 1024)) MiB" }
        return "\(bytes) bytes"
    }

    /// `milliseconds` for a message: "5 seconds", "1 second", "300 ms".
    package static func describe(milliseconds: Int) -> String {
        if milliseconds % 1000 != 0 { return "\(milliseconds) ms" }
        return milliseconds == 1000 ? "1 second" : "\(milliseconds / 1000) seconds"
    }

    /// Writes all bytes, retrying short writes.
    package static func writeAll(fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// Copies the regular file at `from` to a new file `to` (made with mode 0600; an existing
    /// one is an error), a megabyte at a time; a file of more than `limit` bytes is refused
    /// as `readFile` refuses it.
    package static func copyFile(_ from: String, to: String, limit: Int = .max) throws(IOFailure) {
        let source = open(from, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if source < 0 { throw IOFailure.system(.read, from) }
        defer { close(source) }
        var st = stat()
        guard fstat(source, &st) == 0 else { throw IOFailure.system(.read, from) }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw IOFailure(.read, from, .isDirectory) }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw IOFailure(.read, from, .notRegularFile) }
        func tooLarge() -> IOFailure { IOFailure(.read, from, .tooLarge(limit: limit)) }
        if st.st_size > limit { throw tooLarge() }
        var copied = 0
        let target = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if target < 0 { throw IOFailure.system(.create, to) }
        defer { close(target) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw IOFailure.system(.read, from) }
            if n == 0 { return }
            // A file that grew past the limit while it was copied.
            copied += n
            if copied > limit { throw tooLarge() }
            guard writeAll(fd: target, Array(buffer[0..<n])) else { throw IOFailure.system(.write, to) }
        }
    }

    /// The last `limit` bytes of a regular file (all of a shorter one) as text, invalid UTF-8
    /// replaced; `nil` when it cannot be read. For a log whose newest lines matter.
    package static func readTail(_ path: String, limit: Int) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        let count = min(Int(st.st_size), limit)
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes {
                pread(fd, $0.baseAddress! + filled, count - filled, off_t(Int(st.st_size) - count + filled))
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            filled += n
        }
        return String(decoding: bytes.prefix(filled), as: UTF8.self)
    }

    /// The first `count` bytes of a regular file (fewer when it is shorter); nil when it cannot be read.
    package static func readPrefix(_ path: String, _ count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, count - filled) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            filled += n
        }
        return Array(bytes.prefix(filled))
    }

    /// The names in a directory (not `.` and `..`), unsorted; none when it cannot be read.
    package static func directoryEntries(_ path: String) -> [String] { (try? listDirectory(path))?.names ?? [] }

    /// The names in a directory (not `.` and `..`), unsorted, and how many names were left out
    /// because they are not UTF-8 (a String cannot name such a file again).
    package static func listDirectory(_ path: String) throws(IOFailure) -> (names: [String], notUTF8: Int) {
        guard let dir = opendir(path) else { throw IOFailure.system(.read, path) }
        defer { closedir(dir) }
        var names: [String] = []
        var notUTF8 = 0
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes -> String? in
                String(validating: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let name else {
                notUTF8 += 1
                continue
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return (names, notUTF8)
    }

    /// The inode number of `path`, if it exists: what tells a file from a copy of it.
    package static func inode(_ path: String) -> UInt64? {
        var st = stat()
        return stat(path, &st) == 0 ? UInt64(st.st_ino) : nil
    }

    package static func fileExists(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0
    }

    /// When `path` was last modified, in nanoseconds since 1970, if it exists.
    package static func modificationTime(_ path: String) -> Int64? {
        var st = stat()
        return stat(path, &st) == 0 ? Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec) : nil
    }

    /// The user id owning `path`, if it exists.
    package static func ownerID(_ path: String) -> uid_t? {
        var st = stat()
        return stat(path, &st) == 0 ? st.st_uid : nil
    }

    /// `path` with every link and `..` resolved (realpath(3)), if it exists.
    package static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    package static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// `mkdir -p` with the given mode for the directories it creates.
    package static func makeDirectories(_ path: String, mode: mode_t = 0o755) throws(IOFailure) {
        if path.isEmpty || isDirectory(path) { return }
        let parent = parentDirectory(path)
        if parent != path { try makeDirectories(parent, mode: mode) }
        if mkdir(path, mode) != 0 && errno != EEXIST {
            throw IOFailure.system(.createDirectory, path)
        }
    }

    package static func parentDirectory(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The last component of `path` (`library.sqlite` of `/a/b/library.sqlite`).
    package static func lastComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Makes `path` absolute against the current directory and expands a leading `~/`.
    package static func absolutePath(_ path: String, home: String?) -> String {
        if path == "~", let home { return home }
        if path.hasPrefix("~/"), let home { return home + path.dropFirst(1) }
        if path.hasPrefix("/") { return path }
        let cwd = currentDirectory()
        return cwd == "/" ? "/" + path : cwd + "/" + path
    }
}

extension Posix {
    /// This machine's host name (`gethostname`), or "" when it has none.
    package static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
