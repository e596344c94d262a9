import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed delete ID... [--force]`
struct DeleteCommand: Command {
    static let force = Flag("force", "also delete citations that are not archived")

    static let spec = CommandSpec(
        name: "delete", usage: "ID... [--force]", summary: "Delete archived citations for good.",
        details: """
            Only archived citations can be deleted, so that nothing goes by one mistyped id:
              citefeed archive 12 && citefeed delete 12
            --force deletes citations that are not archived too. Deleted citations leave the
            history as well. Their ids are never given to another citation.
            """,
        options: [force],
        positionals: (1, nil), positionalName: "the ID of at least one citation")

    let ids: [Int64]
    let force: Bool

    init(_ arguments: ParsedArguments) throws {
        ids = try Arguments.ids(arguments.positionals)
        force = arguments(Self.force)
    }

    func run(_ context: Context) throws {
        try context.home.change { try $0.delete(ids, force: force) }
        context.out.line("Deleted \(citationsPhrase(ids)).")
    }
}
