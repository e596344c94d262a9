import CiteFeedSupport

/// One card of the library.
package struct Citation: Hashable, Sendable {
    package var id: Int64
    /// Stable forever, kept through export and import.
    package var uuid: String
    package var text: String
    /// The other side of the card: an answer, a coping response, a comment.
    package var back: String?
    package var author: String?
    /// Free text or a URL.
    package var source: String?
    /// Sorted by name, ignoring case.
    package var tags: [Tag]
    package var favourite: Bool
    package var createdAt: Timestamp
    package var updatedAt: Timestamp
    /// Set when archived.
    package var archivedAt: Timestamp?

    package var isArchived: Bool { archivedAt != nil }

    /// The most tags a change from another machine gives one citation, or a pick of it says it
    /// had (every renderer's cost follows the tags; no library uses so many on one citation).
    package static let maxTags = 100

    /// The largest id an import keeps from its file (2^31 − 1); a larger one gets a new id, as a
    /// taken one does. Later ids count on from the largest kept, so this leaves room for 2^53
    /// more under the largest integer JSON readers such as JavaScript hold exactly; an id near
    /// 2^63 − 1 would leave SQLite no id to give ("database or disk is full" on every add).
    package static let largestKeptID: Int64 = (1 << 31) - 1

    /// The address the source is or ends with (`sourceAddress`), as a valid URI
    /// (`uriEncoded`), for `open`.
    package var sourceURL: String? { source?.sourceAddress?.uriEncoded }

    package init(
        id: Int64, uuid: String, text: String, back: String? = nil, author: String? = nil, source: String? = nil, tags: [Tag],
        favourite: Bool, createdAt: Timestamp, updatedAt: Timestamp, archivedAt: Timestamp? = nil
    ) {
        self.id = id
        self.uuid = uuid
        self.text = text
        self.back = back
        self.author = author
        self.source = source
        self.tags = tags
        self.favourite = favourite
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.archivedAt = archivedAt
    }
}
