import CiteFeedCLI
import Foundation
import Testing

extension Integration {
    /// `citefeed setup` and the first run.
    /// Serialized: aRunningBarIsFound runs a fake bar as the user the first-run test runs as.
    @Suite(.serialized) struct SetupTests {
        /// Where the built citefeed is, as `setup` names it when it is not on PATH.
        static let bindir = Sandbox.binary.resolvingSymlinksInPath().deletingLastPathComponent().path

        static func contrib(_ path: String) throws -> String {
            try String(contentsOf: packageRoot.appendingPathComponent("contrib/" + path), encoding: .utf8)
        }

        /// The snippets built into the binary are contrib's files as they are now, every one of them.
        @Test func theBuiltInSnippetsAreContribsFiles() throws {
            let onDisk = try FileManager.default.subpathsOfDirectory(atPath: packageRoot.appendingPathComponent("contrib").path)
                .filter {
                    !((try? packageRoot.appendingPathComponent("contrib/" + $0).resourceValues(forKeys: [.isDirectoryKey]).isDirectory)
                        ?? false)
                }.sorted()
            #expect(ContribFiles.paths == onDisk)
            for path in onDisk {
                #expect(
                    ContribFiles.text(path) == (try Integration.SetupTests.contrib(path)), "contrib/\(path) differs from the built-in copy")
            }
        }

