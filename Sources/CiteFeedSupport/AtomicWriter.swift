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
