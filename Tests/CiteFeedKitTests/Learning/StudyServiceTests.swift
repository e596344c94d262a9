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

/// Which citations are cards, their scheduling kept in the library
/// through grading, undo, edits, archiving and deletion, over whole multi-day histories with a
/// fixed clock.
@Suite struct StudyServiceTests {
    func study(_ box: Sandbox, at time: String, settings: Settings = Settings()) throws -> StudyService {
        StudyService(library: try box.library(), settings: settings, now: Timestamp(rfc3339: time)!)
    }

    @Test func whichCitationsAreCards() throws {
        let box = try Sandbox()
        try box.add("Q1", "--back", "A1")
        try box.add("Plain")
        try box.add("Q3", "--back", "A3")
        func cards() throws -> [Int64] {
            (try JSONParser.parse(try box.run("list", "--cards", "--json").stdout).arrayValue ?? []).compactMap { $0["id"]?.intValue }
                .sorted()
        }
        #expect(try cards() == [1, 3])
        #expect(try box.run("card", "2").stdout == "Made a card of citation 2.\n")
        #expect(try box.run("uncard", "3").stdout == "No longer a card: citation 3.\n")
        #expect(try cards() == [1, 2])
        #expect(try box.run("card", "1", "2").stdout == "Citations 1 2 were already cards.\n")
        // An unknown id changes nothing.
        let before = try box.state()
        expectFailure(try box.run("card", "1", "99"), status: .notFound, containing: "99")
        #expect(try box.state() == before)
        let empty = try Sandbox()
        try empty.add("Plain")
        let none = try empty.run("list", "--cards")
        #expect(none.stdout.isEmpty && none.stderr.contains("No cards yet"))
    }

    /// Day 1: learnt (1m, 10m steps); due again days later; forgotten; relearnt. Every step is
    /// what FSRS says, the log keeps each answer, and list --due and show follow.
    @Test func aWholeHistoryWithAFixedClock() throws {
        let box = try Sandbox()
        try box.add("What is the capital of Australia?", "--back", "Canberra")
        let fsrs = FSRS()
        var expected = CardState(due: Timestamp(rfc3339: "2026-03-02T10:00:00+01:00")!)
        var time = "2026-03-02T10:00:00+01:00"
        for (grade, next) in [(Grade.good, "2026-03-02T10:11:00+01:00"), (.good, "")] {
            let result = try study(box, at: time).grade(1, grade)
            expected = fsrs.review(expected, grade, at: Timestamp(rfc3339: time)!)
            #expect(result.after.card == expected)
            if !next.isEmpty { time = next }
        }
        #expect(expected.state == .review)
        let due = expected.due
        // Not due before its day; due on it (the study day starts at 04:00).
        box.now = "2026-03-03T12:00:00+01:00"
        #expect(try box.run("list", "--due").stderr.contains("No card is due today."))
        let dueDay = Timestamp(seconds: due.seconds - 3600)
        box.now = dueDay.rfc3339UTC
        let listed = try JSONParser.parse(try box.run("list", "--due", "--json").stdout).arrayValue ?? []
        #expect(listed.count == 1)
        // Forgotten in review: relearning, one lapse.
        let forgot = try study(box, at: due.rfc3339UTC).grade(1, .again)
        #expect(forgot.after.card.state == .relearning && forgot.after.lapses == 1 && forgot.after.reps == 3)
        // show --json has its state, stability, difficulty and reviews.
        box.now = due.rfc3339UTC
        let shown = try JSONParser.parse(try box.run("show", "1", "--json").stdout)["card"]
        #expect(shown?["state"]?.stringValue == "relearning" && shown?["reviews"]?.intValue == 3 && shown?["lapses"]?.intValue == 1)
        if case .double(let s)? = shown?["stability"] {
            #expect(abs(s - forgot.after.card.stability!) < 1e-12)
        } else {
            Issue.record("no stability")
        }
        #expect(try box.run("show", "1").stdout.contains("card      relearning, 3 reviews"))
        // The log: three answers, the state before each, whole days since the one before.
        let log = try box.library().reviews(of: 1)
        #expect(log.map(\.grade) == [.good, .good, .again])
        #expect(log.map(\.stateBefore) == [.new, .learning, .review])
        #expect(log.map(\.elapsedDays) == [0, 0, due.days(since: Timestamp(rfc3339: "2026-03-02T10:11:00+01:00")!)])
        // Editing the text does not reset the card.
        #expect(try box.run("edit", "1", "--text", "What is the capital of Australia, the country?").status == 0)
        #expect(try box.library().card(of: 1, now: due)?.card == forgot.after.card)
    }

