import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed next`
struct NextCommand: Command {
    static let spec = CommandSpec(
        name: "next", usage: "[--rotation NAME]", summary: "Show another citation now, out of turn, and write the outputs.",
        details: """
            Made for a bar's on-click. The new pick is recorded in the history with the current time
            and keeps the fair order (it is the pick the next slot would have had). It prints the same
            as 'citefeed rotate'.
            """,
        options: [CLI.rotationOption], positionals: (0, 0), positionalName: "")

    init(_ arguments: ParsedArguments) throws {}

    func run(_ context: Context) throws {
        context.announceInBackground = true  // a bar waits for nothing after its line
        let settings = try context.settings()
        let (state, written) = try context.home.next(settings)
        try report(.rotating(state, written), settings, context)
    }
}
