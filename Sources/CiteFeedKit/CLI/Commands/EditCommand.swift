/// `citefeed edit ID [--text T] [--author A] [--source S] [--back B] [--tag T]... [--untag T]...
/// [--favourite|--no-favourite]`
struct EditCommand: Command {
    static let spec = CommandSpec(
        name: "edit", usage: "ID [--text T] [--author A] [--source S] [--back B] [--tag T]... [--untag T]... [--favourite|--no-favourite]",
        summary: "Change some fields of a citation.",
        details: """
            Only what is given changes. An empty value clears an optional field:
              citefeed edit 12 --source ""
            --text - (or --back -) reads the new value from standard input.
            Editing bumps the citation's modification date.
            """,
        options: [
            .value("text", "T", "new text (- reads standard input)"),
            .value("author", "A", "new author (\"\" clears it)"),
            .value("source", "S", "new source (\"\" clears it)"),
            .value("back", "B", "new back side (\"\" clears it, - reads standard input)"),
            .value("tag", "T", "add a tag (repeat for several)", repeatable: true),
            .value("untag", "T", "remove a tag (repeat for several)", repeatable: true),
            .flag("favourite", "mark as a favourite"),
            .flag("no-favourite", "unmark as a favourite"),
        ],
        positionals: (1, 1), positionalName: "the ID of a citation")

    let id: Int64
    let arguments: ParsedArguments

    init(_ arguments: ParsedArguments) throws {
        id = try Arguments.id(arguments.positionals[0])
        self.arguments = arguments
        if arguments.flag("favourite") && arguments.flag("no-favourite") {
            throw UsageError.conflicting("--favourite", "--no-favourite", command: "edit")
        }
        if arguments.value("text") == "-" && arguments.value("back") == "-" {
            throw UsageError.other("Only one of --text and --back can read standard input.")
        }
        let fields = ["text", "author", "source", "back", "tag", "untag", "favourite", "no-favourite"]
        if !fields.contains(where: arguments.has) {
            throw UsageError.other(
                "Nothing to change for citation \(id); give --text, --author, --source, --back, --tag, --untag or --favourite.")
        }
    }

    func run(_ context: Context) throws {
        var changes = CitationChanges()
        if let text = arguments.value("text") { changes.text = try CitationInput.text(try Arguments.text(text, context)) }
        if let back = arguments.value("back") { changes.back = try CitationInput.back(try Arguments.text(back, context)) ?? "" }
        if let author = arguments.value("author") { changes.author = try CitationInput.author(author) ?? "" }
        if let source = arguments.value("source") { changes.source = try CitationInput.source(source) ?? "" }
        changes.addTags = try arguments.values("tag").map { name throws(ModelError) in try Tag.validateName(name) }
        changes.removeTags = try arguments.values("untag").map { name throws(ModelError) in try Tag.validateName(name) }
        if arguments.flag("favourite") { changes.favourite = true }
        if arguments.flag("no-favourite") { changes.favourite = false }
        let now = try context.now()
        try context.changeLibrary { try $0.update(id: id, changes, now: now) }
    }
}
