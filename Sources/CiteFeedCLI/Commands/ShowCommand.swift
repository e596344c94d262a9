import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed show ID [--json]`
struct ShowCommand: Command {
    static let json = Flag("json", "print it as a JSON object")

    static let spec = CommandSpec(
        name: "show", usage: "ID [--json]", summary: "Show one citation in full.",
        details: """
            Archived citations are shown too. A card (a citation with a back side, or made one with
            'citefeed card') shows its state (new, learning, review, relearning) and when it is
            due; --json adds "card" (only for a card) with its stability, difficulty and reviews.
            """,
        options: [json],
        positionals: (1, 1), positionalName: "the ID of a citation")

    let id: Int64
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        id = try Arguments.id(arguments.positionals[0])
        json = arguments(Self.json)
    }

    func run(_ context: Context) throws {
        let (citation, study) = try context.home.citation(id)
        if json {
            let object = CitationJSON.citation(citation, adding: study.map { [("card", CardJSON.object($0))] } ?? [])
            context.out.write(data: JSONWriter.pretty(object))
        } else {
            context.out.write(CitationText.card(citation, now: try context.now(), terminal: context.terminal, study: study))
        }
    }
}
