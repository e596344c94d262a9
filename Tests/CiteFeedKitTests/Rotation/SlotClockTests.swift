import Testing

@testable import CiteFeedCLI
@testable import CiteFeedCore
@testable import CiteFeedExchange
@testable import CiteFeedModel
@testable import CiteFeedOutput
@testable import CiteFeedService
@testable import CiteFeedStore
@testable import CiteFeedSupport

/// The time zones of the tests, as offset functions with their 2026 transitions, so the slot
/// logic is tested without touching the process's TZ. (The end-to-end tests use real TZ.)
enum Zones {
    static let utc: @Sendable (Int64) -> Int64 = { _ in 0 }
    /// Europe/Berlin: CET, CEST from 2026-03-29 01:00 UTC to 2026-10-25 01:00 UTC.
    static let berlin: @Sendable (Int64) -> Int64 = { t in
        t >= utc("2026-03-29T01:00:00Z") && t < utc("2026-10-25T01:00:00Z") ? 7200 : 3600
    }
    /// America/New_York: EST, EDT from 2026-03-08 07:00 UTC to 2026-11-01 06:00 UTC.
    static let newYork: @Sendable (Int64) -> Int64 = { t in
        t >= utc("2026-03-08T07:00:00Z") && t < utc("2026-11-01T06:00:00Z") ? -14400 : -18000
    }

    static func utc(_ text: String) -> Int64 { Timestamp(rfc3339: text)!.seconds }
}

@Suite struct SlotClockTests {
    func slot(_ interval: String, _ zone: @escaping @Sendable (Int64) -> Int64, at time: String) throws -> (String, String) {
        let clock = SlotClock(interval: try Interval(parsing: interval), offset: zone)
        let s = clock.slot(at: Timestamp(rfc3339: time)!)
        return (s.start.rfc3339UTC, s.end.rfc3339UTC)
    }

    @Test(arguments: [
        ("15m", "2026-03-01T09:37:12Z", "2026-03-01T09:30:00Z", "2026-03-01T09:45:00Z"),
        ("15m", "2026-03-01T09:45:00Z", "2026-03-01T09:45:00Z", "2026-03-01T10:00:00Z"),
        ("1h", "2026-03-01T23:59:59Z", "2026-03-01T23:00:00Z", "2026-03-02T00:00:00Z"),
        ("6h", "2026-03-01T13:00:00Z", "2026-03-01T12:00:00Z", "2026-03-01T18:00:00Z"),
        ("1d", "2026-03-01T13:00:00Z", "2026-03-01T00:00:00Z", "2026-03-02T00:00:00Z"),
        // 2026-03-01 is a Sunday: the 7d slot began on Monday 2026-02-23.
        ("7d", "2026-03-01T13:00:00Z", "2026-02-23T00:00:00Z", "2026-03-02T00:00:00Z"),
        ("7d", "2026-03-02T00:00:00Z", "2026-03-02T00:00:00Z", "2026-03-09T00:00:00Z"),
        ("2d", "1970-01-05T12:00:00Z", "1970-01-05T00:00:00Z", "1970-01-07T00:00:00Z"),
        ("1h", "1969-12-31T23:30:00Z", "1969-12-31T23:00:00Z", "1970-01-01T00:00:00Z"),
    ])
    func utcSlots(interval: String, time: String, start: String, end: String) throws {
        #expect(try slot(interval, Zones.utc, at: time) == (start, end))
    }

    @Test func localMidnightAlignsSlots() throws {
        // 09:30 Berlin (CET) is 08:30 UTC; the 1d slot starts at local midnight, 23:00 UTC.
        #expect(try slot("1d", Zones.berlin, at: "2026-03-01T08:30:00Z") == ("2026-02-28T23:00:00Z", "2026-03-01T23:00:00Z"))
        #expect(try slot("7d", Zones.berlin, at: "2026-03-01T08:30:00Z") == ("2026-02-22T23:00:00Z", "2026-03-01T23:00:00Z"))
    }

