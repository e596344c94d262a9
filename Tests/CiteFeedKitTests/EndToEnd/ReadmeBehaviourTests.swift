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
    /// What the README promises about the settings and commands, each run as a user would: the
    /// settings' effect on `rotate`, the starter set, `open --current`, `study`'s defaults, and
    /// `status --follow` across a slot change. Most run in-process (`runInProcess`); those that
    /// need a process of their own (a terminal, a follower, several at once) run the binary.
    @Suite struct ReadmeBehaviourTests {
        /// `count` citations, added in-process.
        func library(_ texts: [String]) throws -> Sandbox {
            let box = try Sandbox()
            for text in texts { #expect(box.runInProcess("add", text).status == 0) }
            return box
        }

        /// `rotate` at each of `hours` hours after 2026-03-01T00:30Z.
        func rotate(_ box: Sandbox, hours: Range<Int>) {
            for hour in hours {
                box.now = Timestamp(seconds: Timestamp(rfc3339: "2026-03-01T00:30:00Z")!.seconds + Int64(hour) * 3600).rfc3339UTC
                let result = box.runInProcess("rotate")
                #expect(result.status == 0, "\(result)")
            }
        }

        func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

        @Test func feedItemsTrimsEveryFeedButNotTheHistory() throws {
            let box = try library(["One", "Two", "Three"])
            #expect(box.runInProcess("defaults", "write", "feedItems", "2").status == 0)
            rotate(box, hours: 0..<5)
            #expect(count("<item>", in: try box.output("feed.xml")) == 2)
            #expect(count("<entry>", in: try box.output("feed.atom")) == 2)
            #expect(try JSONParser.parse(try box.output("feed.json"))["items"]?.arrayValue?.count == 2)
            #expect(count("<blockquote>", in: try box.output("index.html")) == 2)
            #expect(try box.library().recentPicks(limit: 100).count == 5)
            // The two newest picks, newest first.
            let picks = try box.library().recentPicks(limit: 2)
            let titles = try JSONParser.parse(try box.output("feed.json"))["items"]!.arrayValue!.map { $0["title"]!.stringValue! }
            #expect(titles == picks.map(\.snapshot.text))
        }

        @Test func maxLengthLeavesLongCitationsOutOfTheRotation() throws {
            let box = try library(["Short one", String(repeating: "A long citation. ", count: 10)])
            #expect(box.runInProcess("defaults", "write", "maxLength", "20").status == 0)
            rotate(box, hours: 0..<4)
            #expect(try box.library().recentPicks(limit: 10).map(\.snapshot.text) == Array(repeating: "Short one", count: 4))
            let upcoming = try JSONParser.parse(box.runInProcess("upcoming", "3", "--json").stdout).arrayValue ?? []
            #expect(upcoming.map { $0["citation"]!["text"]!.stringValue! } == Array(repeating: "Short one", count: 3))
            // With nothing short enough, rotate says why on stderr and exits 0.
            #expect(box.runInProcess("defaults", "write", "maxLength", "5").status == 0)
            box.now = "2026-03-01T10:30:00Z"
            let result = box.runInProcess("rotate")
            #expect(result.status == 0)
            #expect(result.stderr.contains("nothing to show: no citation is eligible under the settings (maxLength 5;"), "\(result)")
        }

        @Test func statusWidthCutsTheStatusFiles() throws {
            let box = try library(["Words that go on well past twelve columns"])
            #expect(box.runInProcess("defaults", "write", "statusWidth", "12").status == 0)
            rotate(box, hours: 0..<1)
            let line = try box.output("status.txt")
            #expect(line == "“Words that…\n")
            #expect(TextWidth.columns(of: line.dropLast()) <= 12)
            let waybar = try JSONParser.parse(try box.output("status.json"))
            #expect(waybar["text"] == .string("“Words that…"))
            #expect(box.runInProcess("status").stdout == line)
        }

        @Test func outputDirectoryMovesTheOutputs() throws {
            let box = try library(["Somewhere else"])
            let elsewhere = box.home.appendingPathComponent("public/quotes")
            #expect(box.runInProcess("defaults", "write", "outputDirectory", elsewhere.path).status == 0)
            box.now = "2026-03-01T00:30:00Z"
            let result = box.runInProcess("rotate")
            #expect(result.status == 0)
            #expect(
                result.stdout.hasPrefix("Wrote feed.xml feed.atom feed.json index.html status.txt status.json to \(elsewhere.path).\n"),
                "\(result)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).sorted()
                    == (OutputSet.names + [OutputManifest.name]).sorted())
            #expect(!FileManager.default.fileExists(atPath: box.feeds.path))
            // The feeds' base URL is the directory's file:// address.
            #expect(
                try String(contentsOf: elsewhere.appendingPathComponent("feed.xml"), encoding: .utf8).contains(
                    "<link>file://\(elsewhere.path)/index.html</link>"))
        }

        @Test func favouriteWeightThroughTheCommandLine() throws {
            let plain = ["Plain one", "Plain two", "Plain three", "Plain four"]
            let box = try library(plain)
            #expect(box.runInProcess("add", "The favourite", "--favourite").status == 0)
            #expect(box.runInProcess("defaults", "write", "favouriteWeight", "3").status == 0)
            // A cycle shows each plain citation once and the favourite three times: 7 slots.
            rotate(box, hours: 0..<21)
            let picks = Array(try box.library().recentPicks(limit: 100).reversed())
            let cycles = Dictionary(grouping: picks, by: \.cycle).values.map { $0.map(\.snapshot.text) }
            #expect(cycles.count == 3)
            for cycle in cycles {
                #expect(cycle.count == 7 && cycle.filter { $0 == "The favourite" }.count == 3, "\(cycle)")
                #expect(cycle.filter { $0 != "The favourite" }.sorted() == plain.sorted(), "\(cycle)")
            }
            let shown = picks.map(\.snapshot.text)
            for (a, b) in zip(shown, shown.dropFirst()) { #expect(a != b, "\(shown)") }
        }

        /// Weights that leave no order without a repeat (a favourite three times among two others,
        /// right after it ended the last cycle): the cycle ends early instead, as the README says.
        @Test func anImpossibleWeightEndsTheCycleEarlyRatherThanRepeat() throws {
            let box = try library(["Plain one", "Plain two"])
            #expect(box.runInProcess("add", "The favourite", "--favourite").status == 0)
            #expect(box.runInProcess("defaults", "write", "favouriteWeight", "3").status == 0)
            rotate(box, hours: 0..<10)
            let picks = Array(try box.library().recentPicks(limit: 100).reversed())
            let shown = picks.map(\.snapshot.text)
            for (a, b) in zip(shown, shown.dropFirst()) { #expect(a != b, "\(shown)") }
            for cycle in Dictionary(grouping: picks, by: \.cycle).values.map({ $0.map(\.snapshot.text) }) {
                #expect(cycle.filter { $0 == "The favourite" }.count <= 3, "\(cycle)")
                #expect(cycle.filter { $0 == "Plain one" }.count <= 1 && cycle.filter { $0 == "Plain two" }.count <= 1, "\(cycle)")
            }
            #expect(shown.filter { $0 == "The favourite" }.count >= 5, "\(shown)")
        }

        @Test func feedsKeepTheirItemsWhenNothingIsEligible() throws {
            let box = try library(["One", "Two"])
            rotate(box, hours: 0..<2)
            let feedsBefore = try ["feed.xml", "feed.atom", "feed.json", "index.html"].map { try box.outputBytes($0) }
            #expect(box.runInProcess("archive", "1", "2").status == 0)
            box.now = "2026-03-01T05:30:00Z"
            let result = box.runInProcess("rotate")
            #expect(result.status == 0 && result.stderr.contains("nothing to show"), "\(result)")
            #expect(try ["feed.xml", "feed.atom", "feed.json", "index.html"].map { try box.outputBytes($0) } == feedsBefore)
            #expect(try box.output("status.txt") == StatusRenderer.emptyLine + "\n")
            #expect(box.runInProcess("status").stdout == StatusRenderer.emptyLine + "\n")
        }

        /// A new user's first `rotate`, `status` or `upcoming` fills the starter set and uses it.
        @Test(arguments: [["rotate"], ["status"], ["upcoming", "--json"]])
        func theStarterSetOnAFirstRun(arguments: [String]) throws {
            let box = try Sandbox()
            let result = box.runInProcess(arguments)
            #expect(result.status == 0 && !result.stdout.isEmpty, "\(result)")
            let citations = try box.library().citations(CitationQuery())
            #expect(citations.count == StarterSet.citations.count)
            #expect(Set(citations.map(\.text)) == Set(StarterSet.citations.map(\.text)))
            if arguments[0] == "upcoming" {
                let texts = try JSONParser.parse(result.stdout).arrayValue!.map { $0["citation"]!["text"]!.stringValue! }
                #expect(texts.count == 10 && texts.allSatisfy { t in StarterSet.citations.contains { $0.text == t } })
            } else {
                let shown = try #require(try box.library().latestPick()).snapshot.text
                #expect(StarterSet.citations.contains { $0.text == shown })
                // What was printed is the status line of that pick, as in status.txt.
                #expect(result.stdout.hasSuffix(try box.output("status.txt")), "\(result)")
            }
            // Once only: a second run adds nothing.
            #expect(box.runInProcess(arguments).status == 0)
            #expect(try box.library().citations(CitationQuery()).count == StarterSet.citations.count)
        }

        /// `open --current` opens the shown citation's address with xdg-open (a stand-in on PATH
        /// that records its arguments), and refuses one without an address.
        @Test func openCurrentOpensTheShownSource() throws {
            let box = try Sandbox()
            try box.add("With an address", "--source", "https://example.org/a?b=1&c=d")
            try box.rotate(at: box.now)
            let bin = box.home.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            let record = box.home.appendingPathComponent("opened")
            let opener = bin.appendingPathComponent("xdg-open")
            try Data("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(record.path)'\n".utf8).write(to: opener)
            chmod(opener.path, 0o755)
            let result = try box.run(["open", "--current"], environment: ["PATH": bin.path + ":/usr/bin:/bin"])
            #expect(result.status == 0 && result.stdout == "Opened https://example.org/a?b=1&c=d\n", "\(result)")
            #expect(try String(contentsOf: record, encoding: .utf8) == "https://example.org/a?b=1&c=d\n")
            // The shown citation without an address: exit 65, and the opener is not run.
            try FileManager.default.removeItem(at: record)
            #expect(try box.run("edit", "1", "--source", "").status == 0)
            let none = try box.run(["open", "--current"], environment: ["PATH": bin.path + ":/usr/bin:/bin"])
            expectFailure(none, status: .dataError, containing: "Citation 1 has no web address to open: it has no source.")
            #expect(!FileManager.default.fileExists(atPath: record.path))
        }

        /// `study --cram` without `--order` shows every active card once per round, in some order, and
        /// never an archived one.
        @Test func studyShufflesByDefaultAndLeavesArchivedCardsOut() throws {
            let box = try Sandbox()
            let texts = ["Alpha card", "Bravo card", "Charlie card", "Delta card", "Echo card"]
            for text in texts { try box.add(text) }
            let archived = try box.add("Archived card")
            #expect(try box.run("archive", String(archived)).status == 0)
            let result = try Sandbox.execute(
                "/usr/bin/script", ["-qec", "\(Sandbox.binary.path) study --cram", "/dev/null"], stdin: Data("nnnnq".utf8),
                environment: box.environment)
            #expect(result.status == 0, "\(result)")
            let screens = result.stdout.replacing("\r\n", with: "\n").split(separator: "\u{1B}[H\u{1B}[2J").map(String.init)
            let shown = screens.compactMap { screen in texts.first { screen.contains($0) } }
            #expect(shown.count == 5 && Set(shown) == Set(texts), "\(shown)")
            #expect(!result.stdout.contains("Archived card"))
            #expect(result.stdout.contains("Card 5 of 5"))
        }

        /// `status --follow` prints the new slot's pick when the slot changes, by itself (its clock
        /// starts two seconds before the end of the slot and runs: `CITEFEED_NOW_RUNS`).
        @Test func followPrintsTheNextSlotsPick() throws {
            let box = try Sandbox()
            try box.add("first")
            try box.add("second")
            box.now = "2026-03-01T09:59:58+01:00"
            try box.rotate(at: box.now)
            let before = try box.library().latestPick()!
            let follower = try Follower(box, environment: ["CITEFEED_NOW_RUNS": "1"], timeout: 60)
            let lines = follower.lines(atLeast: 2)
            #expect(lines.count == 2 && lines[0] != lines[1], "\(lines)")
            let after = try #require(try box.library().latestPick())
            #expect(after.id != before.id && after.slot.start == Timestamp(rfc3339: "2026-03-01T10:00:00+01:00"))
            #expect(lines.last == "“\(after.snapshot.text)”")
        }

        /// `rotate`, `status` and `next` started together, again and again: each slot gets exactly
        /// one pick, `next` adds one, and what `status` says afterwards is the newest pick.
        @Test func rotateStatusAndNextAtOnce() async throws {
            let box = try Sandbox()
            for text in ["One", "Two", "Three", "Four"] { try box.add(text) }
            for round in 0..<5 {
                var changed = box.environment
                changed["CITEFEED_NOW"] = "2026-03-01T1\(round):30:00+01:00"
                let environment = changed
                let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
                    for arguments in [["rotate"], ["status"], ["next"]] {
                        group.addTask {
                            try Sandbox.execute(Sandbox.binary.path, arguments, stdin: Data(), environment: environment).status
                        }
                    }
                    var all: [Int32] = []
                    for try await status in group { all.append(status) }
                    return all
                }
                #expect(statuses == [0, 0, 0], "round \(round)")
            }
            let picks = try box.library().recentPicks(limit: 100)
            // Per round: the slot's pick and the pick of `next` (which may come first, and then
            // is the slot's: rotate and status keep it).
            #expect(picks.count >= 5 && picks.count <= 10, "\(picks.count)")
            for round in 0..<5 {
                let start = Timestamp(rfc3339: "2026-03-01T1\(round):00:00+01:00")!
                let inSlot = picks.filter { $0.slot.start == start }
                #expect(inSlot.count >= 1 && inSlot.count <= 2, "round \(round): \(inSlot.count)")
                #expect(inSlot.filter { $0.reason == .rotate }.count <= 1)
            }
            box.now = "2026-03-01T14:30:00+01:00"
            let newest = try #require(picks.first)
            #expect(try box.status().stdout == "“\(newest.snapshot.text)”\n")
            #expect(try box.library().integrityCheck() == "ok")
        }
    }
}
