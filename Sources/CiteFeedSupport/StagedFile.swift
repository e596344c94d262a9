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
