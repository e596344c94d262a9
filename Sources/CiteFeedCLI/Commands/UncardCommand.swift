import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed uncard ID...`
struct UncardCommand: FlagCommand {
    static let spec = makeSpec(
        "uncard", "Stop studying citations as cards.",
        "Also a citation with a back side stops being a card. Its scheduling and review log are kept: 'citefeed card' brings them back.")
    let ids: [Int64]
    init(_ arguments: ParsedArguments) throws { ids = try Self.parseIDs(arguments) }
    let mark = CitationMark.card(false)
    func report(changed: [Int64], unchanged: [Int64]) -> String {
        flagReport("No longer a card:|No longer cards:", changed: changed, unchanged: unchanged, already: "not a card|not cards")
    }
}
