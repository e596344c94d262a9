import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// The tags of an import file with their colours, by `Tag.key`. Filled by the reader; read by
/// the import after the last record (so never while the reader's thread writes it).
package final class ImportTags: @unchecked Sendable {
    package internal(set) var byKey: [String: Tag] = [:]
    /// Entries of the file's tag list that are not a valid tag, as invalid records are named.
    package internal(set) var problems: [InvalidRecord] = []
    /// Whether the file is citefeed's own JSON export: one of an empty library (no citations)
    /// imports as nothing to import, not as a file that holds none.
    package internal(set) var isCitefeedExport = false
}
