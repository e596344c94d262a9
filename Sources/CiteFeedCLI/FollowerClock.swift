import CiteFeedSupport

/// A status follower's time and its way of waiting, kept apart from the follower so that a
/// test can drive it step by step and judge what it waits for, instead of sleeping and
/// measuring: the system's (`system`), or a test's, whose time moves when its wait says so.
struct FollowerClock {
    /// The wall-clock time: slots begin and end by it.
    let now: () throws -> Timestamp
    /// Milliseconds on a clock that never goes back: scrolling steps are counted on it.
    let monotonic: () -> Int64
    /// Starts watching `files` (and the output's descriptor, for its reader's going) and gives
    /// the wait: until a watched file changes, `milliseconds` pass (`nil`: no limit), the wall
    /// clock reaches `until`, or the output is gone.
    let watch: (_ files: [String], _ output: Int32?) -> (_ milliseconds: Int64?, _ until: Timestamp) -> DirectoryWatcher.Wake
    /// Whether the follower is the process (the command, not a test calling it in its own
    /// process): it then resets its signals, ends with its parent and reaps the announcers it
    /// detached, none of which a test process may have done to it.
    let ownsProcess: Bool

    /// The system's (owning the process only when the context is the process's own, not an
    /// in-process test's): inotify, a timer on the wall clock (a deadline passed during a suspend or
    /// made early by a clock change is noticed at once) and the monotonic clock. With
    /// `CITEFEED_NOW` (tests of the built program) the time is that fixed one or, with
    /// `CITEFEED_NOW_RUNS=1` too, a clock that starts there and runs, so that a test can follow a
    /// slot change in a few seconds; its slot's end is then waited for on the monotonic clock.
    static func system(_ context: Context) -> FollowerClock {
        let started = Posix.monotonicMilliseconds()
        let fixed = context.hasFixedClock
        let runs = context.environment["CITEFEED_NOW_RUNS"] == "1"
        let now: () throws -> Timestamp = {
            guard fixed else { return Timestamp.systemNow() }
            let time = try context.now()
            guard runs else { return time }
            return Timestamp(seconds: time.seconds + (Posix.monotonicMilliseconds() - started) / 1000)
        }
        return FollowerClock(
            now: now, monotonic: { Posix.monotonicMilliseconds() },
            watch: { files, output in
                let watcher = DirectoryWatcher(files: files)
                return { milliseconds, until in
                    guard fixed else { return watcher.wait(milliseconds: milliseconds, deadline: until.seconds, output: output) }
                    let toEnd = (try? now()).map { max(0, until.seconds - $0.seconds) * 1000 + 50 }
                    let wait = [milliseconds, toEnd].compactMap { $0 }.min()
                    return watcher.wait(milliseconds: wait, deadline: nil, output: output)
                }
            }, ownsProcess: context.canDetach)
    }
}
