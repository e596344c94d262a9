import Foundation
import Testing

extension Integration {
    /// `citefeed setup systemd --enable`, with a stand-in `systemctl` on PATH that logs what it is
    /// asked.
    @Suite struct SystemdSetupTests {
        struct Setting {
            let box: Sandbox
            let config: URL
            let log: URL
            var environment: [String: String]

            /// A stand-in systemctl that logs its arguments and exits with `status`.
            init(systemctlStatus status: Int32 = 0) throws {
                box = try Sandbox()
                config = box.home.appendingPathComponent("config")
                log = box.home.appendingPathComponent("systemctl.log")
                let bin = box.home.appendingPathComponent("bin")
                try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
                let script = "#!/bin/sh\necho \"$*\" >> '\(log.path)'\nexit \(status)\n"
                try script.write(to: bin.appendingPathComponent("systemctl"), atomically: true, encoding: .utf8)
                chmod(bin.appendingPathComponent("systemctl").path, 0o755)
                environment = [
                    "HOME": box.home.path, "XDG_CONFIG_HOME": config.path, "XDG_DATA_HOME": box.home.appendingPathComponent("data").path,
                    "PATH": bin.path + ":/usr/bin:/bin",
                ]
            }

            func run(_ arguments: [String]) throws -> RunResult {
                try Sandbox.execute(Sandbox.binary.path, arguments, stdin: Data(), environment: environment)
            }

            var units: URL { config.appendingPathComponent("systemd/user") }

            /// citefeed's units, as citefeed would write them, in $XDG_DATA_HOME/systemd/user, where
            /// systemd's user manager reads them (as the package's /usr/lib/systemd/user).
            func installUnitsInDataHome() throws -> URL {
                let installed = box.home.appendingPathComponent("data/systemd/user")
                try FileManager.default.createDirectory(at: installed, withIntermediateDirectories: true)
                try Integration.SystemdSetupTests.service.write(
                    to: installed.appendingPathComponent("citefeed.service"), atomically: true, encoding: .utf8)
                try Integration.SetupTests.contrib("systemd/citefeed.timer").write(
                    to: installed.appendingPathComponent("citefeed.timer"), atomically: true, encoding: .utf8)
                return installed
            }
            var calls: [String] { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        }

        static var service: String {
            ((try? Integration.SetupTests.contrib("systemd/citefeed.service.in")) ?? "").replacingOccurrences(
                of: "@bindir@", with: Integration.SetupTests.bindir)
        }

        @Test func enableInstallsTheUnitsAndStartsTheTimer() throws {
            let setting = try Setting()
            let enabled = try setting.run(["setup", "systemd", "--enable"])
            #expect(enabled.status == 0 && enabled.stderr.isEmpty, "\(enabled)")
            #expect(
                enabled.stdout.hasPrefix("Wrote citefeed.service and citefeed.timer to \(setting.units.path); the timer is on"),
                "\(enabled)")
            #expect(
                try String(contentsOf: setting.units.appendingPathComponent("citefeed.service"), encoding: .utf8)
                    == Integration.SystemdSetupTests.service)
            #expect(
                try String(contentsOf: setting.units.appendingPathComponent("citefeed.timer"), encoding: .utf8)
                    == (try Integration.SetupTests.contrib("systemd/citefeed.timer")))
            #expect(setting.calls == ["--user daemon-reload", "--user enable --now citefeed.timer"])
            // Again: the units are there already, and the timer is enabled again.
            let again = try setting.run(["setup", "systemd", "--enable"])
            #expect(
                again.status == 0 && again.stdout.hasPrefix("citefeed.service and citefeed.timer were in \(setting.units.path)"), "\(again)"
            )
            #expect(setting.calls.count == 4)
            #expect(!FileManager.default.fileExists(atPath: setting.box.libraryPath), "setup made a library")
        }

        @Test func unitsInstalledWhereSystemdLooksAreOnlyEnabled() throws {
            let setting = try Setting()
            let installed = try setting.installUnitsInDataHome()
            let enabled = try setting.run(["setup", "systemd", "--enable"])
            #expect(
                enabled.status == 0 && enabled.stdout.hasPrefix("citefeed.service and citefeed.timer are installed in \(installed.path)"),
                "\(enabled)")
            #expect(!FileManager.default.fileExists(atPath: setting.units.path))
            #expect(setting.calls == ["--user daemon-reload", "--user enable --now citefeed.timer"])
        }

        /// A unit of that name that differs is the user's: nothing is written, systemctl is not run.
        @Test func aDifferentUnitIsNeverReplaced() throws {
            let setting = try Setting()
            try FileManager.default.createDirectory(at: setting.units, withIntermediateDirectories: true)
            let mine = "[Service]\nExecStart=/opt/mine rotate\n"
            try mine.write(to: setting.units.appendingPathComponent("citefeed.service"), atomically: true, encoding: .utf8)
            let refused = try setting.run(["setup", "systemd", "--enable"])
            #expect(refused.status == 73, "\(refused)")
            #expect(
                refused.stderr
                    == "citefeed: error: \(setting.units.path)/citefeed.service exists and differs from citefeed's; nothing was changed. Compare it with 'citefeed setup systemd', then remove it or keep it.\n"
            )
            #expect(try String(contentsOf: setting.units.appendingPathComponent("citefeed.service"), encoding: .utf8) == mine)
            #expect(!FileManager.default.fileExists(atPath: setting.units.appendingPathComponent("citefeed.timer").path))
            #expect(setting.calls.isEmpty)
        }

        @Test func aFailingOrMissingSystemctlIsReported() throws {
            let failing = try Setting(systemctlStatus: 1)
            let failed = try failing.run(["setup", "systemd", "--enable"])
            #expect(failed.status == 1, "\(failed)")
            #expect(
                failed.stderr.contains(
                    "'systemctl --user daemon-reload' failed (exit status 1); wrote citefeed.service and citefeed.timer to"),
                "\(failed)")
            #expect(failed.stderr.contains("loginctl enable-linger"))
            #expect(failing.calls == ["--user daemon-reload"])
            // No systemctl at all: nothing is written, and cron is suggested.
            var missing = try Setting()
            missing.environment["PATH"] = missing.box.home.appendingPathComponent("nothing").path
            let none = try missing.run(["setup", "systemd", "--enable"])
            #expect(none.status == 66 && none.stderr.contains("'citefeed setup cron' prints the crontab line instead"), "\(none)")
            #expect(!FileManager.default.fileExists(atPath: missing.units.path))
            // Unwritable: where the systemd folder would be is a file.
            let blocked = try Setting()
            try FileManager.default.createDirectory(at: blocked.config, withIntermediateDirectories: true)
            try "not a folder".write(to: blocked.config.appendingPathComponent("systemd"), atomically: true, encoding: .utf8)
            let unwritable = try blocked.run(["setup", "systemd", "--enable"])
            #expect(
                unwritable.status == 73 && unwritable.stderr.hasPrefix("citefeed: error: Cannot write the units to \(blocked.units.path):"),
                "\(unwritable)")
            #expect(blocked.calls.isEmpty)
        }
    }
}

