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

extension EndToEnd {
    /// Attacks and faults, each reproduced through the built binary: hostile text, planted files,
    /// a wrong clock, failed writes.
    @Suite struct HardeningTests {
        /// `citefeed ARGS` under timeout(1), so that a command that hangs fails the test instead.
        func runWithTimeout(_ box: Sandbox, _ arguments: [String], seconds: Int = 20) throws -> RunResult {
            try Sandbox.execute(
                "/usr/bin/timeout", [String(seconds), Sandbox.binary.path] + arguments, stdin: Data(), environment: box.environment)
        }

        @Test func polybarInjectionThroughAPrependedMarkIsNeutralised() throws {
            let box = try Sandbox()
            try box.add("\u{0600}%{A1:touch /tmp/citefeed-pwned:}click me%{A}")
            let out = try box.status("polybar").stdoutBytes
            #expect(!Array(out).indices.dropLast().contains { out[$0] == UInt8(ascii: "%") && out[$0 + 1] == UInt8(ascii: "{") })
            #expect(String(decoding: out, as: UTF8.self) == "“\u{0600}%\u{200B}{A1:touch /tmp/citefeed-pwned:}click me%\u{200B}{A}”\n")
            // A template that puts a `%` of one value before a `{` of the next.
            try box.run("defaults", "write", "statusTemplate", "{text}{author}")
            try box.run("edit", "1", "--text", "100%", "--author", "{A1:reboot:}")
            #expect(try box.status("polybar").stdout == "100%\u{200B}{A1:reboot:}\n")
        }

        @Test func waybarAltIsPangoEscaped() throws {
            let box = try Sandbox()
            try box.add("text", "--tag", "R&D <b>")
            let json = try JSONParser.parse(try box.status("waybar").stdout)
            #expect(json["alt"] == .string("R&amp;D &lt;b&gt;"))
        }

        @Test func controlAndBidiCharactersNeverReachTheTerminalRaw() throws {
            let box = try Sandbox()
            try box.add("left \u{202E}thgir\u{2066} end", "--author", "A\u{200F}B", "--tag", "bidi\u{202E}tag")
            // A tag with an escape sequence, as an older citefeed could import it.
            let db = try Database(path: box.libraryPath)
            try db.execute(
                "INSERT INTO tags (name, key, color) VALUES ('x' || char(27) || ']0;pwned' || char(7), 'x' || char(27) || ']0;pwned' || char(7), 'red')"
            )
            try box.writeSettings("{\"\\u001b]52;c;cHduZWQ=\\u0007\": 1}")
            for arguments in [["list"], ["show", "1"], ["tag", "list"], ["upcoming", "2"], ["history"], ["show", "1\u{1B}[2J"]] {
                let result = try box.run(arguments)
                for stream in [result.stdoutBytes, Data(result.stderr.utf8)] {
                    let text = String(decoding: stream, as: UTF8.self)
                    #expect(
                        !text.unicodeScalars.contains {
                            $0.value == 0x1B || $0.value == 0x07 || (0x202A...0x202E).contains($0.value)
                                || (0x2066...0x2069).contains($0.value) || $0.value == 0x200F
                        }, "\(arguments): \(text.debugDescription)")
                }
                if result.status == 0 { #expect(result.stderr.contains("unknown setting \"\\x1b]52;c;cHduZWQ=\\x07\""), "\(result)") }
            }
            #expect(try box.run("show", "1").stdout.contains("left \\u202ethgir\\u2066 end"))
            expectFailure(try box.run("show", "1\u{1B}[2J"), status: .usage, containing: "Invalid value \"1\\x1b[2J\"")
            #expect(try box.run("tag", "list").stdout.contains("x\\x1b]0;pwned\\x07"))
            // Such a tag can be named exactly, and deleted.
            #expect(try box.run("tag", "delete", "x\u{1B}]0;pwned\u{07}", "--keep-citations").status == 0)
        }

