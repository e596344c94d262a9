/// Puts bytes on disk so that a reader never sees a partial file: they go to a temporary file in
/// the same directory, which is synced and renamed into place. A failed write leaves the
/// previous file intact.
public enum AtomicWriter {
    /// Writes `bytes` to `path` with `mode`.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t) throws(IOFailure) {
        let temp = try stage(bytes, for: path, mode: mode)
        if rename(temp, path) != 0 {
            let reason = Posix.errorText()
            unlink(temp)
            throw IOFailure(message: "cannot write \(path): \(reason)")
        }
    }

    /// Writes several files as one change: every changed file is first written to a temporary
    /// file beside it, and only when all are written are they renamed into place. A failure
    /// before that leaves every file as it was. Files whose content would not change are left
    /// alone (their mtime stays). Returns the paths written.
    @discardableResult
    /// `durable: false` skips `fsync`: right for outputs that the next run makes again, where a
    /// crash can at worst leave the old file (the rename is still atomic).
    public static func writeChanged(_ files: [(path: String, bytes: [UInt8])], mode: mode_t, durable: Bool = true) throws(IOFailure)
        -> [String]
    {
        var staged: [(temp: String, path: String)] = []
        func discard() { for s in staged { unlink(s.temp) } }
        for (path, bytes) in files {
            if let existing = try? Posix.readFile(path), existing == bytes { continue }
            do {
                staged.append((try stage(bytes, for: path, mode: mode, durable: durable), path))
            } catch {
                discard()
                throw error
            }
        }
        for s in staged where rename(s.temp, s.path) != 0 {
            let reason = Posix.errorText()
            discard()
            throw IOFailure(message: "cannot write \(s.path): \(reason)")
        }
        return staged.map(\.path)
    }

    /// Writes `bytes` to a synced temporary file next to `path`; returns its path.
    private static func stage(_ bytes: [UInt8], for path: String, mode: mode_t, durable: Bool = true) throws(IOFailure) -> String {
        let directory = Posix.parentDirectory(path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array((directory + "/." + name + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd < 0 { throw IOFailure(message: "cannot create a file in \(directory): \(Posix.errorText())") }
        let tempPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var ok = fchmod(fd, mode) == 0 && Posix.writeAll(fd: fd, bytes) && (!durable || fsync(fd) == 0)
        let reason = Posix.errorText()
        ok = close(fd) == 0 && ok
        if !ok {
            unlink(tempPath)
            throw IOFailure(message: "cannot write \(path): \(reason)")
        }
        return tempPath
    }
}
