import CiteFeedSupport

/// The fields of a citation to be added, already validated by `CitationInput.validate`.
package struct NewCitation: Sendable {
    package var text: String
    package var back: String?
    package var author: String?
    package var source: String?
    package var tags: [String]
    package var favourite: Bool
    package var uuid: String?
    package var createdAt: Timestamp?
    package var updatedAt: Timestamp?
    package var archivedAt: Timestamp?
    /// Scheduling and review log from citefeed's export.
    package var card: CardExchange?

    package init(
        text: String, back: String? = nil, author: String? = nil, source: String? = nil, tags: [String] = [],
        favourite: Bool = false
    ) {
        self.text = text
        self.back = back
        self.author = author
        self.source = source
        self.tags = tags
        self.favourite = favourite
    }
}
