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
    /// `study` with spaced repetition on a real terminal (script(1)): the
    /// counts, the front, the back with each grade's interval, grading, undo, and the end.
    @Suite struct StudyTerminalTests {
        func onTerminal(_ box: Sandbox, _ command: String, input: String) throws -> RunResult {
            try Sandbox.execute(
                "/usr/bin/script", ["-qec", "\(Sandbox.binary.path) \(command)", "/dev/null"], stdin: Data(input.utf8),
                environment: box.environment)
        }

        /// The screens, colour codes left out.
        func screens(_ result: RunResult) -> [String] {
            result.stdout.replacing("\r\n", with: "\n").split(separator: "\u{1B}[H\u{1B}[2J").map {
                String($0).replacing(/\u{1B}\[[0-9;]*m/, with: "")
            }
        }

        @Test func gradesSchedulesAndStopsWhenNothingIsDue() throws {
            let box = try Sandbox()
            try box.add("Capital of Australia?", "--back", "Canberra")
            try box.add("Largest planet?", "--back", "Jupiter")
            try box.add("Not a card")
            box.now = "2026-03-02T10:00:00+01:00"
            let result = try onTerminal(box, "study", input: " 3 e")
            #expect(result.status == 0, "\(result)")
            let s = screens(result)
            #expect(s.count == 5, "\(s)")
            #expect(s[1].contains("2 new · 0 learning · 0 due") && s[1].contains("Capital of Australia?") && !s[1].contains("Canberra"))
            #expect(s[2].contains("Canberra") && s[2].contains("1 again 1m   2 hard 6m   3 good 10m   4 easy 8d"), "\(s[2])")
            #expect(s[3].contains("1 new · 0 learning · 0 due") && s[3].contains("Largest planet?"))
            #expect(s[4].contains("Jupiter"))
            #expect(result.stdout.contains("No more cards for now (2 answers); the next is due 2026-03-02 10:10."), "\(result.stdout)")
            let library = try box.library()
            let now = Timestamp(rfc3339: "2026-03-02T10:00:00+01:00")!
            #expect(try library.card(of: 1, now: now)?.card.state == .learning && library.card(of: 2, now: now)?.card.state == .review)
            // Ten minutes later the learning card is due again, before anything new.
            box.now = "2026-03-02T10:10:00+01:00"
            let later = try onTerminal(box, "study", input: "q")
            #expect(
                screens(later)[1].contains("0 new · 1 learning · 0 due") && screens(later)[1].contains("Capital of Australia?"),
                "\(later.stdout)")
            #expect(later.stdout.contains("Stopped after 0 answers."))
        }

        /// With newPerDay 0 (or used up), the end says how many new cards wait (instead of saying
        /// only "No more cards").
        @Test func theEndSaysHowManyNewCardsWait() throws {
            let box = try Sandbox()
            try box.add("Q1", "--back", "A1")
            try box.add("Q2", "--back", "A2")
            #expect(try box.run("defaults", "write", "newPerDay", "0").status == 0)
            let result = try onTerminal(box, "study", input: "")
            #expect(
                result.stdout.contains(
                    "No more cards for now (0 answers); none is scheduled. 2 new cards wait: newPerDay is 0 ('citefeed defaults write newPerDay 20' starts some each day)."
                ), "\(result.stdout)")
            #expect(try box.run("defaults", "write", "newPerDay", "1").status == 0)
            let one = try onTerminal(box, "study", input: " 4")
            #expect(one.stdout.contains("1 new card waits: newPerDay is 1 a day."), "\(one.stdout)")
        }

        @Test func undoTakesTheAnswerBackAndShowsTheCardAgain() throws {
            let box = try Sandbox()
            try box.add("Q1", "--back", "A1")
            try box.add("Q2", "--back", "A2")
            box.now = "2026-03-02T10:00:00+01:00"
            let result = try onTerminal(box, "study", input: " 4u 1q")
            #expect(result.status == 0, "\(result)")
            let s = screens(result)
            #expect(s.last?.contains("Q1") == true || s.dropLast().last?.contains("Q1") == true)
            #expect(result.stdout.contains("Took back the last answer."))
            let library = try box.library()
            let card = try #require(try library.card(of: 1, now: Timestamp(rfc3339: "2026-03-02T10:00:00+01:00")!))
            #expect(card.card.state == .learning && card.reps == 1)
            #expect(try library.reviews(of: 1).map(\.grade) == [.again])
            // A grade before the back is shown is not taken.
            let early = try onTerminal(box, "study", input: "3q")
            #expect(early.stdout.contains("Look at the back first: space."))
            #expect(try box.library().reviews(of: 1).count + box.library().reviews(of: 2).count == 1)
        }
    }
}

