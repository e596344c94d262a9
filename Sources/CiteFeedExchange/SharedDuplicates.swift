import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// The duplicate check of several imports in one transaction (`import DIR`): the library's keys
/// loaded once, not once a file (looking each record up instead cost a full-text query each,
/// growing with the library: a KOReader home of 1,000 books took 19 s), each import's citations
/// added, and taken back out when that import fails and is undone.
package final class SharedDuplicates {
    var duplicates = ImportDuplicates()
    var loaded = false
    /// What the import going on added, to take back if it fails.
    var added: [CheckedCitation] = []

    package init() {}

    /// The check, moved out (so that adding to it copies nothing); `importRecords` puts it back.
    func take() -> ImportDuplicates {
        let taken = duplicates
        duplicates = ImportDuplicates()
        return taken
    }

    /// Starts a source: what it adds is taken back if it fails (before its import began, as
    /// when it could not be opened, nothing).
    package func begin() { added = [] }

    /// Forgets what the last import added (it was undone).
    package func undoLast() {
        for citation in added { duplicates.forget(citation) }
        added = []
    }
}
