import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

struct ArchiveCommand: FlagCommand {
    static let spec = makeSpec(
        "archive", "Archive citations (a soft delete; restore brings them back).",
        "Archived citations never reach the bar or the feeds; 'citefeed list --archived' shows them.")
    let ids: [Int64]
    init(_ arguments: ParsedArguments) throws { ids = try Self.parseIDs(arguments) }
    let mark = CitationMark.archived(true)
    func report(changed: [Int64], unchanged: [Int64]) -> String {
        var text = flagReport("Archived", changed: changed, unchanged: unchanged, already: "archived")
        if !changed.isEmpty { text += " 'citefeed restore \(idList(changed))' brings \(changed.count == 1 ? "it" : "them") back." }
        return text
    }
}
