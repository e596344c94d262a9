import CiteFeedSupport

/// What `edit` changes; `nil` leaves a field as it is, an empty string clears an optional one.
public struct CitationChanges: Sendable {
    public var text: String?
    public var back: String?
    public var author: String?
    public var source: String?
    public var addTags: [String] = []
    public var removeTags: [String] = []
    public var favourite: Bool?

    public init() {}

    public var isEmpty: Bool {
        text == nil && back == nil && author == nil && source == nil && addTags.isEmpty && removeTags.isEmpty
            && favourite == nil
    }
}
