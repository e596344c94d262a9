import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed history [--limit N] [--json]`
struct HistoryCommand: Command {
    static let limit = Option("limit", "N", "at most N picks (default 20)")
    static let json = Flag("json", "print a JSON array")

    static let spec = CommandSpec(
        name: "history", usage: "[--limit N] [--json] [--rotation NAME]", summary: "Show what was shown when, newest first.",
        details:
            "Each pick shows the citation as it was then. 'next' marks picks made out of turn, 'repick' those made because the shown citation stopped being eligible.",
        options: [limit, json, CLI.rotationOption],
        positionals: (0, 0), positionalName: "")

    let limit: Int
    let json: Bool

    init(_ arguments: ParsedArguments) throws {
        limit =
            try arguments.integer(Self.limit, in: 1...Int(Int32.max))
            ?? 20
        json = arguments(Self.json)
    }

    func run(_ context: Context) throws {
        let picks = try context.home.recentPicks(limit: limit, rotation: context.rotationName)
        if json {
            context.out.write(
                data: JSONWriter.pretty(
                    .array(
                        picks.map { p in
                            CitationJSON.slot(
                                p.slot, citation: CitationJSON.citation(p.snapshot),
                                adding: [("pickedAt", .string(p.pickedAt.rfc3339UTC)), ("reason", .string(p.reason.rawValue))])
                        })))
            return
        }
        if picks.isEmpty {
            context.err.line("Nothing was shown yet; 'citefeed rotate' makes the first pick.")
            return
        }
        context.out.write(
            PickLines.table(
                picks.map {
                    (
                        $0.pickedAt, $0.snapshot.id, $0.snapshot.favourite, $0.snapshot.text, $0.snapshot.author,
                        $0.reason == .rotate ? nil : $0.reason.rawValue
                    )
                }, terminal: context.terminal))
    }
}
