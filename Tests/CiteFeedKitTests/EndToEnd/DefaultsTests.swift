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

@Suite struct DefaultsTests {
    @Test func writeReadDelete() throws {
        let box = try Sandbox()
        #expect(try box.run("defaults", "write", "interval", "24h").status == 0)
        #expect(try box.run("defaults", "write", "favouritesOnly", "yes").status == 0)
        let tags = try box.run("defaults", "write", "tags", "life", "work")
        #expect(tags.status == 0)
        #expect(
            tags.stderr == "citefeed: warning: no tag is named \"life\" yet; nothing rotates from it until a citation has it.\n"
                + "citefeed: warning: no tag is named \"work\" yet; nothing rotates from it until a citation has it.\n")
        #expect(
            box.readSettings()
                == "{\n  \"favouritesOnly\": true,\n  \"interval\": \"1d\",\n  \"tags\": [\n    \"life\",\n    \"work\"\n  ]\n}\n")
        #expect(try box.run("defaults", "read", "interval").stdout == "1d\n")
        #expect(try box.run("defaults", "read", "tags").stdout == "life\nwork\n")
        #expect(try box.run("defaults", "read", "tags", "--json").stdout == "[\"life\",\"work\"]\n")
        #expect(try box.run("defaults", "read", "feedTitle").stdout == "Citations\n")
        let all = try box.run("defaults")
        #expect(all.stdout.contains("interval             1d\n") && all.stdout.contains("feedItems            20  (default)\n"))
        #expect(all.stdout.split(separator: "\n").count == SettingKey.allCases.count)
        #expect(try box.run("defaults", "delete", "interval").status == 0)
        #expect(try box.run("defaults", "read", "interval").stdout == "1h\n")
        #expect(try box.run("defaults", "delete", "interval").stderr == "citefeed: note: interval was not set; it keeps its default.\n")
    }

    @Test func seedComesFromTheLibraryUntilWritten() throws {
        let box = try Sandbox()
        let seed = try box.run("defaults", "read", "seed").stdout
        #expect(Int64(seed.trimmingCharacters(in: .newlines)) == (try box.library().seed()))
        try box.run("defaults", "write", "seed", "-7")
        #expect(try box.run("defaults", "read", "seed").stdout == "-7\n")
    }

    @Test func outputDirectoryIsStoredAbsolute() throws {
        let box = try Sandbox()
        try box.run("defaults", "write", "outputDirectory", "~/public/feeds")
        #expect(try box.run("defaults", "read", "outputDirectory").stdout == box.home.path + "/public/feeds\n")
        #expect(try box.run("about").stdout.contains("outputs       \(box.home.path)/public/feeds\n"))
    }

    /// An invalid value for every key: usage error naming key and value, settings untouched.
    @Test(arguments: [
        ("interval", ["7m"]), ("interval", ["0m"]), ("interval", ["31d"]), ("interval", ["1x"]), ("tags", ["a,b"]),
        ("favouritesOnly", ["maybe"]), ("favouriteWeight", ["0"]), ("favouriteWeight", ["11"]), ("maxLength", ["-1"]),
        ("maxLength", ["ten"]), ("seed", ["1.5"]), ("outputDirectory", [""]), ("feedTitle", [""]), ("feedDescription", ["a\u{7}"]),
        ("feedAuthor", [String(repeating: "x", count: 501)]), ("feedLanguage", ["en_US"]), ("feedURL", ["example.com"]),
        ("feedItems", ["0"]), ("feedItems", ["501"]), ("statusWidth", ["9"]), ("statusWidth", ["501"]),
        ("statusTemplate", ["{txt}"]), ("interval", ["1h", "2h"]),
    ])
    func invalidValues(key: String, words: [String]) throws {
        let box = try Sandbox()
        try box.run("defaults", "write", "feedItems", "30")
        let before = try box.state()
        expectFailure(try box.run(["defaults", "write", key] + words), status: .usage, containing: "for \(key): ")
        #expect(try box.state() == before)
    }

    @Test func unknownKeysAndMissingValues() throws {
        let box = try Sandbox()
        expectFailure(
            try box.run("defaults", "write", "intervall", "1h"), status: .usage,
            containing: "Unknown setting \"intervall\"; did you mean \"interval\"?")
        expectFailure(try box.run("defaults", "read", "nope"), status: .usage, containing: "Unknown setting \"nope\"")
        expectFailure(try box.run("defaults", "delete", "nope"), status: .usage, containing: "Unknown setting \"nope\"")
        expectFailure(try box.run("defaults", "write", "interval"), status: .usage, containing: "needs a VALUE for interval")
        #expect(box.readSettings() == nil)
    }

    @Test func aBrokenSettingsFileStopsEveryCommand() throws {
        let box = try Sandbox()
        try box.add("kept")
        for (text, message) in [
            ("{ \"interval\": ", "settings.json is not valid JSON (line 1, column 15: unexpected end of the document)"),
            ("[1]", "settings.json is not valid JSON (expected an object of settings, found a list)"),
            ("{\"interval\": \"7m\"}", "settings.json: setting \"interval\" has the invalid value \"7m\""),
            (
                "{\"feedItems\": \"20\"}",
                "settings.json: setting \"feedItems\" has the invalid value \"20\": expected a whole number, found a string"
            ),
            ("{\"favouritesOnly\": 1}", "setting \"favouritesOnly\" has the invalid value 1: expected true or false"),
        ] {
            try box.writeSettings(text)
            let before = try box.state()
            for arguments in [["list"], ["add", "x"], ["show", "1"], ["defaults", "read"], ["tag", "list"], ["about"]] {
                expectFailure(try box.run(arguments), status: .usage, containing: message)
            }
            #expect(try box.state() == before)
        }
        // Fixing the file with `defaults delete` is possible only when the file parses; the
        // message says which key to delete.
        try box.writeSettings("{\"interval\": \"7m\"}")
        #expect(try box.run("list").stderr.contains("run 'citefeed defaults delete interval'"))
    }

    @Test func unknownKeysInTheFileAreWarnedAbout() throws {
        let box = try Sandbox()
        try box.add("x")
        try box.writeSettings("{\"colour\": \"red\", \"feedTitle\": \"Mine\"}")
        let result = try box.run("defaults", "read", "feedTitle")
        #expect(result.status == 0 && result.stdout == "Mine\n")
        #expect(
            result.stderr
                == "citefeed: warning: \(box.settingsPath): unknown setting \"colour\" is ignored; see 'citefeed defaults --help' for the known ones.\n"
        )
    }

    /// A bad value in settings.json stops every command, and its error names the command that
    /// repairs it: `defaults delete KEY` (or `defaults write KEY VALUE`) works on that file.
    @Test func theRepairTheErrorNamesWorks() throws {
        let box = try Sandbox()
        try box.writeSettings(#"{"studyParameters": null}"#)
        let stopped = box.runInProcess("list")
        #expect(stopped.status == 64 && stopped.stderr.contains("run 'citefeed defaults delete studyParameters'"), "\(stopped)")
        let repaired = box.runInProcess("defaults", "delete", "studyParameters")
        #expect(repaired.status == 0, "\(repaired)")
        #expect(box.readSettings()?.trimmingCharacters(in: .whitespacesAndNewlines) == "{}")
        #expect(box.runInProcess("list").status == 0)
        try box.writeSettings(#"{"newPerDay": "x"}"#)
        let rewritten = box.runInProcess("defaults", "write", "newPerDay", "5")
        #expect(rewritten.status == 0, "\(rewritten)")
        #expect(box.runInProcess("defaults", "read", "newPerDay").stdout == "5\n")
    }
}
