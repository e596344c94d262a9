#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts bytes on disk so that a reader never sees a partial file: they go to a temporary file in
/// the same directory, which is synced and renamed into place. A failed write leaves the
/// previous file intact.
package enum AtomicWriter {
    /// Writes `bytes` to `path` with `mode`.
    package static func write(_ bytes: [UInt8], to path: String, mode: mode_t) throws(IOFailure) {
        let temp = try stage(bytes, for: path, mode: mode)
        if rename(temp, path) != 0 {
            let reason = errno
            unlink(temp)
            throw IOFailure(.write, path, .system(reason))
        }
    }

    /// Writes several files as one change: every changed file is first written to a temporary
    /// file beside it, and only when all are written are they renamed into place. A failure
    /// before that leaves every file as it was. Files whose content would not change are left
    /// alone (their mtime stays). Returns the paths written.
    @discardableResult
    /// `durable: false` skips `fsync`: right for outputs that the next run makes again, where a
    /// crash can at worst leave the old file (the rename is still atomic).
    package static func writeChanged(_ files: [(path: String, bytes: [UInt8])], mode: mode_t, durable: Bool = true) throws(IOFailure)
        -> [String]
    {
        var staged: [(temp: String, path: String)] = []
        func discard() { for s in staged { unlink(s.temp) } }
        for (path, bytes) in files {
            // Compared only when it is a regular file of the same size (a FIFO or a link to a device
            // planted there must not block or fill memory; it is replaced like a changed file).
            if let existing = try? Posix.readFile(path, limit: bytes.count), existing == bytes { continue }
            do {
                staged.append((try stage(bytes, for: path, mode: mode, durable: durable), path))
            } catch {
                discard()
                throw error
            }
        }
        for s in staged where rename(s.temp, s.path) != 0 {
            let reason = errno
            discard()
            throw IOFailure(.write, s.path, .system(reason))
        }
        return staged.map(\.path)
    }

    /// Writes `bytes` to a (synced unless not `durable`) temporary file next to `path`; returns its path.
    private static func stage(_ bytes: [UInt8], for path: String, mode: mode_t, durable: Bool = true) throws(IOFailure) -> String {
        let file = try StagedFile(for: path, mode: mode)
        try file.write(bytes)
        return try file.seal(durable: durable)
    }
}

/// A file written in pieces to a temporary file beside `path` (mode `mode`), which `commit`
/// syncs and renames into place. Until then `path` is untouched; a StagedFile released without
/// `commit` removes its temporary file, so a failed export leaves the previous file as it was.
package final class StagedFile {
    package let path: String
    private(set) var tempPath: String
    private var fd: Int32
    private var done = false

    package init(for path: String, mode: mode_t) throws(IOFailure) {
        self.path = path
        let directory = Posix.parentDirectory(path)
        let name = Posix.lastComponent(path)
        var template = Array((directory + "/." + name + ".tmp-XXXXXX").utf8CString)
        fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd < 0 { throw IOFailure.system(.createFileIn, directory) }
        tempPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if fchmod(fd, mode) != 0 {
            let reason = errno
            discard()
            throw IOFailure(.write, path, .system(reason))
        }
    }

    deinit { discard() }

    package func write(_ bytes: [UInt8]) throws(IOFailure) {
        guard Posix.writeAll(fd: fd, bytes) else {
            let reason = errno
            discard()
            throw IOFailure(.write, path, .system(reason))
        }
    }

    /// Syncs (when `durable`) and closes the temporary file, leaving it to be renamed; returns its path.
    func seal(durable: Bool) throws(IOFailure) -> String {
        var ok = !durable || !Durability.syncs || fsync(fd) == 0
        var reason = errno
        if close(fd) != 0 {
            if ok { reason = errno }
            ok = false
        }
        fd = -1
        if !ok {
            discard()
            throw IOFailure(.write, path, .system(reason))
        }
        done = true
        return tempPath
    }

    /// Syncs the file and renames it to `path`.
    package func commit() throws(IOFailure) {
        let temp = try seal(durable: true)
        if rename(temp, path) != 0 {
            let reason = errno
            unlink(temp)
            throw IOFailure(.write, path, .system(reason))
        }
    }

    private func discard() {
        if fd >= 0 { close(fd) }
        fd = -1
        if !done { unlink(tempPath) }
        done = true
    }
}
