import CiteFeedModel
import CiteFeedStore
import CiteFeedSupport

/// One citation read from an import file, before validation.
package struct ImportRecord: Sendable, Equatable {
    /// Where it is in the file, for messages: `line 12`, `record 3`.
    package var location: RecordLocation
    package var text: String?
    package var back: String?
    package var author: String?
    package var source: String?
    package var tags: [String] = []
    package var favourite = false
    package var uuid: String?
    package var id: Int64?
    package var createdAt: Timestamp?
    package var updatedAt: Timestamp?
    package var archivedAt: Timestamp?
    /// Archived, with no date in the file (then the import's time).
    package var archived = false
    /// citefeed's export: the card's scheduling and log, checked with the record.
    package var card: JSONValue?
    /// A flashcard of a deck (an Anki card): a duplicate only of a card with the same front,
    /// author and back, or the same uuid (two cards may ask the same question).
    package var cardOfDeck = false
    /// Why the reader could not take the record as a citation (a field of the wrong type), if so.
    package var problem: String?

    package init(location: RecordLocation, text: String?, author: String? = nil) {
        self.location = location
        self.text = text
        self.author = author
    }
}
