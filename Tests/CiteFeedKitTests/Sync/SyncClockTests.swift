import Testing

@testable import CiteFeedModel

/// A change line's clock `MS-N-MACHINE`, read back exactly as written, and nothing else read.
@Suite struct SyncClockTests {
    let machine = "0b9f5c1e-0000-4000-8000-000000000001"

    @Test func aClockReadsBackAsWritten() {
        for clock in [
            SyncClock(milliseconds: 0, counter: 0, machine: machine),
            SyncClock(milliseconds: 1_772_445_600_123, counter: 17, machine: machine),
            SyncClock(milliseconds: SyncClock.maximumMilliseconds, counter: SyncClock.maximumCounter, machine: machine),
        ] {
            #expect(SyncClock(clock.description) == clock)
        }
    }

    @Test func anythingElseIsRefused() {
        for text in [
            "", "-", "1-2", "1-2-", "1-2-\(machine)x", "01-2-\(machine)", "1-02-\(machine)", "-1-2-\(machine)", "1--2-\(machine)",
            "1000000000000000-0-\(machine)", "1-1000000000000000-\(machine)", "99999999999999999999999-0-\(machine)", "1.5-0-\(machine)",
            "1-2-\(machine.uppercased())", "999999999999999-0-\(machine)", "1-999999999999999-\(machine)",
            "253402300800000-0-\(machine)", "1-1000000000-\(machine)", " 1-2-\(machine)", "1-2-0b9f5c1e_0000-4000-8000-000000000001", "١-2-\(machine)",
        ] {
            #expect(SyncClock(text) == nil, "\(text)")
        }
    }
}
