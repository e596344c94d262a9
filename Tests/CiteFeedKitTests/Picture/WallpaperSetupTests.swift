import Foundation
import Synchronization
import Testing

@testable import CiteFeedCLI
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedSupport

extension Integration {
    /// `setup wallpaper` and `setup lockscreen`: the settings `--install` writes, the
    /// desktop programs it and `wallpaperCommand` call (stand-ins here, which record their
    /// arguments; the real programs are `WallpaperDesktopTests`' and scripts/test-gnome-wallpaper's),
    /// and every way they can fail, each leaving settings and library as they were.
    @Suite(.needsPangoCairo)
    struct WallpaperSetupTests {
        /// Stand-ins for the desktop's programs, on PATH before the system's: each appends a line to
        /// `calls.log`, its name, its arguments in brackets and the session variables it was given.
        struct Stubs {
            let bin: URL
            let log: URL

            init(in box: Sandbox, _ programs: [String], failing: [String: Int] = [:], replies: [String: String] = [:]) throws {
                bin = box.home.appendingPathComponent("stub-bin")
                log = box.home.appendingPathComponent("calls.log")
                try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
                for name in programs {
                    let script = """
                        #!/bin/sh
                        line="\(name)"
                        for a in "$@"; do line="$line [$a]"; done
                        echo "$line SWAYSOCK=${SWAYSOCK:-} DBUS=${DBUS_SESSION_BUS_ADDRESS:-} DISPLAY=${DISPLAY:-} PWD=$PWD WALLPAPER=${CITEFEED_WALLPAPER:-}" >> '\(log.path)'
                        \(replies[name].map { "[ \"$1\" = get ] && printf '%s\\n' \"\($0)\"" } ?? "")
                        exit \(failing[name] ?? 0)

                        """
                    let url = bin.appendingPathComponent(name)
                    try script.write(to: url, atomically: true, encoding: .utf8)
                    chmod(url.path, 0o755)
                }
            }

            var calls: [String] { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
            var path: String { bin.path + ":/usr/bin:/bin" }
        }

