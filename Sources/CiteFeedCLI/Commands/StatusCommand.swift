import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed status [--format F] [--width N] [--follow] [--scroll]`
struct StatusCommand: Command {
    static let format = Option(
        "format", "F", "plain (default), waybar, i3blocks, polybar, json, tmux or argos", choices: StatusFormat.self)
    static let width = Option("width", "N", "width in terminal columns (10-500; default: statusWidth)")
    static let follow = Flag("follow", "keep running and print a line whenever the pick changes")
    static let scroll = Flag("scroll", "move a line longer than the width through it (default: the scroll setting)")

    static let spec = CommandSpec(
        name: "status",
        usage: "[--format plain|waybar|i3blocks|polybar|json|tmux|argos] [--width N] [--follow] [--scroll] [--rotation NAME]",
        summary: "Print the current pick for a bar.",
        details: """
            Formats: plain (one line), waybar (a JSON object for return-type json), i3blocks (full
            text, short text, tag colour), polybar (one line, formatting tags neutralised), json
            (the whole pick, its slot and the line shown), tmux (for #() in status-right: # escaped,
            the tag's colour as #[fg=…]), argos (Argos and xbar-style script widgets: the line,
            then a menu with the citation and citefeed's actions). The text follows the
            statusTemplate setting, cut to --width (or statusWidth) terminal columns.
            It answers from the current slot's saved pick without opening the library; only in a
            slot without a pick does it rotate first, so a bar works without cron.
            --follow stays running and prints a new line whenever the pick changes (a new slot,
            'citefeed next', an edit of the shown citation), for waybar and polybar's continuous
            modes and i3blocks' persist interval.
            --scroll (or the scroll setting) moves a line longer than the width through it,
            scrollSpeed columns a second after a two-second pause at its start, always the same
            number of columns; with --follow a line per step, without it the step of this moment
            (for a bar that runs status every second). waybar's text is then in a monospace span.
            """,
        options: [format, width, follow, scroll, CLI.rotationOption],
        positionals: (0, 0), positionalName: "")

    let format: StatusFormat
    let width: Int?
    let follow: Bool
    let scroll: Bool

    init(_ arguments: ParsedArguments) throws {
        format =
            try arguments.choice(Self.format, StatusFormat.self)
            ?? .plain
        width = try arguments.integer(Self.width, in: 10...500)
        follow = arguments(Self.follow)
        scroll = arguments(Self.scroll)
    }

    /// The renderer for `settings`: scrolling with --scroll or the scroll setting; for argos,
    /// menu actions that run this citefeed on this library.
    func renderer(_ settings: Settings, context: Context) -> StatusRenderer {
        var renderer = StatusRenderer(settings: settings, width: width, scroll: scroll || settings.scroll)
        if format == .argos {
            let home = SetupCommand.chosenHome(context)
            renderer.actionCommand = [Posix.resolvedPath("/proc/self/exe") ?? "citefeed"] + (home.map { ["--home", $0] } ?? [])
        }
        return renderer
    }

    func run(_ context: Context) throws {
        context.announceInBackground = true  // a bar waits for nothing after its line
        let settings = try context.settings()
        let current = try context.home.shown(settings)
        let renderer = renderer(settings, context: context)
        // Without --follow, the step of this moment since the slot began.
        var step = 0
        if let speed = renderer.scrollSpeed, !follow {
            let now = context.hasFixedClock ? try context.now().seconds * 1000 : Posix.wallClockMilliseconds()
            step = Int(max(0, now - current.slot.start.seconds * 1000) * Int64(speed) / 1000)
        }
        context.out.write(
            data: renderer.render(format, current.pick, slot: current.slot, following: follow, review: current.review, step: step))
        // The line first, then what the new pick announces (detached).
        context.out.flush()
        context.announce()
        if follow {
            var follower = StatusFollower(command: self, context: context, last: current, clock: context.followerClock)
            try follower.run()
        }
    }
}
