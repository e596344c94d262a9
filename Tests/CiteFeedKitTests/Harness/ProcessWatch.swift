import Foundation

/// What a test can see of another process through `/proc`, to judge it by events (it is
/// asleep, it has a file open) rather than by how long it took.
enum ProcessWatch {
    /// Whether `pid` was seen asleep (state S, twice 10 ms apart: waiting, not between two
    /// reads), with `path` open when one is given, while `running`; polled for at most 60 s, a
    /// bound against hanging, never a judged time.
    static func waitUntilAsleep(_ pid: Int32, holding path: String? = nil, while running: () -> Bool = { true }) -> Bool {
        for _ in 0..<6000 where running() {
            if state(pid) == "S" && (path.map { isOpen($0, by: pid) } ?? true) {
                usleep(10_000)
                if state(pid) == "S" { return true }
            }
            usleep(10_000)
        }
        return false
    }

    /// The state letter of `pid` (R, S, D, Z…), or `nil` when it is gone.
    static func state(_ pid: Int32) -> Substring? {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return stat.split(separator: ")").last?.split(separator: " ").first
    }

    /// Whether `pid` has `path` open.
    static func isOpen(_ path: String, by pid: Int32) -> Bool {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return fds.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) == path }
    }

    /// The only child of `pid` (a program under timeout(1)), once it has one.
    static func child(of pid: Int32) -> Int32? {
        for _ in 0..<100 {
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            if let child = text.split(separator: " ").first.flatMap({ Int32($0) }) { return child }
            usleep(50_000)
        }
        return nil
    }

    /// How often `pid` has given up the CPU to wait (`voluntary_ctxt_switches`): once per wake-up.
    static func wakeUps(_ pid: Int32) -> Int? {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        return status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
    }
}

extension ProcessWatch {
    /// The bytes `pid` has written so far (`wchar` of `/proc/PID/io`), or `nil` when it is gone.
    static func bytesWritten(_ pid: Int32) -> Int? {
        let io = (try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)) ?? ""
        return io.split(separator: "\n").first { $0.hasPrefix("wchar:") }
            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
    }

    /// Waits until `process` has written at least `bytes` (or has ended); whether it is still running.
    static func waitUntilWritten(_ process: Process, _ bytes: Int) -> Bool {
        while process.isRunning {
            guard let written = bytesWritten(process.processIdentifier) else { return process.isRunning }
            if written >= bytes { return true }
            usleep(500)
        }
        return false
    }
}
