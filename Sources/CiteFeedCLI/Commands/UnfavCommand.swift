import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

struct UnfavCommand: FlagCommand {
    static let spec = makeSpec("unfav", "Unmark favourites.", "")
    let ids: [Int64]
    init(_ arguments: ParsedArguments) throws { ids = try Self.parseIDs(arguments) }
    let mark = CitationMark.favourite(false)
    func report(changed: [Int64], unchanged: [Int64]) -> String {
        flagReport(
            "No longer a favourite:|No longer favourites:", changed: changed, unchanged: unchanged,
            already: "not a favourite|not favourites")
    }
}