    /// Berlin springs forward at 02:00 CET → 03:00 CEST on 2026-03-29 (01:00 UTC).
    @Test func berlinSpringForward() throws {
        // 1h: 01:00-02:00 CET is 00:00-01:00 UTC; 02:00 does not exist; the next slot is 03:00 CEST.
        #expect(try slot("1h", Zones.berlin, at: "2026-03-29T00:30:00Z") == ("2026-03-29T00:00:00Z", "2026-03-29T01:00:00Z"))
        #expect(try slot("1h", Zones.berlin, at: "2026-03-29T01:00:00Z") == ("2026-03-29T01:00:00Z", "2026-03-29T02:00:00Z"))
        // 6h: 00:00-06:00 local is only 5 hours long that day.
        #expect(try slot("6h", Zones.berlin, at: "2026-03-29T02:00:00Z") == ("2026-03-28T23:00:00Z", "2026-03-29T04:00:00Z"))
        // 1d: the day is 23 hours long.
        #expect(try slot("1d", Zones.berlin, at: "2026-03-29T12:00:00Z") == ("2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z"))
        // 15m: 01:45 CET runs into the jump, the slot after it starts at 03:00 CEST.
        #expect(try slot("15m", Zones.berlin, at: "2026-03-29T00:50:00Z") == ("2026-03-29T00:45:00Z", "2026-03-29T01:00:00Z"))
        #expect(try slot("15m", Zones.berlin, at: "2026-03-29T01:05:00Z") == ("2026-03-29T01:00:00Z", "2026-03-29T01:15:00Z"))
    }

    /// New York falls back at 02:00 EDT → 01:00 EST on 2026-11-01 (06:00 UTC).
    @Test func newYorkFallBack() throws {
        // 1h: 01:00 EDT (05:00 UTC) until 02:00 EST (07:00 UTC): an hour longer.
        #expect(try slot("1h", Zones.newYork, at: "2026-11-01T05:10:00Z") == ("2026-11-01T05:00:00Z", "2026-11-01T07:00:00Z"))
        #expect(try slot("1h", Zones.newYork, at: "2026-11-01T06:30:00Z") == ("2026-11-01T05:00:00Z", "2026-11-01T07:00:00Z"))
        #expect(try slot("1h", Zones.newYork, at: "2026-11-01T07:00:00Z") == ("2026-11-01T07:00:00Z", "2026-11-01T08:00:00Z"))
        // 15m: the last quarter of the repeated hour lasts 75 minutes.
        #expect(try slot("15m", Zones.newYork, at: "2026-11-01T06:05:00Z") == ("2026-11-01T05:45:00Z", "2026-11-01T07:00:00Z"))
        // 1d: the day is 25 hours long.
        #expect(try slot("1d", Zones.newYork, at: "2026-11-01T12:00:00Z") == ("2026-11-01T04:00:00Z", "2026-11-02T05:00:00Z"))
    }

    /// Over two days around each change, consecutive slots tile time without gaps or empty slots.
    @Test(arguments: ["15m", "1h", "6h", "1d", "7d"])
    func slotsTileTimeAcrossChanges(interval: String) throws {
        for (zone, day) in [(Zones.berlin, "2026-03-28T00:00:00Z"), (Zones.newYork, "2026-10-31T00:00:00Z")] {
            let clock = SlotClock(interval: try Interval(parsing: interval), offset: zone)
            var slot = clock.slot(at: Timestamp(rfc3339: day)!)
            let end = Timestamp(rfc3339: day)!.seconds + 3 * 86400
            while slot.start.seconds < end {
                #expect(slot.end > slot.start)
                let next = clock.next(after: slot)
                #expect(next.start == slot.end)
                for probe in stride(from: slot.start.seconds, to: slot.end.seconds, by: 600) {
                    #expect(clock.slot(at: Timestamp(seconds: probe)) == slot)
                }
                slot = next
            }
        }
    }
}
