import CiteFeedSupport

/// What `edit` changes; `nil` leaves a field as it is, an empty string clears an optional one.
package struct CitationChanges: Sendable {
    package var text: String?
    package var back: String?
    package var author: String?
    package var source: String?
    package var addTags: [String] = []
    package var removeTags: [String] = []
    package var favourite: Bool?

    package init() {}

    package var isEmpty: Bool {
        text == nil && back == nil && author == nil && source == nil && addTags.isEmpty && removeTags.isEmpty
            && favourite == nil
    }
}
