import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `status --follow`: prints the status line again whenever it changes. Between changes it
/// sleeps in `poll` until the slot ends or the rotation's `current.json` or `settings.json`
/// changes (`DirectoryWatcher`: other writes beside them, such as the library's WAL, do not wake
/// it), so it uses no CPU while waiting and notices `next` or an edit within a second. Scrolling,
/// it wakes once a step, 1/`scrollSpeed` s, and only while the line is too long to stand still. It ends when its reader goes away: standard output closed (poll reports an error
/// on a pipe whose reader is gone), or its parent ended while its output is not a pipe or socket
/// that someone may still read (`… | lemonbar &` in a script that then exits goes on), so
/// followers do not pile up across bar reloads. Its time and waiting are a `FollowerClock`.
struct StatusFollower {
    let command: StatusCommand
    let context: Context
    var last: CurrentFile
    /// Its time and its waiting: the system's, or a test's (`FollowerClock`).
    private let clock: FollowerClock

    init(command: StatusCommand, context: Context, last: CurrentFile, clock: FollowerClock? = nil) {
        self.command = command
        self.context = context
        self.last = last
        self.clock = clock ?? FollowerClock.system(context)
    }

    mutating func run() throws {
        var parent: pid_t = 0
        var outputHasItsOwnReader = true
        if clock.ownsProcess {
            // A bar (or a test harness) may start us with signals blocked or ignored (both are
            // inherited through exec); a long-running process must still end on SIGTERM, SIGHUP
            // and SIGINT, as when a bar stops its process group.
            var none = sigset_t()
            sigemptyset(&none)
            sigprocmask(SIG_SETMASK, &none, nil)
            for signal in [SIGTERM, SIGHUP, SIGINT] { _ = Glibc.signal(signal, SIG_DFL) }
            // The kernel sends SIGUSR1 when the parent ends; its handler does nothing but interrupt
            // the wait, after which the loop sees the new parent.
            parent = getppid()
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in }
            sigemptyset(&action.sa_mask)
            sigaction(SIGUSR1, &action, nil)
            Posix.signalWhenParentEnds(SIGUSR1)
            var st = stat()
            let kind = context.out.descriptor.map { fstat($0, &st) == 0 ? st.st_mode & S_IFMT : 0 } ?? 0
            outputHasItsOwnReader = kind == S_IFIFO || kind == S_IFSOCK
        }
        context.out.flush()
        var settings = try context.settings()
        var renderer = command.renderer(settings, context: context)
        var shown = Shown(renderer, last, since: clock.monotonic())
        var lastLine = renderer.render(command.format, last.pick, slot: last.slot, following: true, review: last.review)
        let wait = clock.watch([context.paths.current(rotation: context.rotationName), context.paths.settings], context.out.descriptor)
        while true {
            if clock.ownsProcess {
                if getppid() != parent && !outputHasItsOwnReader { return }
                Subprocess.reap()  // detached announcers that have ended
            }
            // Wake at the slot's end, or at the next step.
            let wake = wait(shown.millisecondsToNextStep(at: clock.monotonic()), last.slot.end)
            if wake == .outputGone { return }
            let slotEnded = try clock.now() >= last.slot.end
            if wake == .changed || wake == .interrupted || slotEnded {
                // A settings file half-edited by hand: go on with the last good settings (the slot
                // still turns, and the wait is for the next change, not a deadline passed).
                if let loaded = try? SettingsFile(path: context.paths.settings).load(rotation: context.rotationName).settings {
                    settings = loaded
                }
                let fresh = try context.home.shown(settings, at: clock.now())
                renderer = command.renderer(settings, context: context)
                let next = Shown(renderer, fresh, since: clock.monotonic())
                // The same line at the same width and speed goes on moving; anything else starts anew.
                if next.marquee?.text != shown.marquee?.text || next.marquee?.width != shown.marquee?.width || next.speed != shown.speed {
                    shown = next
                }
                last = fresh
                context.announce()
            }
            let line = renderer.render(
                command.format, last.pick, slot: last.slot, following: true, review: last.review, step: shown.step(at: clock.monotonic()),
                marquee: shown.marquee)
            if line != lastLine {
                context.out.write(data: line)
                guard context.out.flush() else { return }  // the bar went away
                lastLine = line
            }
        }
    }
}

/// The line a follower shows, and since when: which step of its scrolling is due.
private struct Shown {
    /// The line, made once and framed step by step; `nil` when not scrolling.
    let marquee: Marquee?
    /// Columns a second, when the line moves; `nil` when it stands still.
    let speed: Int?
    let since: Int64

    init(_ renderer: StatusRenderer, _ current: CurrentFile, since: Int64) {
        marquee = renderer.scrollSpeed.map { renderer.marquee(current.pick, review: current.review, width: renderer.width, speed: $0) }
        speed = marquee?.moves == true ? renderer.scrollSpeed : nil
        self.since = since
    }

    /// The step due now (0 for a line that stands still).
    func step(at time: Int64) -> Int {
        guard let speed else { return 0 }
        return Int((time - since) * Int64(speed) / 1000)
    }

    /// Milliseconds until the next step, or `nil` for a line that stands still.
    func millisecondsToNextStep(at time: Int64) -> Int64? {
        guard let speed else { return nil }
        let next = Int64(step(at: time) + 1) * 1000 / Int64(speed)
        return max(1, since + next - time) + 1
    }
}
