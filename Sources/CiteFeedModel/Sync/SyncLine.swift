import CiteFeedSupport

/// One change of a machine's log (ARCHITECTURE.md, "Sync"): what changed, the machine's count
/// of its changes (`seq`) and its clock. The machine is the log's, not the line's.
public struct SyncLine: Equatable, Sendable {
    public var seq: Int64
    public var clock: SyncClock
    public var change: SyncChange

    public init(seq: Int64, clock: SyncClock, change: SyncChange) {
        self.seq = seq
        self.clock = clock
        self.change = change
    }
}
