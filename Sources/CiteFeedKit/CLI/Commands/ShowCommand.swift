/// `citefeed show ID [--json]`
struct ShowCommand: Command {
    static let json = Flag("json", "print it as a JSON object")

    static let spec = CommandSpec(
        name: "show", usage: "ID [--json]", summary: "Show one citation in full.",
        details: "Archived citations are shown too.",
        options: [json],
        positionals: (1, 1), positionalName: "the ID of a citation")

    let id: Int64
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        id = try Arguments.id(arguments.positionals[0])
        json = arguments(Self.json)
    }

    func run(_ context: Context) throws {
        let citation = try context.library().citation(id: id)
        if json {
            context.out.write(data: JSONWriter.pretty(CitationJSON.citation(citation)))
        } else {
            context.out.write(CitationText.card(citation, now: try context.now(), terminal: context.terminal))
        }
    }
}
