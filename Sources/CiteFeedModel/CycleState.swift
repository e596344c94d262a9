import CiteFeedSupport

/// Where the rotation stands: the cycle, how often each citation was shown in it, the last pick.
package struct CycleState: Equatable, Sendable {
    package var cycle: Int64
    package var counts: [Int64: Int]
    package var last: Int64?

    package init(cycle: Int64 = 0, counts: [Int64: Int] = [:], last: Int64? = nil) {
        self.cycle = cycle
        self.counts = counts
        self.last = last
    }
}
