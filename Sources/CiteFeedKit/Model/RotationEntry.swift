/// One citation as the rotation sees it.
public struct RotationEntry: Hashable, Sendable {
    public var id: Int64
    /// A hash of the citation's uuid: its place in the order follows the uuid, so it survives
    /// edits, export and import.
    public var key: UInt64
    public var favourite: Bool

    public init(id: Int64, key: UInt64, favourite: Bool) {
        self.id = id
        self.key = key
        self.favourite = favourite
    }
}
