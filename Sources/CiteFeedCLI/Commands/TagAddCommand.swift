import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed tag add NAME [--color C]`
struct TagAddCommand: Command {
    static let color = Option("color", "C", "a palette name or #RRGGBB", choices: Palette.names)

    static let spec = CommandSpec(
        name: "tag add", usage: "NAME [--color C]", summary: "Create a tag.",
        details: """
            A tag name has 1 to 40 characters, no comma, semicolon or line break, and is unique
            ignoring case. C is a palette name (\(Palette.names.joined(separator: " "))) or #RRGGBB;
            without --color the tag gets the next palette colour not yet used ('citefeed colors').
            """,
        options: [color],
        positionals: (1, 1), positionalName: "a tag NAME")

    let name: String
    let color: String?

    init(_ arguments: ParsedArguments) throws {
        name = try Tag.validateName(arguments.positionals[0])
        color = try arguments(Self.color).map { value throws(ModelError) in try Palette.normalize(value) }
    }

    func run(_ context: Context) throws {
        let tag = try context.home.addTag(name: name, color: color)
        context.out.line("Created tag \(context.terminal.tint(tag.name, tag.color)) (\(tag.color)).")
    }
}
