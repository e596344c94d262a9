import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// What an import did.
package struct ImportResult: Sendable, Equatable {
    package var imported = 0
    package var duplicates = 0
    /// The texts of records left out because the citation they are was deleted since an
    /// earlier import, and sync keeps a deletion (it would be deleted again at the next sync).
    package var stayDeleted: [String] = []
    /// Duplicates whose note became the back of the library's citation, which had none.
    package var backsAdded = 0
    /// The records skipped as invalid (with --skip-invalid), each with its location and reason.
    package var invalid: [InvalidRecord] = []
    /// The first few citations imported (for `import --dry-run`), and how many have a back.
    package var first: [Preview] = []
    package var withBack = 0
    /// The cards imported with answers and no state, whose state is to be replayed from them,
    /// each with the due time to keep (`CardExchange.due`).
    package var toReplay: [Int64: Timestamp?] = [:]

    package init() {}

    /// Whether the file gave no record at all (imported, a duplicate, invalid or deleted before).
    package var foundNothing: Bool { imported + duplicates + invalid.count + stayDeleted.count == 0 }

    package struct Preview: Sendable, Equatable {
        package var text: String
        package var author: String?
        package var source: String?
    }
}