        /// Data (the status line, exports, `--json`) is exact to a pipe or file; to a terminal, run
        /// under util-linux `script`, its bidi controls are shown escaped too (in JSON, `\u202e` is
        /// the same string).
        @Test func dataOnATerminalShowsBidiControlsEscaped() throws {
            let box = try Sandbox()
            try box.add("left \u{202E}thgir\u{2066} end", "--author", "A\u{200F}B")
            try box.rotate(at: box.now)
            let commands = [
                "status", "status --format waybar", "status --format i3blocks", "status --format json", "export --format txt",
                "export --format csv", "export", "list --json", "show 1 --json",
            ]
            for command in commands {
                let piped = try box.run(command.split(separator: " ").map(String.init))
                #expect(piped.status == 0 && piped.stdout.contains("\u{202E}thgir\u{2066}"), "\(command): \(piped)")
                let shown = try Sandbox.execute(
                    "/usr/bin/script", ["-qec", "\(Sandbox.binary.path) \(command)", "/dev/null"], stdin: Data(),
                    environment: box.environment)
                #expect(shown.status == 0, "\(command): \(shown)")
                #expect(shown.stdout.contains("\\u202ethgir\\u2066"), "\(command): \(shown.stdout.debugDescription)")
                #expect(!shown.stdout.unicodeScalars.contains { [0x202E, 0x2066, 0x200F].contains($0.value) }, "\(command)")
                if command.contains("json") || command == "export" {
                    // Still JSON, and the same strings.
                    #expect(
                        (try? JSONParser.parse(shown.stdout.replacing("\r\n", with: "\n"))) == (try? JSONParser.parse(piped.stdout)),
                        "\(command)")
                }
            }
        }

        @Test func aTagListFromAJSONFileIsValidated() throws {
            let box = try Sandbox()
            try box.add("kept")
            let before = try box.state()
            let file = box.home.appendingPathComponent("tags.json")
            let document = """
                {"format": "citefeed", "version": 1, "tags": [{"name": "ok", "color": "red"}, {"name": "a\\u001b]0;t\\u0007", "color": "red"},
                 {"name": "a,b", "color": "blue"}, {"name": "", "color": "blue"}, {"name": "\(String(repeating: "n", count: 41))", "color": "blue"},
                 {"name": "line\\nbreak", "color": "blue"}],
                 "citations": [{"text": "one", "tags": ["ok"]}]}
                """
            try document.write(to: file, atomically: true, encoding: .utf8)
            let failed = try box.run("import", file.path)
            expectFailure(failed, status: .dataError, containing: "Tag 2 of \"tags\": Invalid tag name \"a\\x1b]0;t\\x07\"")
            #expect(failed.stderr.contains("And 2 more invalid records. Nothing was imported"))
            #expect(try box.state() == before)
            let skipped = try box.run("import", file.path, "--skip-invalid")
            #expect(skipped.status == 0 && skipped.stdout == "imported 1, skipped 0 duplicates, 5 invalid\n", "\(skipped)")
            #expect(try box.library().tags().map(\.tag.name) == ["ok"])
        }

        @Test func tagDeleteNamesTheTagExactly() throws {
            let box = try Sandbox()
            try box.add("x", "--tag", "work")
            let before = try box.state()
            expectFailure(
                try box.run("tag", "delete", " work ", "--keep-citations"), status: .notFound, containing: "No tag named \" work \"")
            #expect(try box.state() == before)
            #expect(try box.run("tag", "delete", "WORK", "--keep-citations").status == 0)
        }

        @Test func aHugeImportedIDIsNotKept() throws {
            let box = try Sandbox()
            let file = box.home.appendingPathComponent("big-id.json")
            try "[{\"text\": \"far\"}]".write(to: file, atomically: true, encoding: .utf8)
            let citefeed = box.home.appendingPathComponent("citefeed.json")
            try """
            {"format": "citefeed", "version": 1, "tags": [], "citations": [{"id": 9223372036854775807, "text": "max"}, {"id": 9007199254740991, "text": "js max"}, {"id": 2147483647, "text": "kept"}]}
            """.write(to: citefeed, atomically: true, encoding: .utf8)
            #expect(try box.run("import", citefeed.path).status == 0)
            #expect(try box.library().citations(CitationQuery()).map(\.id).sorted() == [1, 2, 2_147_483_647])
            #expect(try box.add("after") == 2_147_483_648)
            let again = try box.run("import", file.path)
            #expect(again.status == 0 && again.stdout == "imported 1, skipped 0 duplicates\n", "\(again)")
        }

        @Test func aFIFOOrADeviceInTheOutputDirectoryDoesNotHangRotate() throws {
            let box = try Sandbox()
            try box.add("one")
            try box.add("two")
            try box.rotate(at: box.now)
            let status = box.feeds.appendingPathComponent("status.txt").path
            let feed = box.feeds.appendingPathComponent("feed.xml").path
            unlink(status)
            #expect(mkfifo(status, 0o644) == 0)
            unlink(feed)
            #expect(symlink("/dev/zero", feed) == 0)
            box.now = "2026-03-01T11:30:00+01:00"
            let result = try runWithTimeout(box, ["rotate"])
            #expect(result.status == 0, "\(result)")
            var st = stat()
            for path in [status, feed] {
                #expect(lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG, "\(path)")
            }
            #expect(try box.output("status.txt") == (try box.status().stdout))
            // The saved pick and the settings, planted the same way, fail clearly instead of hanging.
            unlink(box.settingsPath)
            #expect(mkfifo(box.settingsPath, 0o644) == 0)
            let settings = try runWithTimeout(box, ["status"])
            #expect(settings.status == ExitStatus.ioError.rawValue || settings.status == ExitStatus.usage.rawValue, "\(settings)")
            #expect(settings.stderr.contains("it is not a regular file"), "\(settings)")
        }

