import Foundation
import Testing

@testable import CiteFeedSupport

extension Integration {
    /// `citefeed setup gnome|plasma|tmux|conky` and `--install`.
    @Suite struct DesktopSetupTests {
        func box() throws -> (Sandbox, URL) {
            let box = try Sandbox()
            let data = box.home.appendingPathComponent("user data")
            box.extraEnvironment["XDG_DATA_HOME"] = data.path
            box.separateProcess = true
            return (box, data)
        }

        @Test func printsHowToInstallEachDesktopsWidget() throws {
            let (box, _) = try box()
            let gnome = try box.run("setup", "gnome")
            #expect(gnome.status == 0 && gnome.stdout.contains("citefeed setup gnome --install\n"))
            #expect(gnome.stdout.contains("gnome-extensions enable citefeed@citefeed.github.io"))
            #expect(try box.run("setup", "plasma").stdout.contains("Add Widgets…"))
            #expect(try box.run("setup", "tmux").stdout == Integration.SetupTests.contrib("tmux/citefeed.tmux.conf"))
            #expect(try box.run("setup", "conky").stdout == Integration.SetupTests.contrib("conky/citefeed.conf"))
            expectFailure(
                try box.run("setup", "tmux", "--install"), status: .usage, containing: "--install goes with 'citefeed setup gnome'")
            expectFailure(try box.run("setup", "gnomee"), status: .usage, containing: "gnome, plasma, tmux, conky, wallpaper or lockscreen")
            #expect(!FileManager.default.fileExists(atPath: box.home.appendingPathComponent("user data").path))
        }

        /// The extension as GNOME finds one user's: its files, the schema compiled, and defaults that
        /// name this citefeed and the library chosen with --home.
        @Test func installsTheGnomeExtensionWithThisCitefeedAndLibrary() throws {
            let (box, data) = try box()
            let library = box.home.appendingPathComponent("it's \"mine\"").path
            let result = try box.run("--home", library, "setup", "gnome", "--install")
            #expect(result.status == 0, "\(result)")
            let dir = data.appendingPathComponent("gnome-shell/extensions/citefeed@citefeed.github.io")
            #expect(result.stdout.contains("Installed the GNOME Shell extension in \(dir.path)."))
            for name in ["metadata.json", "extension.js", "prefs.js", "stylesheet.css"] {
                #expect(
                    try Data(contentsOf: dir.appendingPathComponent(name))
                        == Data(contentsOf: packageRoot.appendingPathComponent("contrib/gnome-shell/citefeed@citefeed.github.io/" + name)))
            }
            let schemas = dir.appendingPathComponent("schemas")
            if findProgram("glib-compile-schemas") != nil || runningInCI {
                #expect(FileManager.default.fileExists(atPath: schemas.appendingPathComponent("gschemas.compiled").path))
            }
            // What GSettings reads from the installed schema: the defaults, through the real GLib.
            if let python = pythonWith(["gi"]) {
                let read = try Sandbox.execute(
                    python,
                    [
                        "-c",
                        "import sys; from gi.repository import Gio; s = Gio.SettingsSchemaSource.new_from_directory(sys.argv[1], None, False).lookup('org.gnome.shell.extensions.citefeed', False); print(s.get_key('citefeed-path').get_default_value().get_string()); print(s.get_key('home').get_default_value().get_string())",
                        schemas.path,
                    ],
                    stdin: Data(), environment: ["PATH": "/usr/bin:/bin"])
                #expect(
                    read.stdout == Sandbox.binary.deletingLastPathComponent().resolvingSymlinksInPath().path + "/citefeed\n" + library
                        + "\n",
                    "\(read)")
            }
            // Again: the same files, nothing else.
            #expect(try box.run("--home", library, "setup", "gnome", "--install").status == 0)
        }

        @Test func installsThePlasmaWidget() throws {
            let (box, data) = try box()
            let result = try box.run("setup", "plasma", "--install")
            #expect(result.status == 0, "\(result)")
            let dir = data.appendingPathComponent("plasma/plasmoids/org.citefeed.status")
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("contents/ui/main.qml").path))
            let config = try String(contentsOf: dir.appendingPathComponent("contents/config/main.xml"), encoding: .utf8)
            #expect(
                config.contains(
                    "<default>" + Sandbox.binary.deletingLastPathComponent().resolvingSymlinksInPath().path + "/citefeed</default>")
            )
            #expect(config.contains("<default>" + box.home.path + "</default>"), "CITEFEED_HOME is the library chosen")
            if let xmllint = findProgram("xmllint") {
                #expect(
                    try Sandbox.execute(
                        xmllint, ["--noout", dir.appendingPathComponent("contents/config/main.xml").path], stdin: Data(), environment: [:]
                    ).status == 0)
            }
            // A data folder that cannot be written: the spec's error, nothing half-done reported as done.
            let (blocked, blockedData) = try self.box()
            try Data().write(to: blockedData)
            expectFailure(try blocked.run("setup", "plasma", "--install"), status: .cannotCreate, containing: "Cannot install into")
        }
    }
}
