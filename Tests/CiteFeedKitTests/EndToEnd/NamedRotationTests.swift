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
    /// Named rotations through the command line. `rotation add` and
    /// `rotation list`; `--rotation NAME` (after the command or before it) and
    /// `CITEFEED_ROTATION` for rotate, next, status, upcoming, history and defaults; each rotation
    /// with its own settings, history, saved pick, outputs and feed item ids.
    @Suite struct NamedRotationTests {
        func library() throws -> Sandbox {
            let box = try Sandbox()
            for text in ["Home one", "Home two"] { try box.add(text, "--tag", "home") }
            for text in ["Work one", "Work two", "Work three"] { try box.add(text, "--tag", "work") }
            return box
        }

        @Test func aNamedRotationHasItsOwnSettingsHistoryAndOutputs() throws {
            let box = try library()
            let added = try box.run("rotation", "add", "work")
            #expect(added.status == 0 && added.stdout == "Added rotation work; its outputs go to \(box.feeds.path)/work.\n", "\(added)")
            #expect(try box.run("rotation").stdout == "work\n")
            #expect(try box.run("defaults", "write", "--rotation", "work", "tags", "work").status == 0)
            #expect(try box.run("defaults", "read", "--rotation", "work", "tags").stdout == "work\n")
            let tags = try box.run("defaults", "read", "tags")
            #expect(tags.status == 0 && tags.stdout == "", "\(tags)")
            for hour in 10...13 {
                box.now = "2026-03-01T\(hour):30:00+01:00"
                let home = try box.run("rotate")
                #expect(home.status == 0, "\(home)")
                let work = try box.run("rotate", "--rotation", "work")
                #expect(work.status == 0 && work.stdout.hasPrefix("Wrote ") || work.stdout.hasPrefix("Outputs in"), "\(work)")
            }
            let library = try box.library()
            let workPicks = try library.recentPicks(limit: 10, rotation: "work")
            #expect(workPicks.count == 4 && workPicks.allSatisfy { $0.snapshot.text.hasPrefix("Work") })
            #expect(try library.recentPicks(limit: 10).count == 4)
            // Its own files: current-work.json and Feeds/work/.
            let workFeeds = box.feeds.appendingPathComponent("work")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: workFeeds.path).sorted()
                    == (OutputSet.names + [OutputManifest.name]).sorted())
            #expect(FileManager.default.fileExists(atPath: box.home.appendingPathComponent("current-work.json").path))
            let workStatus = try String(contentsOf: workFeeds.appendingPathComponent("status.txt"), encoding: .utf8)
            #expect(workStatus == "“\(workPicks[0].snapshot.text)”\n")
            // The three ways to name it agree.
            #expect(try box.run("status", "--rotation", "work").stdout == workStatus)
            #expect(try box.run("--rotation", "work", "status").stdout == workStatus)
            #expect(try box.run(["status"], environment: ["CITEFEED_ROTATION": "work"]).stdout == workStatus)
            #expect(try box.run("status").stdout == "“\(try library.latestPick()!.snapshot.text)”\n")
            // history and upcoming of the rotation.
            let history = try box.run("history", "--rotation", "work")
            #expect(
                history.status == 0 && history.stdout.split(separator: "\n").count == 4 && !history.stdout.contains("Home"), "\(history)")
            let upcoming = try JSONParser.parse(try box.run("upcoming", "3", "--json", "--rotation", "work").stdout).arrayValue ?? []
            #expect(upcoming.count == 3 && upcoming.allSatisfy { $0["citation"]!["text"]!.stringValue!.hasPrefix("Work") })
            // Item ids of its own: no id of the work feed is in the default feed.
            let workFeed = try String(contentsOf: workFeeds.appendingPathComponent("feed.json"), encoding: .utf8)
            let workIDs = Set(try JSONParser.parse(workFeed)["items"]!.arrayValue!.map { $0["id"]!.stringValue! })
            let homeIDs = Set(try JSONParser.parse(try box.output("feed.json"))["items"]!.arrayValue!.map { $0["id"]!.stringValue! })
            #expect(workIDs.count == 4 && workIDs.isDisjoint(with: homeIDs))
        }

        /// `next` in a named rotation leaves the default one alone; a change to the library
        /// reaches every rotation's outputs (the work rotation's shown citation archived).
        @Test func nextAndChangesReachTheRightRotations() throws {
            let box = try library()
            #expect(try box.run("rotation", "add", "work").status == 0)
            #expect(try box.run("defaults", "write", "--rotation", "work", "tags", "work").status == 0)
            #expect(try box.run("rotate").status == 0)
            #expect(try box.run("rotate", "--rotation", "work").status == 0)
            let homeBefore = try box.output("status.txt")
            let next = try box.run(["next"], environment: ["CITEFEED_ROTATION": "work"])
            #expect(next.status == 0, "\(next)")
            #expect(try box.output("status.txt") == homeBefore)
            let shown = try #require(try box.library().latestPick(rotation: "work"))
            #expect(try box.run("archive", String(shown.snapshot.id)).status == 0)
            let after = try #require(try box.library().latestPick(rotation: "work"))
            #expect(after.id != shown.id && after.reason == .repick && after.snapshot.text.hasPrefix("Work"))
            let workStatus = try String(contentsOf: box.feeds.appendingPathComponent("work/status.txt"), encoding: .utf8)
            #expect(workStatus == "“\(after.snapshot.text)”\n")
        }

        /// A rotation's outputDirectory: its own when it sets one; else NAME/ inside the default
        /// rotation's, also when the default rotation sets it.
        @Test func outputDirectoriesFollowTheDefaultRotations() throws {
            let box = try library()
            let shared = box.home.appendingPathComponent("public")
            #expect(try box.run("defaults", "write", "outputDirectory", shared.path).status == 0)
            #expect(try box.run("rotation", "add", "work").status == 0)
            #expect(try box.run("rotation", "add", "phone").status == 0)
            let own = box.home.appendingPathComponent("phone-feed")
            #expect(try box.run("defaults", "write", "--rotation", "phone", "outputDirectory", own.path).status == 0)
            #expect(
                try box.run("rotate", "--rotation", "work").stdout.hasPrefix(
                    "Wrote feed.xml feed.atom feed.json index.html status.txt status.json to \(shared.path)/work.\n"))
            #expect(
                try box.run("rotate", "--rotation", "phone").stdout.hasPrefix(
                    "Wrote feed.xml feed.atom feed.json index.html status.txt status.json to \(own.path).\n"))
        }

        @Test func badRotationsAreRefusedAndChangeNothing() throws {
            let box = try library()
            #expect(try box.run("rotation", "add", "work").status == 0)
            let settings = box.readSettings()
            let before = try box.librarySnapshot()
            expectFailure(try box.run("rotation", "add", "work"), status: .usage, containing: "A rotation named \"work\" already exists.")
            expectFailure(
                try box.run("rotation", "add", "a/b"), status: .usage,
                containing:
                    "Invalid value \"a/b\": a rotation name is made of letters, digits, - and _, and starts with a letter or a digit.")
            expectFailure(
                try box.run("rotate", "--rotation", "nope"), status: .usage,
                containing: "No rotation named \"nope\"; 'citefeed rotation list' shows them, 'citefeed rotation add nope' makes it.")
            expectFailure(
                try box.run(["status"], environment: ["CITEFEED_ROTATION": "nope"]), status: .usage,
                containing: "No rotation named \"nope\"")
            expectFailure(
                try box.run("defaults", "write", "--rotation", "nope", "interval", "1d"), status: .usage,
                containing: "No rotation named \"nope\"")
            expectFailure(try box.run("--rotation"), status: .usage, containing: "--rotation")
            // --rotation is for the commands that work on one rotation.
            expectFailure(try box.run("add", "x", "--rotation", "work"), status: .usage, containing: "--rotation")
            #expect(box.readSettings() == settings)
            #expect(try box.librarySnapshot() == before)
            #expect(!FileManager.default.fileExists(atPath: box.feeds.path))
        }

        /// `rotate --all` rotates the default rotation and each named one, in one process.
        @Test func rotateAllRotatesEveryRotation() throws {
            let box = try library()
            for name in ["work", "evening"] { #expect(try box.run("rotation", "add", name).status == 0) }
            #expect(try box.run("defaults", "write", "--rotation", "work", "tags", "work").status == 0)
            let result = try box.run("rotate", "--all")
            #expect(result.status == 0, "\(result)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 8, "\(result)")
            #expect(lines[0] == "Wrote feed.xml feed.atom feed.json index.html status.txt status.json to \(box.feeds.path).")
            #expect(lines[2] == "rotation evening:" && lines[5] == "rotation work:")
            #expect(lines[7] == "“\(try box.library().latestPick(rotation: "work")!.snapshot.text)”")
            for name in ["", "evening", "work"] { #expect(try box.library().recentPicks(limit: 10, rotation: name).count == 1) }
            // Again in the same slot: every rotation keeps its pick and its files.
            let again = try box.run("rotate", "--all")
            #expect(again.stdout.components(separatedBy: "are up to date").count == 4, "\(again)")
            for name in ["", "evening", "work"] { #expect(try box.library().recentPicks(limit: 10, rotation: name).count == 1) }
            expectFailure(try box.run("rotate", "--all", "--rotation", "work"), status: .usage, containing: "--all")
            expectFailure(try box.run("rotate", "--all", "--out", "/tmp/x"), status: .usage, containing: "--all")
        }

        /// `rotation remove` forgets the settings and the history; the outputs stay unless
        /// `--delete-outputs`.
        @Test func removingARotationKeepsItsOutputsUnlessAsked() throws {
            let box = try library()
            for name in ["work", "phone"] { #expect(try box.run("rotation", "add", name).status == 0) }
            #expect(try box.run("defaults", "write", "--rotation", "work", "interval", "1d").status == 0)
            #expect(try box.run("rotate", "--all").status == 0)
            let work = box.feeds.appendingPathComponent("work"), phone = box.feeds.appendingPathComponent("phone")
            let removed = try box.run("rotation", "remove", "work")
            #expect(removed.status == 0 && removed.stdout == "Removed rotation work; its outputs stay in \(work.path).\n", "\(removed)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: work.path).sorted()
                    == (OutputSet.names + [OutputManifest.name]).sorted())
            #expect(!FileManager.default.fileExists(atPath: box.home.appendingPathComponent("current-work.json").path))
            #expect(try box.library().recentPicks(limit: 10, rotation: "work").isEmpty)
            #expect(try box.library().recentPicks(limit: 10, rotation: "phone").count == 1)
            #expect(try box.run("rotation").stdout == "phone\n")
            #expect(!(box.readSettings() ?? "").contains("work"))
            let deleted = try box.run("rotation", "remove", "phone", "--delete-outputs")
            #expect(
                deleted.status == 0
                    && deleted.stdout
                        == "Removed rotation phone and its outputs in \(phone.path) (feed.atom feed.json feed.xml index.html status.json status.txt).\n",
                "\(deleted)")
            #expect(!FileManager.default.fileExists(atPath: phone.path))
            #expect(try box.run("rotation").stdout == "")
            let settings = box.readSettings()
            expectFailure(
                try box.run("rotation", "remove", "phone"), status: .usage,
                containing: "No rotation named \"phone\"; 'citefeed rotation list' shows them, 'citefeed rotation add phone' makes it.")
            #expect(box.readSettings() == settings)
            // The default rotation was never touched.
            #expect(try box.library().recentPicks(limit: 10).count == 1)
        }

        /// `rotation rename` keeps the settings, the history and the feed item ids; outputs in the
        /// default place move with the name and are written again with their new address.
        @Test func renamingARotationKeepsItsHistoryAndItsItemIDs() throws {
            let box = try library()
            #expect(try box.run("rotation", "add", "work").status == 0)
            #expect(try box.run("defaults", "write", "--rotation", "work", "tags", "work").status == 0)
            for hour in 10...12 {
                box.now = "2026-03-01T\(hour):30:00+01:00"; #expect(try box.run("rotate", "--rotation", "work").status == 0)
            }
            let oldDir = box.feeds.appendingPathComponent("work"), newDir = box.feeds.appendingPathComponent("desk")
            func ids(_ dir: URL) throws -> [String] {
                try JSONParser.parse(try String(contentsOf: dir.appendingPathComponent("feed.json"), encoding: .utf8))["items"]!.arrayValue!
                    .map {
                        $0["id"]!.stringValue!
                    }
            }
            let idsBefore = try ids(oldDir)
            let renamed = try box.run("rotation", "rename", "work", "desk")
            #expect(
                renamed.status == 0 && renamed.stdout == "Renamed rotation work to desk; its outputs are in \(newDir.path).\n", "\(renamed)"
            )
            #expect(!FileManager.default.fileExists(atPath: oldDir.path))
            #expect(try ids(newDir) == idsBefore && idsBefore.count == 3)
            #expect(
                try String(contentsOf: newDir.appendingPathComponent("feed.xml"), encoding: .utf8).contains("/Feeds/desk/index.html</link>")
            )
            #expect(try box.library().recentPicks(limit: 10, rotation: "desk").count == 3)
            #expect(try box.library().recentPicks(limit: 10, rotation: "work").isEmpty)
            #expect(try box.run("defaults", "read", "--rotation", "desk", "tags").stdout == "work\n")
            #expect(FileManager.default.fileExists(atPath: box.home.appendingPathComponent("current-desk.json").path))
            let deskStatus = try String(contentsOf: newDir.appendingPathComponent("status.txt"), encoding: .utf8)
            #expect(try box.run("status", "--rotation", "desk").stdout == deskStatus)
            // Refused, and nothing changes.
            #expect(try box.run("rotation", "add", "phone").status == 0)
            let settings = box.readSettings()
            let library = try box.librarySnapshot()
            expectFailure(
                try box.run("rotation", "rename", "desk", "phone"), status: .usage, containing: "A rotation named \"phone\" already exists."
            )
            expectFailure(try box.run("rotation", "rename", "nope", "other"), status: .usage, containing: "No rotation named \"nope\"")
            expectFailure(try box.run("rotation", "rename", "desk", "a b"), status: .usage, containing: "Invalid value \"a b\"")
            let libraryAfter = try box.librarySnapshot()
            #expect(box.readSettings() == settings && libraryAfter == library)
            #expect(FileManager.default.fileExists(atPath: newDir.path))
        }

        /// The e-readers' sleep screens keep showing a rotation that was renamed.
        @Test func renamingARotationKeepsTheSleepScreensOnIt() throws {
            let box = try Sandbox()
            #expect(try box.run("rotation", "add", "night").status == 0)
            #expect(try box.run("rotation", "add", "day").status == 0)
            #expect(try box.run("defaults", "write", "sleepScreenRotation", "night").status == 0)
            #expect(try box.run("defaults", "write", "sleepScreenRotation", "night", "--rotation", "day").status == 0)
            #expect(try box.run("rotation", "rename", "night", "bedtime").status == 0)
            #expect(try box.run("defaults", "read", "sleepScreenRotation").stdout == "bedtime\n")
            #expect(try box.run("defaults", "read", "sleepScreenRotation", "--rotation", "day").stdout == "bedtime\n")
            #expect(try box.run("rotation", "rename", "day", "noon").status == 0)
            #expect(try box.run("defaults", "read", "sleepScreenRotation").stdout == "bedtime\n", "another rotation's name leaves it alone")
        }
    }
}

