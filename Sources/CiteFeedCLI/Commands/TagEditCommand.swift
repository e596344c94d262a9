import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed tag edit NAME [--name NEW] [--color C]`
struct TagEditCommand: Command {
    static let name = Option("name", "NEW", "the new name")
    static let color = Option("color", "C", "the new colour", choices: Palette.names)

    static let spec = CommandSpec(
        name: "tag edit", usage: "NAME [--name NEW] [--color C]", summary: "Rename or recolour a tag.",
        details: "The citations keep the tag under its new name. C is a palette name or #RRGGBB.",
        options: [name, color],
        positionals: (1, 1), positionalName: "the NAME of a tag", completes: .tags)

    let name: String
    let newName: String?
    let color: String?

    init(_ arguments: ParsedArguments) throws {
        // The name of a tag that exists, exactly as given (not trimmed or checked, so that a tag
        // an older citefeed let in with a bad name can still be named and mended).
        name = arguments.positionals[0]
        newName = try arguments(Self.name).map { value throws(ModelError) in try Tag.validateName(value) }
        color = try arguments(Self.color).map { value throws(ModelError) in try Palette.normalize(value) }
        if newName == nil && color == nil {
            throw UsageError.other("Nothing to change for tag \(quoted(name)); give --name NEW or --color C.")
        }
    }

    func run(_ context: Context) throws {
        let tag = try context.home.change { try $0.editTag(name: name, newName: newName, color: color) }
        let shown = context.terminal.tint(tag.name, tag.color)
        var text: TerminalText = newName != nil ? "Renamed tag \(quoted(name)) to \(shown)" : "Tag \(shown) is now \(tag.color)"
        if newName != nil && color != nil { text += ", now \(tag.color)" }
        context.out.line(text + ".")
    }
}
