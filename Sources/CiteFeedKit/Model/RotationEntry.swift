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

/// Where the rotation stands: the cycle, how often each citation was shown in it, the last pick.
public struct CycleState: Equatable, Sendable {
    public var cycle: Int64
    public var counts: [Int64: Int]
    public var last: Int64?

    public init(cycle: Int64 = 0, counts: [Int64: Int] = [:], last: Int64? = nil) {
        self.cycle = cycle
        self.counts = counts
        self.last = last
    }
}
