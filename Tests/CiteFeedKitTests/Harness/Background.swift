import Foundation

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// A long-running program a test starts and must never wait on without a bound: a display
/// server, a bar. Foundation starts it in a process group of its own; `stop()` kills that group
/// with SIGKILL (a child of the test process may have SIGTERM blocked or ignored, and a bar that
/// crashes is as real a way for a bar to go as one that exits).
final class Background {
    let process = Process()
    let log: URL

    /// `stdin`: a pipe kept open (a terminal client ends at the end of its input), or nothing.
    init(_ path: String, _ arguments: [String], environment: [String: String], log: URL, stdout: Pipe? = nil, stdin: Pipe? = nil) throws {
        self.log = log
        Tier.check(path, arguments)
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = stdout ?? handle
        process.standardError = handle
        process.standardInput = stdin ?? FileHandle.nullDevice
        try process.run()
        try handle.close()
    }

    var pid: pid_t { process.processIdentifier }
    var isAlive: Bool { Integration.RealBarTests.isAlive(pid) }

    /// The end of its log, for failure messages.
    var logTail: String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(8).joined(separator: "\n")
    }

    /// Kills its process group and waits (at most 3 s) until it has ended.
    func stop() {
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        let start = Date()
        while isAlive && Date().timeIntervalSince(start) < 3 { Thread.sleep(forTimeInterval: 0.01) }
    }
}
