import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed edit ID [--text T] [--author A] [--source S] [--back B] [--tag T]... [--untag T]...
/// [--favourite|--no-favourite]`
struct EditCommand: Command {
    static let text = Option("text", "T", "new text (- reads standard input)")
    static let author = Option("author", "A", "new author (\"\" clears it)")
    static let source = Option("source", "S", "new source (\"\" clears it)")
    static let back = Option("back", "B", "new back side (\"\" clears it, - reads standard input)")
    static let tag = Option("tag", "T", "add a tag (repeat for several)", repeatable: true)
    static let untag = Option("untag", "T", "remove a tag (repeat for several)", repeatable: true)
    static let favourite = Flag("favourite", "mark as a favourite")
    static let noFavourite = Flag("no-favourite", "unmark as a favourite")

    static let spec = CommandSpec(
        name: "edit", usage: "ID [--text T] [--author A] [--source S] [--back B] [--tag T]... [--untag T]... [--favourite|--no-favourite]",
        summary: "Change some fields of a citation.",
        details: """
            Only what is given changes. An empty value clears an optional field:
              citefeed edit 12 --source ""
            --text - (or --back -) reads the new value from standard input.
            Editing bumps the citation's modification date.
            """,
        options: [text, author, source, back, tag, untag, favourite, noFavourite],
        positionals: (1, 1), positionalName: "the ID of a citation")

    let id: Int64
    let arguments: ParsedArguments

    init(_ arguments: ParsedArguments) throws {
        id = try Arguments.id(arguments.positionals[0])
        self.arguments = arguments
        if arguments(Self.favourite) && arguments(Self.noFavourite) {
            throw UsageError.conflicting("--favourite", "--no-favourite", command: "edit")
        }
        if arguments(Self.text) == "-" && arguments(Self.back) == "-" {
            throw UsageError.other("Only one of --text and --back can read standard input.")
        }
        if !Self.spec.options.contains(where: { arguments.given($0.name) }) {
            throw UsageError.other(
                "Nothing to change for citation \(id); give --text, --author, --source, --back, --tag, --untag or --favourite.")
        }
    }

    func run(_ context: Context) throws {
        var changes = CitationChanges()
        if let text = arguments(Self.text) { changes.text = try CitationInput.text(try Arguments.text(text, context)) }
        if let back = arguments(Self.back) { changes.back = try CitationInput.back(try Arguments.text(back, context)) ?? "" }
        if let author = arguments(Self.author) { changes.author = try CitationInput.author(author) ?? "" }
        if let source = arguments(Self.source) { changes.source = try CitationInput.source(source) ?? "" }
        changes.addTags = try arguments.values(Self.tag).map { name throws(ModelError) in try Tag.validateName(name) }
        changes.removeTags = try arguments.values(Self.untag).map { name throws(ModelError) in try Tag.validateName(name) }
        if arguments(Self.favourite) { changes.favourite = true }
        if arguments(Self.noFavourite) { changes.favourite = false }
        let now = try context.now()
        try context.home.change { try $0.update(id: id, changes, now: now) }
    }
}
