import CiteFeedSupport

/// The fields of a citation to be added, already validated by `CitationInput.validate`.
public struct NewCitation: Sendable {
    public var text: String
    public var back: String?
    public var author: String?
    public var source: String?
    public var tags: [String]
    public var favourite: Bool
    public var uuid: String?
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?
    public var archivedAt: Timestamp?
    /// Scheduling and review log from citefeed's export.
    public var card: CardExchange?

    public init(
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
