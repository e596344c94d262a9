import CPlatform

/// Waits until one of some files changes, a time comes, or an output's reader goes away.
///
/// Linux: inotify on each file itself (its inode), for writes and for its replacement by a
/// rename (the replaced inode loses its link: `IN_ATTRIB`, then `IN_DELETE_SELF`), after which
/// the new file is watched; so writes beside it (the library's WAL, logs, other outputs) never
/// wake the process at all. A file that does not exist yet is waited for on its directory, for
/// creations and renames only, which wake the process for other new names there but not for
/// writes. A `timerfd` on the wall clock serves a deadline, so that a deadline passed during a
/// suspend or made early by a clock change is noticed at once. Elsewhere: one-second sleeps.
package final class DirectoryWatcher {
    /// Why `wait` returned.
    package enum Wake: Equatable, Sendable {
        /// A watched file was written, replaced or removed.
        case changed
        /// The time given ran out, the wall-clock deadline came, or the clock was set.
        case timedOut
        /// The output can no longer be written (a pipe whose reader closed).
        case outputGone
        /// A signal interrupted the wait.
        case interrupted
    }

    private var fd: Int32 = -1
    private var timer: Int32 = -1
    /// Watch descriptor → the files it stands for: a file's own watch, or its directory's while
    /// it does not exist (one directory may wait for several).
    private var watches: [Int32: (directory: Bool, files: Set<String>)] = [:]

    package init(files: [String]) {
        #if os(Linux)
            fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            guard fd >= 0 else { return }
            for file in files { watch(file) }
            timer = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        #endif
    }

    /// Watches `file` itself, or, while it is absent, its directory for its creation.
    private func watch(_ file: String) {
        #if os(Linux)
            let own = UInt32(IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
            // The name's own inode (a symbolic link replaced by a rename), and for a link the
            // file it points to as well (edited in place).
            var wd = inotify_add_watch(fd, file, own | UInt32(IN_DONT_FOLLOW))
            if wd >= 0 {
                watches[wd] = (false, [file])
                var st = stat()
                if lstat(file, &st) == 0 && st.st_mode & S_IFMT == S_IFLNK {
                    let target = inotify_add_watch(fd, file, own)
                    if target >= 0 { watches[target] = (false, [file]) }
                }
                return
            }
            wd = inotify_add_watch(fd, Posix.parentDirectory(file), UInt32(IN_CREATE | IN_MOVED_TO))
            if wd >= 0 { watches[wd, default: (true, [])].files.insert(file) }
        #endif
    }

    deinit {
        if fd >= 0 { close(fd) }
        if timer >= 0 { close(timer) }
    }

    /// Returns when a watched file changes, after `milliseconds` (`nil`: no limit), at the
    /// wall-clock second `deadline` (`nil`: none), or when `output` (watched for errors only)
    /// is gone.
    package func wait(milliseconds: Int64?, deadline: Int64? = nil, output: Int32? = nil) -> Wake {
        guard fd >= 0 else {
            usleep(UInt32(min(max(milliseconds ?? 1000, 0), 1000)) * 1000)
            return .timedOut
        }
        armTimer(deadline)
        let start = Posix.monotonicMilliseconds()
        while true {
            var timeout: Int32 = -1
            if let milliseconds {
                let left = milliseconds - (Posix.monotonicMilliseconds() - start)
                if left <= 0 { return .timedOut }
                timeout = Int32(min(left, Int64(Int32.max)))
            }
            var fds = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: output ?? -1, events: 0, revents: 0),
                pollfd(fd: deadline == nil ? -1 : timer, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 3, timeout)
            if ready < 0 { return errno == EINTR ? .interrupted : .timedOut }
            if ready == 0 { return .timedOut }
            if fds[1].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return .outputGone }
            if fds[2].revents != 0 {
                var expirations: UInt64 = 0
                _ = read(timer, &expirations, 8)  // ECANCELED when the clock was set: a wake all the same
                return .timedOut
            }
            if fds[0].revents != 0 && drainEvents() {
                // Let the writer finish its burst of renames, then drain what it did.
                usleep(20_000)
                _ = drainEvents()
                return .changed
            }
        }
    }

    /// Reads every pending event; whether one was of a watched file. A file replaced, or
    /// created while its directory was watched, is watched anew (its new inode).
    private func drainEvents() -> Bool {
        var changed: Set<String> = []
        let size = 4096
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(fd, buffer, size)
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let wd = buffer.load(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
                let bytes = UnsafeRawBufferPointer(start: buffer + offset + 16, count: max(0, min(length, count - offset - 16)))
                let name = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += 16 + length
                guard let watch = watches[wd] else { continue }
                if mask & UInt32(IN_IGNORED) != 0 {
                    watches[wd] = nil  // the old inode is gone: its file was watched anew
                    if !watch.directory { changed.formUnion(watch.files) }
                } else if !watch.directory {
                    changed.formUnion(watch.files)
                } else if let file = watch.files.first(where: { Posix.lastComponent($0) == name }) {
                    changed.insert(file)
                }
            }
        }
        for file in changed {
            // Forget the directory's wait for it, then watch the file itself (or wait again).
            for (wd, watch) in watches where watch.directory && watch.files.contains(file) {
                watches[wd]?.files.remove(file)
                if watches[wd]?.files.isEmpty == true {
                    inotify_rm_watch(fd, wd)
                    watches[wd] = nil
                }
            }
            watch(file)
        }
        return !changed.isEmpty
    }

    /// Sets the timer to fire at `deadline` (wall-clock seconds), or disarms it.
    private func armTimer(_ deadline: Int64?) {
        #if os(Linux)
            guard timer >= 0 else { return }
            var spec = itimerspec()
            if let deadline { spec.it_value = timespec(tv_sec: Int(deadline), tv_nsec: 0) }
            timerfd_settime(timer, Int32(TFD_TIMER_ABSTIME) | citefeed_tfd_timer_cancel_on_set(), &spec, nil)
        #endif
    }
}