        /// A library of two citations, rotated, with the stand-ins on PATH and a session bus named.
        static func library(
            _ programs: [String] = ["gsettings", "plasma-apply-wallpaperimage", "kwriteconfig5", "swaymsg", "feh"],
            failing: [String: Int] = [:]
        )
            throws -> (Sandbox, Stubs)
        {
            let box = try Sandbox()
            box.separateProcess = true  // the command --install writes names the running citefeed
            try box.add("Quiet river flows", "--author", "Heraclitus")
            try box.add("Bright morning sun", "--author", "Sappho")
            let stubs = try Stubs(in: box, programs, failing: failing, replies: ["gsettings": "'none'"])
            box.extraEnvironment = ["PATH": stubs.path, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/test-bus", "LANG": "C.UTF-8"]
            #expect(try box.run("rotate").status == 0)
            return (box, stubs)
        }

        static func settings(_ box: Sandbox) throws -> JSONValue {
            try JSONParser.parse(Array((box.readSettings() ?? "{}").utf8))
        }

        /// The path in a call's first `[file://…]` or `[/…png]` argument.
        static func givenFile(_ call: String) -> String? {
            guard let match = call.firstMatch(of: /\[(?:'file:\/\/|file:\/\/)?(\/[^\]']+\.png)'?\]/) else { return nil }
            return String(match.1).removingPercentEncoding
        }

        @Test func gnomeInstallSetsBothKeysToANewNameAtEachPick() throws {
            let (box, stubs) = try Self.library()
            let installed = try box.run("setup", "wallpaper", "--desktop", "gnome", "--install")
            #expect(installed.status == 0 && installed.stderr.isEmpty, "\(installed)")
            #expect(installed.stdout.contains("The wallpaper shows \(box.feeds.path)/picture-wallpaper.png"), "\(installed)")
            let settings = try Self.settings(box)
            #expect(settings["pictures"] == .array([.string("wallpaper")]))
            let words = settings["wallpaperCommand"]?.arrayValue?.compactMap { $0.stringValue }
            let command = try #require(words)
            #expect(
                command.first.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
                    == Sandbox.binary.resolvingSymlinksInPath().path,
                "\(command)")
            #expect(Array(command.suffix(5)) == ["wallpaper", "--desktop", "gnome", "--apply", "{wallpaper}"], "\(command)")
            #expect(command.contains("--home") && command.contains(box.home.path), "the library chosen is the command's too: \(command)")

            let picture = box.feeds.appendingPathComponent("picture-wallpaper.png")
            func keys() -> [String: String] {
                var found: [String: String] = [:]
                for call in stubs.calls where call.hasPrefix("gsettings [set] [org.gnome.desktop.background]") {
                    if let key = call.firstMatch(of: /\[(picture-uri(?:-dark)?)\]/)?.1, let file = Self.givenFile(call) {
                        found[String(key)] = file
                    }
                }
                return found
            }
            let first = keys()
            let shown = try #require(first["picture-uri"])
            #expect(first["picture-uri-dark"] == shown, "the dark style shows it too: \(stubs.calls)")
            #expect(shown.hasPrefix(box.home.path + "/.local/share/backgrounds/citefeed-wallpaper-"), "\(shown)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: shown)) == Data(contentsOf: picture), "the desktop's file is the picture")
            #expect(
                stubs.calls.contains { $0.hasPrefix("gsettings [set] [org.gnome.desktop.background] [picture-options] [zoom]") },
                "\(stubs.calls)")
            #expect(stubs.calls.allSatisfy { $0.contains("DBUS=unix:path=/run/test-bus") })

            // A bar's next: the detached citefeed makes the picture and gives it under a new name.
            var names = [shown]
            for _ in 0..<3 {
                #expect(try box.run("next").status == 0)
                #expect(box.waitForAnnouncements(), "\(box.announceLog)")
                let now = try #require(keys()["picture-uri"])
                #expect(now != names.last, "a new pick, a new file name (GNOME reloads only then): \(now)")
                #expect(try Data(contentsOf: URL(fileURLWithPath: now)) == Data(contentsOf: picture))
                names.append(now)
            }
            let kept = try FileManager.default.contentsOfDirectory(atPath: box.home.path + "/.local/share/backgrounds").sorted()
            #expect(kept.count == 2 && kept.contains((names.last! as NSString).lastPathComponent), "the newest two are kept: \(kept)")
            #expect(!box.announceLog.contains("warning"), "\(box.announceLog)")

            // Installing again changes nothing and gives the same picture (its name is its content's).
            let again = try box.run("setup", "wallpaper", "--desktop", "gnome", "--install")
            #expect(again.status == 0, "\(again)")
            #expect(keys()["picture-uri"] == names.last)
        }

