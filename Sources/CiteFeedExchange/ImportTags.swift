import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// The tags of an import file with their colours, by `Tag.key`. Filled by the reader; read by
/// the import after the last record (so never while the reader's thread writes it).
public final class ImportTags: @unchecked Sendable {
    public internal(set) var byKey: [String: Tag] = [:]
    /// Entries of the file's tag list that are not a valid tag, as invalid records are named.
    public internal(set) var problems: [InvalidRecord] = []
    /// Whether the file is citefeed's own JSON export: one of an empty library (no citations)
    /// imports as nothing to import, not as a file that holds none.
    public internal(set) var isCitefeedExport = false
}
