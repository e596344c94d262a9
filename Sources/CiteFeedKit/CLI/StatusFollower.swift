import CPlatform

/// `status --follow`: prints the status line again whenever it changes. Between changes it
/// sleeps in `poll` until the slot ends or a file in the library's or the settings' directory
/// changes (inotify on Linux; a one-second tick elsewhere), so it uses no CPU while waiting
/// and notices `next` or an edit within a second. It ends when its reader goes away: standard
/// output closed (poll reports an error on a pipe whose reader is gone), or its parent ended
/// while its output is not a pipe or socket that someone may still read (`… | lemonbar &` in a
/// script that then exits goes on), so followers do not pile up across bar reloads.
struct StatusFollower {
    let command: StatusCommand
    let context: Context
    var last: CurrentFile

    init(command: StatusCommand, context: Context, last: CurrentFile) {
        self.command = command
        self.context = context
        self.last = last
    }

    mutating func run() throws {
        // A bar (or a test harness) may start us with signals blocked or ignored (both are
        // inherited through exec); a long-running process must still end on SIGTERM, SIGHUP and
        // SIGINT, as when a bar stops its process group.
        var none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, nil)
        for signal in [SIGTERM, SIGHUP, SIGINT] { _ = Glibc.signal(signal, SIG_DFL) }
        // The kernel sends SIGUSR1 when the parent ends; its handler does nothing but interrupt
        // the wait, after which the loop sees the new parent.
        let parent = getppid()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        sigaction(SIGUSR1, &action, nil)
        _ = citefeed_parent_death_signal(SIGUSR1)
        var st = stat()
        let kind = context.out.descriptor.map { fstat($0, &st) == 0 ? st.st_mode & S_IFMT : 0 } ?? 0
        let outputHasItsOwnReader = kind == S_IFIFO || kind == S_IFSOCK
        context.out.flush()
        var lastLine = try render(last)
        let watcher = DirectoryWatcher(
            directories: Array(
                Set([
                    Posix.parentDirectory(context.paths.current), Posix.parentDirectory(context.paths.settings),
                ])))
        while true {
            if getppid() != parent && !outputHasItsOwnReader { return }
            let now = try clock()
            let untilSlotEnd = max(0, last.slot.end.seconds - now.seconds)
            let outputGone = watcher.wait(milliseconds: Int32(min(untilSlotEnd * 1000 + 50, 60_000)), output: context.out.descriptor)
            if outputGone { return }
            let settings: Settings
            do {
                settings = try SettingsFile(path: context.paths.settings).load().settings
            } catch {
                continue  // a settings file half-edited by hand: keep showing the last line
            }
            let fresh = try StatusCommand.current(context, settings: settings, now: clock())
            let line = StatusRenderer(settings: settings, width: command.width).render(
                command.format, fresh.pick, slot: fresh.slot, following: true)
            last = fresh
            if line != lastLine {
                context.out.write(data: line)
                guard context.out.flush() else { return }  // the bar went away
                lastLine = line
            }
        }
    }

    private func render(_ current: CurrentFile) throws -> String {
        StatusRenderer(settings: try context.settings(), width: command.width).render(
            command.format, current.pick, slot: current.slot, following: true)
    }

    /// The clock: `CITEFEED_NOW` stays fixed (for tests); otherwise the system clock, read anew.
    private func clock() throws -> Timestamp {
        context.environment["CITEFEED_NOW"].map { !$0.isEmpty } == true ? try context.now() : Timestamp.systemNow()
    }
}

/// Waits for changes in directories: inotify on Linux, a plain sleep elsewhere.
final class DirectoryWatcher {
    private var fd: Int32 = -1

    init(directories: [String]) {
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
    func wait(milliseconds: Int32, output: Int32? = nil) -> Bool {
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
