import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

struct FavCommand: FlagCommand {
    static let spec = makeSpec(
        "fav", "Mark citations as favourites.", "Favourites can rotate alone (defaults write favouritesOnly yes) and are shown more often.")
    let ids: [Int64]
    init(_ arguments: ParsedArguments) throws { ids = try Self.parseIDs(arguments) }
    let mark = CitationMark.favourite(true)
    func report(changed: [Int64], unchanged: [Int64]) -> String {
        flagReport(
            "Marked as a favourite:|Marked as favourites:", changed: changed, unchanged: unchanged, already: "a favourite|favourites")
    }
}
