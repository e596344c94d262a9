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
    /// A rotation in review mode in the bar: the front of the most overdue card,
    /// `reveal`, `grade`, "no card due" with the next due time, `status --follow`, the feed of
    /// what was reviewed; and every bad input leaving the library as it was.
    @Suite struct ReviewBarTests {
        /// Three cards and a plain citation; the default rotation reviews.
        func library() throws -> Sandbox {
            let box = try Sandbox()
            try box.add("Capital of Australia?", "--back", "Canberra")
            try box.add("2 + 2?", "--back", "4")
            try box.add("Not a card")
            try box.add("Largest planet?", "--back", "Jupiter")
            #expect(try box.run("defaults", "write", "mode", "review").status == 0)
            return box
        }

        func waybar(_ box: Sandbox) throws -> JSONValue { try JSONParser.parse(try box.run("status", "--format", "waybar").stdout) }

        @Test func theBarShowsRevealsAndGradesTheMostOverdueCard() throws {
            let box = try library()
            box.now = "2026-03-02T10:00:00+01:00"
            // New cards come in order of creation (newPerDay allows them).
            #expect(try box.run("status").stdout == "“Capital of Australia?”\n")
            let front = try waybar(box)
            #expect(front["class"] == .array([.string("card"), .string("front")]))
            #expect(try box.run("reveal").stdout == "→ Canberra\n")
            #expect(try waybar(box)["class"] == .array([.string("card"), .string("revealed")]))
            #expect(try box.run("status").stdout == "→ Canberra\n")
            let graded = try box.run("grade", "good")
            #expect(
                graded.status == 0 && graded.stdout == "Graded citation 1 good: due again in 10m (2026-03-02 10:10).\n“2 + 2?”\n",
                "\(graded)")
            // A second grade at once (a scroll fires several events) answers nothing: the next card
            // was not revealed.
            let burst = try box.run("grade", "good")
            #expect(burst.status == 0 && burst.stdout.isEmpty, "\(burst)")
            #expect(
                burst.stderr
                    == "citefeed: note: citation 2 was not revealed yet, so it was not graded; 'citefeed reveal' shows its back first.\n")
            #expect(try box.library().reviews(of: 2).isEmpty)
            #expect(try box.run("reveal").status == 0)
            #expect(try box.run("grade", "e").status == 0)  // card 2 easy: days away
            #expect(try box.run("reveal").status == 0)
            #expect(try box.run("grade", "4").status == 0)  // card 4 easy
            // Nothing due until card 1's 10 minutes are over: the bar says when.
            let done = try waybar(box)
            #expect(done["class"] == .array([.string("done")]) && done["text"]?.stringValue == "No card due — the next at 2026-03-02 10:10")
            expectFailure(try box.run("reveal"), status: .notFound, containing: "No card is shown")
            // At 10:10 card 1 is due again; at 10:30 it is the most overdue.
            box.now = "2026-03-02T10:30:00+01:00"
            #expect(try box.run("status").stdout == "“Capital of Australia?”\n")
            // The feed of a review rotation lists what was reviewed, newest first.
            let feed = try JSONParser.parse(try box.output("feed.json"))
            let titles = (feed["items"]?.arrayValue ?? []).compactMap { $0["content_text"]?.stringValue }
            #expect(titles.count == 3 && titles.allSatisfy { $0.contains("?") }, "\(titles)")
            #expect(try box.output("status.txt") == "“Capital of Australia?”\n")
        }

        /// newPerDay limits the new cards a study day brings; the next day brings more.
        @Test func newCardsPerDay() throws {
            let box = try library()
            #expect(try box.run("defaults", "write", "newPerDay", "1").status == 0)
            box.now = "2026-03-02T10:00:00+01:00"
            #expect(try box.run("reveal").status == 0)
            #expect(try box.run("grade", "easy").status == 0)
            #expect(try waybar(box)["class"] == .array([.string("done")]))
            box.now = "2026-03-03T05:00:00+01:00"
            #expect(try box.run("status").stdout == "“2 + 2?”\n")
        }

        @Test func badInputsChangeNothing() throws {
            let box = try library()
            box.now = "2026-03-02T10:00:00+01:00"
            #expect(try box.run("status").status == 0)
            var before = try box.state()
            expectFailure(try box.run("grade", "maybe"), status: .usage, containing: "Unknown grade \"maybe\"")
            expectFailure(try box.run("grade"), status: .usage, containing: "grade")
            expectFailure(try box.run("next"), status: .usage, containing: "reviews cards")
            #expect(try box.state() == before)
            // A card archived meanwhile (behind citefeed's back, so the bar still shows it).
            let db = try Database(path: box.libraryPath)
            try db.execute("UPDATE citations SET archived_at = 1772442000 WHERE id = 1")
            before = try box.state()
            expectFailure(try box.run("grade", "good"), status: .usage, containing: "Citation 1 is archived")
            #expect(try box.state() == before)
            // Another rotation that rotates refuses reveal and grade.
            #expect(try box.run("rotation", "add", "quotes").status == 0)
            #expect(try box.run("defaults", "write", "mode", "rotate", "--rotation", "quotes").status == 0)
            before = try box.state()
            expectFailure(try box.run("grade", "good", "--rotation", "quotes"), status: .usage, containing: "rotates citations")
            expectFailure(try box.run("reveal", "--rotation", "quotes"), status: .usage, containing: "rotates citations")
            #expect(try box.state() == before)
        }

        /// The study settings refuse bad values on the command line and in the file (exit 64, the
        /// file, key and value named), and change nothing.
        @Test func badStudySettingsChangeNothing() throws {
            let box = try library()
            box.now = "2026-03-02T10:00:00+01:00"
            #expect(try box.run("status").status == 0)
            let before = try box.state()
            for (words, message) in [
                (["mode", "quiz"], "use rotate or review"), (["desiredRetention", "0.99"], "use a number from 0.70 to 0.97"),
                (["newPerDay", "-3"], "use a number from 0 to 9999"), (["learningSteps", "2d"], "a step is from 1m to 1d"),
                (["maximumInterval", "0"], "use a number from 1 to 36500"), (["dayStartsAt", "25:00"], "use a time of day"),
            ] {
                expectFailure(try box.run(["defaults", "write"] + words), status: .usage, containing: message)
                #expect(try box.state() == before, "\(words)")
            }
            let path = box.home.appendingPathComponent("settings.json").path
            for (text, message) in [
                (#"{"mode": "quiz"}"#, "\(path): setting \"mode\" has the invalid value \"quiz\""),
                (#"{"desiredRetention": "high"}"#, "setting \"desiredRetention\" has the invalid value \"high\""),
                (#"{"relearningSteps": ["0m"]}"#, "setting \"relearningSteps\" has the invalid value [\"0m\"]"),
            ] {
                try box.writeSettings(text)
                let state = try box.state()
                expectFailure(try box.run("grade", "good"), status: .usage, containing: message)
                #expect(try box.state() == state)
            }
        }

        @Test func followShowsEachAnswer() throws {
            let box = try library()
            box.now = "2026-03-02T10:00:00+01:00"
            #expect(try box.run("status").status == 0)
            let follower = try Follower(box)
            #expect(follower.lines(atLeast: 1) == ["“Capital of Australia?”"])
            #expect(try box.run("reveal").status == 0)
            #expect(follower.lines(atLeast: 2).last == "→ Canberra")
            #expect(try box.run("grade", "good").status == 0)
            #expect(follower.lines(atLeast: 3).last == "“2 + 2?”")
        }

        /// contrib/waybar/review.jsonc: each command line runs.
        @Test func theContribModuleRuns() throws {
            let box = try library()
            box.separateProcess = true
            #expect(try box.run("rotation", "add", "cards").status == 0)
            #expect(try box.run("defaults", "write", "mode", "review", "--rotation", "cards").status == 0)
            let text = try String(contentsOf: packageRoot.appendingPathComponent("contrib/waybar/review.jsonc"), encoding: .utf8)
            let module = try #require(try JSONParser.parse(EndToEnd.ContribTests.stripComments(text))["custom/cards"])
            box.now = "2026-03-02T10:00:00+01:00"
            // Each grade after a click that reveals; the extra scroll answers nothing.
            for key in [
                "on-click", "on-scroll-up", "on-scroll-up", "on-click", "on-scroll-down", "on-click", "on-click-middle", "on-click",
                "on-click-right",
            ] {
                let words = EndToEnd.ContribTests.words(try #require(module[key]?.stringValue))
                let r = try Sandbox.execute(words[0], Array(words.dropFirst()), stdin: Data(), environment: box.environment)
                #expect(r.status == 0 || r.stderr.contains("No card is shown"), "\(key): \(r)")
            }
            #expect(try box.library().reviews(of: 1).count + box.library().reviews(of: 2).count + box.library().reviews(of: 4).count >= 3)
            let exec = EndToEnd.ContribTests.words(try #require(module["exec"]?.stringValue))
            let first = try Sandbox.execute("/usr/bin/timeout", ["-s", "KILL", "3"] + exec, stdin: Data(), environment: box.environment)
            #expect(try JSONParser.parse(String(first.stdout.split(separator: "\n").first ?? ""))["class"] != nil)
        }
    }
}

extension EndToEnd.ReviewBarTests {
    /// A card answered elsewhere (in study) is not graded again from a stale bar; study
    /// moves the bar on; rotate --out writes there; undo refuses once the card was answered again.
    @Test func answersElsewhereKeepTheBarRight() throws {
        let box = try library()
        box.now = "2026-03-02T10:00:00+01:00"
        #expect(try box.run("status").stdout == "“Capital of Australia?”\n")
        let first = try StudyService(
            library: try box.library(), settings: try SettingsFile(path: box.settingsPath).load().settings,
            now: Timestamp(rfc3339: box.now)!
        ).grade(1, .good)
        let before = try box.library().reviews(of: 1).count
        expectFailure(try box.run("grade", "easy"), status: .usage, containing: "Citation 1 was answered since the bar showed it")
        #expect(try box.library().reviews(of: 1).count == before)
        #expect(try box.run("status").stdout == "“2 + 2?”\n")
        // study on a terminal moves the bar on after each answer.
        let studied = try Sandbox.execute(
            "/usr/bin/script", ["-qec", "\(Sandbox.binary.path) study", "/dev/null"], stdin: Data(" 4q".utf8), environment: box.environment)
        #expect(studied.status == 0, "\(studied)")
        #expect(try box.run("status").stdout == "“Largest planet?”\n")
        // rotate --out writes the review bar's files there.
        let out = box.home.appendingPathComponent("elsewhere")
        #expect(try box.run("rotate", "--out", out.path).status == 0)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("status.txt").path))
        // Undo of an answer that is no longer its card's newest is refused.
        let service = StudyService(library: try box.library(), settings: Settings(), now: Timestamp(rfc3339: "2026-03-02T10:20:00+01:00")!)
        try service.grade(1, .good)
        #expect(throws: StoreError.self) { try service.undo(first.reviewID) }
    }
}
