import CiteFeedCore
import CiteFeedExchange
import CiteFeedModel
import CiteFeedOutput
import CiteFeedService
import CiteFeedStore
import CiteFeedSupport

struct RestoreCommand: FlagCommand {
    static let spec = makeSpec("restore", "Bring archived citations back.", "")
    let ids: [Int64]
    init(_ arguments: ParsedArguments) throws { ids = try Self.parseIDs(arguments) }
    func apply(_ library: Library, _ ids: [Int64], _ now: Timestamp) throws -> [Int64] { try library.restore(ids, now: now) }
    func report(changed: [Int64], unchanged: [Int64]) -> String {
        flagReport("Restored", changed: changed, unchanged: unchanged, already: "not archived")
    }
}
