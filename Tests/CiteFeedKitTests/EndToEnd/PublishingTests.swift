import Foundation
import Testing

@testable import CiteFeedKit

/// Issue 20, items 1 to 3: the publish command runs in the output directory with nothing
/// appended (the README's own examples, run against a local destination), what a bar calls
/// never waits for an announcement, one limit stops everything a slow command started, and
/// `citefeed publish` publishes what is already written.
@Suite struct PublishingTests {
    func library() throws -> Sandbox {
        let box = try Sandbox()
        try box.add("First text.", "--author", "Ada", "--back", "The back side.")
        try box.add("Second text.", "--back", "Another back.")
        return box
    }

    /// Every `publishCommand` example of the README and of `defaults write --help`: rsync and
    /// rclone invocations, each ending in a remote destination.
    static func documentedExamples() throws -> [[String]] {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var commands: [String] = []
        for line in (readme + "\n" + DefaultsWriteCommand.spec.details).split(separator: "\n") {
            if let range = line.firstRange(of: "defaults write publishCommand -- ") { commands.append(String(line[range.upperBound...])) }
        }
        // Inline examples: `rsync …` and `rclone …` in backticks.
        let inline = try NSRegularExpression(pattern: "`((?:rsync|rclone) [^`]+)`")
        let text = readme.replacingOccurrences(of: "\n", with: " ")
        for match in inline.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            commands.append(String(text[Range(match.range(at: 1), in: text)!]))
        }
        let words = Set(commands.map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) })
        return words.filter { $0.count > 2 }.sorted { $0.joined(separator: " ") < $1.joined(separator: " ") }
    }

    @Test func theDocumentedExamplesMirrorTheOutputsAndDeleteNothing() throws {
        let examples = try PublishingTests.documentedExamples()
        // The README has rsync to a web server, rclone to a bucket; defaults write --help, rsync.
        #expect(examples.contains { $0[0] == "rsync" } && examples.contains { $0[0] == "rclone" }, "\(examples)")
        for example in examples {
            let program = example[0]
            guard runningInCI || findProgram(program) != nil else {
                print("skipped \(example.joined(separator: " ")): \(program) is not installed")
                continue
            }
            // The last word is the remote destination (host:path, remote:bucket): a local folder here.
            let destination = example.last!
            #expect(destination.contains(":"), "\(example)")
            let box = try library()
            let target = box.home.appendingPathComponent("server").path
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            try "the server's own".write(toFile: target + "/old.html", atomically: true, encoding: .utf8)
            let env: [String: String?] = ["PATH": "/usr/bin:/bin", "RCLONE_CONFIG": box.home.appendingPathComponent("rclone.conf").path]
            FileManager.default.createFile(atPath: box.home.appendingPathComponent("rclone.conf").path, contents: Data())
            #expect(try box.run(["rotate"], environment: env).status == 0)
            try "a file of mine".write(to: box.feeds.appendingPathComponent("mine.txt"), atomically: true, encoding: .utf8)
            let outputs = try box.outputFiles()
            let command = Array(example.dropLast()) + [target + "/"]
            let written = try box.run(["defaults", "write", "publishCommand", "--"] + command, environment: env)
            #expect(written.status == 0 && !written.stderr.contains("warning"), "\(example): \(written)")
            let published = try box.run(["publish"], environment: env)
            #expect(published.status == 0 && !published.stderr.contains("warning"), "\(example): \(published)")
            // The outputs are where they were, with the user's file, and on the server.
            #expect(try box.outputFiles() == outputs, "\(example)")
            #expect(FileManager.default.fileExists(atPath: box.feeds.appendingPathComponent("mine.txt").path), "\(example)")
            for (name, bytes) in outputs {
                #expect(FileManager.default.contents(atPath: target + "/" + name) == bytes, "\(example): \(name) on the server")
            }
            #expect(!FileManager.default.fileExists(atPath: box.feeds.appendingPathComponent("old.html").path), "\(example)")
        }
    }

    /// A FIFO in `box`'s home that a stand-in program blocks on until the test opens it.
    func fifo(_ box: Sandbox, _ name: String = "gate") -> String {
        let path = box.home.appendingPathComponent(name).path
        #expect(mkfifo(path, 0o600) == 0)
        return path
    }

    /// Opens `fifo` for writing once a program holds it open for reading (it is blocked on it
    /// now), writes a line per reader and closes it; `false` when no reader came within the
    /// bound (a bound against hanging, not a judged time).
    func release(_ fifo: String, readers: Int = 1, within seconds: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let fd = open(fifo, O_WRONLY | O_NONBLOCK)
            if fd >= 0 {
                let line = String(repeating: "go\n", count: readers)
                _ = line.withCString { write(fd, $0, strlen($0)) }
                close(fd)
                return true
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// A publish command that logs its start, blocks until the test opens `fifo`, and logs its end.
    func blockingPublish(_ box: Sandbox, fifo: String) -> [String] {
        let log = box.home.appendingPathComponent("publish.log").path
        return ["timeout", "20", "sh", "-c", "echo start >> \"$0\"; read x < \"$1\"; echo end >> \"$0\"", log, fifo]
    }

    func settingsJSON(_ members: [(String, JSONValue)]) -> String { JSONWriter.pretty(.object(members)) }

    enum BarCommand: String, CaseIterable, CustomStringConvertible {
        case status, next, reveal, grade
        var description: String { rawValue }
        var review: Bool { self == .reveal || self == .grade }
        var arguments: [String] { self == .grade ? ["grade", "good"] : [rawValue] }
    }

    /// The command prints its line and ends while its publish command is still blocked: the
    /// test opens the FIFO only after the command returned.
    @Test(arguments: BarCommand.allCases)
    func whatABarCallsPrintsItsLineFirstAndPublishesDetached(_ command: BarCommand) throws {
        let box = try library()
        let gate = fifo(box)
        var settings: [(String, JSONValue)] = []
        if command.review { settings.append(("mode", .string("review"))) }
        try box.writeSettings(settingsJSON(settings))
        #expect(try box.run("rotate").status == 0)
        if command == .reveal || command == .grade { #expect(try box.run(["status"]).status == 0) }
        if command == .grade { #expect(try box.run(["reveal"]).status == 0) }
        settings.append(("publishCommand", .array(blockingPublish(box, fifo: gate).map(JSONValue.string))))
        try box.writeSettings(settingsJSON(settings))
        if command == .status { box.now = "2026-03-01T10:30:00+01:00" }  // a new slot: status rotates
        let result = try box.run(command.arguments, environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0 && result.stderr.isEmpty && !result.stdout.isEmpty, "\(result)")
        #expect(release(gate), "the publish command was not waiting on its FIFO after \(command) returned")
        #expect(box.waitForAnnouncements())
        let log = (try? String(contentsOfFile: box.home.appendingPathComponent("publish.log").path, encoding: .utf8)) ?? ""
        #expect(log == "start\nend\n", "\(log); \(box.announceLog)")
        #expect(
            box.announceLog.contains("citefeed: announcing for the default rotation\n") && box.announceLog.hasSuffix("citefeed: done\n"),
            "\(box.announceLog)")
        #expect(!FileManager.default.fileExists(atPath: box.home.appendingPathComponent("publish-pending").path))
    }

    @Test func aHangingNotifySendDoesNotHoldNext() throws {
        let box = try library()
        let gate = fifo(box)
        let bin = box.home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let notify = bin.appendingPathComponent("notify-send").path
        try "#!/bin/sh\nread x < '\(gate)'\necho \"$3\" >> '\(box.home.path)/notified'\n".write(
            toFile: notify, atomically: true, encoding: .utf8)
        chmod(notify, 0o755)
        let env: [String: String?] = ["PATH": bin.path + ":/usr/bin:/bin"]
        #expect(try box.run(["rotate"], environment: env).status == 0)
        try box.writeSettings(settingsJSON([("notify", .bool(true))]))
        let next = try box.run(["next"], environment: env)
        #expect(next.status == 0 && next.stdout.hasPrefix("Wrote "), "\(next)")
        #expect(release(gate), "notify-send was not waiting after next returned")
        #expect(box.waitForAnnouncements())
        let notified = (try? String(contentsOfFile: box.home.path + "/notified", encoding: .utf8)) ?? ""
        #expect(notified.split(separator: "\n").count == 1, "\(notified); \(box.announceLog)")
    }

    /// A follower prints the line of a new slot while the publish command of the slot before
    /// is still blocked.
    @Test func theFollowLineDoesNotWaitForThePublishCommand() throws {
        let box = try library()
        let gate = fifo(box)
        try box.writeSettings(settingsJSON([("publishCommand", .array(blockingPublish(box, fifo: gate).map(JSONValue.string)))]))
        box.now = "2026-03-01T10:59:58+01:00"
        let follower = try Follower(box, environment: ["CITEFEED_NOW_RUNS": "1"])
        // Two lines: the first slot's and, two seconds on, the next slot's, though the first
        // publish is blocked on the FIFO all along.
        let lines = follower.lines(atLeast: 2)
        #expect(lines.count == 2 && lines[0] != lines[1], "\(lines)")
        #expect(release(gate, readers: 2))
        #expect(box.waitForAnnouncements())
    }

    @Test func aHubThatNeverAnswersIsAskedOnceAndDoesNotHoldStatus() throws {
        try #require(findProgram("curl") != nil, "needs curl")
        // A socket that listens and never accepts: connections wait in its backlog unanswered.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        listen(fd, 16)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let box = try library()
        try box.writeSettings(
            settingsJSON([("feedURL", .string("https://example.org/q/")), ("feedHub", .string("http://127.0.0.1:\(port)/"))]))
        box.now = "2026-03-01T10:30:00+01:00"
        let status = try box.run(["status"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(status.status == 0 && status.stderr.isEmpty, "\(status)")
        // Still asking the hub when status has returned: the detached run holds its lock.
        #expect(!box.waitForAnnouncements(seconds: 0), "status waited for the hub")
        #expect(box.waitForAnnouncements())
        #expect(
            box.announceLog.contains(
                "warning: the hub http://127.0.0.1:\(port)/ was not told of https://example.org/q/feed.xml: no answer within 5 seconds; 2 more feeds were not announced\n"
            ),
            "\(box.announceLog)")
        let about = try box.run(["about"])
        #expect(about.stdout.contains("announcing    failed ") && about.stdout.contains("no answer within 5 seconds"), "\(about)")
        let json = try JSONParser.parse(try box.run(["about", "--json"]).stdout)
        #expect(json["lastAnnouncementFailure"]?.stringValue?.contains("was not told of https://example.org/q/feed.xml") == true)
    }

    /// One limit for all of a command's announcements: the first publish is stopped at it, the
    /// rest are not started, and each keeps its pending marker for the next rotate.
    @Test func rotateAllStopsAtTheLimitAndKeepsEveryPublishPending() throws {
        let box = try library()
        try box.writeSettings(
            settingsJSON([
                ("publishCommand", .array(["sleep", "30"].map(JSONValue.string))),
                ("rotations", .object(["a", "b", "c"].map { ($0, .object([])) })),
            ]))
        let result = try box.run(["rotate", "--all"], environment: ["CITEFEED_ANNOUNCE_LIMIT": "2"])
        #expect(result.status == 0, "\(result)")
        let warnings = result.errorLines
        #expect(warnings.count == 4, "\(result)")
        #expect(
            warnings.first?.hasPrefix(
                "citefeed: warning: publishCommand \"sleep\" failed (it took longer than the 2 seconds it had, and was stopped)") == true,
            "\(result)")
        for name in ["a", "b", "c"] {
            #expect(
                warnings.contains(
                    "citefeed: warning: rotation \(name): publishCommand not run: the announcements' limit of 2 seconds was used up; the next rotate runs it again"
                ), "\(result)")
        }
        for marker in ["publish-pending", "publish-pending-a", "publish-pending-b", "publish-pending-c"] {
            #expect(FileManager.default.fileExists(atPath: box.home.appendingPathComponent(marker).path), "\(marker)")
        }
    }

    /// The timeout stops the whole process group: a child that ignores SIGTERM is killed too.
    @Test func theTimeoutStopsEverythingThePublishCommandStarted() throws {
        let box = try library()
        let mark = "197.\(Int.random(in: 100...999))"
        try box.writeSettings(
            settingsJSON([("publishCommand", .array(["sh", "-c", "trap '' TERM; sleep \(mark)"].map(JSONValue.string)))]))
        let result = try box.run(["rotate"], environment: ["CITEFEED_ANNOUNCE_LIMIT": "1"])
        #expect(result.status == 0 && result.stderr.contains("it took longer than the 1 second it had, and was stopped"), "\(result)")
        let left = try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { Int($0) != nil }.filter { pid in
            let cmdline = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
            return String(decoding: cmdline, as: UTF8.self).contains(mark)
        }
        #expect(left.isEmpty, "still running: \(left)")
    }

    @Test func thePendingMarkerIsWrittenBeforeThePublishCommandRuns() throws {
        let box = try library()
        let marker = box.home.appendingPathComponent("publish-pending").path
        try box.writeSettings(settingsJSON([("publishCommand", .array(["sh", "-c", "test -e \"$0\"", marker].map(JSONValue.string)))]))
        let result = try box.run(["rotate"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    /// After publishCommand or feedHub is set, the first rotate publishes though the outputs
    /// are up to date; `citefeed publish` does it at any time.
    @Test func publishingWhatIsAlreadyWritten() throws {
        let box = try library()
        let bin = try AnnouncementTests.StandIns()
        try bin.make("upload")
        let env: [String: String?] = ["PATH": bin.path]
        #expect(try box.run(["rotate"], environment: env).status == 0)
        // Set by hand: the first rotate publishes everything, though nothing changed.
        try box.writeSettings(settingsJSON([("publishCommand", .array([.string("upload")]))]))
        let first = try box.run(["rotate"], environment: env)
        #expect(first.status == 0 && first.stdout.hasPrefix("Outputs in") && first.stderr.isEmpty, "\(first)")
        #expect(bin.log("upload") == "cwd=\(box.feeds.path)\ndir=\(box.feeds.path)\nend\n")
        #expect(try box.run(["rotate"], environment: env).status == 0)
        #expect(bin.log("upload").components(separatedBy: "end\n").count == 2)
        // publish: now, whatever changed.
        let published = try box.run(["publish"], environment: env)
        #expect(published.status == 0 && published.stdout == "\(box.feeds.path): ran upload.\n" && published.stderr.isEmpty, "\(published)")
        #expect(bin.log("upload").components(separatedBy: "end\n").count == 3)
        // --all: every rotation with something to publish; a failure is exit 1.
        #expect(try box.run(["rotation", "add", "w"], environment: env).status == 0)
        #expect(try box.run(["rotate", "--all"], environment: env).status == 0)
        try bin.make("upload", status: 3)
        let failed = try box.run(["publish", "--all"], environment: env)
        #expect(failed.status == 1, "\(failed)")
        #expect(failed.stdout == "\(box.feeds.path): upload failed.\nrotation w: \(box.feeds.path)/w: upload failed.\n", "\(failed)")
        #expect(
            failed.errorLines.count == 3 && failed.errorLines[2] == "citefeed: error: Publishing failed 2 times (see the warnings above).",
            "\(failed)")
    }

    @Test func publishRefusesWhatItCannotDo() throws {
        let box = try library()
        let before = try box.state()
        expectFailure(try box.run("publish"), status: .usage, containing: "Nothing to publish: the default rotation has no publishCommand")
        expectFailure(try box.run("publish", "--all"), status: .usage, containing: "Nothing to publish: no rotation has a publishCommand")
        expectFailure(try box.run("publish", "--all", "--rotation", "x"), status: .usage, containing: "--all")
        try box.writeSettings(settingsJSON([("publishCommand", .array([.string("true")]))]))
        expectFailure(
            try box.run("publish"), status: .notFound,
            containing: "The default rotation has no outputs in \(box.feeds.path) yet; 'citefeed rotate' writes them.")
        #expect(try box.librarySnapshot() == before.components(separatedBy: "\n---\n")[0])
        #expect(!FileManager.default.fileExists(atPath: box.feeds.path))
    }

    @Test func aHubSetByHandIsToldOfEveryFeedAtTheFirstRotate() throws {
        try #require(findProgram("curl") != nil && findProgram("python3") != nil)
        let hub = try AnnouncementTests.Hub()
        let box = try library()
        let env: [String: String?] = ["PATH": "/usr/bin:/bin"]
        #expect(try box.run(["rotate"], environment: env).status == 0)
        try box.writeSettings(
            settingsJSON([("feedURL", .string("https://example.org/q/")), ("feedHub", .string("http://127.0.0.1:\(hub.port)/"))]))
        // The feeds change (they name the hub now), so this is news anyway; the next rotate is not.
        #expect(try box.run(["rotate"], environment: env).status == 0)
        #expect(hub.requests.count == 3, "\(hub.requests)")
        #expect(try box.run(["rotate"], environment: env).status == 0)
        #expect(hub.requests.count == 3, "\(hub.requests)")
        #expect(try box.run(["publish"], environment: env).status == 0)
        #expect(hub.requests.count == 6, "\(hub.requests)")
    }
}

/// Issue 20, item 9: small defects, each with its test.
@Suite struct SmallDefectTests {
    /// A relative PATH entry ("." or "bin") would find the publish command's program in the
    /// output directory, where it runs: only absolute entries are searched.
    @Test func aRelativePathEntryDoesNotRunAProgramFromTheOutputDirectory() throws {
        let box = try Sandbox()
        try box.add("A citation.")
        #expect(try box.run("rotate").status == 0)
        let planted = box.feeds.appendingPathComponent("upload").path
        try "#!/bin/sh\ntouch '\(box.home.path)/planted-ran'\n".write(toFile: planted, atomically: true, encoding: .utf8)
        chmod(planted, 0o755)
        try box.writeSettings(#"{"publishCommand": ["upload"]}"#)
        let result = try box.run(["publish"], environment: ["PATH": ".:bin:/usr/bin:/bin"])
        #expect(result.status == 1 && result.stderr.contains("\"upload\" is not an executable program on PATH"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: box.home.appendingPathComponent("planted-ran").path))
    }

    @Test func defaultsReadShowsWhereANamedRotationWrites() throws {
        let box = try Sandbox()
        #expect(try box.run("rotation", "add", "w").status == 0)
        #expect(try box.run("defaults", "read", "outputDirectory", "--rotation", "w").stdout == box.feeds.path + "/w\n")
        #expect(try box.run("defaults", "read", "outputDirectory").stdout == box.feeds.path + "\n")
    }
}

extension SmallDefectTests {
    /// A template that repeats {text} a thousand times over a long citation: the line stops
    /// at what the width needs (it was 20 MB of text, cut to 60 columns, at every status).
    @Test func aTemplateRepeatingTheTextStopsAtWhatTheLineNeeds() throws {
        let template = try StatusTemplate(parsing: String(repeating: "{text}", count: 1000))
        let text = String(repeating: "word ", count: 4000)
        let rendered = template.render(["text": text], limit: 1 << 16)
        #expect(rendered.utf8.count >= 1 << 16 && rendered.utf8.count < (1 << 16) + text.utf8.count)
        #expect(template.render(["text": "short"]).count == 5000)
        // Groups stop too, and what is rendered is the start of the whole.
        let grouped = try StatusTemplate(parsing: "[" + String(repeating: "{text} ", count: 1000) + "]")
        #expect(grouped.render(["text": text], limit: 100).hasPrefix(String(text.prefix(100))))
        var settings = Settings()
        settings.statusTemplate = String(repeating: "{text}", count: 1000)
        let line = StatusRenderer(settings: settings).plain(
            PickSnapshot(id: 1, uuid: "u", text: text, back: nil, author: nil, source: nil, tags: [], favourite: false), width: 60)
        #expect(line.count <= 60 && line.hasPrefix("word word"))
    }
}

/// Defects found by a review of issue 20's first steps: what a bar calls never runs
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
            try FileManager.default.createDirectory(at: box.home.appendingPathComponent("announce.log"), withIntermediateDirectories: false)
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
        #expect(result.status == 1 && result.stdout == "\(box.feeds.path): false failed, http://127.0.0.1:9/ was not told.\n", "\(result)")
    }
}

extension AnnouncementReviewTests {
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

extension SmallDefectTests {
    /// A source with a space after the host is an address, percent-encoded in the links.
    @Test func aSourceWithASpaceIsAnAddress() throws {
        #expect("https://example.org/a b".isHTTPURL)
        #expect("https://example.org/a b".linkURI == "https://example.org/a%20b")
        #expect(!"https://exa mple.org/a".isHTTPURL && !"https://example.org/a\nb".isHTTPURL && !"https:// example.org".isHTTPURL)
        let box = try Sandbox()
        try box.add("Spaced.", "--source", "https://example.org/a b")
        #expect(try box.run("rotate").status == 0)
        #expect(try box.output("feed.atom").contains("href=\"https://example.org/a%20b\""))
    }

    /// Readwise's directives followed by blank lines (5 of 3,840 notes in a real export) are
    /// not back sides.
    @Test func aReadwiseDirectiveBeforeBlankLinesIsNoBack() {
        var record = ImportRecord(location: .line(2), text: "A highlight.")
        record.back = ".h1\n\n"
        Readwise.apply(to: &record)
        #expect(record.back == nil)
        record.back = ".favorite\n.c2\n\nA real note."
        Readwise.apply(to: &record)
        #expect(record.back == "A real note." && record.favourite)
    }

    /// The hub's address: refused with credentials, white space or control characters, and
    /// percent-encoded in the feeds like every other link.
    @Test func theHubAddressIsCheckedAndEncoded() throws {
        let box = try Sandbox()
        try box.add("A citation.")
        for bad in ["https://user:secret@hub.example/", "https://hub.example/a b", "https://hub.example/\u{7}"] {
            let before = try box.state()
            expectFailure(try box.run("defaults", "write", "feedHub", bad), status: .usage, containing: "without spaces or user:password@")
            #expect(try box.state() == before)
        }
        try box.writeSettings(#"{"feedURL": "https://example.org/q/", "feedHub": "https://hub.example/p?x=<ü>"}"#)
        #expect(try box.run(["rotate"], environment: ["PATH": "/nowhere"]).status == 0)  // no curl: a warning
        #expect(try box.output("feed.atom").contains("<link rel=\"hub\" href=\"https://hub.example/p?x=%3C%C3%BC%3E\"/>"))
    }
}
