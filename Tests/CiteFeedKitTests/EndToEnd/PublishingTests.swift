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
    /// The publish command runs in the output directory with nothing
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
            let guide = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("doc").path)
            let readme = try (["README.md"] + guide.filter { $0.hasSuffix(".md") }.sorted().map { "doc/" + $0 }).map {
                try String(contentsOf: packageRoot.appendingPathComponent($0), encoding: .utf8)
            }.joined(separator: "\n")
            var commands: [String] = []
            for line in (readme + "\n" + DefaultsWriteCommand.spec.details).split(separator: "\n") {
                if let range = line.firstRange(of: "defaults write publishCommand -- ") {
                    commands.append(String(line[range.upperBound...]))
                }
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

        @Test(.requires(["rsync", "rclone"].allSatisfy { findProgram($0) != nil }, "needs rsync and rclone, the README's examples"))
        func theDocumentedExamplesMirrorTheOutputsAndDeleteNothing() throws {
            let examples = try Integration.PublishingTests.documentedExamples()
            // The README has rsync to a web server, rclone to a bucket; defaults write --help, rsync.
            #expect(examples.contains { $0[0] == "rsync" } && examples.contains { $0[0] == "rclone" }, "\(examples)")
            for example in examples {
                _ = try #require(findProgram(example[0]), "\(example[0]) runs the README's example \(example)")
                // The last word is the remote destination (host:path, remote:bucket): a local folder here.
                let destination = example.last!
                #expect(destination.contains(":"), "\(example)")
                let box = try library()
                let target = box.home.appendingPathComponent("server").path
                try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
                try "the server's own".write(toFile: target + "/old.html", atomically: true, encoding: .utf8)
                let env: [String: String?] = [
                    "PATH": "/usr/bin:/bin", "RCLONE_CONFIG": box.home.appendingPathComponent("rclone.conf").path,
                ]
                _ = FileManager.default.createFile(atPath: box.home.appendingPathComponent("rclone.conf").path, contents: Data())
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
                box.announceLog.contains("citefeed: announcing for the default rotation\n")
                    && box.announceLog.hasSuffix("citefeed: done\n"),
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
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
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
                    "citefeed: warning: publishCommand \"sleep\" failed (it took longer than the 2 seconds it had, and was stopped)")
                    == true,
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
            let bin = try Integration.AnnouncementTests.StandIns()
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
            #expect(
                published.status == 0 && published.stdout == "\(box.feeds.path): ran upload.\n" && published.stderr.isEmpty, "\(published)")
            #expect(bin.log("upload").components(separatedBy: "end\n").count == 3)
            // --all: every rotation with something to publish; a failure is exit 1.
            #expect(try box.run(["rotation", "add", "w"], environment: env).status == 0)
            #expect(try box.run(["rotate", "--all"], environment: env).status == 0)
            try bin.make("upload", status: 3)
            let failed = try box.run(["publish", "--all"], environment: env)
            #expect(failed.status == 1, "\(failed)")
            #expect(failed.stdout == "\(box.feeds.path): upload failed.\nrotation w: \(box.feeds.path)/w: upload failed.\n", "\(failed)")
            #expect(
                failed.errorLines.count == 3
                    && failed.errorLines[2] == "citefeed: error: Publishing failed 2 times (see the warnings above).",
                "\(failed)")
        }

        @Test func publishRefusesWhatItCannotDo() throws {
            let box = try library()
            let before = try box.state()
            expectFailure(
                try box.run("publish"), status: .usage, containing: "Nothing to publish: the default rotation has no publishCommand")
            expectFailure(
                try box.run("publish", "--all"), status: .usage, containing: "Nothing to publish: no rotation has a publishCommand")
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
            let hub = try Integration.AnnouncementTests.Hub()
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
}