        @Test func eachTargetPrintsItsSnippet() throws {
            let box = try Sandbox()
            var environment = box.environment
            environment.removeValue(forKey: "CITEFEED_HOME")
            environment["HOME"] = box.home.path
            for (target, file) in [
                ("waybar", "waybar/config.jsonc"), ("i3blocks", "i3blocks/citefeed.conf"), ("polybar", "polybar/citefeed.ini"),
            ] {
                let printed = try Sandbox.execute(Sandbox.binary.path, ["setup", target], stdin: Data(), environment: environment)
                #expect(
                    try printed.status == 0 && printed.stdout == (try Integration.SetupTests.contrib(file)) && printed.stderr.isEmpty,
                    "\(target): \(printed)")
            }
            // The cron line and the units name this citefeed; the timer is as it is.
            let cron = try Sandbox.execute(Sandbox.binary.path, ["setup", "cron"], stdin: Data(), environment: environment)
            #expect(
                cron.stdout
                    == (try Integration.SetupTests.contrib("cron/citefeed.crontab.in")).replacingOccurrences(
                        of: "@bindir@", with: Integration.SetupTests.bindir))
            let systemd = try Sandbox.execute(Sandbox.binary.path, ["setup", "systemd"], stdin: Data(), environment: environment)
            let service = try Integration.SetupTests.contrib("systemd/citefeed.service.in").replacingOccurrences(
                of: "@bindir@", with: Integration.SetupTests.bindir)
            #expect(
                systemd.stdout.contains(
                    "# ~/.config/systemd/user/citefeed.service\n" + service + "\n# ~/.config/systemd/user/citefeed.timer\n")
            )
            #expect(systemd.stdout.contains(try Integration.SetupTests.contrib("systemd/citefeed.timer")))
            // A hung sync or rotation is ended before it holds back the timer's next runs.
            #expect(service.contains("\nType=oneshot\nTimeoutStartSec=5min\n"), "\(service)")
            // With a library folder chosen (here CITEFEED_HOME), the scheduled command uses it.
            let chosen = try box.run(["setup", "cron"])
            #expect(
                chosen.stdout.contains(
                    "\n*/15 * * * * CITEFEED_HOME='\(box.home.path)' \(Integration.SetupTests.bindir)/citefeed sync >/dev/null; CITEFEED_HOME='\(box.home.path)' \(Integration.SetupTests.bindir)/citefeed rotate --all >/dev/null\n"
                ), "\(chosen)")
            let unit = try box.run(["setup", "systemd"])
            #expect(unit.stdout.contains("\n[Service]\nEnvironment=\"CITEFEED_HOME=\(box.home.path)\"\nType=oneshot\n"), "\(unit)")
            let bar = try box.run(["setup", "waybar"])
            #expect(bar.stderr.contains("note: these commands use the default library"), "\(bar)")
            // Bad use: a usage error, and nothing made.
            #expect(
                try box.run(["setup", "sway"]).stderr
                    == "citefeed: error: Invalid value \"sway\": the target is one of waybar, i3blocks, polybar, systemd, cron, gnome, plasma, tmux, conky, wallpaper or lockscreen.\n"
            )
            #expect(try box.run(["setup", "waybar", "--enable"]).status == 64)
            #expect(try box.run(["setup", "cron", "systemd"]).status == 64)
            #expect(!FileManager.default.fileExists(atPath: box.libraryPath))
        }

        /// Runs citefeed with exactly `environment`: as `nobody` when the tests run as root, so
        /// that the bars other tests run (as root) are not this user's.
        /// Under scripts/coverage, the instrumented binary writes its profile where `nobody` may
        /// (the temporary folder; left out of the report): without it, it wrote `default.profraw`
        /// into the working directory, or failed to and said so on standard error.
        static func runAlone(_ arguments: [String], _ environment: [String: String]) throws -> RunResult {
            var environment = environment
            if ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"] != nil {
                environment["LLVM_PROFILE_FILE"] =
                    FileManager.default.temporaryDirectory.appendingPathComponent("citefeed-alone-%p.profraw").path
            }
            guard getuid() == 0 else { return try Sandbox.execute(Sandbox.binary.path, arguments, stdin: Data(), environment: environment) }
            let setpriv = try #require(findProgram("setpriv"))
            return try Sandbox.execute(
                setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", Sandbox.binary.path] + arguments, stdin: Data(),
                environment: environment)
        }

        /// `citefeed` alone, with no library yet: the help, then what to do on this desktop; it
        /// makes no library, and says where the library will be.
        @Test func aFirstRunSuggestsWhatSuitsTheDesktopAndMakesNothing() throws {
            let box = try Sandbox()
            let home = box.home.appendingPathComponent("user").path
            let base = ["HOME": home, "PATH": "/usr/bin:/bin", "TZ": "UTC"]
            let help = try Sandbox.execute(Sandbox.binary.path, ["--help"], stdin: Data(), environment: base).stdout
            func firstRun(_ extra: [String: String]) throws -> String {
                let ran = try Integration.SetupTests.runAlone([], base.merging(extra) { $1 })
                #expect(ran.status == 0 && ran.stderr.isEmpty, "\(ran)")
                #expect(ran.stdout.hasPrefix(help))
                #expect(ran.stdout.contains("There is no library yet (\(home)/.local/share/citefeed/library.sqlite); nothing was made."))
                return ran.stdout
            }
            // A bar the user running the tests runs (not root's: those are left to nobody) is
            // suggested instead: then only that is checked.
            let running = try Integration.SetupTests.runAlone(["setup"], base).stdout.contains(" is running")
            if running {
                #expect(try firstRun(["XDG_CURRENT_DESKTOP": "sway"]).contains(" is running"))
                return
            }
            let sway = try firstRun(["XDG_CURRENT_DESKTOP": "sway", "WAYLAND_DISPLAY": "wayland-1"])
            #expect(
                try sway.contains("On a Wayland desktop, waybar can show the citation")
                    && sway.contains(try Integration.SetupTests.contrib("waybar/config.jsonc")))
            let i3 = try firstRun(["XDG_CURRENT_DESKTOP": "i3", "DISPLAY": ":0"])
            #expect(
                try i3.contains("On i3, i3blocks can show the citation")
                    && i3.contains(try Integration.SetupTests.contrib("i3blocks/citefeed.conf")))
            let openbox = try firstRun(["DISPLAY": ":0"])
            #expect(openbox.contains(try Integration.SetupTests.contrib("polybar/citefeed.ini")))
            let gnome = try firstRun(["XDG_CURRENT_DESKTOP": "ubuntu:GNOME", "WAYLAND_DISPLAY": "wayland-0"])
            #expect(
                gnome.contains("On GNOME (43 and 44), citefeed's extension") && gnome.contains("citefeed setup gnome --install"), "\(gnome)"
            )
            #expect(!gnome.contains("custom/citefeed"), "\(gnome)")
            let plasma = try firstRun(["XDG_CURRENT_DESKTOP": "KDE", "DISPLAY": ":0"])
            #expect(plasma.contains("'citefeed setup plasma --install'") && !plasma.contains("[module/citefeed]"), "\(plasma)")
            let server = try firstRun([:])
            #expect(!server.contains("can show the citation"))
            // The scheduler: the systemd timer where systemctl is, else cron; citefeed not on PATH.
            #expect(server.contains("also when no bar runs: citefeed setup systemd --enable") == (findProgram("systemctl") != nil))
            #expect(server.contains("citefeed is not on PATH, and bars run it by name"))
            // With --home, the first steps and the bar's commands say how to use that library.
            let chosen = box.home.appendingPathComponent("my library").path
            let withHome = try Integration.SetupTests.runAlone(["--home", chosen], base.merging(["XDG_CURRENT_DESKTOP": "sway"]) { $1 })
                .stdout
            #expect(withHome.contains("There is no library yet (\(chosen)/library.sqlite)"), "\(withHome)")
            #expect(withHome.contains("  citefeed --home '\(chosen)' rotate   "), "\(withHome)")
            #expect(
                withHome.contains("These commands use the default library; for \(chosen), put --home '\(chosen)' after citefeed in them."))
            #expect(!FileManager.default.fileExists(atPath: chosen))
            #expect(!FileManager.default.fileExists(atPath: home), "a first run made files: \(home)")
            // With a library, the help alone.
            #expect(try box.run(["add", "Something."]).status == 0)
            let again = try box.run([])
            #expect(again.stdout == help, "\(again)")
        }

        /// A bar this user runs is found (its process name in /proc), and its snippet comes first.
        @Test(.requires(findProgram("sleep") != nil, "needs sleep"))
        func aRunningBarIsFound() throws {
            let box = try Sandbox()
            let fake = box.home.appendingPathComponent("bin/polybar")
            try FileManager.default.createDirectory(at: fake.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: try #require(findProgram("sleep")), toPath: fake.path)
            chmod(box.home.path, 0o755)
            chmod(fake.deletingLastPathComponent().path, 0o755)
            let process = Process()
            if getuid() == 0 {
                process.executableURL = URL(fileURLWithPath: try #require(findProgram("setpriv")))
                process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", fake.path, "60"]
            } else {
                process.executableURL = fake
                process.arguments = ["60"]
            }
            try process.run()
            defer { kill(process.processIdentifier, SIGKILL) }
            var shown = ""
            for _ in 0..<50 {  // until the fake bar has become `polybar` in /proc
                shown = try Integration.SetupTests.runAlone(
                    ["setup"], ["HOME": box.home.path, "PATH": "/usr/bin:/bin", "XDG_CURRENT_DESKTOP": "sway"]
                )
                .stdout
                if shown.hasPrefix("polybar is running") { break }
                usleep(100_000)
            }
            #expect(
                shown.hasPrefix("polybar is running: paste this into its config ('citefeed setup polybar' prints it again):\n\n"),
                "\(shown)")
            #expect(try shown.contains(try Integration.SetupTests.contrib("polybar/citefeed.ini")) && !shown.contains("waybar can show"))
        }
    }
}
