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

/// `stats` over a multi-day history with a fixed clock.
@Suite struct StatsTests {
    @Test func statsFollowAWeekOfStudy() throws {
        let box = try Sandbox()
        for n in 1...3 { try box.add("Q\(n)", "--back", "A\(n)") }
        try box.add("Plain")
        try box.add("Q5", "--back", "A5")
        #expect(try box.run("archive", "5").status == 0)
        func grade(_ id: Int64, _ g: Grade, _ time: String) throws {
            try StudyService(library: try box.library(), settings: Settings(), now: Timestamp(rfc3339: time)!).grade(id, g)
        }
        func stats(_ time: String) throws -> JSONValue {
            box.now = time
            let r = try box.run("stats", "--json")
            #expect(r.status == 0 && r.stderr.isEmpty, "\(r)")
            return try JSONParser.parse(r.stdout)
        }
        let empty = try stats("2026-03-02T09:00:00+01:00")
        #expect(empty["cards"]?["new"]?.intValue == 3 && empty["cards"]?["suspended"]?.intValue == 1 && empty["streak"]?.intValue == 0)
        // Day 1 (Monday): card 1 easy (review, due in 8 days), card 2 good twice (review), card 3 again (learning).
        try grade(1, .easy, "2026-03-02T10:00:00+01:00")
        try grade(2, .good, "2026-03-02T10:00:00+01:00")
        try grade(2, .good, "2026-03-02T10:10:00+01:00")
        try grade(3, .again, "2026-03-02T10:20:00+01:00")
        let day1 = try stats("2026-03-02T22:00:00+01:00")
        #expect(
            day1["cards"]?["new"]?.intValue == 0 && day1["cards"]?["review"]?.intValue == 2 && day1["cards"]?["learning"]?.intValue == 1)
        #expect(day1["streak"]?.intValue == 1)
        let today = day1["periods"]?.arrayValue?.first
        #expect(today?["answers"]?.intValue == 4 && today?["reviewAnswers"]?.intValue == 0 && today?["retention"] == .null)
        // Card 3 (learning, due at 10:21) is due today; card 2's interval is days away.
        #expect(day1["dueToday"]?.intValue == 1)
        // Before 04:00 the next morning it is still the same study day.
        #expect(try stats("2026-03-03T03:59:00+01:00")["periods"]?.arrayValue?.first?["answers"]?.intValue == 4)
        #expect(try stats("2026-03-03T04:00:00+01:00")["periods"]?.arrayValue?.first?["answers"]?.intValue == 0)
        // Day 2: one answer. Day 3: none. Day 4 and 5: answers.
        try grade(3, .good, "2026-03-03T10:00:00+01:00")
        try grade(3, .good, "2026-03-05T10:00:00+01:00")
        let card2 = try #require(try box.library().card(of: 2, now: Timestamp(rfc3339: "2026-03-06T10:00:00+01:00")!))
        let card1 = try #require(try box.library().card(of: 1, now: Timestamp(rfc3339: "2026-03-06T10:00:00+01:00")!))
        #expect(card1.card.state == .review && card2.card.state == .review)
        try grade(1, .again, "2026-03-06T10:00:00+01:00")
        try grade(2, .good, "2026-03-06T10:05:00+01:00")
        let day5 = try stats("2026-03-06T20:00:00+01:00")
        #expect(day5["streak"]?.intValue == 2)
        let periods = day5["periods"]?.arrayValue ?? []
        #expect(periods.map { $0["answers"]?.intValue } == [2, 8, 8])
        #expect(
            periods[0]["reviewAnswers"]?.intValue == 2 && periods[0]["recalled"]?.intValue == 1 && periods[0]["retention"] == .double(0.5))
        // The next day without answers yet: the streak still stands; a day later it is gone.
        #expect(try stats("2026-03-07T12:00:00+01:00")["streak"]?.intValue == 2)
        #expect(try stats("2026-03-08T12:00:00+01:00")["streak"]?.intValue == 0)
        // Due in the next 7 days counts what falls before the end of the 7th study day.
        let library = try box.library()
        let now = Timestamp(rfc3339: "2026-03-08T12:00:00+01:00")!
        let weekEnd = Timestamp(rfc3339: "2026-03-15T04:00:00+01:00")!
        let expected = try [Int64(1), 2, 3].filter { id in
            let c = try library.card(of: id, now: now)!.card
            return c.state != .new && c.due < weekEnd
        }.count
        #expect(try stats("2026-03-08T12:00:00+01:00")["dueNext7Days"]?.intValue == Int64(expected))
        // The text form.
        box.now = "2026-03-06T20:00:00+01:00"
        let text = try box.run("stats").stdout
        #expect(text.contains("today       2 answers, retention 50% of 2\n") && text.contains("streak      2 days\n"), "\(text)")
    }
}