extension EndToEnd {
    /// A review rotation shows only the cards its filters let through,
    /// and `study --tag`, `--favourites` and `--rotation` review a deck.
    @Suite struct DeckTests {
        /// A Greek card first (it would come first by age), then a Latin one that every filter
        /// below lets through and the Greek one does not.
        func library() throws -> Sandbox {
            let box = try Sandbox()
            try box.add("Greek: ἀλήθεια?", "--back", "truth", "--tag", "greek", "--author", "Plato", "--source", "Athens")
            try box.add(
                "Latin: veritas, a longer question than the other one?", "--back", "truth", "--tag", "latin", "--author", "Cicero",
                "--source",
                "Rome")
            #expect(try box.run("fav", "2").status == 0)
            #expect(try box.run("rotation", "add", "l").status == 0)
            #expect(try box.run("defaults", "write", "mode", "review", "--rotation", "l").status == 0)
            box.now = "2026-03-02T10:00:00+01:00"
            return box
        }

        @Test(arguments: [
            ["tags", "latin"], ["excludeTags", "greek"], ["authors", "Cicero"], ["sources", "Rome"], ["search", "veritas"],
            ["favouritesOnly", "yes"], ["minLength", "30"], ["weights", "tag:greek=0"],
        ])
        func aReviewRotationShowsOnlyTheCardsItsFiltersLetThrough(_ setting: [String]) throws {
            let box = try library()
            #expect(try box.run(["defaults", "write"] + setting + ["--rotation", "l"]).status == 0)
            #expect(try box.run("status", "--rotation", "l").stdout.hasPrefix("“Latin"), "\(setting)")
            #expect(try box.run("reveal", "--rotation", "l").status == 0)
            #expect(try box.run("grade", "again", "--rotation", "l").status == 0)
            // Only the Latin card was answered; the Greek one is not shown once the Latin one is done.
            #expect(try box.library().reviews(of: 2).count == 1 && box.library().reviews(of: 1).isEmpty)
            let waybar = try JSONParser.parse(try box.run("status", "--rotation", "l", "--format", "waybar").stdout)
            #expect(waybar["class"] == .array([.string("done")]), "\(setting): \(waybar)")
            // The default rotation (no filters) would show the Greek card.
            #expect(try box.run("defaults", "write", "mode", "review").status == 0)
            #expect(try box.run("status").stdout.hasPrefix("“Greek"))
        }

        @Test func listDueAndStudyTakeTheRotationsDeck() throws {
            let box = try library()
            #expect(try box.run("defaults", "write", "tags", "latin", "--rotation", "l").status == 0)
            let settings = Settings()
            for id in [Int64(1), 2] {
                try StudyService(library: try box.library(), settings: settings, now: Timestamp(rfc3339: box.now)!).grade(id, .again)
            }
            box.now = "2026-03-02T10:30:00+01:00"
            #expect(try box.run("list", "--due").stdout.split(separator: "\n").count == 3)  // header and both
            let due = try box.run("list", "--due", "--rotation", "l")
            #expect(due.stdout.contains("Latin") && !due.stdout.contains("Greek"), "\(due)")
            // study --rotation l: its top line counts the deck's one learning card, and shows it.
            let terminal = EndToEnd.StudyTerminalTests()
            let study = terminal.screens(try terminal.onTerminal(box, "study --rotation l", input: "q")).joined()
            #expect(study.contains("0 new · 1 learning · 0 due") && study.contains("Latin") && !study.contains("Greek"), "\(study)")
            let tagged = terminal.screens(try terminal.onTerminal(box, "study --tag greek", input: "q")).joined()
            #expect(tagged.contains("0 new · 1 learning · 0 due") && tagged.contains("Greek") && !tagged.contains("Latin"), "\(tagged)")
            let favourites = terminal.screens(try terminal.onTerminal(box, "study --favourites", input: "q")).joined()
            #expect(favourites.contains("Latin") && !favourites.contains("Greek"), "\(favourites)")
        }
    }
}
