import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed tag delete NAME (--keep-citations|--with-citations)`
struct TagDeleteCommand: Command {
    static let keepCitations = Flag("keep-citations", "remove the tag only")
    static let withCitations = Flag("with-citations", "also archive the citations that have the tag")

    static let spec = CommandSpec(
        name: "tag delete", usage: "NAME (--keep-citations|--with-citations)", summary: "Delete a tag.",
        details: """
            --keep-citations removes the tag only; its citations stay, without it.
            --with-citations also archives its citations ('citefeed restore' brings them back).
            Without either, citefeed asks on a terminal and refuses otherwise (a tag on no
            citation is deleted without either).
            """,
        options: [keepCitations, withCitations],
        positionals: (1, 1), positionalName: "the NAME of a tag", completes: .tags)

    let name: String
    let choice: Bool?

    init(_ arguments: ParsedArguments) throws {
        // The name of a tag that exists, exactly as given (not trimmed or checked, so that a tag
        // an older citefeed let in with a bad name can still be named and mended).
        name = arguments.positionals[0]
        let keep = arguments(Self.keepCitations), with = arguments(Self.withCitations)
        if keep && with { throw UsageError.conflicting("--keep-citations", "--with-citations", command: "tag delete") }
        choice = keep ? false : with ? true : nil
    }

    func run(_ context: Context) throws {
        let tag = try context.home.tag(named: name)
        var archive = choice
        // A tag on no citation (archived ones too): nothing to ask about.
        if archive == nil, let summary = try context.home.tags().first(where: { Tag.key($0.tag.name) == Tag.key(tag.name) }),
            summary.count + summary.archivedCount == 0
        {
            archive = false
        }
        if archive == nil {
            guard context.stdinIsTerminal && context.stdoutIsTerminal else {
                throw UsageError.other(
                    "Say what happens to the citations tagged \(quoted(tag.name)): add --keep-citations or --with-citations.")
            }
            archive = try ask(tag, context)
            guard archive != nil else {
                context.out.line("Nothing deleted.")
                return
            }
        }
        let now = try context.now()
        let ids = try context.home.change { try $0.deleteTag(name: name, archiveCitations: archive!, now: now) }
        let what = ids.count == 1 ? "its citation was" : "its \(ids.count) citations were"
        context.out.line(
            "Deleted tag \(quoted(tag.name)); \(ids.isEmpty ? "no citation had it" : what + (archive! ? " archived ('citefeed list --archived' shows them)" : " kept"))."
        )
    }

    /// Asks on the terminal: `true` archive, `false` keep, `nil` cancel.
    private func ask(_ tag: Tag, _ context: Context) throws -> Bool? {
        let count = try context.home.tags().first { Tag.key($0.tag.name) == Tag.key(tag.name) }?.count ?? 0
        context.out.write(
            "Tag \(quoted(tag.name)) is on \(count) citation\(count == 1 ? "" : "s"). Keep the citations (k), archive them too (a), or cancel (c)? [k/a/C] "
        )
        context.out.flush()
        var answer: [UInt8] = []
        var byte: UInt8 = 0
        while read(STDIN_FILENO, &byte, 1) == 1 && byte != 0x0A { answer.append(byte) }
        switch String(decoding: answer, as: UTF8.self).trimmingWhitespace().lowercased() {
        case "k", "keep": return false
        case "a", "archive": return true
        default: return nil
        }
    }
}
