import Testing

@testable import CiteFeedModel
@testable import CiteFeedSupport

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
            "253402300800000-0-\(machine)", "1-1000000000-\(machine)", " 1-2-\(machine)", "1-2-0b9f5c1e_0000-4000-8000-000000000001",
            "١-2-\(machine)",
        ] {
            #expect(SyncClock(text) == nil, "\(text)")
        }
    }

    /// A counter at its limit rolls over into the next millisecond (else a peer's clock
    /// with a counter of 999,999,999 would make this machine write counters no machine reads).
    @Test func aCounterAtItsLimitRollsOver() {
        let top = SyncClock(milliseconds: 5, counter: SyncClock.maximumCounter, machine: machine)
        #expect(top.successor(on: machine) == SyncClock(milliseconds: 6, counter: 0, machine: machine))
        var clock = HybridClock(machine: machine, last: top)
        let next = clock.tick(wall: 5)
        #expect(next == SyncClock(milliseconds: 6, counter: 0, machine: machine) && next > top)
        #expect(SyncClock(next.description) == next)
        var observing = HybridClock(machine: machine)
        observing.observe(top, wall: 5)
        #expect(observing.tick(wall: 5).counter == 0)
    }

    /// A peer's pick of a cycle no library reaches is refused (the next cycle, one more,
    /// trapped every `rotate`).
    @Test func aPickOfAnImpossibleCycleIsRefused() throws {
        let uuid = "00000000-0000-4000-8000-000000000001"
        let line = { (cycle: String) in
            #"{"v":1,"s":1,"c":"1-0","k":"p","r":"","from":0,"to":3600,"u":"\#(uuid)","why":"rotate","at":0,"cycle":\#(cycle),"shown":{"id":1,"uuid":"\#(uuid)","text":"t","tags":[],"favourite":false}}"#
        }
        #expect(throws: SyncLineError.invalid("\"cycle\" is not a count of rounds")) {
            try SyncLine(json: JSONParser.parse(line("9223372036854775807")), machine: machine)
        }
        #expect(throws: SyncLineError.invalid("\"cycle\" is not a count of rounds")) {
            try SyncLine(json: JSONParser.parse(line("-1")), machine: machine)
        }
        #expect(throws: Never.self) { try SyncLine(json: JSONParser.parse(line("12")), machine: machine) }
    }

    /// At most `Citation.maxTags` tags from one change, and a pick's snapshot keeps as many
    /// (130,000 tags in one line made the duplicate check quadratic).
    @Test func tagsFromAPeerAreBounded() throws {
        let uuid = "00000000-0000-4000-8000-000000000001"
        let many = (0..<150).map { #"{"name":"t\#($0)","color":"red"}"# }.joined(separator: ",")
        let pick =
            #"{"v":1,"s":1,"c":"1-0","k":"p","r":"","from":0,"to":3600,"u":"\#(uuid)","why":"rotate","at":0,"cycle":0,"shown":{"id":1,"uuid":"\#(uuid)","text":"t","tags":[\#(many)],"favourite":false}}"#
        guard case .pick(let p) = try SyncLine(json: JSONParser.parse(pick), machine: machine).change else {
            Issue.record("not a pick")
            return
        }
        #expect(p.snapshot["tags"]?.arrayValue?.count == Citation.maxTags)
        let fields = (0..<101).map { #""tag:t\#($0)":true"# }.joined(separator: ",")
        let edit = #"{"v":1,"s":1,"c":"1-0","k":"c","u":"\#(uuid)","f":{\#(fields)}}"#
        #expect(throws: SyncLineError.invalid("more than 100 tags in one change")) {
            try SyncLine(json: JSONParser.parse(edit), machine: machine)
        }
    }
}
