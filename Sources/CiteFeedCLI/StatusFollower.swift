import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

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
    /// When following began, on the monotonic clock.
    private let started = Posix.monotonicMilliseconds()

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
        Posix.signalWhenParentEnds(SIGUSR1)
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
            Subprocess.reap()  // detached announcers that have ended
            let now = try clock()
            let untilSlotEnd = max(0, last.slot.end.seconds - now.seconds)
            let outputGone = watcher.wait(milliseconds: Int32(min(untilSlotEnd * 1000 + 50, 60_000)), output: context.out.descriptor)
            if outputGone { return }
            let settings: Settings
            do {
                settings = try SettingsFile(path: context.paths.settings).load(rotation: context.rotationName).settings
            } catch {
                continue  // a settings file half-edited by hand: keep showing the last line
            }
            let fresh = try context.home.shown(settings, at: clock())
            let line = StatusRenderer(settings: settings, width: command.width).render(
                command.format, fresh.pick, slot: fresh.slot, following: true, review: fresh.review)
            last = fresh
            if line != lastLine {
                context.out.write(data: line)
                guard context.out.flush() else { return }  // the bar went away
                lastLine = line
            }
            context.announce()
        }
    }

    private func render(_ current: CurrentFile) throws -> String {
        StatusRenderer(settings: try context.settings(), width: command.width).render(
            command.format, current.pick, slot: current.slot, following: true, review: current.review)
    }

    /// The clock: the system clock, read anew; with `CITEFEED_NOW` (for tests) that fixed time,
    /// or, with `CITEFEED_NOW_RUNS=1` too, a clock that starts there and runs (so a test can
    /// follow a slot change in two seconds).
    private func clock() throws -> Timestamp {
        guard context.environment["CITEFEED_NOW"].map({ !$0.isEmpty }) == true else { return Timestamp.systemNow() }
        let fixed = try context.now()
        guard context.environment["CITEFEED_NOW_RUNS"] == "1" else { return fixed }
        return Timestamp(seconds: fixed.seconds + (Posix.monotonicMilliseconds() - started) / 1000)
    }
}
