import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// How far an import has come, for a progress bar.
package enum ImportProgress: Sendable, Equatable {
    /// Records read so far and the fraction of the file they are.
    case reading(records: Int, fraction: Double)
    /// All read; the full-text index is being filled and the other indexes made again.
    case indexing
}
