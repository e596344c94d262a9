import CiteFeedSupport

/// One citation as the rotation sees it.
package struct RotationEntry: Hashable, Sendable {
    package var id: Int64
    /// A hash of the citation's uuid: its place in the order follows the uuid, so it survives
    /// edits, export and import.
    package var key: UInt64
    package var favourite: Bool
    /// Showings per cycle from the rotation's `weights` (1 without any), before
    /// `favouriteWeight`; at least 1 (a weight of 0 keeps a citation out).
    package var weight: Int

    package init(id: Int64, key: UInt64, favourite: Bool, weight: Int = 1) {
        self.id = id
        self.key = key
        self.favourite = favourite
        self.weight = weight
    }
}
