import CiteFeedCore
import CiteFeedModel
import CiteFeedService
import CiteFeedSupport

extension StatsCommand {
    /// `stats --simulate R`: what FSRS predicts for R beside the desired retention in force.
    func runSimulation(_ retention: Double, _ context: Context) throws {
        let current = try context.home.settings().desiredRetention
        let retentions = retention == current ? [retention] : [retention, current].sorted()
        let (outcomes, fitted) = try context.home.simulateStudy(retentions)
        func percent(_ r: Double) -> String { "\(Int((r * 100).rounded()))%" }
        func decimal(_ x: Double) -> String { String((x * 10).rounded() / 10) }
        if json {
            let rows = outcomes.map { o -> JSONValue in
                .object([
                    ("desiredRetention", .double(o.retention)), ("current", .bool(o.retention == current)),
                    ("answersPerDayNext30Days", .double(o.perDay(first: 30))), ("answersPerDayNextYear", .double(o.perDay(first: 365))),
                    ("rememberedAtYearEnd", .double(o.memorised)), ("answersByDay", .array(o.answers.map { .int(Int64($0)) })),
                ])
            }
            return context.out.write(
                data: JSONWriter.pretty(.object([("parameters", .string(fitted ? "fitted" : "defaults")), ("simulation", .array(rows))])))
        }
        let t = context.terminal
        if outcomes.allSatisfy({ $0.answers.allSatisfy { $0 == 0 } }) {
            return context.out.line(
                "Nothing to predict yet: the library has no cards to study (a citation with a back is one; 'citefeed card ID' makes any citation one)."
            )
        }
        context.out.line(
            "What FSRS predicts for the next year with "
                + (fitted ? "your fitted parameters" : "FSRS's default parameters ('citefeed optimize' fits them to your answers)") + ":")
        context.out.line(t.bold("retention   answers a day: next 30 days   next year   remembered at the end"))
        for o in outcomes {
            let label = percent(o.retention) + (o.retention == current ? " (now)" : "")
            context.out.line(
                TerminalText(
                    label.padding(to: 12) + decimal(o.perDay(first: 30)).padding(to: 26) + decimal(o.perDay(first: 365)).padding(to: 12)
                        + ProgressBar.grouped(Int(o.memorised.rounded()))))
        }
    }
}
