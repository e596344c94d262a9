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
    /// Desktop notifications for new picks, the publish command, and
    /// WebSub: what each is given, when it runs, and that its failure is only a warning.
    @Suite struct AnnouncementTests {
        /// A directory of stand-in programs that record their arguments (one per line) and
        /// working directory, for `PATH`.
        final class StandIns {
            let directory: URL
            init() throws {
                directory = FileManager.default.temporaryDirectory.appendingPathComponent("standins-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            }
            deinit { try? FileManager.default.removeItem(at: directory) }

            /// A program `name` that appends its working directory and arguments to `name.log` and
            /// exits with `status`.
            func make(_ name: String, status: Int = 0) throws {
                let log = directory.appendingPathComponent(name + ".log").path
                let script =
                    "#!/bin/sh\n{ echo \"cwd=$(pwd)\"; [ -n \"$CITEFEED_OUTPUT_DIR\" ] && echo \"dir=$CITEFEED_OUTPUT_DIR\"; for a in \"$@\"; do echo \"arg=$a\"; done; echo end; } >> '\(log)'\nexit \(status)\n"
                let path = directory.appendingPathComponent(name).path
                try script.write(toFile: path, atomically: true, encoding: .utf8)
                chmod(path, 0o755)
            }

            func log(_ name: String) -> String {
                (try? String(contentsOf: directory.appendingPathComponent(name + ".log"), encoding: .utf8)) ?? ""
            }

            var path: String { directory.path + ":/usr/bin:/bin" }
        }

        func library() throws -> Sandbox {
            let box = try Sandbox()
            try box.add("First <b>&</b> text.", "--author", "Ada", "--back", "The back side.")
            try box.add("Second text.")
            return box
        }

        @Test func aNewPickIsNotifiedWithArgumentsNeverAShell() throws {
            let box = try library()
            let bin = try StandIns()
            try bin.make("notify-send")
            let env: [String: String?] = ["PATH": bin.path]
            #expect(try box.run(["defaults", "write", "notify", "yes"], environment: env).status == 0)
            box.now = "2026-03-02T10:30:00+01:00"
            let first = try box.run(["rotate"], environment: env)
            #expect(first.status == 0 && first.stderr.isEmpty, "\(first)")
            let pick = try box.library().latestPick()!.snapshot
            let (summary, body) =
                pick.author == nil ? ("Citations", pick.text) : ("Ada", "First &lt;b&gt;&amp;&lt;/b&gt; text.\n\nThe back side.")
            #expect(bin.log("notify-send") == "cwd=/\narg=--app-name=citefeed\narg=--\narg=\(summary)\narg=\(body)\nend\n")
            // The same slot: no new pick, no notification; status in the next slot picks and notifies.
            #expect(try box.run(["rotate"], environment: env).status == 0)
            #expect(bin.log("notify-send").components(separatedBy: "end\n").count == 2)
            box.now = "2026-03-02T11:30:00+01:00"
            #expect(try box.run(["status"], environment: env).status == 0)
            #expect(box.waitForAnnouncements())  // detached after status's line
            #expect(bin.log("notify-send").components(separatedBy: "end\n").count == 3)
            // next notifies too; outside the active hours nothing is picked or notified.
            #expect(try box.run(["next"], environment: env).status == 0)
            #expect(box.waitForAnnouncements())
            #expect(bin.log("notify-send").components(separatedBy: "end\n").count == 4)
            #expect(try box.run(["defaults", "write", "activeHours", "08:00-12:00"], environment: env).status == 0)
            box.now = "2026-03-02T13:30:00+01:00"
            #expect(try box.run(["rotate"], environment: env).status == 0)
            #expect(bin.log("notify-send").components(separatedBy: "end\n").count == 4)
            // Off by default: another rotation does not notify.
            #expect(try box.run(["rotation", "add", "quiet"], environment: env).status == 0)
            #expect(try box.run(["defaults", "write", "notify", "no", "--rotation", "quiet"], environment: env).status == 0)
            #expect(try box.run(["defaults", "write", "activeHours", "00:00-24:00", "--rotation", "quiet"], environment: env).status == 0)
            #expect(try box.run(["rotate", "--rotation", "quiet"], environment: env).status == 0)
            #expect(bin.log("notify-send").components(separatedBy: "end\n").count == 4)
        }

        @Test func aFailedOrMissingNotifySendIsAWarning() throws {
            let box = try library()
            let bin = try StandIns()
            #expect(try box.run(["defaults", "write", "notify", "yes"], environment: ["PATH": bin.path]).status == 0)
            let missing = try box.run(["rotate"], environment: ["PATH": bin.directory.path])
            #expect(missing.status == 0 && missing.stderr.contains("notify-send is not installed"), "\(missing)")
            try bin.make("notify-send", status: 1)
            box.now = "2026-03-02T12:30:00+01:00"
            let failed = try box.run(["rotate"], environment: ["PATH": bin.path])
            #expect(failed.status == 0 && failed.stderr.contains("warning: notify-send failed (exit status 1)"), "\(failed)")
            #expect(failed.stdout.hasPrefix("Wrote "))
        }

        /// A Python that can serve D-Bus (python3-dbus and python3-gi), for the stand-in
        /// notification server.
        static let dbusPython: String? = ["python3", "/usr/bin/python3"].compactMap { $0.hasPrefix("/") ? $0 : findProgram($0) }.first {
            python in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: python)
            p.arguments = ["-c", "import dbus, dbus.service, gi.repository.GLib"]
            p.standardError = FileHandle.nullDevice
            guard (try? p.run()) != nil else { return false }
            p.waitUntilExit()
            return p.terminationStatus == 0
        }
        static let dbusTools =
            ["notify-send", "dbus-run-session", "dbus-monitor"].allSatisfy { findProgram($0) != nil } && dbusPython != nil

        /// The real notify-send on a private session bus, with a stand-in notification server
        /// owning org.freedesktop.Notifications: dbus-monitor sees the Notify call with citefeed's
        /// summary and body, and the server receives them.
        @Test(.requires(dbusTools, "needs notify-send, dbus-run-session, dbus-monitor and python3-dbus with python3-gi"))
        func realNotifySendOnAPrivateBus() throws {
            try #require(Integration.AnnouncementTests.dbusTools)
            let box = try library()
            #expect(try box.run("defaults", "write", "notify", "yes").status == 0)
            let dir = box.home.path
            let server = """
                import dbus, dbus.service, sys
                from dbus.mainloop.glib import DBusGMainLoop
                from gi.repository import GLib
                DBusGMainLoop(set_as_default=True)
                class Server(dbus.service.Object):
                    @dbus.service.method("org.freedesktop.Notifications", in_signature="susssasa{sv}i", out_signature="u")
                    def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
                        with open(sys.argv[1], "a") as f:
                            f.write("app=%s\\nsummary=%s\\nbody=%s\\n" % (app, summary, body))
                        return 1
                    @dbus.service.method("org.freedesktop.Notifications", out_signature="as")
                    def GetCapabilities(self): return ["body", "body-markup"]
                    @dbus.service.method("org.freedesktop.Notifications", out_signature="ssss")
                    def GetServerInformation(self): return ("stand-in", "citefeed tests", "1", "1.2")
                bus = dbus.SessionBus()
                name = dbus.service.BusName("org.freedesktop.Notifications", bus)
                Server(bus, "/org/freedesktop/Notifications")
                open(sys.argv[2], "w").close()
                GLib.MainLoop().run()
                """
            try server.write(toFile: dir + "/server.py", atomically: true, encoding: .utf8)
            let script = """
                "$PY" '\(dir)/server.py' '\(dir)/received.log' '\(dir)/ready' & server=$!
                dbus-monitor --session "interface='org.freedesktop.Notifications',member='Notify'" > '\(dir)/monitor.log' 2>&1 & monitor=$!
                i=0; while [ ! -e '\(dir)/ready' ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
                sleep 0.3
                "$CITEFEED" rotate; status=$?
                sleep 0.3
                kill -9 $monitor $server
                exit $status
                """
            var env = box.environment
            env["CITEFEED"] = Sandbox.binary.path
            env["PY"] = Integration.AnnouncementTests.dbusPython!
            // Through python, which clears the signal mask the test process may hand down (so the
            // bus daemon ends when dbus-run-session tells it to).
            let result = try Sandbox.execute(
                Integration.AnnouncementTests.dbusPython!,
                [
                    "-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execvp(sys.argv[1], sys.argv[1:])",
                    "timeout", "-s", "KILL", "60", findProgram("dbus-run-session")!, "--", "sh", "-c", script,
                ],
                stdin: Data(), environment: env)
            #expect(result.status == 0 && !result.stderr.contains("warning"), "\(result)")
            let pick = try box.library().latestPick()!.snapshot
            let (summary, body) =
                pick.author == nil ? ("Citations", pick.text) : ("Ada", "First &lt;b&gt;&amp;&lt;/b&gt; text.\n\nThe back side.")
            let received = (try? String(contentsOfFile: dir + "/received.log", encoding: .utf8)) ?? ""
            #expect(received == "app=citefeed\nsummary=\(summary)\nbody=\(body)\n", "\(received)")
            let monitor = (try? String(contentsOfFile: dir + "/monitor.log", encoding: .utf8)) ?? ""
            #expect(
                monitor.contains("member=Notify") && monitor.contains("string \"citefeed\"") && monitor.contains("string \"\(summary)\""),
                "\(monitor)")
        }

        @Test func thePublishCommandRunsInTheOutputDirectoryAfterChanges() throws {
            let box = try library()
            let bin = try StandIns()
            try bin.make("sync-feeds")
            let env: [String: String?] = ["PATH": bin.path]
            #expect(
                try box.run(
                    ["defaults", "write", "publishCommand", "--", "sync-feeds", "-a", "with space", "to={dir}/x"], environment: env
                ).status == 0)
            let feeds = box.feeds.path
            let first = try box.run(["rotate"], environment: env)
            #expect(first.status == 0 && first.stdout.hasPrefix("Wrote "), "\(first)")
            // Nothing appended: the directory is the working directory, {dir} and CITEFEED_OUTPUT_DIR.
            #expect(bin.log("sync-feeds") == "cwd=\(feeds)\ndir=\(feeds)\narg=-a\narg=with space\narg=to=\(feeds)/x\nend\n")
            // Nothing changed: not run again. An edit changes the outputs: run.
            #expect(try box.run(["rotate"], environment: env).stdout.hasPrefix("Outputs in"))
            #expect(bin.log("sync-feeds").components(separatedBy: "end\n").count == 2)
            let shown = try box.library().latestPick()!.snapshot.id
            #expect(try box.run(["edit", String(shown), "--author", "Someone"], environment: env).status == 0)
            #expect(bin.log("sync-feeds").components(separatedBy: "end\n").count == 3)
            // Its output goes to standard error, never into a bar's standard output.
            #expect(try box.run(["defaults", "write", "publishCommand", "--", "/bin/echo", "published"], environment: env).status == 0)
            box.now = "2026-03-01T10:30:00+01:00"
            // status runs it detached, its output going to announce.log.
            let status = try box.run(["status"], environment: env)
            #expect(status.status == 0 && !status.stdout.contains("published") && status.stderr.isEmpty, "\(status)")
            #expect(box.waitForAnnouncements())
            #expect(box.announceLog.contains("\npublished\n"), "\(box.announceLog)")
            // A one-off directory (rotate --out) is not published.
            #expect(try box.run(["defaults", "write", "publishCommand", "sync-feeds"], environment: env).status == 0)
            let before = bin.log("sync-feeds")
            box.now = "2026-03-01T11:30:00+01:00"
            let elsewhere = box.home.appendingPathComponent("elsewhere").path
            #expect(try box.run(["rotate", "--out", elsewhere], environment: env).status == 0)
            #expect(bin.log("sync-feeds") == before)
        }

        @Test func aFailedPublishIsAWarningAndRunsAgainAtTheNextRotate() throws {
            let box = try library()
            let bin = try StandIns()
            try bin.make("upload", status: 5)
            let env: [String: String?] = ["PATH": bin.path]
            #expect(try box.run(["defaults", "write", "publishCommand", "upload"], environment: env).status == 0)
            let failed = try box.run(["rotate"], environment: env)
            #expect(failed.status == 0 && failed.stdout.hasPrefix("Wrote "), "\(failed)")
            #expect(
                failed.stderr.contains(
                    "warning: publishCommand \"upload\" failed (exit status 5); note that citefeed no longer appends the output directory as its last argument (changed after 0.1.0): the command runs in that directory, which is {dir} in its arguments and $CITEFEED_OUTPUT_DIR in its environment; the next rotate runs it again"
                ), "\(failed)")
            // No change, but it failed: run again.
            try bin.make("upload", status: 0)
            let retried = try box.run(["rotate"], environment: env)
            #expect(retried.status == 0 && retried.stdout.hasPrefix("Outputs in") && retried.stderr.isEmpty, "\(retried)")
            #expect(bin.log("upload").components(separatedBy: "end\n").count == 3)
            // It succeeded: the next rotate without changes leaves it.
            #expect(try box.run(["rotate"], environment: env).status == 0)
            #expect(bin.log("upload").components(separatedBy: "end\n").count == 3)
            // A program that does not exist is a warning too.
            #expect(try box.run(["defaults", "write", "publishCommand", "no-such-uploader"], environment: env).status == 0)
            box.now = "2026-03-01T10:30:00+01:00"
            let missing = try box.run(["rotate"], environment: env)
            #expect(
                missing.status == 0 && missing.stderr.contains("\"no-such-uploader\" is not an executable program on PATH"), "\(missing)")
        }

        /// A hub on 127.0.0.1 that records each request's method, path, type and body.
        final class Hub {
            let server: LocalHTTPServer
            let log: URL
            var port: Int { server.port }

            init(status: Int = 204) throws {
                log = FileManager.default.temporaryDirectory.appendingPathComponent("hub-\(UUID().uuidString).log")
                server = try LocalHTTPServer(
                    handler: """
                            def do_POST(self):
                                body = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
                                with open(sys.argv[1], "a") as f:
                                    f.write("%s %s %s %s\\n" % (self.command, self.path, self.headers.get("Content-Type"), body))
                                self.send_response(\(status)); self.end_headers()
                        """, arguments: [log.path])
            }

            var requests: [String] { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }

            deinit { try? FileManager.default.removeItem(at: log) }
        }

        @Test(.requires(findProgram("curl") != nil && findProgram("python3") != nil, "needs curl and python3"))
        func theHubIsNamedInEveryFeedAndToldOfEachChange() throws {
            try #require(findProgram("curl") != nil && findProgram("python3") != nil)
            let hub = try Hub()
            let box = try library()
            let hubURL = "http://127.0.0.1:\(hub.port)/hub"
            let env: [String: String?] = ["PATH": "/usr/bin:/bin"]
            #expect(try box.run(["defaults", "write", "feedURL", "https://example.org/q"], environment: env).status == 0)
            #expect(try box.run(["defaults", "write", "feedHub", hubURL], environment: env).status == 0)
            let rotated = try box.run(["rotate"], environment: env)
            #expect(rotated.status == 0 && rotated.stderr.isEmpty, "\(rotated)")
            #expect(try box.output("feed.xml").contains("<atom:link href=\"\(hubURL)\" rel=\"hub\"/>"))
            #expect(try box.output("feed.atom").contains("<link rel=\"hub\" href=\"\(hubURL)\"/>"))
            let json = try JSONParser.parse(try box.output("feed.json"))
            #expect(
                json["hubs"]?.arrayValue?.first?["url"]?.stringValue == hubURL
                    && json["hubs"]?.arrayValue?.first?["type"]?.stringValue == "WebSub")
            let form = "application/x-www-form-urlencoded"
            #expect(
                hub.requests
                    == ["feed.xml", "feed.atom", "feed.json"].map {
                        "POST /hub \(form) hub.mode=publish&hub.url=https%3A%2F%2Fexample.org%2Fq%2F\($0)"
                    },
                "\(hub.requests)")
            // No change: no news. A named rotation's feeds are under NAME/.
            #expect(try box.run(["rotate"], environment: env).status == 0)
            #expect(hub.requests.count == 3)
            #expect(try box.run(["rotation", "add", "w"], environment: env).status == 0)
            #expect(try box.run(["rotate", "--rotation", "w"], environment: env).status == 0)
            #expect(
                hub.requests.count == 6 && hub.requests[3].hasSuffix("hub.url=https%3A%2F%2Fexample.org%2Fq%2Fw%2Ffeed.xml"),
                "\(hub.requests)")
            #expect(
                try String(contentsOf: box.feeds.appendingPathComponent("w/feed.atom"), encoding: .utf8).contains(
                    "href=\"https://example.org/q/w/feed.atom\""))
        }

        @Test(.requires(findProgram("curl") != nil && findProgram("python3") != nil, "needs curl and python3"))
        func aHubThatRefusesOrIsAbsentIsAWarning() throws {
            try #require(findProgram("curl") != nil && findProgram("python3") != nil)
            let hub = try Hub(status: 500)
            let box = try library()
            let env: [String: String?] = ["PATH": "/usr/bin:/bin"]
            #expect(try box.run(["defaults", "write", "feedURL", "https://example.org/q/"], environment: env).status == 0)
            #expect(try box.run(["defaults", "write", "feedHub", "http://127.0.0.1:\(hub.port)/"], environment: env).status == 0)
            let refused = try box.run(["rotate"], environment: env)
            #expect(
                refused.status == 0
                    && refused.stderr.contains(
                        "answered 500 to the news of https://example.org/q/feed.xml; 2 more feeds were not announced"),
                "\(refused)")
            // A hub that failed is not asked again in that run.
            #expect(hub.requests.count == 1, "\(hub.requests)")
            // Port 9 (discard) on 127.0.0.1 has no server.
            #expect(try box.run(["defaults", "write", "feedHub", "http://127.0.0.1:9/"], environment: env).status == 0)
            box.now = "2026-03-01T10:30:00+01:00"
            let absent = try box.run(["rotate"], environment: env)
            #expect(absent.status == 0 && absent.stderr.contains("the server refused the connection"), "\(absent)")
            #expect(absent.stdout.hasPrefix("Wrote "))
        }
    }
}
