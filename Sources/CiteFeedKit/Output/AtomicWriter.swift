/// Puts bytes on disk so that a reader never sees a partial file: they go to a temporary file in
/// the same directory, which is synced and renamed into place. A failed write leaves the
/// previous file intact.
public enum AtomicWriter {
    /// Writes `bytes` to `path` with `mode`.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t) throws(IOFailure) {
        let directory = Posix.parentDirectory(path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var template = Array((directory + "/." + name + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if fd < 0 { throw IOFailure(message: "cannot create a file in \(directory): \(Posix.errorText())") }
        let tempPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var ok = fchmod(fd, mode) == 0 && Posix.writeAll(fd: fd, bytes) && fsync(fd) == 0
        let reason = Posix.errorText()
        ok = close(fd) == 0 && ok
        if !ok || rename(tempPath, path) != 0 {
            let renameReason = ok ? Posix.errorText() : reason
            unlink(tempPath)
            throw IOFailure(message: "cannot write \(path): \(renameReason)")
        }
    }

    /// Like `write`, but leaves the file (and its mtime) alone when it already holds `bytes`.
    /// Returns whether it wrote.
    @discardableResult
    public static func writeIfChanged(_ bytes: [UInt8], to path: String, mode: mode_t) throws(IOFailure) -> Bool {
        if let existing = try? Posix.readFile(path), existing == bytes { return false }
        try write(bytes, to: path, mode: mode)
        return true
    }
}
