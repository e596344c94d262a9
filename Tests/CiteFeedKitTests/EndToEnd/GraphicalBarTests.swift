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
    /// The contrib configurations of the bars that draw: waybar under a headless sway,
    /// polybar under Xvfb, read back by screenshot and OCR. Each runs where its programs are
    /// installed (`scripts/setup-debian --test` installs them) and is reported as skipped elsewhere.
    @Suite(.serialized) struct GraphicalBarTests {
        struct BarError: Error { var message: String }

        static let waybarTools = ["sway", "waybar", "grim"] + Screen.tools
        static let polybarTools = ["Xvfb", "polybar", "import", "xdotool"] + Screen.tools
        static func installed(_ tools: [String]) -> Bool { tools.allSatisfy { findProgram($0) != nil } }

        /// Citations whose words OCR reads without doubt.
        static let texts = ["Quiet river flows", "Bright morning sun", "Gentle autumn breeze"]

        /// A headless sway for waybar to draw on (as the user `nobody` when the tests run as root:
        /// sway refuses root). Its socket directory is its own; root reaches it anyway.
        static func startSway(in dir: URL) throws -> (server: Background, environment: [String: String]) {
            let runtime = dir.appendingPathComponent("runtime")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let config = dir.appendingPathComponent("sway.conf")
            try "output HEADLESS-1 resolution 1280x720\n".write(to: config, atomically: true, encoding: .utf8)
            var command = [findProgram("sway")!, "-c", config.path]
            if getuid() == 0 {
                chmod(dir.path, 0o755)  // whatever the umask: nobody reads its config there
                chown(runtime.path, 65534, 65534)
                chmod(config.path, 0o644)
                command = [findProgram("setpriv")!, "--reuid=65534", "--regid=65534", "--clear-groups"] + command
            }
            let server = try Background(
                command[0], Array(command.dropFirst()),
                environment: [
                    "PATH": "/usr/bin:/bin", "HOME": runtime.path, "XDG_RUNTIME_DIR": runtime.path, "WLR_BACKENDS": "headless",
                    "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman",
                ], log: dir.appendingPathComponent("sway.log"))
            let start = Date()
            while Date().timeIntervalSince(start) < 10 && server.isAlive {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []
                if let display = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
                    let ipc = names.first(where: { $0.hasPrefix("sway-ipc.") })
                {
                    return (
                        server,
                        [
                            "XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": display,
                            "SWAYSOCK": runtime.appendingPathComponent(ipc).path,
                        ]
                    )
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
            server.stop()
            throw BarError(message: "sway did not start: \(server.logTail)")
        }

        /// A bar running in a sandbox, and how to take a picture of its strip.
        struct RunningBar {
            var process: Background
            var capture: (URL) -> Bool
            var stop: () -> Void
            /// What a tool that acts on its display needs (`DISPLAY`).
            var environment: [String: String] = [:]
        }

        /// polybar with `module` (a `[module/citefeed]`) under Xvfb, in a large monospace font,
        /// black on white, for the OCR.
        static func startPolybar(_ box: Sandbox, module: String) throws -> RunningBar {
            let xvfb = try VirtualDisplay(size: "1280x200", home: box.home)
            let config = box.home.appendingPathComponent("polybar.ini")
            try
                ("[bar/test]\nwidth = 100%\nheight = 40\nbackground = #ffffff\nforeground = #000000\n"
                + "font-0 = DejaVu Sans Mono:size=16;3\nmodules-left = citefeed\n\n" + module)
                .write(to: config, atomically: true, encoding: .utf8)
            var environment = box.environment
            environment["DISPLAY"] = xvfb.name
            let polybar: Background
            do {
                polybar = try Background(
                    findProgram("polybar")!, ["-c", config.path, "test"], environment: environment,
                    log: box.home.appendingPathComponent("polybar.log"))
            } catch {
                xvfb.stop()
                throw error
            }
            return RunningBar(
                process: polybar,
                capture: { xvfb.capture($0, area: "1280x40+0+0") },
                stop: {
                    polybar.stop()
                    for pid in Screen.citefeedProcesses(home: box.home.path) { kill(pid, SIGKILL) }
                    xvfb.stop()
                }, environment: xvfb.tools)
        }

        /// waybar with `module` (a `custom/citefeed` entry) on a headless sway, in contrib's style
        /// with a large upright monospace font, black on white, for the OCR.
        static func startWaybar(_ box: Sandbox, module: String) throws -> RunningBar {
            let (sway, display) = try Integration.GraphicalBarTests.startSway(in: box.home)
            let config = box.home.appendingPathComponent("waybar.jsonc")
            try
                ("{\"layer\": \"top\", \"position\": \"top\", \"height\": 40, \"modules-left\": [\"custom/citefeed\"],\n" + module + "\n}\n")
                .write(to: config, atomically: true, encoding: .utf8)
            let style = box.home.appendingPathComponent("style.css")
            try
                (String(contentsOf: packageRoot.appendingPathComponent("contrib/waybar/style.css"), encoding: .utf8)
                + "* { font-family: \"DejaVu Sans Mono\"; font-size: 24px; font-style: normal; }\n"
                + "window#waybar, #custom-citefeed { background: #ffffff; color: #000000; opacity: 1; }\n")
                .write(to: style, atomically: true, encoding: .utf8)
            let waybar: Background
            do {
                waybar = try Background(
                    findProgram("waybar")!, ["-c", config.path, "-s", style.path],
                    environment: box.environment.merging(display) { $1 }, log: box.home.appendingPathComponent("waybar.log"))
            } catch {
                sway.stop()
                throw error
            }
            let grim = findProgram("grim")!
            return RunningBar(
                process: waybar,
                capture: { png in
                    (try? Sandbox.execute(
                        grim, ["-g", "0,0 1280x40", png.path], stdin: Data(), environment: display.merging(["PATH": "/usr/bin:/bin"]) { $1 }
                    ))?
                    .status == 0
                },
                stop: {
                    waybar.stop()
                    for pid in Screen.citefeedProcesses(home: box.home.path) { kill(pid, SIGKILL) }
                    sway.stop()
                })
        }

        /// waybar as contrib/waybar configures it, continuously (`--follow`, as shipped) and with an
        /// interval (`"interval": 1` without `--follow`, as its comment offers): the bar shows the
        /// citation, the new one after `next` (how soon: `scripts/bench`), and when waybar goes the follower
        /// ends.
        @Test(
            .requires(installed(waybarTools) && (getuid() != 0 || findProgram("setpriv") != nil), "needs sway, waybar, grim and tesseract"),
            arguments: ["follow", "interval"])
        func waybarShowsTheCitationAndFollowsNext(mode: String) throws {
            try #require(
                Self.installed(Self.waybarTools) && (getuid() != 0 || findProgram("setpriv") != nil),
                "needs sway, waybar, grim and tesseract")
            let box = try Sandbox()
            for text in Integration.GraphicalBarTests.texts { try box.add(text) }
            try box.rotate(at: box.now)
            var module = try Integration.RealBarTests.contrib("contrib/waybar/config.jsonc")
            #expect(module.contains(" status --format waybar --follow\","))
            if mode == "interval" { module = module.replacing(" --follow\",", with: "\",\n    \"interval\": 1,") }
            let bar = try Integration.GraphicalBarTests.startWaybar(box, module: module)
            defer { bar.stop() }
            let (waybar, capture) = (bar.process, bar.capture)
            let png = box.home.appendingPathComponent("bar.png")
            let first = try box.status("plain").stdout
            let shown = Screen.wait(seconds: 15, for: first, capture: capture, into: png)
            #expect(shown.took != nil, "waybar does not show \(first): it shows \(shown.read)\n\(waybar.logTail)")

            #expect(try box.run("next").status == 0)
            let second = try box.status("plain").stdout
            #expect(Screen.letters(second) != Screen.letters(first))
            let next = Screen.wait(seconds: 30, for: second, capture: capture, into: png)
            #expect(next.took != nil, "waybar did not show \(second) after next: it shows \(next.read)")
            print("waybar \(mode): the new citation shown \(next.took ?? -1) s after next")

            if mode == "follow" { #expect(!Screen.citefeedProcesses(home: box.home.path).isEmpty, "no follower runs") }
            waybar.stop()
            #expect(!waybar.isAlive)
            #expect(Screen.waitUntilGone(home: box.home.path), "citefeed outlived waybar")
        }

        /// polybar as contrib/polybar configures it (`tail = true` with `--follow`) under Xvfb: it
        /// shows the citation, a click runs the module's `click-left` (`next`) and the bar shows the
        /// new citation, and when polybar goes the follower ends. The first
        /// citation carries polybar's action tag behind U+0600, which polybar does not draw (a hidden
        /// command injection): the click must run `next`, never the citation's command.
        @Test(.requires(installed(polybarTools), "needs Xvfb, polybar, ImageMagick's import, xdotool and tesseract"))
        func polybarShowsTheCitationAndFollowsAClick() throws {
            try #require(Self.installed(Self.polybarTools), "needs Xvfb, polybar, ImageMagick's import, xdotool and tesseract")
            let box = try Sandbox()
            // Short enough that the whole tag fits in the 70 columns of the status line.
            let planted = URL(fileURLWithPath: "/tmp/cf\(UInt32.random(in: 0...UInt32.max))")
            defer { try? FileManager.default.removeItem(at: planted) }
            try box.add("\u{600}%{A1:touch \(planted.path):}Quiet river flows%{A}")
            try box.rotate(at: box.now)
            try box.add(Integration.GraphicalBarTests.texts[1])

            let module = try Integration.RealBarTests.contrib("contrib/polybar/citefeed.ini")
            #expect(module.contains("exec = \(Sandbox.binary.path) status --format polybar --width 70 --follow\ntail = true\n"))
            let bar = try Integration.GraphicalBarTests.startPolybar(box, module: module)
            defer { bar.stop() }
            let (polybar, capture, tools) = (bar.process, bar.capture, bar.environment)
            let png = box.home.appendingPathComponent("bar.png")
            // The tags are shown as text (with an invisible mark after the %). Unneutralised, polybar
            // would show “Quiet river flows” with the action under x 13–250, where the click goes.
            let shown = Screen.wait(seconds: 15, for: "touch /tmp", capture: capture, into: png)
            #expect(shown.took != nil, "polybar does not show the citation's text: it shows \(shown.read)\n\(polybar.logTail)")

            let click = try Sandbox.execute(
                findProgram("xdotool")!, ["mousemove", "100", "20", "click", "1"], stdin: Data(), environment: tools)
            #expect(click.status == 0, "\(click)")
            let second = Integration.GraphicalBarTests.texts[1]
            let next = Screen.wait(seconds: 30, for: second, capture: capture, into: png)
            #expect(next.took != nil, "polybar did not show \(second) after the click: it shows \(next.read)")
            print("polybar: the new citation shown \(next.took ?? -1) s after the click")
            #expect(!FileManager.default.fileExists(atPath: planted.path), "the citation's action tag ran")
            #expect(try box.run("history").stdout.contains(second))

            #expect(!Screen.citefeedProcesses(home: box.home.path).isEmpty, "no follower runs")
            polybar.stop()
            #expect(!polybar.isAlive)
            #expect(Screen.waitUntilGone(home: box.home.path), "citefeed outlived polybar")
        }
    }
}