    @Test func undoPutsTheCardBackExactly() throws {
        let box = try Sandbox()
        try box.add("Q", "--back", "A")
        let first = try study(box, at: "2026-03-02T10:00:00+01:00").grade(1, .good)
        let second = try study(box, at: "2026-03-02T10:01:00+01:00").grade(1, .easy)
        #expect(second.after.card.state == .review)
        let now = Timestamp(rfc3339: "2026-03-02T10:02:00+01:00")!
        #expect(try study(box, at: now.rfc3339UTC).undo(second.reviewID) == 1)
        #expect(try box.library().card(of: 1, now: now) == first.after)
        #expect(try box.library().reviews(of: 1).count == 1)
        #expect(try study(box, at: now.rfc3339UTC).undo(first.reviewID) == 1)
        let fresh = try #require(try box.library().card(of: 1, now: now))
        #expect(fresh.card.state == .new && fresh.reps == 0 && fresh.card.stability == nil)
        #expect(throws: StudyError.nothingToUndo) { try study(box, at: now.rfc3339UTC).undo(first.reviewID) }
    }

    @Test func archivedCardsAreSuspendedAndOtherCitationsAreNotCards() throws {
        let box = try Sandbox()
        try box.add("Q", "--back", "A")
        try box.add("Plain")
        #expect(try box.run("archive", "1").status == 0)
        let before = try box.state()
        #expect(throws: StudyError.suspended(1)) { try study(box, at: "2026-03-02T10:00:00+01:00").grade(1, .good) }
        #expect(throws: StudyError.notACard(2)) { try study(box, at: "2026-03-02T10:00:00+01:00").grade(2, .good) }
        #expect(throws: StoreError.self) { try study(box, at: "2026-03-02T10:00:00+01:00").grade(3, .good) }
        #expect(try box.state() == before)
        #expect(try box.run("show", "1").stdout.contains("card      new, suspended (archived)"))
        // Deleting a citation deletes its card and log.
        #expect(try box.run("restore", "1").status == 0)
        try study(box, at: "2026-03-02T10:00:00+01:00").grade(1, .good)
        #expect(try box.run("delete", "1", "--force").status == 0)
        let library = try box.library()
        #expect(try library.db.scalar("SELECT count(*) FROM reviews") == 0 && library.db.scalar("SELECT count(*) FROM cards") == 0)
    }

    @Test func uncardKeepsTheSchedulingForLater() throws {
        let box = try Sandbox()
        try box.add("Plain")
        #expect(try box.run("card", "1").status == 0)
        let graded = try study(box, at: "2026-03-02T10:00:00+01:00").grade(1, .easy)
        #expect(try box.run("uncard", "1").status == 0)
        #expect(try box.library().card(of: 1, now: graded.after.card.due) == nil)
        #expect(try box.run("card", "1").status == 0)
        #expect(try box.library().card(of: 1, now: graded.after.card.due)?.card == graded.after.card)
    }

    /// The intervals each grade would give, as Anki shows them over the answer buttons.
    @Test func intervalsAsAnkiShowsThem() throws {
        let box = try Sandbox()
        try box.add("Q", "--back", "A")
        let service = try study(box, at: "2026-03-02T10:00:00+01:00")
        let shown = try service.intervals(1).map { Span.approximate(seconds: $0.seconds) }
        #expect(shown == ["1m", "6m", "10m", "8d"], "\(shown)")
        #expect(
            Span.approximate(seconds: 30) == "<1m" && Span.approximate(seconds: 86400 * 45) == "1.5mo"
                && Span.approximate(seconds: 86400 * 730) == "2y"
        )
    }
}
