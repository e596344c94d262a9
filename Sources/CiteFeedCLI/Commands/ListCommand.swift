import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed list [--tag T]... [--favourites] [--archived] [--search WORDS] [--sort KEY] [--reverse] [--limit N] [--json]`
struct ListCommand: Command {
    static let tag = Option("tag", "T", "only citations with this tag (repeat: any of them)", repeatable: true)
    static let favourites = Flag("favourites", "only favourites")
    static let archived = Flag("archived", "only archived citations")
    static let search = Option("search", "WORDS", "only citations containing all these words")
    static let sort = Option("sort", "KEY", "updated (default), created, author or text", choices: CitationQuery.Sort.self)
    static let reverse = Flag("reverse", "reverse the order")
    static let limit = Option("limit", "N", "at most N citations")
    static let json = Flag("json", "print a JSON array with every field")
    static let cards = Flag("cards", "only cards (citations with a back side, or made cards)")
    static let due = Flag("due", "only cards due today (before the study day ends; not new ones)")

    static let spec = CommandSpec(
        name: "list",
        usage:
            "[--tag T]... [--favourites] [--archived] [--cards] [--due] [--search WORDS] [--sort updated|created|author|text] [--reverse] [--limit N] [--json] [--rotation NAME]",
        summary: "List citations, most recently modified first.",
        details: """
            Without --archived, archived citations are left out; with it, only they are listed.
            --tag keeps citations with any of the tags given. --search looks up words in the text,
            back, author and source (full-text, ignoring case and accents): every word must occur;
            a word ending in * also matches longer words (happ* finds happy and happiness).
            --cards lists the cards, --due the cards to review today (the study day starts at
            dayStartsAt, 04:00 unless set).
            --rotation NAME lists exactly what that rotation can pick (its filters and weights; "" is
            the default rotation); CITEFEED_ROTATION alone does not narrow the list.
            On a library that has never held a citation, the starter set is added first.
            """,
        options: [tag, favourites, archived, cards, due, search, sort, reverse, limit, json, CLI.rotationOption],
        positionals: (0, 0), positionalName: "")

    var query = CitationQuery()
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        query.tags = try arguments.values(Self.tag).map { name throws(ModelError) in try Tag.validateName(name) }
        query.favouritesOnly = arguments(Self.favourites)
        query.archived = arguments(Self.archived)
        query.search = arguments(Self.search)
        query.reverse = arguments(Self.reverse)
        if let sort = try arguments.choice(Self.sort, CitationQuery.Sort.self) { query.sort = sort }
        if let limit = try arguments.integer(Self.limit, in: 1...Int(Int32.max)) { query.limit = limit }
        json = arguments(Self.json)
        query.cardsOnly = arguments(Self.cards)
        due = arguments(Self.due)
    }

    let due: Bool

    func run(_ context: Context) throws {
        var query = self.query
        // Only when --rotation was given, before or after the command.
        if context.rotation != nil { query.eligibleUnder = try context.settings() }
        if due { query.dueBefore = try context.home.studyDayEnd() }
        let citations = try context.home.citations(query)
        if json {
            context.out.write(data: JSONWriter.pretty(.array(citations.map { CitationJSON.citation($0) })))
        } else if citations.isEmpty {
            var message = emptyMessage(query)
            // New cards are never "due": say they wait, so an empty list is not taken for none.
            if due, query.search == nil, query.tags.isEmpty, !query.favouritesOnly {
                let (new, waiting) = try context.home.newCards()
                if waiting > 0 {
                    message =
                        String(message.dropLast()) + "; \(waiting == 1 ? "1 new card waits" : "\(waiting) new cards wait"), "
                        + (new > 0 ? "\(new) of them to start today with 'citefeed study'." : "none to start today (newPerDay).")
                }
            }
            context.err.line("\(message)")
        } else {
            context.out.write(CitationText.table(citations, terminal: context.terminal))
        }
    }

    private func emptyMessage(_ query: CitationQuery) -> String {
        if query.search != nil || !query.tags.isEmpty || query.favouritesOnly { return "No citations match." }
        if query.eligibleUnder != nil { return "The rotation can pick nothing: no citation passes its filters." }
        if query.dueBefore != nil { return "No card is due today." }
        if query.cardsOnly { return "No cards yet: a citation with a back side is one ('citefeed card ID' makes any citation one)." }
        return query.archived ? "No archived citations." : "No citations yet; add one with: citefeed add \"…\""
    }
}