        @Test(arguments: ["plasma", "sway", "x11"])
        func eachDesktopIsGivenThePictureItsWay(_ desktop: String) throws {
            let (box, stubs) = try Self.library()
            var environment: [String: String?] = [:]
            if desktop == "sway" {
                // No SWAYSOCK, as under a timer: the socket of a running sway in XDG_RUNTIME_DIR.
                let runtime = box.home.appendingPathComponent("runtime")
                try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
                _ = FileManager.default.createFile(
                    atPath: runtime.appendingPathComponent("sway-ipc.0.999999999.sock").path, contents: Data())
                _ = FileManager.default.createFile(
                    atPath: runtime.appendingPathComponent("sway-ipc.0.\(getpid()).sock").path, contents: Data())
                environment["XDG_RUNTIME_DIR"] = runtime.path
            }
            if desktop == "x11" { environment["DISPLAY"] = ":7" }
            let installed = try box.run(["setup", "wallpaper", "--desktop", desktop, "--install"], environment: environment)
            #expect(installed.status == 0 && installed.stderr.isEmpty, "\(installed)")
            let picture = box.feeds.appendingPathComponent("picture-wallpaper.png").path
            let call = try #require(stubs.calls.last, "\(installed)")
            switch desktop {
            case "plasma":
                #expect(
                    call.hasPrefix("plasma-apply-wallpaperimage [\(box.home.path)/.local/share/backgrounds/citefeed-wallpaper-"), "\(call)")
                #expect(
                    try Data(contentsOf: URL(fileURLWithPath: Self.givenFile(call) ?? ""))
                        == Data(contentsOf: URL(fileURLWithPath: picture)))
            case "sway":
                #expect(
                    call.hasPrefix(
                        "swaymsg [output] [*] [bg] [\(picture)] [fill] SWAYSOCK=\(box.home.path)/runtime/sway-ipc.0.\(getpid()).sock "),
                    "\(call)")
                #expect(installed.stdout.contains("output * bg \(picture) fill"), "how to keep it from the session's start: \(installed)")
            default:
                #expect(call.hasPrefix("feh [--bg-fill] [\(picture)] ") && call.contains("DISPLAY=:7"), "\(call)")
            }
            #expect(stubs.calls.count == 1, "\(stubs.calls)")
        }

        @Test func lockScreensNameThePictureOnce() throws {
            let (box, stubs) = try Self.library()
            let picture = box.feeds.appendingPathComponent("picture-lockscreen.png").path
            // sway: swaylock's configuration, made; one of the user's kept, with the line added.
            let config = box.home.appendingPathComponent(".config/swaylock/config")
            try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "color=000000\n".write(to: config, atomically: true, encoding: .utf8)
            let sway = try box.run("setup", "lockscreen", "--desktop", "sway", "--install")
            #expect(sway.status == 0, "\(sway)")
            #expect(try String(contentsOf: config, encoding: .utf8) == "color=000000\nimage=\(picture)\nscaling=fill\n")
            #expect(FileManager.default.fileExists(atPath: picture), "the picture is made now")
            #expect(try Self.settings(box)["pictures"] == .array([.string("lockscreen")]))
            #expect(try Self.settings(box)["wallpaperCommand"] == nil, "a lock screen reads its picture when it locks")
            // Again: nothing to change.
            #expect(try box.run("setup", "lockscreen", "--desktop", "sway", "--install").status == 0)
            #expect(try String(contentsOf: config, encoding: .utf8) == "color=000000\nimage=\(picture)\nscaling=fill\n")

            // Plasma: kscreenlockerrc through kwriteconfig5.
            let plasma = try box.run("setup", "lockscreen", "--desktop", "plasma", "--install")
            #expect(plasma.status == 0, "\(plasma)")
            #expect(
                stubs.calls.suffix(2).map { $0.components(separatedBy: " SWAYSOCK=")[0] } == [
                    "kwriteconfig5 [--file] [kscreenlockerrc] [--group] [Greeter] [--key] [WallpaperPlugin] [org.kde.image]",
                    "kwriteconfig5 [--file] [kscreenlockerrc] [--group] [Greeter] [--group] [Wallpaper] [--group] [org.kde.image] [--group] [General] [--key] [Image] [\(WallpaperSetup.fileURI(picture))]",
                ], "\(stubs.calls)")

            // X11: the settings, and the line for xss-lock.
            let x11 = try box.run("setup", "lockscreen", "--desktop", "x11", "--install")
            #expect(
                x11.status == 0
                    && x11.stdout.contains("\(picture) is made anew at each pick of the default rotation. To lock the screen with it"),
                "\(x11)"
            )
            #expect(try box.run("setup", "lockscreen", "--desktop", "x11").stdout.contains("xss-lock -- i3lock -n -i \(picture) &"))
        }

        /// A wallpaperCommand of one's own: its words' placeholders and its environment, run only
        /// when the pictures change, a failure a warning.
        @Test func aWallpaperCommandOfOnesOwnRunsAfterNewPictures() throws {
            let (box, stubs) = try Self.library(["mywall"])
            #expect(try box.run("defaults", "write", "pictures", "wallpaper", "lockscreen").status == 0)
            #expect(
                try box.run("defaults", "write", "wallpaperCommand", "--", "mywall", "{wallpaper}", "{lockscreen}", "{dir}", "x{dir}{none}")
                    .status == 0)
            let rotated = try box.run("rotate")  // (the pictures were made by defaults write; a new pick makes them anew)
            #expect(rotated.status == 0)
            let before = stubs.calls.count
            #expect(try box.run("next").status == 0 && box.waitForAnnouncements())
            let dir = box.feeds.path
            #expect(stubs.calls.count == before + 1, "\(stubs.calls)")
            #expect(
                stubs.calls.last?.hasPrefix(
                    "mywall [\(dir)/picture-wallpaper.png] [\(dir)/picture-lockscreen.png] [\(dir)] [x\(dir){none}] SWAYSOCK= DBUS=unix:path=/run/test-bus DISPLAY= PWD=\(dir) WALLPAPER=\(dir)/picture-wallpaper.png"
                ) == true, "\(stubs.calls)")
            // The same pick: no new pictures, the command does not run.
            #expect(try box.run("rotate").status == 0)
            #expect(stubs.calls.count == before + 1)
            // A command that fails: a warning; the rotation is written all the same.
            #expect(try box.run("defaults", "write", "wallpaperCommand", "--", "false").status == 0)
            #expect(try box.run("next").status == 0)
            #expect(box.waitForAnnouncements())
            #expect(box.announceLog.contains("warning: wallpaperCommand \"false\" failed (exit status 1)"), "\(box.announceLog)")
        }

        // MARK: Bad input: an error, and nothing changed

        @Test func badUsesAreUsageErrors() throws {
            let (box, _) = try Self.library()
            let before = try box.state()
            for (arguments, words) in [
                (["setup", "wallpaper", "--desktop", "mac"], "--desktop takes gnome, plasma, sway or x11"),
                (["setup", "waybar", "--desktop", "gnome"], "--desktop goes with 'citefeed setup wallpaper'"),
                (["setup", "cron", "--rotation", "x"], "--rotation goes with 'citefeed setup wallpaper'"),
                (
                    ["setup", "lockscreen", "--desktop", "sway", "--apply", "/tmp/x.png"],
                    "--apply goes with 'citefeed setup wallpaper' only"
                ),
                (["setup", "wallpaper", "--apply", "/tmp/x.png"], "--apply needs --desktop"),
                (["setup", "wallpaper", "--desktop", "sway", "--apply", "/tmp/x.png", "--install"], "--install"),
                (["setup", "tmux", "--install"], "--install goes with"),
                (["setup", "wallpaper", "--install"], "No desktop citefeed knows was found here; say which with --desktop"),
            ] {
                expectFailure(try box.run(arguments), status: .usage, containing: words)
            }
            #expect(try box.state() == before)
        }

        @Test func whatStopsAnInstallChangesNothing() throws {
            let (box, stubs) = try Self.library()
            let config = box.home.appendingPathComponent(".config/swaylock/config")
            try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "image=/home/me/cat.png\n".write(to: config, atomically: true, encoding: .utf8)
            let cases: [([String], [String: String?], CiteFeedCLI.ExitStatus, String)] = [
                (
                    ["--desktop", "gnome"], ["PATH": "/nonexistent"], .unavailable,
                    "gsettings is not on PATH; install Debian's libglib2.0-bin"
                ),
                (
                    ["--desktop", "gnome"], ["DBUS_SESSION_BUS_ADDRESS": nil, "XDG_RUNTIME_DIR": box.home.path], .unavailable,
                    "Cannot reach GNOME: no session bus"
                ),
                (
                    ["--desktop", "sway"], ["XDG_RUNTIME_DIR": box.home.path], .unavailable,
                    "Cannot reach sway: no sway is running for this user"
                ),
                (["--desktop", "x11"], [:], .unavailable, "DISPLAY is not set"),
            ]
            let before = try box.state()
            for (options, environment, status, words) in cases {
                expectFailure(
                    try box.run(["setup", "wallpaper", "--install"] + options, environment: environment), status: status, containing: words)
            }
            expectFailure(
                try box.run("setup", "lockscreen", "--desktop", "gnome", "--install"), status: .unavailable,
                containing: "GNOME (42 and later) shows the wallpaper")
            expectFailure(
                try box.run("setup", "lockscreen", "--desktop", "sway", "--install"), status: .cannotCreate,
                containing: "\(config.path) already shows the image \"/home/me/cat.png\"; nothing was changed")
            #expect(try String(contentsOf: config, encoding: .utf8) == "image=/home/me/cat.png\n")
            #expect(try box.state() == before)

            // The user's own wallpaperCommand is never replaced.
            #expect(try box.run("defaults", "write", "wallpaperCommand", "--", "swww", "img", "{wallpaper}").status == 0)
            let mine = try box.state()
            expectFailure(
                try box.run("setup", "wallpaper", "--desktop", "gnome", "--install"), status: .cannotCreate,
                containing: "wallpaperCommand is already your own command (swww img '{wallpaper}'); nothing was changed")
            #expect(try box.state() == mine)

            // A rotation in review mode makes no pictures.
            #expect(try box.run("rotation", "add", "cards").status == 0)
            #expect(try box.run("defaults", "write", "mode", "review", "--rotation", "cards").status == 0)
            let review = try box.state()
            expectFailure(
                try box.run("setup", "wallpaper", "--desktop", "sway", "--rotation", "cards", "--install"), status: .failure,
                containing: "Rotation cards is in review mode, which makes no pictures")
            #expect(try box.state() == review)
            #expect(stubs.calls.isEmpty, "no program ran: \(stubs.calls)")
        }

        @Test func applyRefusesWhatIsNotAPictureAndSaysWhatFailed() throws {
            let (box, _) = try Self.library(["gsettings"], failing: ["gsettings": 3])
            let text = box.home.appendingPathComponent("notes.png")
            try "not a picture".write(to: text, atomically: true, encoding: .utf8)
            expectFailure(
                try box.run("setup", "wallpaper", "--desktop", "gnome", "--apply", box.home.path + "/none.png"), status: .notFound,
                containing: "There is no picture at \(box.home.path)/none.png")
            expectFailure(
                try box.run("setup", "wallpaper", "--desktop", "gnome", "--apply", text.path), status: .dataError,
                containing: "is not a PNG picture")
            #expect(try box.run("picture", "--preset", "square", "--out", box.home.path + "/card.png").status == 0)
            let failed = try box.run("setup", "wallpaper", "--desktop", "gnome", "--apply", box.home.path + "/card.png")
            expectFailure(failed, status: .failure, containing: "gsettings failed (exit status 3); the desktop was not changed.")
        }

        /// What an attacker or a busy machine tries: a path sway would read as commands, two
        /// installs at once, a desktop step that fails after the first change, a named rotation.
        @Test func aPathSwayWouldRunIsRefused() throws {
            let (box, stubs) = try Self.library()
            let hostile = box.home.appendingPathComponent("lib;exec touch pwned")
            try FileManager.default.createDirectory(at: hostile, withIntermediateDirectories: true)
            let environment: [String: String?] = ["CITEFEED_HOME": hostile.path]
            #expect(try box.run(["add", "Quiet river flows"], environment: environment).status == 0)
            #expect(try box.run(["rotate"], environment: environment).status == 0)
            let before = try? String(contentsOf: hostile.appendingPathComponent("settings.json"), encoding: .utf8)
            for target in ["wallpaper", "lockscreen"] {
                let refused = try box.run(["setup", target, "--desktop", "sway", "--install"], environment: environment)
                expectFailure(
                    refused, status: .usage, containing: "would read \(hostile.path)/Feeds/picture-\(target).png as more than a path")
            }
            #expect((try? String(contentsOf: hostile.appendingPathComponent("settings.json"), encoding: .utf8)) == before)
            #expect(stubs.calls.isEmpty, "\(stubs.calls)")
            expectFailure(
                try box.run(
                    ["setup", "wallpaper", "--desktop", "sway", "--apply", hostile.path + "/Feeds/picture-wallpaper.png"],
                    environment: environment),
                status: .notFound, containing: "There is no picture")
            // A new line in the library's path: said as what it is.
            let newline = box.home.path + "/a\nb"
            expectFailure(
                try box.run(["setup", "wallpaper", "--desktop", "sway", "--install"], environment: ["CITEFEED_HOME": newline]),
                status: .usage,
                containing: "holds a control character, which wallpaperCommand cannot hold")
        }

        @Test func aFailingDesktopStepUndoesTheInstall() throws {
            let (box, stubs) = try Self.library(["gsettings", "kwriteconfig5", "swaymsg"], failing: ["gsettings": 1, "kwriteconfig5": 1])
            let before = try box.state()
            expectFailure(
                try box.run("setup", "wallpaper", "--desktop", "gnome", "--install"), status: .failure,
                containing: "gsettings failed (exit status 1); the desktop was not changed.")
            expectFailure(
                try box.run("setup", "lockscreen", "--desktop", "plasma", "--install"), status: .failure,
                containing: "kwriteconfig5 failed (exit status 1)")
            // swaylock's folder is a file: found only when it is written.
            let config = box.home.appendingPathComponent(".config/swaylock")
            try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "not a folder".write(to: config, atomically: true, encoding: .utf8)
            let sway = try box.run("setup", "lockscreen", "--desktop", "sway", "--install")
            #expect(sway.status != 0 && sway.stderr.contains("citefeed: error: Cannot"), "\(sway)")
            #expect(try box.state() == before, "the preset was taken out again")
            #expect(stubs.calls.count == 2, "gsettings and kwriteconfig5 ran once each: \(stubs.calls)")
            // sway's own words, when it refuses.
            let (other, _) = try Self.library(["swaymsg"], failing: ["swaymsg": 2])
            try "#!/bin/sh\necho '[ { \"success\": false, \"error\": \"Unknown output HDMI-9\" } ]'\nexit 2\n".write(
                to: other.home.appendingPathComponent("stub-bin/swaymsg"), atomically: true, encoding: .utf8)
            chmod(other.home.appendingPathComponent("stub-bin/swaymsg").path, 0o755)
            let refused = try other.run(
                ["setup", "wallpaper", "--desktop", "sway", "--install"], environment: ["SWAYSOCK": "/run/sway.sock"])
            expectFailure(
                refused, status: .failure,
                containing: "swaymsg failed (exit status 2): [ { \"success\": false, \"error\": \"Unknown output HDMI-9\" } ]")
        }

        @Test func twoInstallsAtOnceKeepBothPresets() throws {
            let (box, _) = try Self.library()
            var environment = box.environment
            environment["SWAYSOCK"] = "/run/sway.sock"
            let binary = Sandbox.binary.path, frozen = environment
            let results = Mutex<[Int: RunResult]>([:])
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let arguments = ["setup", index == 0 ? "wallpaper" : "lockscreen", "--desktop", "sway", "--install"]
                if let result = try? Sandbox.execute(binary, arguments, stdin: Data(), environment: frozen) {
                    results.withLock { $0[index] = result }
                }
            }
            let ran = results.withLock { $0 }
            #expect(ran.count == 2 && ran.values.allSatisfy { $0.status == 0 }, "\(ran)")
            let pictures = try #require(try Self.settings(box)["pictures"]?.arrayValue?.compactMap { $0.stringValue })
            #expect(Set(pictures) == ["wallpaper", "lockscreen"], "\(pictures)")
        }

        @Test func onlyTheRotationInstalledGivesTheWallpaper() throws {
            let (box, stubs) = try Self.library()
            #expect(try box.run("rotation", "add", "morning").status == 0)
            #expect(try box.run(["setup", "wallpaper", "--desktop", "x11", "--install"], environment: ["DISPLAY": ":7"]).status == 0)
            let calls = stubs.calls.count
            #expect(try box.run(["next", "--rotation", "morning"], environment: ["DISPLAY": ":7"]).status == 0)
            #expect(box.waitForAnnouncements())
            #expect(stubs.calls.count == calls, "a named rotation does not take the default rotation's wallpaperCommand: \(stubs.calls)")
            #expect(try box.run("defaults", "read", "wallpaperCommand", "--rotation", "morning").stdout.isEmpty)
            // Printed for another library: the commands name it.
            let printed = try box.run("--home", box.home.path, "setup", "wallpaper", "--desktop", "sway", "--rotation", "morning")
            #expect(
                printed.stdout.contains("citefeed --home \(box.home.path) defaults write pictures wallpaper --rotation morning\n"),
                "\(printed)"
            )
        }

        /// swaylock's configuration: the file swaylock reads, through a link, its bytes and mode kept.
        @Test func theSwaylockConfigurationIsEditedInPlace() throws {
            let (box, _) = try Self.library()
            let dotfiles = box.home.appendingPathComponent("dotfiles/swaylock")
            try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
            let real = dotfiles.appendingPathComponent("config")
            try Data([0x63, 0x6F, 0x6C, 0x6F, 0x72, 0x3D, 0xE9]).write(to: real)  // "color=" and a Latin-1 byte, no new line
            chmod(real.path, 0o600)
            let link = box.home.appendingPathComponent(".swaylock/config")
            try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
            #expect(try box.run("setup", "lockscreen", "--desktop", "sway", "--install").status == 0)
            let picture = box.feeds.appendingPathComponent("picture-lockscreen.png").path
            #expect(
                try Data(contentsOf: real) == Data([0x63, 0x6F, 0x6C, 0x6F, 0x72, 0x3D, 0xE9, 0x0A])
                    + Data("image=\(picture)\nscaling=fill\n".utf8))
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path, "the link is kept")
            #expect(try FileManager.default.attributesOfItem(atPath: real.path)[.posixPermissions] as? Int == 0o600)
            #expect(
                !FileManager.default.fileExists(atPath: box.home.path + "/.config/swaylock/config"),
                "~/.swaylock/config is the one swaylock reads")
        }

        // MARK: Pieces

        @Test func piecesOfTheApplier() throws {
            #expect(WallpaperSetup.fileURI("/home/me/My Pictures/ü'x.png") == "file:///home/me/My%20Pictures/%C3%BC%27x.png")
            #expect(WallpaperSetup.gvariantString("file:///a'b\\c") == "'file:///a\\'b\\\\c'")
            #expect(Announcer.expand("{dir}/{wallpaper}{x}", [("{wallpaper}", "/d/{dir}.png"), ("{dir}", "/d")]) == "/d//d/{dir}.png{x}")
            #expect(Announcer.expand("{", [("{dir}", "/d")]) == "{")
            #expect(WallpaperSetup.isApplier(["/usr/bin/citefeed", "setup", "wallpaper", "--desktop", "sway", "--apply", "{wallpaper}"]))
            #expect(!WallpaperSetup.isApplier(["swaymsg", "output", "*", "bg", "{wallpaper}", "fill"]))
            let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: runtime) }
            _ = FileManager.default.createFile(
                atPath: runtime.appendingPathComponent("sway-ipc.1000.999999999.sock").path, contents: Data())
            #expect(WallpaperSetup.swaySocket(in: runtime.path) == nil, "a sway that is gone is not asked")
            _ = FileManager.default.createFile(atPath: runtime.appendingPathComponent("sway-ipc.1000.1.sock").path, contents: Data())
            #expect(WallpaperSetup.swaySocket(in: runtime.path) == runtime.path + "/sway-ipc.1000.1.sock")
        }
    }
}
