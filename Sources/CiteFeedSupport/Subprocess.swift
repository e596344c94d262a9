import CPlatform

/// Runs helper programs (clipboard tools, `xdg-open`) with `posix_spawn`, so the binary needs
/// no Foundation `Process`.
package enum Subprocess {
    /// The full path of `name` found on `PATH`, or `nil`. Only absolute entries are searched: a
    /// relative one (`.`, `bin`) would find a program wherever the command happens to run.
    package static func find(_ name: String, environment: [String: String]) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") where dir.hasPrefix("/") {
            let candidate = dir + "/" + name
            if access(candidate, X_OK) == 0 && !Posix.isDirectory(candidate) { return candidate }
        }
        return nil
    }

    /// Where a child runs: in our process group, in a group of its own (so a timeout stops it
    /// and whatever it started), or in a session of its own (detached: a bar that stops its
    /// process group, or closes its terminal, does not stop it).
    enum Grouping { case ours, ownGroup, ownSession }

    /// Starts `executable` with the file actions `setUp` adds; `nil` when it cannot start. The
    /// child gets no descriptor but its standard streams, no blocked signal, and the default
    /// handling of SIGPIPE and SIGXFSZ, which citefeed may ignore.
    private static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String], grouping: Grouping = .ours,
        _ setUp: (inout posix_spawn_file_actions_t) -> Void
    ) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        setUp(&actions)
        // Only the standard streams (and, for a detached citefeed, its lock as descriptor 3).
        citefeed_spawn_closefrom(&actions, grouping == .ownSession ? 4 : 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGXFSZ)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // No signal blocked: a bar or a test harness may have blocked some, and the child (a
        // timeout(1) in a publish command, say) must get them.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var flags = citefeed_spawn_flag_setsigdef() | citefeed_spawn_flag_setsigmask()
        switch grouping {
        case .ours: break
        case .ownGroup:
            flags |= citefeed_spawn_flag_setpgroup()
            posix_spawnattr_setpgroup(&attributes, 0)
        case .ownSession: flags |= citefeed_spawn_flag_setsid()
        }
        posix_spawnattr_setflags(&attributes, flags)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        return posix_spawn(&pid, executable, &actions, &attributes, argv, envp) == 0 ? pid : nil
    }

    /// Waits for `pid`; its exit status, or 128 + the signal that ended it.
    private static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS by hand: the macros are not imported into Swift.
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// Runs `executable` and returns its exit status and standard output (at most `limit` bytes;
    /// past that it is killed and `truncated` is set). Standard error goes to /dev/null. With
    /// `timeout` (milliseconds) it runs in a process group of its own: a program still running
    /// then is killed with its group and the status is -2 (a helper that hangs must not hang
    /// citefeed), and once it has ended, what it wrote is its answer even if a child it left
    /// behind still holds the pipe (that child's group is killed).
    /// With `errors`, its standard error goes to the same pipe (a helper whose words are kept to
    /// be shown only when it fails). `input`: a file it reads as its standard input (else
    /// /dev/null).
    package static func capture(
        _ executable: String, _ arguments: [String], environment: [String: String], limit: Int, timeout: Int? = nil, errors: Bool = false,
        input: String? = nil
    ) -> (status: Int32, output: [UInt8], truncated: Bool) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return (-1, [], false) }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        let child = spawn(executable, arguments, environment: environment, grouping: timeout == nil ? .ours : .ownGroup) { actions in
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, input ?? "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO)
            if errors {
                posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO)
            } else {
                posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
            }
        }
        close(fds[1])
        guard let pid = child else {
            close(fds[0])
            return (-1, [], false)
        }
        defer { close(fds[0]) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        /// Reads what is there; false at the end of the pipe, or past the limit (then killed).
        func readSome() -> Bool {
            let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n < 0 { return errno == EINTR || errno == EAGAIN }
            if n == 0 { return false }
            output.append(contentsOf: buffer[0..<n])
            return output.count <= limit
        }
        guard let timeout else {
            while readSome() {}
            if output.count > limit { kill(pid, SIGKILL) }
            return (wait(pid), Array(output.prefix(limit)), output.count > limit)
        }
        let deadline = Posix.monotonicMilliseconds() + Int64(timeout)
        var ended: Int32?
        while true {
            let left = deadline - Posix.monotonicMilliseconds()
            if left <= 0 { break }
            var ready = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(min(left, 50)))
            if polled > 0 {
                if !readSome() {
                    if output.count > limit { break }
                    ended = wait(pid)
                    break
                }
                continue
            }
            if polled < 0 && errno != EINTR { break }
            // Ended while a child of its own holds the pipe: what is in the pipe is the answer.
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                // What is in the pipe now, without waiting for the child to close it: EAGAIN
                // ends the reading (taken for "try again", it spun until the child ended).
                _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
                while output.count <= limit {
                    let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
                    if n > 0 {
                        output.append(contentsOf: buffer[0..<n])
                    } else if n == 0 || errno != EINTR {
                        break
                    }
                }
                ended = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
                break
            }
        }
        // Whatever is left of its group goes.
        kill(-pid, SIGKILL)
        if let ended, output.count <= limit { return (ended, output, false) }
        if ended == nil { _ = wait(pid) }
        return output.count > limit ? (-1, Array(output.prefix(limit)), true) : (-2, output, false)
    }

    /// Runs `executable` with `arguments`, writing `input` to its standard input. Its output goes
    /// to /dev/null: clipboard tools linger to serve the selection and must not hold our pipes.
    /// Returns its exit status (or -1 when it could not start).
    ///
    /// With `timeout` (milliseconds), a program that does not take all of `input` or has not
    /// ended by then is killed and -2 returned; -3 when it ended without reading all of `input`
    /// (a clipboard tool that failed must not be taken for one that copied).
    package static func run(
        _ executable: String, _ arguments: [String], input: [UInt8]? = nil, environment: [String: String], timeout: Int? = nil
    ) -> Int32 {
        var pipeFDs: [Int32] = [-1, -1]
        if input != nil {
            guard pipe(&pipeFDs) == 0 else { return -1 }
            _ = fcntl(pipeFDs[1], F_SETFD, FD_CLOEXEC)
            _ = fcntl(pipeFDs[0], F_SETFD, FD_CLOEXEC)
        }
        let child = spawn(executable, arguments, environment: environment) { actions in
            if input != nil {
                posix_spawn_file_actions_adddup2(&actions, pipeFDs[0], STDIN_FILENO)
            } else {
                posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
            }
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        }
        guard let pid = child else {
            if input != nil {
                close(pipeFDs[0])
                close(pipeFDs[1])
            }
            return -1
        }
        guard let timeout else {
            if input != nil { close(pipeFDs[0]) }
            if let input {
                let previous = signal(SIGPIPE, SIG_IGN)
                _ = Posix.writeAll(fd: pipeFDs[1], input)
                close(pipeFDs[1])
                signal(SIGPIPE, previous)
            }
            return wait(pid)
        }
        // Our own read end stays open: what the program left unread is still in the pipe when
        // it has ended, and that tells a program that took the input from one that did not.
        defer { if input != nil { close(pipeFDs[0]) } }
        let deadline = Posix.monotonicMilliseconds() + Int64(timeout)
        var ended: Int32?
        func reap() -> Bool {
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { return false }
            ended = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            return true
        }
        var complete = true
        if let input {
            _ = fcntl(pipeFDs[1], F_SETFL, fcntl(pipeFDs[1], F_GETFL) | O_NONBLOCK)
            var offset = 0
            while offset < input.count && Posix.monotonicMilliseconds() < deadline {
                var ready = pollfd(fd: pipeFDs[1], events: Int16(POLLOUT), revents: 0)
                if poll(&ready, 1, 50) > 0 {
                    let n = input.withUnsafeBytes { write(pipeFDs[1], $0.baseAddress! + offset, $0.count - offset) }
                    if n > 0 { offset += n } else if n < 0 && errno != EINTR && errno != EAGAIN { break }
                } else if reap() {
                    break
                }
            }
            complete = offset == input.count
            close(pipeFDs[1])
        }
        while ended == nil && Posix.monotonicMilliseconds() < deadline {
            if !reap() { usleep(10_000) }
        }
        guard let ended else {
            kill(pid, SIGKILL)
            _ = wait(pid)
            return -2
        }
        var unread: Int32 = 0
        if input != nil, ioctl(pipeFDs[0], UInt(FIONREAD), &unread) == 0, unread > 0 { complete = false }
        return ended == 0 && !complete ? -3 : ended
    }

    /// Runs `executable` with `arguments` in `directory`, in a process group of its own, its
    /// standard output and error going to our standard error (a bar reads our standard output;
    /// a detached announcement's standard error is its log) and its standard input empty.
    /// At `deadline` (on `Posix.monotonicMilliseconds`' clock) its whole group is sent SIGTERM,
    /// and SIGKILL when the group is still there 2 seconds later: a child that ignores SIGTERM
    /// (`trap '' TERM; sleep 200`) must not outlive it and hold our standard error open.
    /// Returns its exit status, -1 when it could not start, or -2 when it ran out of time.
    package static func run(
        _ executable: String, _ arguments: [String], in directory: String, environment: [String: String], deadline: Int64
    )
        -> Int32
    {
        // Ctrl-C, a kill or a closed terminal while it runs: the program is in a group of its
        // own, which would not get the signal, so it is passed on to the group and then we end
        // as the signal says (else the program ran on with no limit, its parent gone).
        stopSignal = 0
        let stops = [SIGINT, SIGTERM, SIGHUP]
        var previous: [sigaction] = []
        for signal in stops {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { stopSignal = $0 }
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            sigaction(signal, &action, &old)
            previous.append(old)
        }
        var unblocked = sigset_t(), savedMask = sigset_t()
        sigemptyset(&unblocked)
        for signal in stops { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, &savedMask)
        defer {
            for (signal, var old) in zip(stops, previous) { sigaction(signal, &old, nil) }
            pthread_sigmask(SIG_SETMASK, &savedMask, nil)
        }
        let child = spawn(executable, arguments, environment: environment, grouping: .ownGroup) { actions in
            citefeed_spawn_chdir(&actions, directory)
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO)
        }
        guard let pid = child else { return -1 }
        var status: Int32 = 0
        var stopping = false
        var leaderEnded = false
        var stopAt = deadline
        while true {
            if !leaderEnded {
                let r = waitpid(pid, &status, WNOHANG)
                if r == pid {
                    leaderEnded = true
                    if !stopping { break }
                } else if r < 0 && errno != EINTR {
                    return -1
                }
            }
            let now = Posix.monotonicMilliseconds()
            if !stopping && (now >= deadline || stopSignal != 0) {
                kill(-pid, SIGTERM)
                stopping = true
                stopAt = min(now, deadline)
            } else if stopping {
                // The group is gone once no process has its id; SIGKILL for what is left.
                if leaderEnded && kill(-pid, 0) != 0 { break }
                if now >= stopAt + 2000 {
                    kill(-pid, SIGKILL)
                    if leaderEnded { break }
                }
            }
            usleep(10_000)
        }
        if stopSignal != 0 {
            // End as the signal says (it is still unblocked here).
            Glibc.signal(stopSignal, SIG_DFL)
            raise(stopSignal)
        }
        if stopping { return -2 }
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// Starts `executable` in a session of its own and does not wait for it (announcements
    /// after a bar's line, so that the bar never waits): `input` is written to its standard input through a pipe,
    /// its standard output and error go to `output`, and `keep` (a descriptor holding a lock)
    /// is its descriptor 3. Returns its process id, to be reaped with `reap()`, or `nil`.
    package static func detach(
        _ executable: String, _ arguments: [String], input: [UInt8], output: Int32, keep: Int32, environment: [String: String]
    )
        -> pid_t?
    {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        let child = spawn(executable, arguments, environment: environment, grouping: .ownSession) { actions in
            posix_spawn_file_actions_adddup2(&actions, fds[0], STDIN_FILENO)
            posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
            posix_spawn_file_actions_adddup2(&actions, output, STDERR_FILENO)
            posix_spawn_file_actions_adddup2(&actions, keep, 3)
        }
        close(fds[0])
        defer { close(fds[1]) }
        guard let pid = child else { return nil }
        let previous = signal(SIGPIPE, SIG_IGN)
        _ = Posix.writeAll(fd: fds[1], input)
        signal(SIGPIPE, previous)
        return pid
    }

    /// Collects the exit of any child that has ended (a detached one, in a long-running
    /// `status --follow`), without waiting.
    package static func reap() {
        var status: Int32 = 0
        while waitpid(-1, &status, WNOHANG) > 0 {}
    }
}

/// The stop signal received while `Subprocess.run` waits (0: none); set by its handler only.
nonisolated(unsafe) private var stopSignal: Int32 = 0
