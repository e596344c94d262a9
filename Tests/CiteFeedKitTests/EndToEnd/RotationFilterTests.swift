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
    /// A rotation's filters and weights, and its schedule, through the
    /// binary: `list --rotation` shows exactly what it can pick, `upcoming` its weights, `rotate`
    /// and `status` follow its offset, hours and days.
    @Suite struct RotationFilterTests {
        /// Nine citations of three authors, with sources, tags and lengths to filter on.
        func library() throws -> Sandbox {
            let box = try Sandbox()
            try box.add(
                "Waste no more time arguing what a good man should be. Be one.", "--author", "Marcus Aurelius", "--source",
                "Meditations, Book X", "--tag", "stoic")
            try box.add(
                "The happiness of your life depends upon the quality of your thoughts.", "--author", "Marcus Aurelius", "--source",
                "Meditations", "--tag", "stoic", "--tag", "mind")
            try box.add("Luck is what happens when preparation meets opportunity.", "--author", "Seneca", "--tag", "stoic", "--tag", "work")
            try box.add(
                "We suffer more often in imagination than in reality.", "--author", "SENECA", "--source", "Letters from a Stoic", "--tag",
                "mind")
            try box.add("Courage is grace under pressure.", "--author", "Ernest Hemingway", "--tag", "courage")
            try box.add("Ship it.", "--tag", "work")
            try box.add("Émile was here, said the wall.", "--author", "Émile Zola", "--source", "ŒUVRES complètes")
            try box.add("Archived courage is no courage at all.", "--author", "Seneca", "--tag", "courage")
            try box.run("archive", "8")
            try box.add("Patience is bitter, but its fruit is sweet.", "--author", "Rousseau", "--favourite")
            return box
        }

        /// The ids `list --rotation NAME` shows, ascending.
        func listed(_ box: Sandbox, _ rotation: String) throws -> [Int64] {
            let result = try box.run("list", "--rotation", rotation, "--json")
            #expect(result.status == 0, "\(result)")
            return (try JSONParser.parse(result.stdout).arrayValue ?? []).compactMap { $0["id"]?.intValue }.sorted()
        }

        @Test(arguments: [
            (["tags", "stoic"], [1, 2, 3] as [Int64]),
            (["excludeTags", "stoic", "Work"], [4, 5, 7, 9]),
            (["authors", "seneca", "émile zola"], [3, 4, 7]),
            (["excludeAuthors", "Marcus Aurelius", "seneca"], [5, 6, 7, 9]),
            (["sources", "meditations", "œuvres"], [1, 2, 7]),
            (["minLength", "40"], [1, 2, 3, 4, 9]),
            (["maxLength", "20"], [6]),
            (["search", "courage"], [5]),
            (["search", "happ*"], [2, 3]),
            (["favouritesOnly", "yes"], [9]),
            (["weights", "tag:stoic=0", "author:Rousseau=0", "source:œuvres=0"], [4, 5, 6]),
            (["weights", "tag:stoic=2"], [1, 2, 3, 4, 5, 6, 7, 9]),
        ])
        func eachFilterKeepsExactlyWhatItSays(setting: [String], expected: [Int64]) throws {
            let box = try library()
            #expect(try box.run("rotation", "add", "r").status == 0)
            let write = try box.run(["defaults", "write"] + setting + ["--rotation", "r"])
            #expect(write.status == 0, "\(write)")
            #expect(try listed(box, "r") == expected)
            // What it shows in a whole cycle is what list shows, and nothing else.
            let upcoming = try JSONParser.parse(try box.run("upcoming", "40", "--json", "--rotation", "r").stdout).arrayValue ?? []
            #expect(Set(upcoming.compactMap { $0["citation"]?["id"]?.intValue }) == Set(expected))
            // The default rotation is untouched: every citation but the archived one.
            #expect(try listed(box, "") == [1, 2, 3, 4, 5, 6, 7, 9])
            // Without --rotation (even with CITEFEED_ROTATION) list is not narrowed.
            let plain = try box.run(["list", "--json"], environment: ["CITEFEED_ROTATION": "r"])
            #expect((try JSONParser.parse(plain.stdout).arrayValue ?? []).count == 8)
        }

        @Test func filtersCombineAndNothingEligibleIsSaid() throws {
            let box = try library()
            #expect(try box.run("rotation", "add", "r").status == 0)
            for setting in [["authors", "Seneca", "Marcus Aurelius"], ["excludeTags", "mind"], ["minLength", "50"]] {
                #expect(try box.run(["defaults", "write"] + setting + ["--rotation", "r"]).status == 0)
            }
            #expect(try listed(box, "r") == [1, 3])
            #expect(try box.run("defaults", "write", "search", "nothing-matches-this", "--rotation", "r").status == 0)
            let empty = try box.run("list", "--rotation", "r")
            #expect(empty.status == 0 && empty.stdout.isEmpty && empty.stderr.contains("The rotation can pick nothing"), "\(empty)")
            let rotate = try box.run("rotate", "--rotation", "r")
            #expect(rotate.status == 0 && rotate.stderr.contains("search nothing-matches-this"), "\(rotate)")
        }

        /// Weights multiply with each other and with favouriteWeight; a cycle shows each citation
        /// exactly that many times, never twice in a row; upcoming shows the weights.
        @Test func weightsShapeTheCycle() throws {
            let box = try library()
            #expect(try box.run("rotation", "add", "w").status == 0)
            for setting in [
                ["authors", "Rousseau", "Seneca", "Marcus Aurelius"],
                ["weights", "tag:stoic=2", "author:seneca=3", "author:Marcus Aurelius=0"], ["favouriteWeight", "4"],
            ] {
                let r = try box.run(["defaults", "write"] + setting + ["--rotation", "w"])
                #expect(r.status == 0, "\(r)")
            }
            // 3: stoic and Seneca, 2 × 3 = 6; 4: Seneca, 3; 9: a favourite, 4; Marcus Aurelius never.
            let expected: [Int64: Int] = [3: 6, 4: 3, 9: 4]
            #expect(try listed(box, "w") == [3, 4, 9])
            let cycle = try JSONParser.parse(try box.run("upcoming", "13", "--json", "--rotation", "w").stdout).arrayValue ?? []
            var counts: [Int64: Int] = [:]
            for item in cycle {
                let id = item["citation"]!["id"]!.intValue!
                counts[id, default: 0] += 1
                #expect(item["weight"]?.intValue == Int64(expected[id] ?? -1))
            }
            #expect(counts == expected)
            let ids = cycle.compactMap { $0["citation"]?["id"]?.intValue }
            for (a, b) in zip(ids, ids.dropFirst()) { #expect(a != b, "\(ids)") }
            // The same order is what rotate makes, slot after slot.
            var made: [Int64] = []
            for hour in 0..<13 {
                box.now = "2026-03-02T\(hour < 10 ? "0" : "")\(hour):30:00+01:00"
                #expect(try box.run("rotate", "--rotation", "w").status == 0)
                made.append(try box.library().latestPick(rotation: "w")!.snapshot.id)
            }
            #expect(made == ids)
            let text = try box.run("upcoming", "2", "--rotation", "w")
            #expect(text.stdout.split(separator: "\n").allSatisfy { $0.hasSuffix(")") && $0.contains("(×") }, "\(text)")
            #expect(!(try box.run("upcoming", "2").stdout.contains("(×")))
        }

        @Test func anOffsetTurnsTheDayAtItsHour() throws {
            let box = try library()
            #expect(try box.run("defaults", "write", "interval", "1d").status == 0)
            #expect(try box.run("defaults", "write", "offset", "7h").status == 0)
            box.now = "2026-03-02T06:59:00+01:00"
            let early = try JSONParser.parse(try box.run("status", "--format", "json").stdout)
            #expect(early["slotStart"]?.stringValue == "2026-03-01T06:00:00Z")
            box.now = "2026-03-02T07:00:00+01:00"
            let seven = try JSONParser.parse(try box.run("status", "--format", "json").stdout)
            #expect(seven["slotStart"]?.stringValue == "2026-03-02T06:00:00Z" && seven["slotEnd"]?.stringValue == "2026-03-03T06:00:00Z")
            #expect(try box.library().latestPick()!.pickedAt.rfc3339UTC == "2026-03-02T06:00:00Z")
        }

        /// Outside the active hours and days no pick is made and the bar keeps the last one;
        /// the first slot inside them gets its pick dated at their start.
        @Test func activeHoursAndDaysHoldTheLastPick() throws {
            let box = try library()
            for setting in [["activeHours", "08:00-22:00"], ["days", "mon-fri"]] {
                #expect(try box.run(["defaults", "write"] + setting).status == 0)
            }
            // Friday 2026-03-06, 21:30: a pick; 22:30 and the weekend: the same, no new pick.
            box.now = "2026-03-06T21:30:00+01:00"
            let friday = try box.run("status")
            #expect(friday.status == 0 && !friday.stdout.isEmpty)
            for time in ["2026-03-06T22:30:00+01:00", "2026-03-07T12:00:00+01:00", "2026-03-09T07:59:00+01:00"] {
                box.now = time
                #expect(try box.run("rotate").status == 0)
                #expect(try box.run("status").stdout == friday.stdout, "\(time)")
            }
            #expect(try box.library().recentPicks(limit: 10).count == 1)
            let held = try JSONParser.parse(try box.run("status", "--format", "json").stdout)
            #expect(held["slotStart"]?.stringValue == "2026-03-09T06:00:00Z" && held["slotEnd"]?.stringValue == "2026-03-09T07:00:00Z")
            // Monday 08:20: the 08:00 slot's pick, dated 08:00.
            box.now = "2026-03-09T08:20:00+01:00"
            #expect(try box.run("rotate").status == 0)
            let picks = try box.library().recentPicks(limit: 10)
            #expect(picks.count == 2 && picks[0].pickedAt.rfc3339UTC == "2026-03-09T07:00:00Z")
            // upcoming skips the inactive times: after 21:00 comes Tuesday 08:00.
            box.now = "2026-03-09T21:10:00+01:00"
            let next = try JSONParser.parse(try box.run("upcoming", "2", "--json").stdout).arrayValue ?? []
            #expect(next.map { $0["slotStart"]?.stringValue ?? "" } == ["2026-03-09T20:00:00Z", "2026-03-10T07:00:00Z"])
            // next still picks when asked, even outside the hours.
            box.now = "2026-03-09T23:00:00+01:00"
            #expect(try box.run("next").status == 0)
            #expect(try box.library().recentPicks(limit: 10).count == 3)
        }

        /// With 1d at 07:00 and hours from 06:00, the morning's hour before 07:00 keeps the day's
        /// pick: one pick per day, at 07:00.
        @Test func activeHoursDoNotAddPicksToAPickedSlot() throws {
            let box = try library()
            for setting in [["interval", "1d"], ["offset", "7h"], ["activeHours", "06:00-23:00"]] {
                #expect(try box.run(["defaults", "write"] + setting).status == 0)
            }
            box.now = "2026-03-02T12:00:00+01:00"
            #expect(try box.run("rotate").status == 0)
            for time in ["2026-03-02T23:30:00+01:00", "2026-03-03T06:30:00+01:00"] {
                box.now = time
                #expect(try box.run("rotate").status == 0)
            }
            #expect(try box.library().recentPicks(limit: 10).map { $0.pickedAt.rfc3339UTC } == ["2026-03-02T06:00:00Z"])
            let next = try JSONParser.parse(try box.run("upcoming", "2", "--json").stdout).arrayValue ?? []
            #expect(next.map { $0["slotStart"]?.stringValue ?? "" } == ["2026-03-03T06:00:00Z", "2026-03-04T06:00:00Z"])
            box.now = "2026-03-03T07:10:00+01:00"
            #expect(try box.run("rotate").status == 0)
            #expect(
                try box.library().recentPicks(limit: 10).map { $0.pickedAt.rfc3339UTC } == ["2026-03-03T06:00:00Z", "2026-03-02T06:00:00Z"])
        }

        /// Every new setting refuses a bad value on the command line and in the file, naming the
        /// file, the key and the value, exit 64, and changes nothing.
        @Test func badValuesChangeNothing() throws {
            let box = try library()
            #expect(try box.run("rotation", "add", "r").status == 0)
            #expect(try box.run("rotate").status == 0)
            #expect(try box.run("rotate", "--rotation", "r").status == 0)
            let before = try box.state()
            let outputs = try box.output("feed.xml")
            let cases: [([String], String)] = [
                (["offset", "7x"], "Invalid value \"7x\" for offset"),
                (["offset", "1h"], "an offset must be shorter than the interval (1h)"),
                (["interval", "30m"], "it does not fit offset"),
                (["activeHours", "22:00"], "write two times of day"),
                (["days", "weekdays"], "write days as mon-fri"),
                (["weights", "tag:stoic=11"], "use 0 (never) to 10"),
                (["weights", "stoic=2"], "\"stoic\" does not start with tag:, author: or source:"),
                (["weights", "stoic"], "KIND:NAME=WEIGHT"),
                (["minLength", "999"], "it is more than maxLength (100)"),
                (["search", "*"], "there is no word to search for"),
                (["feedHub", "https://hub.example/"], "a hub needs feedURL"),
                (["notify", "maybe"], "use yes, no, true or false"),
                (["publishCommand", "", "x"], "the command's first word is empty"),
                (["authors", ""], "a name is empty"),
                (["publishCommand", "./deploy.sh"], "a name on PATH or an absolute path"),
                (["excludeAuthors", "a\u{7}"], "control character"),
                (["excludeTags", "a,b"], "a tag name cannot contain a comma"),
                (["sources", String(repeating: "s", count: 501)], "use at most 500 characters"),
                (["minLength", "x"], "use a whole number"),
            ]
            // A setting for the conflicts to meet first.
            #expect(try box.run("defaults", "write", "maxLength", "100", "--rotation", "r").status == 0)
            #expect(try box.run("defaults", "write", "offset", "45m", "--rotation", "r").status == 0)
            let settled = try box.state()
            for (words, message) in cases {
                expectFailure(try box.run(["defaults", "write"] + words + ["--rotation", "r"]), status: .usage, containing: message)
                #expect(try box.state() == settled, "\(words)")
            }
            #expect(try box.output("feed.xml") == outputs)
            _ = before
            // In the file: each bad value names the file, the key and the value.
            let path = box.home.appendingPathComponent("settings.json").path
            let fileCases: [(String, String)] = [
                (#"{"days": "someday"}"#, "\(path): setting \"days\" has the invalid value \"someday\""),
                (#"{"weights": {"tag:x": 11}}"#, "setting \"weights\" has the invalid value {\"tag:x\":11}"),
                (
                    #"{"rotations": {"r": {"interval": "1h", "offset": "2h"}}}"#,
                    "setting \"rotations.r.offset\" has the invalid value \"2h\": an offset must be shorter than the interval (1h); fix it or run 'citefeed defaults delete offset --rotation r'"
                ),
                (
                    #"{"feedHub": "https://hub.example/"}"#,
                    "setting \"feedHub\" has the invalid value \"https://hub.example/\": a hub needs feedURL"
                ),
                (#"{"publishCommand": "rsync -a"}"#, "setting \"publishCommand\" has the invalid value \"rsync -a\""),
                (#"{"activeHours": 8}"#, "setting \"activeHours\" has the invalid value 8"),
            ]
            for (text, message) in fileCases {
                try box.writeSettings(text)
                let state = try box.state()
                expectFailure(try box.run("rotate"), status: .usage, containing: message)
                #expect(try box.state() == state)
            }
            #expect(try box.output("feed.xml") == outputs)
        }

        /// A value that starts with '-' goes after '--'; without it, the error says so.
        @Test func publishCommandWordsAfterDoubleDash() throws {
            let box = try Sandbox()
            expectFailure(
                try box.run("defaults", "write", "publishCommand", "rsync", "-a", "host:x/"), status: .usage, containing: "goes after '--'")
            #expect(try box.run("defaults", "write", "publishCommand", "--", "rsync", "-a", "--delete", "host:x/").status == 0)
            #expect(try box.run("defaults", "read", "publishCommand").stdout == "rsync\n-a\n--delete\nhost:x/\n")
        }
    }
}

extension JSONValue {
    /// The number, when this is a whole number.
    var intValue: Int64? { if case .int(let n) = self { n } else { nil } }
}

extension EndToEnd.RotationFilterTests {
    /// A value for the default rotation that another rotation takes over is checked there too.
    @Test func aDefaultThatBreaksANamedRotationIsRefused() throws {
        let box = try Sandbox()
        #expect(try box.run("rotation", "add", "fast").status == 0)
        #expect(try box.run("defaults", "write", "interval", "15m", "--rotation", "fast").status == 0)
        let before = try box.state()
        expectFailure(
            try box.run("defaults", "write", "offset", "20m"), status: .usage,
            containing:
                "Invalid value \"20m\" for offset: then offset would be \"20m\", and an offset must be shorter than the interval (15m).")
        #expect(try box.state() == before)
    }
}

extension EndToEnd.RotationFilterTests {
    /// The cached eligible citations follow edits of what the filters read: author, source,
    /// text and a tag's name (schema 6 counts them as a new generation).
    @Test func editsReachTheCachedEligibleCitations() throws {
        let box = try library()
        #expect(try box.run("rotation", "add", "r").status == 0)
        #expect(try box.run("defaults", "write", "authors", "Seneca", "--rotation", "r").status == 0)
        #expect(try box.run("defaults", "write", "weights", "tag:courage=2", "--rotation", "r").status == 0)
        #expect(try box.run("rotate", "--rotation", "r").status == 0)
        func upcoming() throws -> Set<Int64> {
            Set(
                (try JSONParser.parse(try box.run("upcoming", "20", "--json", "--rotation", "r").stdout).arrayValue ?? []).compactMap {
                    $0["citation"]?["id"]?.intValue
                })
        }
        #expect(try upcoming() == [3, 4])
        #expect(try box.run("edit", "4", "--author", "Someone else").status == 0)
        #expect(try box.run("edit", "5", "--author", "seneca").status == 0)
        #expect(try upcoming() == [3, 5])
        // A tag renamed: the weight of tag:courage no longer applies.
        let before = try JSONParser.parse(try box.run("upcoming", "20", "--json", "--rotation", "r").stdout).arrayValue ?? []
        #expect(before.contains { $0["citation"]?["id"]?.intValue == 5 && $0["weight"]?.intValue == 2 })
        #expect(try box.run("tag", "edit", "courage", "--name", "bravery").status == 0)
        let after = try JSONParser.parse(try box.run("upcoming", "20", "--json", "--rotation", "r").stdout).arrayValue ?? []
        #expect(after.allSatisfy { $0["weight"]?.intValue == 1 }, "\(after)")
    }
}

extension EndToEnd.RotationFilterTests {
    /// Before the active hours, upcoming's first pick is today's at their start; a citation
    /// replaced in the night (archived) does not use up the day's pick.
    @Test func beforeTheActiveHours() throws {
        let box = try library()
        for setting in [["interval", "1d"], ["activeHours", "08:00-22:00"]] {
            #expect(try box.run(["defaults", "write"] + setting).status == 0)
        }
        box.now = "2026-03-02T12:00:00+01:00"
        #expect(try box.run("rotate").status == 0)
        box.now = "2026-03-03T07:00:00+01:00"
        let next = try JSONParser.parse(try box.run("upcoming", "2", "--json").stdout).arrayValue ?? []
        #expect(next.map { $0["slotStart"]?.stringValue ?? "" } == ["2026-03-03T07:00:00Z", "2026-03-04T07:00:00Z"])
        // 02:00: the shown citation is archived; it is replaced at once, but 08:00 still picks.
        box.now = "2026-03-03T02:00:00+01:00"
        let shown = try box.library().latestPick()!.snapshot.id
        #expect(try box.run("archive", String(shown)).status == 0)
        #expect(try box.library().recentPicks(limit: 5).count == 2)
        box.now = "2026-03-03T08:30:00+01:00"
        #expect(try box.run("rotate").status == 0)
        let picks = try box.library().recentPicks(limit: 5)
        #expect(picks.count == 3 && picks[0].pickedAt.rfc3339UTC == "2026-03-03T07:00:00Z", "\(picks.map(\.pickedAt))")
    }
}