        @Test func importsAreCappedInSize() throws {
            let box = try Sandbox()
            let result = try runWithTimeout(box, ["import", "/dev/zero", "--format", "fortune"])
            expectFailure(result, status: .ioError, containing: "Cannot read /dev/zero: it is larger than 100 MiB.")
            #expect(!FileManager.default.fileExists(atPath: box.libraryPath))
        }

        @Test func csvExportGuardsFormulasAndStillRoundTrips() throws {
            let box = try Sandbox()
            try box.add(
                "=HYPERLINK(\"http://evil.example/\",\"click\")", "--author", "+cmd|' /C calc'!A0", "--source", "@SUM(A1:A9)", "--tag", "-x"
            )
            try box.add("'=already quoted", "--back", "-5 degrees")
            let csv = try box.run("export", "--format", "csv").stdout
            for record in try CSV.parse(csv).dropFirst() {
                for field in record.fields { #expect(!["=", "+", "-", "@"].contains(field.first.map(String.init) ?? ""), "\(field)") }
            }
            let json = try box.run("export", "--all").stdout
            let other = try Sandbox()
            let file = other.home.appendingPathComponent("export.csv")
            try csv.write(to: file, atomically: true, encoding: .utf8)
            #expect(try other.run("import", file.path).status == 0)
            let back = try other.run("export", "--all").stdout
            func withoutDate(_ s: String) -> String {
                s.split(separator: "\n").filter { !$0.contains("exportedAt") }.joined(separator: "\n")
            }
            // CSV does not carry tag colours; the rest comes back exactly.
            #expect(
                withoutDate(back).replacingOccurrences(of: "\"color\": \"red\"", with: "")
                    == withoutDate(json).replacingOccurrences(of: "\"color\": \"red\"", with: ""))
        }

        @Test func aFailedDefaultsWriteLeavesTheSettingsAsTheyWere() throws {
            let box = try Sandbox()
            try box.add("one")
            let out = box.home.appendingPathComponent("out")
            try box.run("defaults", "write", "outputDirectory", out.path)
            try box.run("defaults", "write", "feedAuthor", "Me")
            try box.rotate(at: box.now)
            let before = try box.state()
            // The output directory becomes a file: no output can be written.
            try FileManager.default.removeItem(at: out)
            try "not a directory".write(to: out, atomically: true, encoding: .utf8)
            expectFailure(
                try box.run("defaults", "write", "feedTitle", "New"), status: .cannotCreate, containing: "Cannot write the outputs")
            expectFailure(try box.run("defaults", "delete", "feedAuthor"), status: .cannotCreate, containing: "Cannot write the outputs")
            #expect(try box.state() == before)
        }

        @Test func aPickDatedInTheFutureDoesNotFreezeTheRotation() throws {
            let box = try Sandbox()
            for text in ["one", "two", "three"] { try box.add(text) }
            try box.rotate(at: "2031-01-01T09:00:00+01:00")  // a clock that was years ahead
            try box.rotate(at: "2026-03-01T09:30:00+01:00")
            try box.rotate(at: "2026-03-01T10:30:00+01:00")
            let picks = try box.library().recentPicks(limit: 10)
            #expect(picks.count == 3)
            #expect(picks.map(\.pickedAt.rfc3339UTC).prefix(2) == ["2026-03-01T09:00:00Z", "2026-03-01T08:00:00Z"])
            #expect(try box.status("json").stdout.contains("\"slotStart\":\"2026-03-01T09:00:00Z\""))
        }

        @Test func exportFilesArePrivateUnlessTheyReplaceOne() throws {
            let box = try Sandbox()
            try box.add("one")
            let new = box.home.appendingPathComponent("new.json").path
            #expect(try box.run("export", "--out", new).status == 0)
            var st = stat()
            #expect(stat(new, &st) == 0 && st.st_mode & 0o777 == 0o600)
            let shared = box.home.appendingPathComponent("shared.json").path
            #expect(FileManager.default.createFile(atPath: shared, contents: Data("old".utf8), attributes: [.posixPermissions: 0o640]))
            #expect(try box.run("export", "--out", shared).status == 0)
            #expect(stat(shared, &st) == 0 && st.st_mode & 0o777 == 0o640)
        }

