import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

/// `citefeed card ID...`
struct CardCommand: FlagCommand {
    static let spec = makeSpec(
        "card", "Make citations cards, to study with spaced repetition.",
        "Every citation with a back side is a card already; this makes any other one a card too ('citefeed study' reviews it). 'citefeed uncard' undoes it."
    )
    let ids: [Int64]
    init(_ arguments: ParsedArguments) throws { ids = try Self.parseIDs(arguments) }
    let mark = CitationMark.card(true)
    func report(changed: [Int64], unchanged: [Int64]) -> String {
        flagReport("Made a card of|Made cards of", changed: changed, unchanged: unchanged, already: "a card|cards")
    }
}
