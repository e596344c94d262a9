import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed restore ID...` (archived citations) and `citefeed restore --deleted [N...]` (what
/// other machines' deletions took, kept for 30 days).
struct RestoreCommand: Command {
    static let deleted = Flag("deleted", "list what other machines' deletions took (kept 30 days), or bring back N")
    static let json = Flag("json", "with --deleted alone: print a JSON array")

    static let spec = CommandSpec(
        name: "restore", usage: "ID... | --deleted [N...] [--json]", summary: "Bring archived citations back, or citations sync deleted.",
        details: """
            restore ID... takes archived citations out of the archive. restore --deleted lists the
            citations that another machine's deletion removed from this library through sync in the
            last 30 days, numbered, the latest first; restore --deleted N... brings those back, each
            as a new citation (a change of this machine's, which sync carries to every machine: the
            deletion stays, so the machines still agree). Deleted here, with 'citefeed delete', a
            citation is gone: archive what you may want back.
            """,
        options: [deleted, json], positionals: (0, nil), positionalName: "ID")

    let ids: [Int64]
    let fromTrash: Bool
    let asJSON: Bool

    init(_ arguments: ParsedArguments) throws {
        fromTrash = arguments(Self.deleted)
        asJSON = arguments(Self.json)
        if !fromTrash {
            guard !arguments.positionals.isEmpty else {
                throw UsageError.missingArgument("the ID of at least one citation", command: "restore")
            }
            if asJSON { throw UsageError.other("restore: --json lists the deleted citations: give it with --deleted and no N.") }
        }
        if fromTrash && asJSON && !arguments.positionals.isEmpty {
            throw UsageError.other("restore: --json lists the deleted citations: give it without N.")
        }
        ids = try Arguments.ids(arguments.positionals)
    }

    func run(_ context: Context) throws {
        guard fromTrash else {
            let changed = try context.home.mark(ids, .archived(false))
            context.out.line(
                "\(flagReport("Restored", changed: changed, unchanged: ids.filter { !changed.contains($0) }, already: "not archived"))")
            return
        }
        guard !ids.isEmpty else { return try list(context) }
        let restored = try context.home.restoreDeleted(ids)
        for (number, citation) in restored {
            context.out.line("Brought back deleted citation \(number) as citation \(citation.id): \(quoted(citation.text)).")
        }
    }

    private func list(_ context: Context) throws {
        let trashed = try context.home.trashed()
        if asJSON {
            context.out.write(
                data: JSONWriter.pretty(
                    .array(
                        trashed.map {
                            .object([
                                ("number", .int($0.number)), ("machine", .string($0.machine)),
                                ("deletedAt", .string($0.deletedAt.rfc3339UTC)),
                                ("citation", CitationJSON.citation($0.citation)),
                            ])
                        })))
            return
        }
        guard !trashed.isEmpty else {
            context.out.line("No citation was deleted by another machine in the last \(Home.trashDays) days.")
            return
        }
        for t in trashed {
            let by = t.citation.author.map { " — \($0)" } ?? ""
            context.out.line(
                "\(String(t.number).leftPadded(to: 4))  \(t.deletedAt.localShort)  \(TextWidth.truncate((t.citation.text + by).foldedToOneLine, to: 60))"
            )
        }
        context.out.line("'citefeed restore --deleted N' brings one back as a new citation.")
    }
}
