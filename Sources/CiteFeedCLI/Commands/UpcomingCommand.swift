import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed upcoming [N] [--json]`
struct UpcomingCommand: Command {
    static let json = Flag("json", "print a JSON array")

    static let spec = CommandSpec(
        name: "upcoming", usage: "[N] [--json] [--rotation NAME]", summary: "Show the next N picks (default 10) with their slot times.",
        details: """
            This is exactly what 'citefeed rotate' will pick in each slot if nothing changes. When the
            rotation sets weights, each line ends with the citation's showings per cycle (its weight,
            times favouriteWeight for a favourite); --json always gives them as "weight".
            """,
        options: [json, CLI.rotationOption], positionals: (0, 1), positionalName: "")

    let count: Int
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        count =
            try arguments.positionals.first.map { text throws(UsageError) in
                guard let n = Int(text), (1...1000).contains(n) else {
                    throw UsageError.invalidValue(text, expected: "N is a whole number from 1 to 1000")
                }
                return n
            } ?? 10
        json = arguments(Self.json)
    }

    func run(_ context: Context) throws {
        let library = try context.home.libraryWithStarterSet()
        let upcoming = try context.home.rotation(library).upcoming(count)
        if json {
            context.out.write(
                data: JSONWriter.pretty(
                    .array(
                        upcoming.map { slot, citation, weight in
                            CitationJSON.slot(slot, citation: CitationJSON.citation(citation), adding: [("weight", .int(Int64(weight)))])
                        })))
            return
        }
        if upcoming.isEmpty {
            context.err.line("Nothing to show: no citation is eligible (\(try eligibilitySummary(context))).")
            return
        }
        let weighted = try !context.settings().weights.isEmpty
        context.out.write(
            PickLines.table(
                upcoming.map {
                    (
                        $0.slot.start, $0.citation.id, $0.citation.favourite, $0.citation.text, $0.citation.author,
                        weighted ? "×\($0.weight)" : nil
                    )
                },
                terminal: context.terminal))
    }
}
