import CPlatform

/// Waits for changes in directories: inotify on Linux, a plain sleep elsewhere.
package final class DirectoryWatcher {
    private var fd: Int32 = -1

    package init(directories: [String]) {
        #if os(Linux)
            fd = inotify_init1(Int32(IN_CLOEXEC))
            if fd >= 0 {
                for dir in directories {
                    _ = inotify_add_watch(fd, dir, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE))
                }
            }
        #endif
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Returns after a change or `milliseconds`, whichever is first; `true` when `output`, a
    /// descriptor watched for errors only, can no longer be written (a pipe whose reader closed).
    package func wait(milliseconds: Int32, output: Int32? = nil) -> Bool {
        guard fd >= 0 else {
            usleep(UInt32(min(milliseconds, 1000)) * 1000)
            return false
        }
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: output ?? -1, events: 0, revents: 0)]
        if poll(&fds, 2, milliseconds) > 0 && fds[1].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return true }
        if fds[0].revents != 0 {
            // Let the writer finish its burst of renames, then drain the events.
            usleep(20_000)
            var buffer = [UInt8](repeating: 0, count: 4096)
            var q = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            while poll(&q, 1, 0) > 0 { _ = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
        }
        return false
    }
}
