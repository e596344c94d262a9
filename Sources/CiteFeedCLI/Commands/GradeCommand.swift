import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed grade again|hard|good|easy [--rotation NAME]`
struct GradeCommand: Command {
    static let spec = CommandSpec(
        name: "grade", usage: "again|hard|good|easy [--rotation NAME]",
        summary: "Answer the card in the bar and show the next (review mode).",
        details: """
            For a rotation in review mode: grades the card the bar shows once its back is revealed
            ('citefeed reveal'; 1-4 and a h g e work too) with FSRS, as 'citefeed study' would, and
            moves the bar to the next due card, not revealed. A grade before the reveal (a second
            scroll event) changes nothing and says so on standard error, with exit status 0. With no
            card due the bar says when the next one is (waybar class done). Made for the bar's
            clicks and scrolls (contrib/waybar/review.jsonc).
            """,
        options: [CLI.rotationOption], positionals: (1, 1), positionalName: "a grade: again, hard, good or easy",
        completes: .words(Grade.allCases.map(\.name)))

    let grade: Grade

    init(_ arguments: ParsedArguments) throws {
        guard let grade = Grade(word: arguments.positionals[0]) else { throw ReviewBarError.unknownGrade(arguments.positionals[0]) }
        self.grade = grade
    }

    func run(_ context: Context) throws {
        context.announceInBackground = true  // a bar waits for nothing after its line
        let settings = try context.settings()
        let now = try context.now()
        switch try context.home.grade(grade, settings) {
        case .notRevealed(let id):
            context.warn(
                "citation \(id) was not revealed yet, so it was not graded; 'citefeed reveal' shows its back first.", prefix: "note")
        case let .graded(_, after, next):
            let due = after.card.due
            context.out.line(
                "Graded citation \(after.citationID) \(grade.name): due again in \(Span.approximate(seconds: due.seconds - now.seconds)) (\(due.localShort))."
            )
            let status = StatusRenderer(settings: settings)
            context.out.line("\(status.plain(next.pick, width: status.width, review: next.review))")
        }
    }
}
