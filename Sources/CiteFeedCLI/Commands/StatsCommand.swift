import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed stats [--json] [--svg FILE] [--simulate R]`
struct StatsCommand: Command {
    static let json = Flag("json", "print a JSON object")
    static let svg = Option("svg", "FILE", "also draw the next 30 days' due cards as an SVG picture in FILE")
    static let simulate = Option("simulate", "R", "predict the daily workload for desired retention R (0.70-0.97) instead")

    static let spec = CommandSpec(
        name: "stats", usage: "[--json] [--svg FILE] [--simulate R]",
        summary: "Show what you have studied: cards by state, what is due, retention, streak.",
        details: """
            Cards by state (new, learning, review, relearning; archived ones are suspended), the
            cards due today and in the next 7 days, the answers of today, the last 7 and the last
            30 days with their retention (the share of answers to cards in review that were not
            Again), and the streak: study days in a row with answers. A study day starts at
            dayStartsAt (04:00 unless set), as in Anki. Then a chart of the cards due on each of
            the next 30 days (overdue ones today), and the true retention of each month against
            the desired retention (desiredRetention).
            --simulate R shows instead what FSRS predicts for the next year with your parameters
            (fitted by 'citefeed optimize', or FSRS's defaults) if desiredRetention were R, beside
            the one you have: answers a day over the next 30 days and the year, and the cards you
            would remember at its end; newPerDay new cards start each day. The same library
            gives the same figures.
            """,
        options: [json, svg, simulate], positionals: (0, 0), positionalName: "")

    let json: Bool
    let svg: String?
    let simulate: Double?

    init(_ arguments: ParsedArguments) throws {
        json = arguments(Self.json)
        svg = arguments(Self.svg)
        if svg?.isEmpty == true { throw UsageError.invalidValue("--svg \"\"", expected: "the name of the picture's file") }
        if let given = arguments(Self.simulate) {
            guard let r = Double(given), r >= 0.7, r <= 0.97 else {
                throw UsageError.invalidValue("--simulate " + given, expected: "a desired retention from 0.70 to 0.97, such as 0.85")
            }
            simulate = r
        } else {
            simulate = nil
        }
        if simulate != nil, svg != nil { throw UsageError.conflicting("--simulate", "--svg", command: "stats") }
    }

    func run(_ context: Context) throws {
        if let simulate { return try runSimulation(simulate, context) }
        let stats = try context.home.studyStats()
        if let svg {
            let given = Posix.absolutePath(svg, home: context.paths.userHome)
            do throws(IOFailure) {
                let output = try UserOutput.resolve(given, protected: context.paths.ownFiles)
                try output.write(Array(DueChart(stats.dueByDay).svg().utf8), newMode: 0o644)
            } catch {
                throw OutputError.cannotWriteFile(given, error)
            }
        }
        if json { return context.out.write(data: JSONWriter.pretty(Self.object(stats))) }
        say(stats, context)
    }

    static func object(_ stats: StudyStats) -> JSONValue {
        func count(_ state: CardPhase) -> Int { stats.byState[state] ?? 0 }
        return .object([
            (
                "cards",
                .object(CardPhase.allCases.map { ($0.rawValue, .int(Int64(count($0)))) } + [("suspended", .int(Int64(stats.suspended)))])
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
            ("dueByDay", .array(stats.dueByDay.map { .int(Int64($0)) })),
            ("desiredRetention", .double(stats.desiredRetention)),
            (
                "retentionByMonth",
                .array(
                    stats.months.map { m in
                        .object([
                            ("month", .string(m.month)), ("reviewAnswers", .int(Int64(m.reviewAnswers))),
                            ("recalled", .int(Int64(m.recalled))), ("retention", .double(m.retention)),
                        ])
                    })
            ),
        ])
    }

    private func say(_ stats: StudyStats, _ context: Context) {
        func count(_ state: CardPhase) -> Int { stats.byState[state] ?? 0 }
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
        let chart = DueChart(stats.dueByDay)
        if chart.most > 0 {
            context.out.line("")
            context.out.line(t.bold("due in the next 30 days") + " (most on one day: \(chart.most))")
            for line in chart.terminalLines() { context.out.line(TerminalText(line)) }
        }
        guard !stats.months.isEmpty else { return }
        context.out.line("")
        let desired = Int((stats.desiredRetention * 100).rounded())
        context.out.line(t.bold("retention by month") + " (desired \(desired)%)")
        for m in stats.months.suffix(12) {
            let percent = Int((m.retention * 100).rounded())
            let against = percent < desired ? ", below" : percent > desired ? ", above" : ""
            context.out.line("  \(m.month)  \(percent)% of \(m.reviewAnswers)\(against)")
        }
    }
}
