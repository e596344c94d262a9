import CiteFeedSupport

/// A tag with the number of citations carrying it.
package struct TagSummary: Hashable, Sendable {
    package var tag: Tag
    /// Citations not archived.
    package var count: Int
    package var archivedCount: Int

    package init(tag: Tag, count: Int, archivedCount: Int) {
        self.tag = tag
        self.count = count
        self.archivedCount = archivedCount
    }
}
