import CiteFeedOutput
import CiteFeedSupport

extension Home {
    /// Hands `jobs` and `pictures` to a citefeed of their own (this program, with `argument`,
    /// reading them from standard input), in a session of its own, writing to `announce.log` and
    /// holding a shared lock on `announce.lock` while it runs, so that a bar's command never
    /// waits for them. `false` when it could not start (either file is not a regular file, or
    /// the program cannot be found). A long-running caller (`status --follow`) reaps it with
    /// `Subprocess.reap()`.
    package func detachAnnouncements(
        _ jobs: [AnnouncementJob], pictures: [PictureOrder], limit: Int, argument: String, environment: [String: String]
    ) -> Bool {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return false }
        let executable = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let log = AnnouncementLog(path: paths.announceLog).openForAppending()
        guard log >= 0 else { return false }
        defer { close(log) }
        let lock = open(paths.announceLock, O_RDONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW, 0o644)
        guard lock >= 0 else { return false }
        defer { close(lock) }
        var st = stat()
        guard fstat(lock, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return false }
        // Shared: detached runs do not wait for each other; only one waiting for them all
        // (a test's exclusive lock) is held off, and then we go on without it.
        _ = flock(lock, LOCK_SH | LOCK_NB)
        let input = Array(
            JSONWriter.compact(
                .object([
                    ("limit", .int(Int64(limit))), ("jobs", .array(jobs.map(\.json))), ("pictures", .array(pictures.map(\.json))),
                ])
            ).utf8)
        return Subprocess.detach(executable, [argument], input: input, output: log, keep: lock, environment: environment) != nil
    }
}
