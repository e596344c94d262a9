import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed status [--format F] [--width N] [--follow]`
struct StatusCommand: Command {
    static let format = Option("format", "F", "plain (default), waybar, i3blocks, polybar or json", choices: StatusFormat.self)
    static let width = Option("width", "N", "width in terminal columns (10-500; default: statusWidth)")
    static let follow = Flag("follow", "keep running and print a line whenever the pick changes")

    static let spec = CommandSpec(
        name: "status", usage: "[--format plain|waybar|i3blocks|polybar|json] [--width N] [--follow] [--rotation NAME]",
        summary: "Print the current pick for a bar.",
        details: """
            Formats: plain (one line), waybar (a JSON object for return-type json), i3blocks (full
            text, short text, tag colour), polybar (one line, formatting tags neutralised), json
            (the whole pick and its slot). The text follows the statusTemplate setting, cut to
            --width (or statusWidth) terminal columns.
            It answers from the current slot's saved pick without opening the library; only in a
            slot without a pick does it rotate first, so a bar works without cron.
            --follow stays running and prints a new line whenever the pick changes (a new slot,
            'citefeed next', an edit of the shown citation), for waybar and polybar's continuous
            modes and i3blocks' persist interval.
            """,
        options: [format, width, follow, CLI.rotationOption],
        positionals: (0, 0), positionalName: "")

    let format: StatusFormat
    let width: Int?
    let follow: Bool

    init(_ arguments: ParsedArguments) throws {
        format =
            try arguments.choice(Self.format, StatusFormat.self)
            ?? .plain
        width = try arguments.integer(Self.width, in: 10...500)
        follow = arguments(Self.follow)
    }

    func run(_ context: Context) throws {
        context.announceInBackground = true  // a bar waits for nothing after its line
        let settings = try context.settings()
        let current = try context.home.shown(settings)
        context.out.write(
            data: StatusRenderer(settings: settings, width: width).render(
                format, current.pick, slot: current.slot, following: follow, review: current.review))
        // The line first, then what the new pick announces (detached).
        context.out.flush()
        context.announce()
        if follow {
            var follower = StatusFollower(command: self, context: context, last: current)
            try follower.run()
        }
    }
}
