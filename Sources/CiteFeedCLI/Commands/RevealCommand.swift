import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed reveal [--rotation NAME]`
struct RevealCommand: Command {
    static let spec = CommandSpec(
        name: "reveal", usage: "[--rotation NAME]", summary: "Show the back of the card in the bar (review mode).",
        details: """
            For a rotation in review mode (defaults write mode review): the bar shows the front of
            the most overdue card; this turns it over, for the bar's on-click. Then 'citefeed grade'
            answers it.
            """,
        options: [CLI.rotationOption], positionals: (0, 0), positionalName: "")

    init(_ arguments: ParsedArguments) throws {}

    func run(_ context: Context) throws {
        context.announceInBackground = true  // a bar waits for nothing after its line
        let settings = try context.settings()
        let shown = try context.home.reveal(settings)
        let status = StatusRenderer(settings: settings)
        context.out.line("\(status.plain(shown.pick, width: status.width, review: shown.review))")
    }
}
