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
    @Suite struct GeneralTests {
        /// One version, one place: the VERSION file, and the commit the sources are at,
        /// which the binary names; built outside a git checkout, it says so.
        @Test func version() throws {
            let box = try Sandbox()
            let result = try box.run("--version")
            let file = try String(contentsOf: packageRoot.appendingPathComponent("VERSION"), encoding: .utf8).trimmingCharacters(
                in: .whitespacesAndNewlines)
            #expect(CLI.version == file)
            #expect(result.status == 0 && result.stderr.isEmpty && result.stdout.hasPrefix("citefeed \(file) (commit "), "\(result)")
            // The commit is the checkout's (the binary was built from it, perhaps with changes).
            if let git = findProgram("git") {
                let head = try Sandbox.execute(
                    git, ["-C", packageRoot.path, "rev-parse", "--short=12", "HEAD"], stdin: Data(), environment: ["PATH": "/usr/bin:/bin"])
                if head.status == 0 {
                    #expect(
                        result.stdout.contains("commit " + head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(result.stdout)")
                }
            }
            // scripts/build-info outside a git checkout.
            let outside = box.home.appendingPathComponent("unpacked")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: packageRoot.appendingPathComponent("VERSION"), to: outside.appendingPathComponent("VERSION"))
            try FileManager.default.copyItem(
                at: packageRoot.appendingPathComponent("contrib"), to: outside.appendingPathComponent("contrib"))
            let made = try Sandbox.execute(
                "/bin/sh",
                [packageRoot.appendingPathComponent("scripts/build-info").path, outside.path, outside.appendingPathComponent("out").path],
                stdin: Data(), environment: ["PATH": "/usr/bin:/bin"])
            let info = try String(contentsOf: outside.appendingPathComponent("out/BuildInfo.swift"), encoding: .utf8)
            #expect(made.status == 0 && info.contains("version = \"\(file)\"") && info.contains("commit = \"\""), "\(info)")
        }

        @Test func helpListsEveryCommand() throws {
            let box = try Sandbox()
            let help = try box.run("help")
            #expect(help.status == 0 && help.stdout.hasPrefix("citefeed \(CLI.version) — keep a library of citations"))
            for command in CLI.commands {
                #expect(help.stdout.contains("  \(command.spec.name)  ") || help.stdout.contains("  \(command.spec.name) "))
            }
            // Without a library yet, `citefeed` alone adds what to do next (SetupTests).
            #expect(try box.run().stdout.hasPrefix(help.stdout))
            #expect(try box.run("--help").stdout == help.stdout)
        }

        /// `--help`, `-h` and `help COMMAND` answer for every command, and touch nothing.
        @Test(arguments: CLI.commands.map { $0.spec.name })
        func helpForEveryCommand(name: String) throws {
            let box = try Sandbox()
            let words = name.split(separator: " ").map(String.init)
            let help = try box.run(words + ["--help"])
            #expect(help.status == 0 && help.stderr.isEmpty)
            #expect(help.stdout.hasPrefix("Usage: citefeed \(name)"))
            #expect(help.stdout.contains("Options:\n") && help.stdout.contains("--home DIR"))
            #expect(try box.run(words + ["-h"]).stdout == help.stdout)
            #expect(try box.run(["help"] + words).stdout == help.stdout)
            #expect(!FileManager.default.fileExists(atPath: box.libraryPath))
        }

        @Test func unknownCommandsAndOptions() throws {
            let box = try Sandbox()
            expectFailure(try box.run("frob"), status: .usage, containing: "Unknown command \"frob\"; 'citefeed help' lists the commands.")
            expectFailure(try box.run("lsit"), status: .usage, containing: "Unknown command \"lsit\"; did you mean 'list'?")
            expectFailure(try box.run("help", "frob"), status: .usage, containing: "Unknown command \"frob\"")
            expectFailure(
                try box.run("add", "x", "--colour", "red"), status: .usage,
                containing: "Unknown option --colour for 'add'; see 'citefeed add --help'.")
            expectFailure(try box.run("list", "-x"), status: .usage, containing: "Unknown option -x for 'list'")
            expectFailure(try box.run("--frob", "list"), status: .usage, containing: "Unknown option --frob for 'citefeed'")
            expectFailure(
                try box.run("add", "x", "--author"), status: .usage, containing: "Option --author of 'add' needs a value: --author A.")
            expectFailure(
                try box.run("add", "x", "--favourite=yes"), status: .usage, containing: "Option --favourite of 'add' takes no value.")
            expectFailure(try box.run("--home"), status: .usage, containing: "needs a value")
            #expect(!FileManager.default.fileExists(atPath: box.libraryPath))
        }

        @Test func invalidClockIsAUsageError() throws {
            let box = try Sandbox()
            box.now = "tomorrow"
            expectFailure(try box.run("list"), status: .usage, containing: "CITEFEED_NOW=\"tomorrow\" is not a date-time")
            expectFailure(try box.run("add", "x"), status: .usage, containing: "CITEFEED_NOW")
            #expect(!FileManager.default.fileExists(atPath: box.libraryPath))
        }

        @Test func aboutShowsPathsCountsAndSQLite() throws {
            let box = try Sandbox()
            try box.add("a", "--favourite", "--tag", "t")
            try box.add("b")
            try box.run("archive", "2")
            let result = try box.run("about")
            #expect(
                result.stdout == """
                    version       citefeed \(CLI.version)
                    library       \(box.libraryPath)
                    settings      \(box.settingsPath) (not written yet: all defaults)
                    outputs       \(box.home.path)/Feeds
                    citations     1 (1 favourite), 1 archived, 1 tag
                    sqlite        \(Database.sqliteVersion)
                    last pick     none yet

                    """)
            let json = try JSONParser.parse(try box.run("about", "--json").stdout)
            #expect(json["citations"] == .int(1) && json["archived"] == .int(1) && json["library"] == .string(box.libraryPath))
        }

        @Test func homeOptionWinsOverTheEnvironment() throws {
            let box = try Sandbox()
            let other = box.home.appendingPathComponent("other").path
            #expect(try box.run("--home", other, "add", "x").stdout == "1\n")
            #expect(try box.run("add", "y", "--home=\(other)").stdout == "2\n")
            #expect(FileManager.default.fileExists(atPath: other + "/library.sqlite"))
            #expect(!FileManager.default.fileExists(atPath: box.libraryPath))
        }

        @Test func xdgDirectoriesWithoutCitefeedHome() throws {
            let box = try Sandbox()
            let data = box.home.appendingPathComponent("data").path, config = box.home.appendingPathComponent("config").path
            let env: [String: String?] = ["CITEFEED_HOME": nil, "XDG_DATA_HOME": data, "XDG_CONFIG_HOME": config]
            #expect(try box.run(["add", "x"], environment: env).status == 0)
            #expect(try box.run(["defaults", "write", "feedItems", "5"], environment: env).status == 0)
            #expect(FileManager.default.fileExists(atPath: data + "/citefeed/library.sqlite"))
            #expect(FileManager.default.fileExists(atPath: config + "/citefeed/settings.json"))
            // Without XDG variables, ~/.local/share and ~/.config.
            let plain: [String: String?] = ["CITEFEED_HOME": nil]
            #expect(try box.run(["add", "y"], environment: plain).status == 0)
            #expect(FileManager.default.fileExists(atPath: box.home.path + "/.local/share/citefeed/library.sqlite"))
        }

        @Test func libraryFileIsPrivate() throws {
            let box = try Sandbox()
            try box.add("x")
            let mode = try FileManager.default.attributesOfItem(atPath: box.libraryPath)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            try box.run("defaults", "write", "feedItems", "5")
            let settingsMode = try FileManager.default.attributesOfItem(atPath: box.settingsPath)[.posixPermissions] as? Int
            #expect(settingsMode == 0o644)
        }
    }
}
