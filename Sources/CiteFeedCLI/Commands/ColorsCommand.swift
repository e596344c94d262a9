import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed colors [--json]`
struct ColorsCommand: Command {
    static let json = Flag("json", "print a JSON array")

    static let spec = CommandSpec(
        name: "colors", usage: "[--json]", summary: "Show the tag colour palette.",
        details: "Tags take one of these names or any #RRGGBB colour.",
        options: [json], positionals: (0, 0), positionalName: "")

    let json: Bool

    init(_ arguments: ParsedArguments) throws { json = arguments(Self.json) }

    func run(_ context: Context) throws {
        if json {
            context.out.write(
                data:
                    JSONWriter.pretty(
                        .array(
                            Palette.names.map {
                                .object([("name", .string($0)), ("hex", .string(Palette.hexValue(of: $0)))])
                            })))
            return
        }
        for name in Palette.names {
            context.out.line(
                context.terminal.tint("●", name) + " " + context.terminal.tint(name.padding(to: 7), name)
                    + "  \(Palette.hexValue(of: name))")
        }
    }
}
