import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `fav`, `unfav`, `archive` and `restore`: one change applied to several citations at once,
/// all or nothing (an unknown id changes none).
protocol FlagCommand: Command {
    var ids: [Int64] { get }
    /// The mark the command sets or takes off.
    var mark: CitationMark { get }
    /// What to say afterwards, given the ids that changed and those that were already so.
    func report(changed: [Int64], unchanged: [Int64]) -> String
}

extension FlagCommand {
    static func makeSpec(_ name: String, _ summary: String, _ details: String) -> CommandSpec {
        CommandSpec(
            name: name, usage: "ID...", summary: summary, details: details, options: [],
            positionals: (1, nil), positionalName: "the ID of at least one citation")
    }

    static func parseIDs(_ arguments: ParsedArguments) throws -> [Int64] {
        try Arguments.ids(arguments.positionals)
    }

    func run(_ context: Context) throws {
        let changed = try context.home.mark(ids, mark)
        context.out.line("\(report(changed: changed, unchanged: ids.filter { !changed.contains($0) }))")
    }
}

func idList(_ ids: [Int64]) -> String { ids.map(String.init).joined(separator: " ") }

func citationsPhrase(_ ids: [Int64]) -> String {
    ids.count == 1 ? "citation \(ids[0])" : "citations \(idList(ids))"
}

/// "Marked as a favourite: citation 3." plus a note on those that already were; each part in
/// the singular or the plural as its citations are (`verb` and `already` as "one|many" where
/// they differ: "Made a card of|Made cards of", "a card|cards").
func flagReport(_ verb: String, changed: [Int64], unchanged: [Int64], already: String) -> String {
    func form(_ text: String, _ count: Int) -> String {
        let forms = text.split(separator: "|", omittingEmptySubsequences: false)
        return String(count == 1 || forms.count == 1 ? forms[0] : forms[1])
    }
    var parts: [String] = []
    if !changed.isEmpty { parts.append("\(form(verb, changed.count)) \(citationsPhrase(changed)).") }
    if !unchanged.isEmpty {
        let phrase = citationsPhrase(unchanged)
        parts.append(
            phrase.prefix(1).uppercased() + phrase.dropFirst() + (unchanged.count == 1 ? " was" : " were")
                + " already \(form(already, unchanged.count)).")
    }
    return parts.joined(separator: " ")
}