extension EndToEnd {
    /// One broken rotation does not stop the others.
    @Suite struct RotateAllFailureTests {
        @Test func oneUnwritableRotationFailsAloneAndIsNamed() throws {
            let box = try Sandbox()
            for text in ["One.", "Two.", "Three."] { try box.add(text) }
            #expect(try box.run("rotation", "add", "a").status == 0)
            #expect(try box.run("rotation", "add", "b").status == 0)
            // b's directory is under a regular file: it cannot be made, whoever runs the test.
            let blocker = box.home.appendingPathComponent("blocker")
            try "not a directory".write(to: blocker, atomically: true, encoding: .utf8)
            #expect(try box.run("defaults", "write", "outputDirectory", blocker.path + "/b", "--rotation", "b").status == 0)
            let result = try box.run("rotate", "--all")
            #expect(result.status == ExitStatus.cannotCreate.rawValue, "\(result)")
            #expect(result.stdout.contains("rotation a:\nWrote ") && result.stdout.hasPrefix("Wrote "), "\(result)")
            #expect(result.errorLines.count == 2, "\(result)")
            #expect(
                result.errorLines.first?.hasPrefix("citefeed: error: rotation b: Cannot write the outputs in \(blocker.path)/b") == true,
                "\(result)")
            #expect(
                result.errorLines.last
                    == "citefeed: error: 1 of 3 rotations could not be rotated (rotation b); the others were rotated and written.")
            // The others' picks are in the library and in their outputs; b has none.
            let library = try box.library()
            let shown = try JSONParser.parse(try box.output("status.json"))
            #expect(try library.latestPick() != nil && library.latestPick(rotation: "a") != nil)
            #expect(try library.latestPick(rotation: "b") == nil)
            #expect(shown["text"]?.stringValue?.contains(try library.latestPick()!.snapshot.text) == true, "\(shown)")
            #expect(!FileManager.default.fileExists(atPath: box.home.appendingPathComponent("current-b.json").path))
            // Fixed, the next run rotates b too.
            #expect(try box.run("defaults", "delete", "outputDirectory", "--rotation", "b").status == 0)
            #expect(try box.run("rotate", "--all").status == 0)
            #expect(try box.library().latestPick(rotation: "b") != nil)
        }
    }
}

