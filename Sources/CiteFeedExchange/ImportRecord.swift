import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// One citation read from an import file, before validation.
public struct ImportRecord: Sendable, Equatable {
    /// Where it is in the file, for messages: `line 12`, `record 3`.
    public var location: RecordLocation
    public var text: String?
    public var back: String?
    public var author: String?
    public var source: String?
    public var tags: [String] = []
    public var favourite = false
    public var uuid: String?
    public var id: Int64?
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?
    public var archivedAt: Timestamp?
    /// Archived, with no date in the file (then the import's time).
    public var archived = false
    /// citefeed's export: the card's scheduling and log, checked with the record.
    public var card: JSONValue?
    /// Why the reader could not take the record as a citation (a field of the wrong type), if so.
    public var problem: String?

    public init(location: RecordLocation, text: String?, author: String? = nil) {
        self.location = location
        self.text = text
        self.author = author
    }
}
