import Foundation
import Testing

@testable import CiteFeedSupport

/// `stats`' chart of the next 30 days' due cards (in the terminal, and as SVG read by xmllint
/// and drawn by rsvg-convert), the true retention by month against the desired one, and
/// `--simulate R`, on a library whose cards' due times and answers are known.
@Suite struct StatsForecastTests {
    /// Cards due 2 days ago (today's count), tomorrow (two), in 10 days; 30 more in review due
    /// over the next weeks; a new card. Answers to review cards: January 3 (2 recalled),
    /// February 2 (both), and a learning answer in February that is no review.
    static func library() throws -> Sandbox {
        let box = try Sandbox()
        box.now = "2026-03-01T12:00:00+01:00"
        func card(_ n: Int, due: String, log: [(String, Int, String)]) -> String {
            let answers = log.map { #"{"at": "\#($0.0)", "grade": \#($0.1), "stateBefore": "\#($0.2)"}"# }.joined(separator: ", ")
            return #"""
                {"text": "Card \#(n)", "back": "B\#(n)", "card": {"state": "review", "stability": \#(3 + n % 20), "difficulty": 5,
                 "due": "\#(due)", "lastReview": "2026-02-20T12:00:00+01:00", "reviews": \#(log.count), "lapses": 0, "log": [\#(answers)]}}
                """#
        }
        var cards = [
            card(
                1, due: "2026-02-27T12:00:00+01:00",
                log: [("2026-01-10T12:00:00+01:00", 3, "review"), ("2026-01-12T12:00:00+01:00", 1, "review")]),
            card(2, due: "2026-03-02T12:00:00+01:00", log: [("2026-01-20T12:00:00+01:00", 4, "review")]),
            card(
                3, due: "2026-03-02T18:00:00+01:00",
                log: [("2026-02-03T12:00:00+01:00", 3, "review"), ("2026-02-04T12:00:00+01:00", 3, "learning")]),
            card(4, due: "2026-03-11T12:00:00+01:00", log: [("2026-02-15T12:00:00+01:00", 2, "review")]),
        ]
        for n in 5..<35 { cards.append(card(n, due: "2026-03-\(10 + n % 18)T12:00:00+01:00", log: [])) }
        cards.append(#"{"text": "A new card", "back": "N"}"#)
        let file = box.home.appendingPathComponent("cards.json")
        try #"{"format": "citefeed", "version": 3, "citations": ["#.appending(cards.joined(separator: ",\n")).appending("]}").write(
            to: file, atomically: true, encoding: .utf8)
        let imported = try box.run("import", file.path)
        try #require(imported.status == 0, "\(imported)")
        return box
    }

    @Test func theDaysAheadAndTheMonthsBehind() throws {
        let box = try Self.library()
        let json = try JSONParser.parse(try box.run("stats", "--json").stdout)
        let due = (json["dueByDay"]?.arrayValue ?? []).compactMap { $0.numberValue }.map { Int($0) }
        #expect(due.count == 30 && due[0] == 1 && due[1] == 2 && due.reduce(0, +) == 34, "\(due)")
        #expect(json["desiredRetention"] == .double(0.9))
        let months = (json["retentionByMonth"]?.arrayValue ?? []).map {
            [
                $0["month"]?.stringValue ?? "", String(Int($0["reviewAnswers"]?.numberValue ?? -1)),
                String(Int($0["recalled"]?.numberValue ?? -1)),
            ]
        }
        #expect(months == [["2026-01", "3", "2"], ["2026-02", "2", "2"]])
        let text = try box.run("stats").stdout
        #expect(text.contains("due in the next 30 days (most on one day: "))
        #expect(text.contains("retention by month (desired 90%)\n  2026-01  67% of 3, below\n  2026-02  100% of 2, above\n"), "\(text)")
        // The chart: a scale, two cells a day (today's overdue card, tomorrow's two), the day marks.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let marks = try #require(lines.first { $0.contains("today") && $0.contains("+28") })
        #expect(marks.hasSuffix("+28"))
        let bottom = try #require(lines.first { $0.hasPrefix(" 0 │") || $0.hasPrefix("0 │") })
        #expect(bottom.contains("│████"), "\(bottom)")
    }

    @Test func aLowerRetentionPredictsLessWork() throws {
        let box = try Self.library()
        func outcome(_ r: String) throws -> [JSONValue] {
            let run = try box.run("stats", "--simulate", r, "--json")
            try #require(run.status == 0, "\(run)")
            return try JSONParser.parse(run.stdout)["simulation"]?.arrayValue ?? []
        }
        let low = try outcome("0.8"), high = try outcome("0.95")
        #expect(low.count == 2 && high.count == 2)
        func perDay(_ rows: [JSONValue], _ r: Double) -> Double {
            rows.first { $0["desiredRetention"]?.numberValue == r }?["answersPerDayNextYear"]?.numberValue ?? -1
        }
        func remembered(_ rows: [JSONValue], _ r: Double) -> Double {
            rows.first { $0["desiredRetention"]?.numberValue == r }?["rememberedAtYearEnd"]?.numberValue ?? -1
        }
        #expect(perDay(low, 0.8) < perDay(low, 0.9) && perDay(high, 0.9) < perDay(high, 0.95))
        #expect(remembered(low, 0.8) < remembered(high, 0.95))
        // Seeded: the same figures again.
        #expect(try outcome("0.8") == low)
        let text = try box.run("stats", "--simulate", "0.85").stdout
        #expect(text.contains("FSRS's default parameters") && text.contains("\n85%  ") && text.contains("\n90% (now)"), "\(text)")
    }

    @Test func aLibraryWithoutCardsHasNothingToPredict() throws {
        let box = try Sandbox()
        _ = try box.add("A quote, no card")
        let run = try box.run("stats", "--simulate", "0.85")
        #expect(run.status == 0 && run.stdout.hasPrefix("Nothing to predict yet: the library has no cards to study"), "\(run)")
    }

    static let badValues: [([String], String)] = [
        (["--simulate", "0.5"], "a desired retention from 0.70 to 0.97"),
        (["--simulate", "0.98"], "a desired retention from 0.70 to 0.97"),
        (["--simulate", "many"], "a desired retention from 0.70 to 0.97"), (["--simulate", "0.9", "--svg", "x.svg"], "--svg"),
    ]

    @Test(arguments: badValues) func badValuesAreRefused(arguments: [String], message: String) throws {
        let box = try Self.library()
        let before = try box.state()
        expectFailure(try box.run(["stats"] + arguments), status: .usage, containing: message)
        #expect(try box.state() == before)
    }

    @Test func aPictureThatCannotBeWrittenSaysWhy() throws {
        let box = try Self.library()
        let before = try box.state()
        let run = try box.run("stats", "--svg", box.home.appendingPathComponent("no/such/folder/due.svg").path)
        #expect(run.status != 0 && run.stderr.contains("due.svg"), "\(run)")
        #expect(try box.state() == before)
    }
}

extension Integration {
    /// `stats --svg`: the chart read by xmllint and drawn by rsvg-convert.
    @Suite struct StatsChartPictureTests {
        @Test(.requires(findProgram("rsvg-convert") != nil && findProgram("xmllint") != nil, "needs rsvg-convert and xmllint"))
        func theChartAsAPicture() throws {
            let box = try StatsForecastTests.library()
            let svg = box.home.appendingPathComponent("due.svg")
            #expect(try box.run("stats", "--svg", svg.path).status == 0)
            let text = try String(contentsOf: svg, encoding: .utf8)
            #expect(text.contains("<title>tomorrow</title>") || text.contains("<title>in 1 day: 2</title>"))
            let lint = try Sandbox.execute(try #require(findProgram("xmllint")), ["--noout", svg.path], stdin: Data(), environment: [:])
            #expect(lint.status == 0, "\(lint.stderr)")
            let png = box.home.appendingPathComponent("due.png")
            let drawn = try Sandbox.execute(
                try #require(findProgram("rsvg-convert")), [svg.path, "-o", png.path], stdin: Data(), environment: [:])
            #expect(drawn.status == 0, "\(drawn.stderr)")
            let bytes = [UInt8](try Data(contentsOf: png))
            // A PNG of 640 × 220.
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) && bytes[16..<24] == [0, 0, 2, 128, 0, 0, 0, 220])
        }

    }
}
