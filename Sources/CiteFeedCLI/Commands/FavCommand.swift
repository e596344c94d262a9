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
    func apply(_ library: Library, _ ids: [Int64], _ now: Timestamp) throws -> [Int64] { try library.setFavourite(ids, true, now: now) }
    func report(changed: [Int64], unchanged: [Int64]) -> String {
        flagReport(
            "Marked as a favourite:|Marked as favourites:", changed: changed, unchanged: unchanged, already: "a favourite|favourites")
    }
}