        @Test func curlReadsNoCurlrcAndDoesNotGlob() throws {
            let box = try Sandbox()
            let bin = box.home.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            let log = box.home.appendingPathComponent("curl-args")
            let fake = bin.appendingPathComponent("curl")
            try "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \(log.path)\nprintf '[{\"text\": \"fetched\"}]\\n200'\n"
                .write(
                    to: fake, atomically: true, encoding: .utf8)
            chmod(fake.path, 0o755)
            box.extraEnvironment = ["PATH": bin.path + ":/usr/bin:/bin", "CITEFEED_FETCH_TIMEOUT": "0"]
            let result = try box.run("import", "https://example.org/q[1-5].json")
            #expect(result.status == 0, "\(result)")
            let args = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(args.first == "-q")
            #expect(args.contains("-g"))
            #expect(args.firstIndex(of: "--max-time").map { args[$0 + 1] } == "1")
            #expect(args.suffix(2) == ["--url", "https://example.org/q[1-5].json"])
        }

        @Test func i3blocksFollowPrintsOneLinePerChange() throws {
            let box = try Sandbox()
            try box.add("first", "--tag", "t")
            try box.rotate(at: box.now)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
            process.arguments = ["2", Sandbox.binary.path, "status", "--format", "i3blocks", "--follow"]
            process.environment = box.environment
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            process.waitUntilExit()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(output == "“first”\n")
        }

        /// A follower whose bar went away: its standard output closed, or its parent ended.
        @Test func aFollowerEndsWhenItsReaderGoes() throws {
            let box = try Sandbox()
            try box.add("first")
            try box.rotate(at: box.now)
            func ended(_ pid: pid_t, within seconds: Double) -> Bool {
                let deadline = Date().addingTimeInterval(seconds)
                while Date() < deadline {
                    // Reaped by its parent (timeout(1) or the shell), or gone: kill(0) fails.
                    if kill(pid, 0) != 0 { return true }
                    var status: Int32 = 0
                    if waitpid(pid, &status, WNOHANG) == pid { return true }
                    Thread.sleep(forTimeInterval: 0.02)
                }
                return false
            }
            // Standard output closed: the pipe's reader is gone.
            let process = Process()
            process.executableURL = Sandbox.binary
            process.arguments = ["status", "--follow"]
            process.environment = box.environment
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let firstLine = pipe.fileHandleForReading.availableData
            #expect(String(decoding: firstLine, as: UTF8.self) == "“first”\n")
            try pipe.fileHandleForReading.close()
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            #expect(!process.isRunning, "the follower outlived its reader")
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            // The parent ended (killed, so it could not pass anything on).
            let pidFile = box.home.appendingPathComponent("follower.pid").path
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", "\(Sandbox.binary.path) status --follow > /dev/null & echo $! > \(pidFile); wait"]
            shell.environment = box.environment
            try shell.run()
            var follower: pid_t = 0
            for _ in 0..<1500 where follower == 0 {
                follower =
                    pid_t((try? String(contentsOfFile: pidFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
                    ?? 0
                Thread.sleep(forTimeInterval: 0.02)
            }
            #expect(follower > 0)
            Thread.sleep(forTimeInterval: 0.3)
            kill(shell.processIdentifier, SIGKILL)
            shell.waitUntilExit()
            #expect(ended(follower, within: 30), "the follower outlived its parent")
            if kill(follower, 0) == 0 { kill(follower, SIGKILL) }
        }

        /// An import from a named pipe waits for its writer (`<(…)` and `mkfifo` alike), as `cat`
        /// does; only a FIFO in place of the outputs or the settings is refused.
        @Test func anImportFromANamedPipeWaitsForItsWriter() throws {
            let box = try Sandbox()
            let fifo = box.home.appendingPathComponent("quotes.pipe").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let writer = Thread {
                Thread.sleep(forTimeInterval: 0.5)
                let fd = open(fifo, O_WRONLY)
                _ = Posix.writeAll(fd: fd, Array("[{\"text\": \"through a pipe\"}]".utf8))
                close(fd)
            }
            writer.start()
            let result = try runWithTimeout(box, ["import", fifo, "--format", "json"])
            #expect(result.status == 0 && result.stdout == "imported 1, skipped 0 duplicates\n", "\(result)")
        }
    }
}
