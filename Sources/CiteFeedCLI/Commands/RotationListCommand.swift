import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed rotation [list]`
struct RotationListCommand: Command {
    static let spec = CommandSpec(
        name: "rotation list", usage: "", summary: "List the named rotations.",
        details: """
            Each named rotation has its own settings (in settings.json under "rotations"; what it
            does not set is the default rotation's), history, fair cycle and outputs (NAME/ inside
            the default rotation's output directory unless it sets outputDirectory). Commands work
            on one with --rotation NAME (or CITEFEED_ROTATION=NAME); without, on the unnamed
            default rotation. Prints one name a line.
            """,
        options: [], positionals: (0, 0), positionalName: "")

    init(_ arguments: ParsedArguments) throws {}

    func run(_ context: Context) throws {
        for name in try SettingsFile(path: context.paths.settings).rotationNames() { context.out.line("\(name)") }
    }
}
