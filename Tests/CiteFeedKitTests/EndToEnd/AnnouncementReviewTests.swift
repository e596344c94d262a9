import Foundation
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

extension Integration {
    /// Defects a review found in announcements: what a bar calls never runs
    /// announcements itself, markers and the log survive runs that overlap, and `publish` says
    /// what failed.
    @Suite struct AnnouncementReviewTests {
        /// Runs citefeed under timeout(1), so that a hang is a failure (124), not a hung test.
        func bounded(_ box: Sandbox, _ arguments: [String]) throws -> RunResult {
            try Sandbox.execute(
                "/usr/bin/timeout", ["-s", "KILL", "20", Sandbox.binary.path] + arguments, stdin: Data(), environment: box.environment)
        }

        enum Blocker: String, CaseIterable { case fifoLog, directoryLog, fifoLock }

        /// announce.log or announce.lock that is not a regular file: the bar's line comes at once,
        /// the publish command does not run in its place, and the next rotate runs it.
        @Test(arguments: Blocker.allCases)
        func aLogOrLockThatIsNoFileDoesNotHoldTheBar(_ blocker: Blocker) throws {
            let box = try Sandbox()
            try box.add("A citation.")
            #expect(try box.run("rotate").status == 0)
            switch blocker {
            case .fifoLog: mkfifo(box.home.appendingPathComponent("announce.log").path, 0o600)
            case .directoryLog:
                try FileManager.default.createDirectory(
                    at: box.home.appendingPathComponent("announce.log"), withIntermediateDirectories: false)
            case .fifoLock: mkfifo(box.home.appendingPathComponent("announce.lock").path, 0o600)
            }
            let ran = box.home.appendingPathComponent("ran").path
            try box.writeSettings(JSONWriter.pretty(.object([("publishCommand", .array(["touch", ran].map(JSONValue.string)))])))
            let result = try bounded(box, ["next"])
            #expect(result.status == 0 && result.stdout.hasPrefix("Wrote "), "\(result)")
            #expect(result.stderr.contains("warning: the announcements were not run:"), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: ran))
            #expect(FileManager.default.fileExists(atPath: box.home.appendingPathComponent("publish-pending").path))
            if blocker == .fifoLock { try FileManager.default.removeItem(at: box.home.appendingPathComponent("announce.lock")) }
            #expect(try bounded(box, ["rotate"]).status == 0)
            #expect(FileManager.default.fileExists(atPath: ran))
        }

        /// A run that succeeds removes its own pending marker, never a newer run's.
        @Test func anOlderSuccessLeavesANewerRunsMarker() throws {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("marker-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let marker = dir.appendingPathComponent("publish-pending").path
            var job = AnnouncementJob(label: "", publishCommand: ["/bin/true"], directory: dir.path, marker: marker)
            job.markerToken = "mine\n"
            try "a newer run's\n".write(toFile: marker, atomically: true, encoding: .utf8)
            let outcome = Announcer.run([job], limit: 10, environment: ["PATH": "/usr/bin:/bin"]) { Issue.record("warned: \($0)") }
            #expect(outcome.first?.published == true)
            #expect(FileManager.default.fileExists(atPath: marker))
            try "mine\n".write(toFile: marker, atomically: true, encoding: .utf8)
            Announcer.run([job], limit: 10, environment: ["PATH": "/usr/bin:/bin"]) { Issue.record("warned: \($0)") }
            #expect(!FileManager.default.fileExists(atPath: marker))
        }

        /// The log is cut in place: a run still appending to it through its own descriptor goes on
        /// writing to the file others read.
        @Test func theLogIsCutInPlace() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("announce-\(UUID().uuidString).log").path
            defer { unlink(path) }
            let line = String(repeating: "x", count: 99) + "\n"
            try String(repeating: line, count: 11_000).write(toFile: path, atomically: true, encoding: .utf8)
            let running = open(path, O_WRONLY | O_APPEND)
            defer { close(running) }
            let fd = AnnouncementLog(path: path).openForAppending()
            #expect(fd >= 0)
            close(fd)
            _ = "the running one's last line\n".withCString { write(running, $0, strlen($0)) }
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.utf8.count < AnnouncementLog.keptBytes + 100, "\(text.utf8.count)")
            #expect(text.hasPrefix(line), "\(text.prefix(120))")
            #expect(text.hasSuffix("the running one's last line\n"), "\(text.suffix(120))")
        }

        @Test func publishSaysWhatFailed() throws {
            try #require(findProgram("curl") != nil, "needs curl")
            let box = try Sandbox()
            try box.add("A citation.")
            #expect(try box.run("rotate").status == 0)
            try box.writeSettings(
                JSONWriter.pretty(
                    .object([
                        ("publishCommand", .array([.string("false")])), ("feedURL", .string("https://example.org/q/")),
                        ("feedHub", .string("http://127.0.0.1:9/")),
                    ])))
            let result = try box.run(["publish"], environment: ["PATH": "/usr/bin:/bin"])
            #expect(
                result.status == 1 && result.stdout == "\(box.feeds.path): false failed, http://127.0.0.1:9/ was not told.\n", "\(result)")
        }
    }
}

extension Integration.AnnouncementReviewTests {
    /// Ctrl-C (or a kill) while a publish command runs stops the command and what it started,
    /// then citefeed ends as the signal says: the command is in a group of its own, which the
    /// terminal's signal does not reach.
    @Test(arguments: [SIGINT, SIGTERM])
    func aSignalToCitefeedStopsThePublishCommand(_ signal: Int32) throws {
        let box = try Sandbox()
        try box.add("A citation.")
        #expect(try box.run("rotate").status == 0)
        let mark = "196.\(Int.random(in: 100...999))"
        try box.writeSettings(
            JSONWriter.pretty(.object([("publishCommand", .array(["sh", "-c", "sleep \(mark)"].map(JSONValue.string)))])))
        let process = Process()
        process.executableURL = Sandbox.binary
        process.arguments = ["publish"]
        process.environment = box.environment
        process.standardError = FileHandle.nullDevice
        try process.run()
        func running() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { Int($0) != nil }.filter { pid in
                String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data(), as: UTF8.self).contains(
                    mark)
            }
        }
        let started = Date()
        while running().isEmpty && Date().timeIntervalSince(started) < 30 { Thread.sleep(forTimeInterval: 0.02) }
        #expect(!running().isEmpty, "the publish command did not start")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal, "\(process.terminationStatus)")
        let stopped = Date()
        while !running().isEmpty && Date().timeIntervalSince(stopped) < 10 { Thread.sleep(forTimeInterval: 0.05) }
        #expect(running().isEmpty, "still running: \(running())")
        // It has not succeeded: the next rotate runs it again.
        #expect(FileManager.default.fileExists(atPath: box.home.appendingPathComponent("publish-pending").path))
    }
}
