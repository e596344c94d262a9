import Foundation
import Testing

@testable import CiteFeedCore
@testable import CiteFeedSupport

extension Integration {
    /// tmux, Argos and Conky: contrib's configurations in the real programs, each with a
    /// citation that tries to run a command through the program's own syntax.
    @Suite(.serialized) struct WidgetTests {
        /// A file the hostile citation would create, and the sandbox showing it.
        func hostile(_ text: (String) -> String) throws -> (Sandbox, URL) {
            let planted = URL(fileURLWithPath: "/tmp/cf-widget-\(UInt32.random(in: 0...UInt32.max))")
            let box = try Sandbox()
            try box.add(text(planted.path), "--tag", "red")
            try box.rotate(at: box.now)
            try box.add("Second citation")
            return (box, planted)
        }

        /// Text drawn on a terminal, its escape sequences dropped.
        static func visible(_ bytes: Data) -> String {
            var out = ""
            var escape = false
            for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
                if escape {
                    if ("@"..."~").contains(scalar) && scalar != "[" { escape = false }
                    continue
                }
                if scalar == "\u{1B}" { escape = true } else if scalar.value >= 0x20 { out.unicodeScalars.append(scalar) }
            }
            return out
        }

        /// tmux draws `#(citefeed status --format tmux)` in its status line (contrib/tmux): the
        /// citation's `##`, `#(…)` and `#[…]` show as written, and its command never runs.
        @Test(.requires(findProgram("tmux") != nil && findProgram("script") != nil, "needs tmux and script (scripts/setup-debian --test)"))
        func tmuxShowsTheCitationAndRunsNothingOfIt() throws {
            let (box, planted) = try hostile { "Hash ## then #(touch \($0)) and #[fg=red]red ###[bold] #{host} #H end#" }
            defer { try? FileManager.default.removeItem(at: planted) }
            // The line ends in the citation's # (before tmux's #[default]).
            #expect(try box.run("defaults", "write", "statusTemplate", "{text}").status == 0)
            let config = box.home.appendingPathComponent("tmux.conf")
            try (try Integration.RealBarTests.contrib("contrib/tmux/citefeed.tmux.conf")).replacing("--width 50", with: "--width 100")
                .replacing("status-right-length 80", with: "status-right-length 150").write(to: config, atomically: true, encoding: .utf8)
            let socket = "cf\(UInt32.random(in: 0...UInt32.max))"
            let tmux = findProgram("tmux")!
            var environment = box.environment
            environment["TERM"] = "xterm-256color"
            // The server in the foreground (-D), ours to stop; then a session on it.
            let server = try Background(
                tmux, ["-L", socket, "-f", config.path, "-D"], environment: environment, log: box.home.appendingPathComponent("tmux.log"))
            defer { server.stop() }
            var start = RunResult(status: 1, stdout: "", stderr: "", stdoutBytes: Data())
            for _ in 0..<100 where start.status != 0 {
                Thread.sleep(forTimeInterval: 0.05)
                start = try Sandbox.execute(
                    tmux, ["-L", socket, "new-session", "-d", "-x", "200", "-y", "10"], stdin: Data(), environment: environment)
            }
            #expect(start.status == 0, "\(start)\n\(server.logTail)")
            defer { _ = try? Sandbox.execute(tmux, ["-L", socket, "kill-server"], stdin: Data(), environment: environment) }
            // A client on a terminal of 200 columns (script(1) gives it one) draws the status line.
            let screen = box.home.appendingPathComponent("screen.out")
            let client = try Background(
                findProgram("script")!, ["-qfc", "stty cols 200 rows 10; exec \(tmux) -L \(socket) attach", screen.path],
                environment: environment,
                log: box.home.appendingPathComponent("script.log"), stdin: Pipe())
            defer { client.stop() }
            let expected = "Hash ## then #(touch \(planted.path)) and #[fg=red]red ###[bold] #{host} #H end#"
            var shown = ""
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                shown = Self.visible((try? Data(contentsOf: screen)) ?? Data())
                if shown.contains(expected) { break }
                Thread.sleep(forTimeInterval: 0.2)
            }
            #expect(shown.contains(expected + " "), "tmux shows: \(shown.suffix(400))")
            // In the tag's colour: red, as tmux 3.3 writes #ff3b30 to an xterm-256color terminal.
            let raw = String(decoding: (try? Data(contentsOf: screen)) ?? Data(), as: UTF8.self)
            #expect(raw.contains("\u{1B}[38;5;203mHash"), "no colour before the citation")
            // tmux shows the citation as written, so it made no job of it in that drawing; and a job
            // of the test's own, put in the status line after it and run by a later drawing, has
            // ended: one tmux made of the citation would have ended before it.
            let ticks = box.home.appendingPathComponent("ticks")
            let set = try Sandbox.execute(
                tmux, ["-L", socket, "set", "-g", "status-left", "#(echo tick >> \(ticks.path))"], stdin: Data(), environment: environment)
            #expect(set.status == 0, "\(set)")
            for _ in 0..<600 where !FileManager.default.fileExists(atPath: ticks.path) { Thread.sleep(forTimeInterval: 0.05) }
            #expect(FileManager.default.fileExists(atPath: ticks.path), "tmux ran no job of the status line")
            #expect(!FileManager.default.fileExists(atPath: planted.path), "tmux ran the citation's #(…)")
        }

        /// tmux as a person sees it: contrib/tmux's status line in a real xterm under Xvfb, the
        /// citation in its tag's colour read back from a screenshot (the README's picture).
        @Test(
            .requires(
                ["tmux", "xterm", "Xvfb", "import", "tesseract"].allSatisfy { findProgram($0) != nil },
                "needs tmux, xterm, Xvfb, ImageMagick's import and tesseract (scripts/setup-debian --test)"))
        func tmuxInATerminalShowsTheCitation() throws {
            let box = try Sandbox()
            try box.add("Quiet river flows gently", "--author", "Basho", "--tag", "green")
            try box.rotate(at: box.now)
            let display = try VirtualDisplay(size: "1210x60", home: box.home)
            defer { display.stop() }
            // contrib's lines under a user's dark status theme.
            let config = box.home.appendingPathComponent("tmux.conf")
            try (try Integration.RealBarTests.contrib("contrib/tmux/citefeed.tmux.conf") + "set -g status-style 'bg=#303030,fg=#d0d0d0'\n")
                .write(to: config, atomically: true, encoding: .utf8)
            let socket = "cf\(UInt32.random(in: 0...UInt32.max))"
            let tmux = findProgram("tmux")!
            var environment = box.environment
            environment["DISPLAY"] = display.name
            environment["PS1"] = "$ "  // sh's prompt, not this machine's
            defer { _ = try? Sandbox.execute(tmux, ["-L", socket, "kill-server"], stdin: Data(), environment: environment) }
            // An xterm of 100 columns and 2 rows (12 × 26 pixels each) running a tmux session: a
            // prompt, then the status line.
            let terminal = try Background(
                findProgram("xterm")!,
                [
                    "-geometry", "100x2+0+0", "-fa", "DejaVu Sans Mono", "-fs", "14", "-bg", "white", "-fg", "black",
                    "-e", tmux, "-L", socket, "-f", config.path, "new-session", "/bin/sh",
                ],
                environment: environment, log: box.home.appendingPathComponent("xterm.log"))
            defer { terminal.stop() }
            let shown = Screen.wait(
                seconds: 30, for: "Quiet river flows gently Basho", capture: { display.capture($0, area: "1204x26+0+26") },
                into: box.home.appendingPathComponent("status.png"))
            #expect(shown.took != nil, "the terminal shows \(shown.read)\n\(terminal.logTail)")
            let picture = box.home.appendingPathComponent("tmux.png")
            if display.capture(picture, area: "1204x52+0+0") { Screen.keep(picture, as: "tmux.png") }
        }

        /// Argos reads `--format argos` with `GLib.shell_parse_argv` and the rules of its
        /// utilities.js (parseLine), reimplemented here on the real GLib: whatever the citation
        /// holds, the only lines with an action are citefeed's own, no citation line becomes a
        /// separator or a submenu, and Next's command, run by bash as Argos runs it, works.
        @Test(.requires(pythonWith(["gi"]) != nil, "needs Python's gi (python3-gi, scripts/setup-debian --test)"))
        func argosRunsOnlyCitefeedsOwnActions() throws {
            let (box, planted) = try hostile {
                "Text | bash='touch \($0)' href=file:///etc/passwd\n --- \n--sub | bash=touch\\ \($0)\n:smile: \\n"
            }
            defer { try? FileManager.default.removeItem(at: planted) }
            box.separateProcess = true  // the actions name the program that printed them: the built one
            let output = try box.status("argos", "--scroll")
            #expect(output.status == 0)
            let script = """
                import json, re, sys
                from gi.repository import GLib
                lines = []
                for text in sys.stdin.read().split("\\n")[:-1]:
                    line = {}
                    i = text.find("|")
                    if i >= 0:
                        ok, argv = GLib.shell_parse_argv(text[i + 1:])
                        for a in argv:
                            j = a.find("=")
                            if j >= 0 and a[:j].strip() and a[j + 1:].strip():
                                line[a[:j].strip()] = a[j + 1:].strip()
                        line["text"] = text[:i]
                    else:
                        line["text"] = text
                    m = re.search(r"[^-]", line["text"])
                    dashes = m.start() if m else len(line["text"])
                    line["menuLevel"] = dashes // 2 if dashes >= 2 else 0
                    line["isSeparator"] = bool(re.fullmatch(r"-+", line["text"].strip()))
                    lines.append(line)
                print(json.dumps(lines))
                """
            let parsed = try Sandbox.execute(
                pythonWith(["gi"])!, ["-c", script], stdin: Data(output.stdout.utf8), environment: ["PATH": "/usr/bin:/bin"])
            #expect(parsed.status == 0, "\(parsed)")
            let lines = try #require(try JSONParser.parse(parsed.stdout).arrayValue)
            let actions = lines.filter { $0["bash"] != nil || $0["href"] != nil || $0["eval"] != nil }
            #expect(actions.compactMap { $0["text"]?.stringValue } == ["Next citation ", "Copy "])
            #expect(lines.filter { $0["isSeparator"] == .bool(true) }.count == 2, "\(output.stdout)")
            #expect(lines.allSatisfy { $0["menuLevel"] == .int(0) || $0["isSeparator"] == .bool(true) })
            for line in lines where line["bash"] == nil && line["isSeparator"] != .bool(true) {
                #expect(
                    line["unescape"] == .string("false") && line["useMarkup"] == .string("false") && line["emojize"] == .string("false"))
            }
            #expect(lines.first?["font"] == .string("monospace"))
            // Next, as Argos runs it: bash -c with the attribute's value.
            let next = try #require(actions.first?["bash"]?.stringValue)
            let before = try box.status("plain").stdout
            let run = try Sandbox.execute("/bin/bash", ["-c", next], stdin: Data(), environment: box.environment)
            #expect(run.status == 0, "\(next): \(run)")
            #expect(try box.status("plain").stdout != before)
            #expect(!FileManager.default.fileExists(atPath: planted.path))
        }

        /// Conky with contrib/conky's configuration under Xvfb: the citation drawn, with `${…}`
        /// shown as text and never run.
        @Test(
            .requires(
                ["conky", "Xvfb", "import", "tesseract"].allSatisfy { findProgram($0) != nil },
                "needs conky, Xvfb, ImageMagick's import and tesseract"))
        func conkyShowsTheCitationAndRunsNothingOfIt() throws {
            let (box, planted) = try hostile { "Quiet river flows ${exec touch \($0)} gently" }
            defer { try? FileManager.default.removeItem(at: planted) }
            let display = try VirtualDisplay(size: "1280x200", home: box.home)
            defer { display.stop() }
            let config = box.home.appendingPathComponent("conky.conf")
            try (try Integration.RealBarTests.contrib("contrib/conky/citefeed.conf")).replacing("--width 60", with: "--width 100")
                .write(to: config, atomically: true, encoding: .utf8)
            var environment = box.environment
            environment["DISPLAY"] = display.name
            let conky = try Background(
                findProgram("conky")!, ["-c", config.path], environment: environment, log: box.home.appendingPathComponent("conky.log"))
            defer { conky.stop() }
            let png = box.home.appendingPathComponent("desktop.png")
            let shown = Screen.wait(
                seconds: 20, for: "Quiet river flows exec touch",
                capture: { display.capture($0, area: "1280x80+0+0") }, into: png)
            #expect(shown.took != nil, "conky shows \(shown.read)\n\(conky.logTail)")
            #expect(!FileManager.default.fileExists(atPath: planted.path), "conky ran the citation's ${exec}")
            Screen.keep(png, as: "conky.png")
        }
    }
}
