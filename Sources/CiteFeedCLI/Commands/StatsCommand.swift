import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed stats [--json]`
struct StatsCommand: Command {
    static let json = Flag("json", "print a JSON object")

    static let spec = CommandSpec(
        name: "stats", usage: "[--json]", summary: "Show what you have studied: cards by state, what is due, retention, streak.",
        details: """
            Cards by state (new, learning, review, relearning; archived ones are suspended), the
            cards due today and in the next 7 days, the answers of today, the last 7 and the last
            30 days with their retention (the share of answers to cards in review that were not
            Again), and the streak: study days in a row with answers. A study day starts at
            dayStartsAt (04:00 unless set), as in Anki.
            """,
        options: [json], positionals: (0, 0), positionalName: "")

    let json: Bool

    init(_ arguments: ParsedArguments) throws { json = arguments(Self.json) }

    func run(_ context: Context) throws {
        let stats = try context.home.studyStats()
        func count(_ state: CardPhase) -> Int { stats.byState[state] ?? 0 }
        if json {
            context.out.write(
                data: JSONWriter.pretty(
                    .object([
                        (
                            "cards",
                            .object(
                                CardPhase.allCases.map { ($0.rawValue, .int(Int64(count($0)))) } + [
                                    ("suspended", .int(Int64(stats.suspended)))
                                ])
                        ),
                        ("dueToday", .int(Int64(stats.dueToday))), ("dueNext7Days", .int(Int64(stats.dueWeek))),
                        (
                            "periods",
                            .array(
                                stats.periods.map { p in
                                    .object([
                                        ("days", .int(Int64(p.days))), ("answers", .int(Int64(p.answers))),
                                        ("reviewAnswers", .int(Int64(p.reviewAnswers))), ("recalled", .int(Int64(p.recalled))),
                                        ("retention", p.retention.map(JSONValue.double) ?? .null),
                                    ])
                                })
                        ),
                        ("streak", .int(Int64(stats.streak))),
                    ])))
            return
        }
        let total = CardPhase.allCases.reduce(0) { $0 + count($1) }
        let t = context.terminal
        let states = CardPhase.allCases.map { "\(count($0)) \($0.rawValue)" }.joined(separator: ", ")
        context.out.line(
            t.bold("cards".padding(to: 12)) + "\(total): \(states)" + (stats.suspended > 0 ? "; \(stats.suspended) suspended" : ""))
        context.out.line(t.bold("due".padding(to: 12)) + "\(stats.dueToday) today, \(stats.dueWeek) in the next 7 days")
        for p in stats.periods {
            let label = p.days == 1 ? "today" : "\(p.days) days"
            let retention = p.retention.map { "retention \(Int(($0 * 100).rounded()))% of \(p.reviewAnswers)" } ?? "no review answers"
            context.out.line(t.bold(label.padding(to: 12)) + "\(p.answers) answer\(p.answers == 1 ? "" : "s"), \(retention)")
        }
        context.out.line(t.bold("streak".padding(to: 12)) + "\(stats.streak) day\(stats.streak == 1 ? "" : "s")")
    }
}
