import CiteFeedExchange
import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// What became of one source: the format it was read as, what was left out of it, a note on
/// how it was read, and the import's result, or the error that stopped it.
package struct ImportOutcome {
    package var format: ImportFormat?
    package var skipped: [(String, Int)] = []
    package var note: String?
    package var result: Result<ImportResult, any Error>
}
