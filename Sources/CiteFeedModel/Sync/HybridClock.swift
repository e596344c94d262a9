import CiteFeedSupport

/// The clock of one machine: never goes back, follows the clocks it reads (at most `maximumLead`
/// past its own wall clock, so that one machine with a clock far ahead does not carry the
/// others' clocks with it).
package struct HybridClock: Sendable {
    package private(set) var last: SyncClock
    /// One day, in milliseconds.
    package static let maximumLead: Int64 = 86_400_000

    package init(machine: String, last: SyncClock? = nil) {
        self.last = last ?? SyncClock(milliseconds: 0, machine: machine)
        self.last.machine = machine
    }

    /// A new clock at wall-clock time `wall` (milliseconds).
    package mutating func tick(wall: Int64) -> SyncClock {
        if wall > last.milliseconds {
            last = SyncClock(milliseconds: wall, counter: 0, machine: last.machine)
        } else {
            last = last.successor(on: last.machine)
        }
        return last
    }

    /// Takes note of a clock read from another machine at wall-clock time `wall`.
    package mutating func observe(_ clock: SyncClock, wall: Int64) {
        guard clock.milliseconds <= wall + HybridClock.maximumLead else { return }
        advance(past: clock)
    }

    /// Makes the next clock come after `clock`, however far ahead it is (a clock this machine
    /// gave a change to beat the value it replaces).
    package mutating func advance(past clock: SyncClock) {
        if clock.milliseconds > last.milliseconds || (clock.milliseconds == last.milliseconds && clock.counter > last.counter) {
            last = SyncClock(milliseconds: clock.milliseconds, counter: clock.counter, machine: last.machine)
        }
    }
}
