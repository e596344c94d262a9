import CiteFeedSupport

/// One change of a machine's log (ARCHITECTURE.md, "Sync"): what changed, the machine's count
/// of its changes (`seq`) and its clock. The machine is the log's, not the line's.
package struct SyncLine: Equatable, Sendable {
    package var seq: Int64
    package var clock: SyncClock
    package var change: SyncChange

    package init(seq: Int64, clock: SyncClock, change: SyncChange) {
        self.seq = seq
        self.clock = clock
        self.change = change
    }
}
