import CiteFeedSupport

/// One citation as the rotation sees it.
public struct RotationEntry: Hashable, Sendable {
    public var id: Int64
    /// A hash of the citation's uuid: its place in the order follows the uuid, so it survives
    /// edits, export and import.
    public var key: UInt64
    public var favourite: Bool
    /// Showings per cycle from the rotation's `weights` (1 without any), before
    /// `favouriteWeight`; at least 1 (a weight of 0 keeps a citation out).
    public var weight: Int

    public init(id: Int64, key: UInt64, favourite: Bool, weight: Int = 1) {
        self.id = id
        self.key = key
        self.favourite = favourite
        self.weight = weight
    }
}
