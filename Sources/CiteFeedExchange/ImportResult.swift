import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// What an import did.
public struct ImportResult: Sendable, Equatable {
    public var imported = 0
    public var duplicates = 0
    /// The texts of records left out because the citation they are was deleted since an
    /// earlier import, and sync keeps a deletion (it would be deleted again at the next sync).
    public var stayDeleted: [String] = []
    /// Duplicates whose note became the back of the library's citation, which had none.
    public var backsAdded = 0
    /// The records skipped as invalid (with --skip-invalid), each with its location and reason.
    public var invalid: [InvalidRecord] = []
    /// The first few citations imported (for `import --dry-run`), and how many have a back.
    public var first: [Preview] = []
    public var withBack = 0

    public init() {}

    /// Whether the file gave no record at all (imported, a duplicate, invalid or deleted before).
    public var foundNothing: Bool { imported + duplicates + invalid.count + stayDeleted.count == 0 }

    public struct Preview: Sendable, Equatable {
        public var text: String
        public var author: String?
        public var source: String?
    }
}

/// How far an import has come, for a progress bar.
public enum ImportProgress: Sendable, Equatable {
    /// Records read so far and the fraction of the file they are.
    case reading(records: Int, fraction: Double)
    /// All read; the full-text index is being filled and the other indexes made again.
    case indexing
}
