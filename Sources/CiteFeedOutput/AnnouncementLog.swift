import CiteFeedCore
import CiteFeedModel
import CiteFeedSupport

/// `announce.log` beside the library: what detached announcements did, since no
/// terminal sees them. Each run writes a line when it starts and when it ends, a line for each
/// failure (`… citefeed: warning: …`), and between them whatever its programs printed.
package struct AnnouncementLog {
    let path: String

    package init(path: String) { self.path = path }

    /// Past this size the log is cut to its last `keptBytes` before a run appends to it.
    static let sizeLimit = 1 << 20
    static let keptBytes = 256 << 10
    /// What marks a failure's line.
    static let failureMark = " citefeed: warning: "

    /// A line of the log: the time (UTC) and the message.
    package static func line(_ message: String, at time: Timestamp = .systemNow()) -> String {
        "\(time.rfc3339UTC) citefeed: \(message)\n"
    }

    /// Opens the log to append to, cut first when it is over `sizeLimit`; a descriptor, or -1
    /// when it cannot be opened or is not a regular file (a FIFO there must not hold a bar).
    package func openForAppending() -> Int32 {
        let fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { return -1 }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return -1
        }
        if Int(st.st_size) > AnnouncementLog.sizeLimit {
            // Cut in place, keeping the end: a detached run still writing to this file (through
            // its own descriptor, appending) goes on writing to it, not to a replaced one.
            var kept = [UInt8](repeating: 0, count: AnnouncementLog.keptBytes)
            let n = kept.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, st.st_size - off_t(AnnouncementLog.keptBytes)) }
            if n > 0 {
                kept.removeLast(kept.count - n)
                if let newline = kept.firstIndex(of: UInt8(ascii: "\n")) { kept.removeFirst(newline + 1) }
                if ftruncate(fd, 0) == 0 { _ = Posix.writeAll(fd: fd, kept) }
            }
        }
        return fd
    }

    /// The newest failure in the log, as written (time and message), or `nil`.
    package func lastFailure() -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        lseek(fd, max(0, st.st_size - off_t(AnnouncementLog.keptBytes)), SEEK_SET)
        guard let tail = try? Posix.readAll(fd: fd, limit: AnnouncementLog.keptBytes * 4) else { return nil }
        for line in String(decoding: tail, as: UTF8.self).split(separator: "\n").reversed() {
            if let mark = line.firstRange(of: AnnouncementLog.failureMark) {
                return line[..<mark.lowerBound] + " " + line[mark.upperBound...]
            }
        }
        return nil
    }
}