extension EndToEnd {
    /// Files citefeed did not write are never replaced or removed.
    @Suite struct ForeignFileTests {
        /// outputDirectory at a folder of the user's (their home, say) with their own index.html
        /// and feed.json: those stay; removing a rotation there removes only citefeed's files and
        /// never the folder.
        @Test func aUsersFilesAreNeitherReplacedNorRemoved() throws {
            let box = try Sandbox()
            try box.add("A citation.")
            let mine = box.home.appendingPathComponent("mine")
            try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
            try "<p>my page</p>".write(to: mine.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
            try "{\"mine\": true}".write(to: mine.appendingPathComponent("feed.json"), atomically: true, encoding: .utf8)
            #expect(try box.run("rotation", "add", "h").status == 0)
            #expect(try box.run("defaults", "write", "outputDirectory", mine.path, "--rotation", "h").status == 0)
            let rotated = try box.run("rotate", "--rotation", "h")
            #expect(rotated.status == 0, "\(rotated)")
            #expect(
                rotated.stderr.contains(
                    "warning: feed.json index.html in \(mine.path) were left alone: citefeed did not write those files"),
                "\(rotated)")
            #expect(try String(contentsOf: mine.appendingPathComponent("index.html"), encoding: .utf8) == "<p>my page</p>")
            #expect(try String(contentsOf: mine.appendingPathComponent("feed.json"), encoding: .utf8) == "{\"mine\": true}")
            #expect(FileManager.default.fileExists(atPath: mine.appendingPathComponent("feed.xml").path))
            let removed = try box.run("rotation", "remove", "h", "--delete-outputs")
            #expect(removed.status == 0 && removed.stdout.contains("(feed.atom feed.xml status.json status.txt)"), "\(removed)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: mine.path).sorted() == ["feed.json", "index.html"])
        }