extension Integration.SystemdSetupTests {
    /// A differing unit in the user's own folder wins over the same units installed elsewhere,
    /// so it is refused there too.
    @Test func aDifferentUnitOfTheUsersOwnOverridesTheInstalledOnes() throws {
        let setting = try Setting()
        _ = try setting.installUnitsInDataHome()
        try FileManager.default.createDirectory(at: setting.units, withIntermediateDirectories: true)
        try "[Service]\nExecStart=/bin/false\n".write(
            to: setting.units.appendingPathComponent("citefeed.service"), atomically: true, encoding: .utf8)
        let refused = try setting.run(["setup", "systemd", "--enable"])
        #expect(refused.status == 73 && refused.stderr.contains("citefeed.service exists and differs"), "\(refused)")
        #expect(setting.calls.isEmpty)
    }

    /// Where citefeed is on PATH under a folder with a space and a %, the unit quotes it (and
    /// doubles the %), systemd accepts it, and the cron line runs it.
    @Test func anOddFolderIsQuotedInTheUnitAndTheCronLine() throws {
        let box = try Sandbox()
        let folder = box.home.appendingPathComponent("my bin%i")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("citefeed"), withDestinationURL: Sandbox.binary)
        let environment = ["HOME": box.home.path, "PATH": folder.path + ":/usr/bin:/bin", "TZ": "UTC"]
        let unit = try Sandbox.execute(Sandbox.binary.path, ["setup", "systemd"], stdin: Data(), environment: environment)
        let quoted = "\"" + folder.path.replacingOccurrences(of: "%", with: "%%") + "/citefeed\""
        #expect(unit.stdout.contains("\nExecStart=\(quoted) rotate --all\n"), "\(unit)")
        if let analyze = findProgram("systemd-analyze") {
            let units = box.home.appendingPathComponent("units")
            try FileManager.default.createDirectory(at: units, withIntermediateDirectories: true)
            let service = unit.stdout.components(separatedBy: "# ~/.config/systemd/user/citefeed.timer\n")[0]
                .replacingOccurrences(of: "# ~/.config/systemd/user/citefeed.service\n", with: "")
            try service.write(to: units.appendingPathComponent("citefeed.service"), atomically: true, encoding: .utf8)
            let verify = try Sandbox.execute(
                analyze, ["verify", "--man=no", units.appendingPathComponent("citefeed.service").path], stdin: Data(),
                environment: ["PATH": "/usr/bin:/bin", "SYSTEMD_LOG_LEVEL": "warning"])
            #expect(verify.status == 0 && !verify.stderr.contains("citefeed"), "\(verify)")
        }
        // The cron line, as cron runs it: \% becomes %, then sh -c.
        var cronEnvironment = environment
        cronEnvironment["CITEFEED_HOME"] = box.home.appendingPathComponent("library").path
        let cron = try Sandbox.execute(Sandbox.binary.path, ["setup", "cron"], stdin: Data(), environment: cronEnvironment)
        let line = try #require(cron.stdout.split(separator: "\n").first { $0.hasPrefix("*/15 ") })
        let command = String(line.split(separator: " ", maxSplits: 5)[5]).replacingOccurrences(of: "\\%", with: "%")
        var run = cronEnvironment
        run["CITEFEED_NOW"] = "2026-03-02T10:30:00+01:00"
        let ran = try Sandbox.execute("/bin/sh", ["-c", command], stdin: Data(), environment: run)
        #expect(
            ran.status == 0 && FileManager.default.fileExists(atPath: box.home.appendingPathComponent("library/library.sqlite").path),
            "\(ran)")
        // A new line in the library's folder would add a line of its own: refused.
        var bad = environment
        bad["CITEFEED_HOME"] = "/tmp/a\nExecStartPre=/bin/touch /tmp/x"
        for target in ["systemd", "cron"] {
            let refused = try Sandbox.execute(Sandbox.binary.path, ["setup", target], stdin: Data(), environment: bad)
            #expect(refused.status == 64 && refused.stdout.isEmpty && refused.stderr.contains("holds a control character"), "\(refused)")
        }
    }
}
