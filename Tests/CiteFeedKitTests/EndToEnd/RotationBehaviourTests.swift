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
    @Suite struct RotationBehaviourTests {
        func library(_ count: Int) throws -> Sandbox {
            let box = try Sandbox()
            for i in 1...count { try box.add("Citation number \(i)", "--tag", i % 2 == 0 ? "even" : "odd") }
            return box
        }

        @Test func changesToOtherCitationsKeepTheCurrentPick() throws {
            let box = try library(5)
            try box.rotate(at: box.now)
            let shown = try box.status().stdout
            let current = try box.library().latestPick()!.snapshot.id
            let others = (1...5).filter { $0 != current }.map(String.init)
            try box.add("A new one")
            try box.run("edit", others[0], "--text", "changed")
            try box.run("archive", others[1])
            try box.run("fav", others[2])
            try box.run("tag", "edit", "odd", "--name", "uneven")
            #expect(try box.status().stdout == shown)
            #expect(try box.historyIDs() == [current])
            #expect(try box.rotate(at: box.now).stdout.hasSuffix(shown))
        }

        @Test func archivingTheShownCitationPicksAnewAtOnce() throws {
            let box = try library(4)
            try box.rotate(at: box.now)
            let current = try box.library().latestPick()!
            box.now = "2026-03-01T09:45:00+01:00"
            try box.run("archive", String(current.snapshot.id))
            let picks = try box.library().recentPicks(limit: 5)
            #expect(picks.count == 2 && picks[0].reason == .repick && picks[0].snapshot.id != current.snapshot.id)
            #expect(picks[0].pickedAt.rfc3339UTC == "2026-03-01T08:45:00Z")
            #expect(try box.status().stdout == "“\(picks[0].snapshot.text)”\n")
            #expect(try box.output("status.txt") == "“\(picks[0].snapshot.text)”\n")
        }

        @Test func aSettingThatExcludesTheShownCitationPicksAnew() throws {
            let box = try library(4)
            try box.rotate(at: box.now)
            let current = try box.library().latestPick()!
            let otherTag = current.snapshot.tags[0].name == "odd" ? "even" : "odd"
            try box.run("defaults", "write", "tags", otherTag)
            let now = try box.library().latestPick()!
            #expect(now.reason == .repick && now.snapshot.tags[0].name == otherTag)
            try box.run("defaults", "write", "statusTemplate", "{text} [{tags}]")
            #expect(try box.output("status.txt") == "\(now.snapshot.text) \(otherTag)\n")
        }

        @Test func editingTheShownCitationUpdatesStatusAndItsFeedItemButNotOlderOnes() throws {
            let box = try library(2)
            try box.rotate(at: "2026-03-01T08:30:00+01:00")
            try box.rotate(at: "2026-03-01T09:30:00+01:00")
            let picks = try box.library().recentPicks(limit: 2)
            try box.run("edit", String(picks[0].snapshot.id), "--text", "Fresh words")
            #expect(try box.status().stdout == "“Fresh words”\n")
            #expect(try box.output("status.txt") == "“Fresh words”\n")
            let feed = try JSONParser.parse(try box.output("feed.json"))
            #expect(feed["items"]?.arrayValue?.map { $0["title"] } == [.string("Fresh words"), .string(picks[1].snapshot.text)])
            // The older pick of the same citation keeps what was shown then.
            try box.run("edit", String(picks[1].snapshot.id), "--text", "Changed later")
            let again = try JSONParser.parse(try box.output("feed.json"))
            #expect(again["items"]?.arrayValue?[1]["title"] == .string(picks[1].snapshot.text))
        }

        @Test func deletingACitationRemovesItFromTheHistory() throws {
            let box = try library(3)
            for hour in 0..<3 { try box.rotate(at: "2026-03-01T0\(hour + 6):30:00+01:00") }
            let first = try box.historyIDs().last!
            try box.run("delete", "--force", String(first))
            #expect(!(try box.historyIDs().contains(first)))
            #expect(!(try box.output("feed.xml").contains("Citation number \(first)<")))
        }

        @Test func upcomingPreviewsExactlyWhatRotateDoes() throws {
            let box = try library(7)
            try box.run("fav", "3")
            try box.rotate(at: "2026-03-01T09:30:00+01:00")
            box.now = "2026-03-01T09:40:00+01:00"
            let preview = try JSONParser.parse(try box.run("upcoming", "20", "--json").stdout).arrayValue ?? []
            #expect(preview.count == 20)
            var rotated: [JSONValue] = []
            for entry in preview {
                let start = entry["slotStart"]!.stringValue!
                try box.rotate(at: start)
                let pick = try box.library().latestPick()!
                #expect(pick.slot.start.rfc3339UTC == start && pick.pickedAt.rfc3339UTC == start)
                rotated.append(.int(pick.snapshot.id))
            }
            #expect(rotated == preview.map { $0["citation"]!["id"]! })
            let text = try box.run("upcoming", "3")
            #expect(text.status == 0 && text.stdout.split(separator: "\n").count == 3)
        }

        @Test func upcomingAcrossTheBerlinSpringForwardUsesRealLocalTime() throws {
            let box = try library(3)
            box.now = "2026-03-29T00:30:00+01:00"
            let preview = try JSONParser.parse(try box.run("upcoming", "4", "--json").stdout).arrayValue ?? []
            #expect(
                preview.map { $0["slotStart"]! }
                    == ["2026-03-28T23:00:00Z", "2026-03-29T00:00:00Z", "2026-03-29T01:00:00Z", "2026-03-29T02:00:00Z"].map(
                        JSONValue.string))
        }

        /// The binary follows `TZ` (not only UTC's whole hours): zones half an hour off UTC, and
        /// Lord Howe, whose clocks go back by half an hour. Expected slots from Python's `zoneinfo`
        /// with the README's rules (local midnight; a repeated time counts from its first occurrence).
        @Test(arguments: [
            (
                "Asia/Kolkata", "1h", "2026-03-01T09:10:00+05:30",
                ["2026-03-01T03:30:00Z", "2026-03-01T04:30:00Z", "2026-03-01T05:30:00Z", "2026-03-01T06:30:00Z"]
            ),
            (
                "Asia/Kolkata", "7d", "2026-03-04T10:00:00+05:30",
                ["2026-03-01T18:30:00Z", "2026-03-08T18:30:00Z", "2026-03-15T18:30:00Z", "2026-03-22T18:30:00Z"]
            ),
            // The day the clocks go back is 24½ hours long.
            (
                "Australia/Lord_Howe", "1d", "2026-04-04T12:00:00+11:00",
                ["2026-04-03T13:00:00Z", "2026-04-04T13:00:00Z", "2026-04-05T13:30:00Z", "2026-04-06T13:30:00Z"]
            ),
            // 01:30–02:00 happens twice: the 01:45 slot lasts until 02:00 standard time, 45 minutes.
            (
                "Australia/Lord_Howe", "15m", "2026-04-05T01:40:00+11:00",
                ["2026-04-04T14:30:00Z", "2026-04-04T14:45:00Z", "2026-04-04T15:30:00Z", "2026-04-04T15:45:00Z"]
            ),
            (
                "Europe/Berlin", "15m", "2026-03-29T00:30:00+01:00",
                ["2026-03-28T23:30:00Z", "2026-03-28T23:45:00Z", "2026-03-29T00:00:00Z", "2026-03-29T00:15:00Z"]
            ),
        ])
        func slotsFollowTheTimeZone(zone: String, interval: String, now: String, expected: [String]) throws {
            let box = try library(3)
            box.timeZone = zone
            box.now = now
            #expect(try box.run("defaults", "write", "interval", interval).status == 0)
            let preview = try JSONParser.parse(try box.run("upcoming", "4", "--json").stdout).arrayValue ?? []
            #expect(preview.map { $0["slotStart"]!.stringValue! } == expected)
            // And `rotate` picks for the first of them.
            let rotated = try box.run("rotate")
            #expect(rotated.status == 0, "\(rotated)")
            #expect(try box.library().latestPick()?.slot.start == Timestamp(rfc3339: expected[0]))
        }

        /// The rotation keeps the eligible citations between changes; every kind of change must
        /// reach it: archive, restore, a new citation, a tag, the favourite flag and the settings.
        @Test func rotationsFollowEveryChangeOfWhatIsEligible() throws {
            let box = try library(6)
            var hour = 0
            func rotateSlots(_ count: Int) throws -> Set<Int64> {
                var ids = Set<Int64>()
                for _ in 0..<count {
                    hour += 1
                    try box.rotate(
                        at: Timestamp(seconds: Timestamp(rfc3339: "2026-03-02T00:30:00Z")!.seconds + Int64(hour) * 3600).rfc3339UTC)
                    ids.insert(try box.library().latestPick()!.snapshot.id)
                }
                return ids
            }
            #expect(try rotateSlots(6) == Set(1...6))
            try box.run("archive", "2")
            #expect(!(try rotateSlots(10).contains(2)))
            try box.run("restore", "2")
            try box.add("Seventh", "--tag", "odd")
            #expect(try rotateSlots(14).isSuperset(of: [2, 7]))
            try box.run("defaults", "write", "tags", "even")
            #expect(try rotateSlots(6).isSubset(of: [2, 4, 6]))
            try box.run("edit", "3", "--tag", "even")
            #expect(try rotateSlots(8).contains(3))
            try box.run("defaults", "delete", "tags")
            try box.run("defaults", "write", "favouritesOnly", "yes")
            try box.run("fav", "5")
            #expect(try rotateSlots(3) == [5])
        }

        @Test func twentyRotatesAtOnceRecordOnePick() async throws {
            let box = try library(10)
            let environment = box.environment
            let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
                for _ in 0..<20 {
                    group.addTask { try Sandbox.execute(Sandbox.binary.path, ["rotate"], stdin: Data(), environment: environment).status }
                }
                var all: [Int32] = []
                for try await status in group { all.append(status) }
                return all
            }
            #expect(statuses == Array(repeating: 0, count: 20))
            #expect(try box.historyIDs().count == 1)
            #expect(try box.library().integrityCheck() == "ok")
        }

        @Test func historyAndAboutShowThePicks() throws {
            let box = try library(2)
            try box.rotate(at: "2026-03-01T09:30:00+01:00")
            box.now = "2026-03-01T09:50:00+01:00"
            try box.run("next")
            let history = try box.run("history")
            let lines = history.stdout.split(separator: "\n")
            #expect(
                lines.count == 2 && lines[0].hasPrefix("2026-03-01 09:50") && lines[0].hasSuffix("(next)")
                    && lines[1].hasPrefix("2026-03-01 09:00"))
            let json = try JSONParser.parse(try box.run("history", "--json", "--limit", "1").stdout)
            #expect(json.arrayValue?.count == 1 && json.arrayValue?[0]["reason"] == .string("next"))
            let about = try box.run("about").stdout
            #expect(
                about.contains(#"last pick     citation "#)
                    && about.contains(", at 09:50 (next) in the slot 2026-03-01 09:00–10:00, just now\n"), "\(about)")
        }

        @Test func copyCurrentCopiesTheShownCitation() throws {
            let box = try library(2)
            try box.rotate(at: box.now)
            let bin = box.home.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try "#!/bin/sh\ncat > \"$CLIP_OUT\"\n".write(to: bin.appendingPathComponent("wl-copy"), atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("wl-copy").path)
            let out = box.home.appendingPathComponent("clip").path
            let result = try box.run(
                ["copy", "--current"], environment: ["PATH": bin.path + ":/usr/bin:/bin", "WAYLAND_DISPLAY": "w", "CLIP_OUT": out])
            #expect(result.status == 0, "\(result)")
            #expect(try String(contentsOfFile: out, encoding: .utf8) == "“\(try box.library().latestPick()!.snapshot.text)”")
        }
    }
}