        /// Outputs from before the list existed are adopted when they are citefeed's own, and a
        /// directory citefeed made is removed with them.
        @Test func citefeedsOwnOutputsAreAdopted() throws {
            let box = try Sandbox()
            try box.add("One.")
            try box.add("Two.")
            #expect(try box.run("rotate").status == 0)
            try FileManager.default.removeItem(at: box.feeds.appendingPathComponent(OutputManifest.name))
            let before = try box.outputBytes("feed.xml")
            #expect(try box.run("next").status == 0)
            #expect(try box.outputBytes("feed.xml") != before)  // adopted, so rewritten
            #expect(OutputManifest.read(in: box.feeds.path)?.files == Set(OutputSet.names))
            #expect(try box.run("rotation", "add", "w").status == 0)
            #expect(try box.run("rotate", "--rotation", "w").status == 0)
            #expect(try box.run("rotation", "remove", "w", "--delete-outputs").status == 0)
            #expect(!FileManager.default.fileExists(atPath: box.feeds.appendingPathComponent("w").path))
        }

        @Test func twoRotationsMayNotShareADirectory() throws {
            let box = try Sandbox()
            try box.add("A citation.")
            #expect(try box.run("rotation", "add", "a").status == 0)
            #expect(try box.run("rotation", "add", "b").status == 0)
            let shared = box.home.appendingPathComponent("shared").path
            #expect(try box.run("defaults", "write", "outputDirectory", shared, "--rotation", "a").status == 0)
            let before = try box.state()
            expectFailure(
                try box.run("defaults", "write", "outputDirectory", shared, "--rotation", "b"), status: .usage,
                containing: "Rotation \"a\" and rotation \"b\" would both write to \(shared)")
            #expect(try box.state() == before)
            // Edited by hand: rotate refuses before writing anything.
            try box.writeSettings(#"{"rotations": {"a": {"outputDirectory": "\#(shared)"}, "b": {"outputDirectory": "\#(shared)"}}}"#)
            expectFailure(try box.run("rotate", "--all"), status: .usage, containing: "would both write to \(shared)")
            #expect(!FileManager.default.fileExists(atPath: shared))
        }

        /// The temporary files of a killed run are removed by the next (once a minute old).
        @Test func aKilledRunsTemporaryFilesAreCleaned() throws {
            let box = try Sandbox()
            try box.add("A citation.")
            #expect(try box.run("rotate").status == 0)
            let stale = box.feeds.appendingPathComponent(".feed.xml.tmp-AbC123").path,
                fresh = box.feeds.appendingPathComponent(".index.html.tmp-XyZ789").path
            let other = box.feeds.appendingPathComponent(".mine.tmp-AbC123").path
            for path in [stale, fresh, other] { _ = FileManager.default.createFile(atPath: path, contents: Data("x".utf8)) }
            for path in [stale, other] {
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: path)
            }
            #expect(try box.run("next").status == 0)
            #expect(!FileManager.default.fileExists(atPath: stale))
            #expect(FileManager.default.fileExists(atPath: fresh) && FileManager.default.fileExists(atPath: other))
        }
    }
}
