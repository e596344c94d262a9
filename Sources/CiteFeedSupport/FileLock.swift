import CPlatform

/// An exclusive advisory lock (`flock`) on a file, for processes that must take turns: the
/// writers of the library and of `settings.json`.
///
/// A waiter sleeps in the kernel, which wakes it as soon as the holder lets go (SQLite's busy
/// handler sleeps and retries instead, so a waiting writer was not served in turn and gave up
/// after 5 s behind others). Each holder counts its turn in the file's first 8 bytes, beside its
/// process id, so a waiter can tell a lock that changes hands (it waits on) from one that one
/// holder keeps: it gives up only when the count has not moved for `patience` milliseconds.
///
/// Lock order (never the other way round, so two commands cannot wait for each other): the
/// settings lock first, then the library's write lock.
package final class FileLock {
    let path: String
    private var fd: Int32 = -1
    /// How many times this process holds it (a transaction inside a locked edit).
    private var depth = 0

    init(path: String) { self.path = path }

    /// This process's one lock on `path`, so that a second hold from the same process (a
    /// settings edit inside another) counts up instead of waiting for itself.
    package static func shared(_ path: String) -> FileLock {
        pthread_mutex_lock(registryMutex)
        defer { pthread_mutex_unlock(registryMutex) }
        if let lock = registry[path] { return lock }
        let lock = FileLock(path: path)
        registry[path] = lock
        return lock
    }
    // Guarded by `registryMutex` (in-process tests run commands on several threads at once).
    nonisolated(unsafe) private static var registry: [String: FileLock] = [:]
    nonisolated(unsafe) private static let registryMutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()

    deinit { if fd >= 0 { close(fd) } }

    /// Why the lock could not be had.
    package enum Failure: Error, Equatable {
        /// One holder (its process id, when known) kept it for the whole patience.
        case stuck(holder: Int32?)
        case io(IOFailure)
    }

    /// How long a command waits for one holder of the library or of `settings.json` before it
    /// gives up (status 75), in milliseconds: 5000, or `CITEFEED_LOCK_PATIENCE` (1-600000) from
    /// the environment of the process, read once. SQLite's busy timeout is the same, so both
    /// locks keep the same patience; tests shorten it instead of waiting 5 s for a failure.
    package static let patience: Int = {
        guard let value = getenv("CITEFEED_LOCK_PATIENCE").flatMap({ Int(String(cString: $0)) }), (1...600_000).contains(value)
        else { return 5000 }
        return value
    }()

    /// Takes the lock, waiting while it changes hands; throws when one holder kept it for
    /// `patience` milliseconds without letting go.
    package func acquire(patience: Int = FileLock.patience) throws(Failure) {
        if depth > 0 {
            depth += 1
            return
        }
        if fd < 0 {
            fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            if fd < 0 { throw .io(.system(.openLock, path)) }
        }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else { throw .io(.system(.lock, path)) }
            var seen = turn()
            var since = Posix.monotonicMilliseconds()
            while true {
                let result = citefeed_flock_wait(fd, Int32(min(patience, 1000)))
                if result == 0 { break }
                if result < 0 { throw .io(.system(.lock, path)) }
                let now = Posix.monotonicMilliseconds()
                let current = turn()
                if current.count != seen.count {
                    seen = current
                    since = now
                } else if now - since >= Int64(patience) {
                    throw .stuck(holder: current.holder)
                }
            }
        }
        depth = 1
        // This turn: the count one more, and who holds it.
        var record = [UInt8](repeating: 0, count: 12)
        withUnsafeBytes(of: (turn().count &+ 1).littleEndian) { record.replaceSubrange(0..<8, with: $0) }
        withUnsafeBytes(of: getpid().littleEndian) { record.replaceSubrange(8..<12, with: $0) }
        _ = record.withUnsafeBytes { pwrite(fd, $0.baseAddress, 12, 0) }
    }

    /// Lets go of one hold; the last lets go of the lock.
    package func release() {
        guard depth > 0 else { return }
        depth -= 1
        // Closing lets go of the lock; a process keeps no descriptor between its turns.
        if depth == 0 {
            close(fd)
            fd = -1
        }
    }

    /// The turn count and holder's process id written by the last holder.
    private func turn() -> (count: UInt64, holder: Int32?) {
        var record = [UInt8](repeating: 0, count: 12)
        let n = record.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 12, 0) }
        guard n == 12 else { return (0, nil) }
        let count = record[0..<8].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        let pid = record[8..<12].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
        return (count, Int32(bitPattern: pid))
    }
}
