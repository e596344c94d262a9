import CiteFeedSupport

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
