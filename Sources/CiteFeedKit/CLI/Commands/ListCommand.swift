/// `citefeed list [--tag T]... [--favourites] [--archived] [--search WORDS] [--sort KEY] [--reverse] [--limit N] [--json]`
struct ListCommand: Command {
    static let spec = CommandSpec(
        name: "list",
        usage:
            "[--tag T]... [--favourites] [--archived] [--search WORDS] [--sort updated|created|author|text] [--reverse] [--limit N] [--json]",
        summary: "List citations, most recently modified first.",
        details: """
            Without --archived, archived citations are left out; with it, only they are listed.
            --tag keeps citations with any of the tags given. --search looks up words in the text,
            back, author and source (full-text, ignoring case and accents): every word must occur;
            a word ending in * also matches longer words (happ* finds happy and happiness).
            On a library that has never held a citation, the starter set is added first.
            """,
        options: [
            .value("tag", "T", "only citations with this tag (repeat: any of them)", repeatable: true),
            .flag("favourites", "only favourites"),
            .flag("archived", "only archived citations"),
            .value("search", "WORDS", "only citations containing all these words"),
            .value("sort", "KEY", "updated (default), created, author or text", choices: CitationQuery.Sort.allCases.map(\.rawValue)),
            .flag("reverse", "reverse the order"),
            .value("limit", "N", "at most N citations"),
            .flag("json", "print a JSON array with every field"),
        ],
        positionals: (0, 0), positionalName: "")

    var query = CitationQuery()
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        query.tags = try arguments.values("tag").map { name throws(ModelError) in try Tag.validateName(name) }
        query.favouritesOnly = arguments.flag("favourites")
        query.archived = arguments.flag("archived")
        query.search = arguments.value("search")
        query.reverse = arguments.flag("reverse")
        if let sort = arguments.value("sort") { query.sort = try Arguments.choice(sort, option: "sort", CitationQuery.Sort.self) }
        if let limit = arguments.value("limit") { query.limit = try Arguments.integer(limit, option: "limit", in: 1...Int(Int32.max)) }
        json = arguments.flag("json")
    }

    func run(_ context: Context) throws {
        let library = try context.libraryWithStarterSet()
        let citations = try library.citations(query)
        if json {
            context.out.write(data: JSONWriter.pretty(.array(citations.map(CitationJSON.citation))))
        } else if citations.isEmpty {
            context.err.line("\(emptyMessage)")
        } else {
            context.out.write(CitationText.table(citations, terminal: context.terminal))
        }
    }

    private var emptyMessage: String {
        if query.search != nil || !query.tags.isEmpty || query.favouritesOnly { return "No citations match." }
        return query.archived ? "No archived citations." : "No citations yet; add one with: citefeed add \"…\""
    }
}
