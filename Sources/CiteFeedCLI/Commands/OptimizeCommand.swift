import CiteFeedCore
import CiteFeedModel
import CiteFeedService
import CiteFeedSupport

/// `citefeed optimize [--tag DECK] [--dry-run] [--json]`
struct OptimizeCommand: Command {
    static let tag = Option("tag", "DECK", "fit to the answers of the cards with this tag only")
    static let dryRun = Flag("dry-run", "fit and judge, but write nothing")
    static let json = Flag("json", "print a JSON object")
    static let force = Flag("force", "write the fit even when it predicts later answers no better than the parameters in use")

    static let spec = CommandSpec(
        name: "optimize", usage: "[--tag DECK] [--dry-run] [--force] [--json]",
        summary: "Fit FSRS's parameters to your own answers, and schedule your cards with them.",
        details: """
            FSRS schedules cards with 21 parameters; its defaults are the average of many
            learners. optimize fits them to the answers in this library, as Anki's optimizer
            (fsrs-rs) does, writes them to the setting studyParameters, and replays every
            answered card with them: new due dates, the answers as they were. With --tag DECK it
            fits that deck's cards alone and writes the parameters for that deck
            (deckParameters): its cards are scheduled with them, the others as before (a card
            in several fitted decks with those of the deck whose name sorts first). It needs 64
            answers made a study day or more after the card's previous one; below that it says
            how many more, and changes nothing.

            It prints the log loss and the RMSE (bins) of the parameters in use and of the fitted
            ones (lower is better), each judged on later answers by fits on earlier ones (five
            time-series splits). A fit that predicts no better than the parameters in use is not
            written, unless --force. 'citefeed defaults delete studyParameters' goes back to FSRS's
            defaults, 'citefeed defaults delete deckParameters' every deck to the library's; note
            the parameters in use first ('citefeed defaults read studyParameters') to come back to them.
            """,
        options: [tag, dryRun, force, json], positionals: (0, 0), positionalName: "")

    let deck: String?
    let dryRun: Bool
    let json: Bool
    let force: Bool

    init(_ arguments: ParsedArguments) throws {
        deck = arguments(Self.tag)
        if deck?.trimmingWhitespace().isEmpty == true { throw UsageError.invalidValue("--tag \"\"", expected: "a tag's name") }
        dryRun = arguments(Self.dryRun)
        json = arguments(Self.json)
        force = arguments(Self.force)
    }

    func run(_ context: Context) throws {
        var bar =
            context.stderrIsTerminal && !json
            ? ProgressBar(stream: context.err, delay: context.environment["CITEFEED_PROGRESS_DELAY"].flatMap { Int64($0) } ?? 500) : nil
        let report = try context.home.optimize(deck: deck, dryRun: dryRun, force: force) { bar?.update("fitting", fraction: $0) }
        bar?.finish()
        bar = nil
        if json {
            context.out.write(data: JSONWriter.pretty(Self.json(report)))
            return
        }
        func grouped(_ n: Int) -> String { ProgressBar.grouped(n) }
        let of =
            report.deck.map { "the \(grouped(report.cards)) cards tagged \(quoted($0))" }
            ?? "\(grouped(report.cards)) card\(report.cards == 1 ? "" : "s")"
        if let needed = report.needed {
            guard report.answers > 0 else {
                context.out.line(
                    "No answers to fit to yet\(report.deck.map { " among the cards tagged \(quoted($0))" } ?? ""): a fit needs \(FSRSOptimizer.minimumForTraining) answers made a study day or more after the card's previous one. Nothing was changed."
                )
                return
            }
            if report.leftOut > 0 {
                context.out.line(
                    "Of the \(grouped(report.predicted)) answers of \(of) made a day or more after the one before, \(grouped(report.leftOut)) are left out as outliers (first intervals few cards had), as Anki's optimizer leaves them; a fit needs \(FSRSOptimizer.minimumForTraining) kept, so \(needed) more. Nothing was changed."
                )
                return
            }
            context.out.line(
                "\(grouped(report.predicted)) of the \(grouped(report.answers)) answers of \(of) came a day or more after the card's previous answer; a fit needs \(FSRSOptimizer.minimumForTraining), so \(needed) more. Nothing was changed."
            )
            return
        }
        context.out.line(
            "Fitted FSRS to \(grouped(report.answers)) answers of \(of) (\(grouped(report.predicted)) a day or more after the one before)."
        )
        if let inUse = report.inUse, let fitted = report.fitted {
            let t = context.terminal
            func number(_ x: Double) -> String { String(format: "%.4f", x) }
            context.out.line(t.bold("".padding(to: 14) + "log loss".padding(to: 12) + "RMSE (bins)"))
            let rows: [(String, FSRSEvaluation)] = [("in use", inUse), ("fitted", fitted)]
            for (name, e) in rows {
                let line: String = name.padding(to: 14) + number(e.logLoss).padding(to: 12) + number(e.rmseBins)
                context.out.line(TerminalText(line))
            }
            context.out.line("Each judged on later answers by fits on earlier ones (\(grouped(inUse.items)) answers); lower is better.")
        }
        if report.written {
            let cards = "\(report.replayed) card\(report.replayed == 1 ? "" : "s")"
            context.out.line(
                report.deck.map {
                    "Wrote the parameters of the deck \(quoted($0)) (deckParameters) and replayed \(cards); 'citefeed defaults delete deckParameters' schedules every deck with the library's again."
                }
                    ?? "Wrote studyParameters and replayed \(cards); 'citefeed defaults delete studyParameters' goes back to FSRS's defaults."
            )
        } else if report.notBetter {
            context.out.line(
                "The fit predicts later answers no better than the parameters in use, so they stay; nothing was changed (--force writes it anyway)."
            )
        } else {
            context.out.line("Dry run: nothing was written.")
        }
    }

    static func json(_ report: OptimizeReport) -> JSONValue {
        func judged(_ e: FSRSEvaluation?) -> JSONValue {
            e.map { .object([("logLoss", .double($0.logLoss)), ("rmseBins", .double($0.rmseBins)), ("answers", .int(Int64($0.items)))]) }
                ?? .null
        }
        return .object([
            ("deck", report.deck.map(JSONValue.string) ?? .null), ("answers", .int(Int64(report.answers))),
            ("cards", .int(Int64(report.cards))),
            ("predicted", .int(Int64(report.predicted))), ("needed", report.needed.map { .int(Int64($0)) } ?? .null),
            ("inUse", judged(report.inUse)), ("fitted", judged(report.fitted)),
            ("previous", .array(report.previous.map(JSONValue.double))), ("parameters", .array(report.parameters.map(JSONValue.double))),
            ("leftOut", .int(Int64(report.leftOut))), ("notBetter", .bool(report.notBetter)), ("written", .bool(report.written)),
            ("replayed", .int(Int64(report.replayed))),
        ])
    }
}
